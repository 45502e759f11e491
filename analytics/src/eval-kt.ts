/**
 * npm run eval:kt -- --train FILE --test FILE      fit on FILE (train), score on the test students
 * npm run eval:kt -- --cv 5 --train FILE            k-fold cross-validation by student on one file
 * add --write-parameters OUT to save the knowledge model fitted on the whole --train file.
 *
 * Prints a table, the calibration of every model (predicted against observed success in 10 bins
 * and the expected calibration error) with the knowledge model's bins, then as its last line one
 * JSON object {"auc","logLoss","ece","n"} of the knowledge model (the one the product runs). A
 * malformed file or bad arguments: a message, exit code 2.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { assignFolds, KtFormatError, parseKtFile, sameSkillMask, type ResponseSequence } from './kt-data.ts';
import { fitKnowledgeModel, knowledgePredictor, pfaPredictor, skillAveragePredictor, type Predictor } from './kt-models.ts';
import { auc, calibration, forecastMetrics, type Calibration, type ForecastMetrics } from './metrics.ts';

const USAGE = `Usage:
  npm run eval:kt -- --train FILE --test FILE [--write-parameters OUT]
  npm run eval:kt -- --cv K --train FILE [--seed N] [--write-parameters OUT]
FILE: three lines per student (number of responses; skill ids; 0/1 correctness), comma separated.`;

class UsageError extends Error {}

interface Scored {
  name: string;
  all: ForecastMetrics;
  sameSkill: ForecastMetrics;
  calibration: Calibration;
  calibrationSameSkill: Calibration;
}

const MODELS: Array<{ name: string; fit: (train: readonly ResponseSequence[]) => Predictor }> = [
  { name: 'skill average', fit: skillAveragePredictor },
  { name: 'PFA (per-skill successes/failures)', fit: (train) => pfaPredictor(train) },
  { name: 'knowledge model (product)', fit: (train) => knowledgePredictor(fitKnowledgeModel(train, 'evaluation fold')) },
];

function readSequences(file: string): ResponseSequence[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    return parseKtFile(text);
  } catch (error) {
    if (error instanceof KtFormatError) throw new UsageError(`${file} is malformed: ${error.message}`);
    throw error;
  }
}

const outcomesOf = (sequences: readonly ResponseSequence[]) => Uint8Array.from(sequences.flatMap((s) => s.correct));

function score(name: string, predictions: Float64Array, outcomes: Uint8Array, sameSkill: readonly boolean[]): Scored {
  const keep = (values: ArrayLike<number>) => Array.from(values).filter((_, i) => sameSkill[i]);
  return {
    name,
    all: forecastMetrics(predictions, outcomes),
    sameSkill: forecastMetrics(keep(predictions), keep(outcomes)),
    calibration: calibration(predictions, outcomes),
    calibrationSameSkill: calibration(keep(predictions), keep(outcomes)),
  };
}

/** Every model's expected calibration error, then the product model's 10 bins (predicted vs observed success). */
function calibrationTable(scored: readonly Scored[]): string {
  const width = Math.max(...scored.map((s) => s.name.length));
  const product = scored[scored.length - 1]!;
  const percent = (value: number) => (Number.isNaN(value) ? '    –' : `${(value * 100).toFixed(1).padStart(5)}`);
  return [
    'calibration (10 bins of the predicted probability; ECE = expected calibration error)',
    ...scored.map((s) => `${s.name.padEnd(width)}  ECE ${s.calibration.ece.toFixed(4)}  same-skill only ${s.calibrationSameSkill.ece.toFixed(4)}`),
    `${product.name}:`,
    '  bin          responses  predicted %  observed %',
    ...product.calibration.bins.map(
      (bin) => `  ${bin.from.toFixed(1)}–${bin.to.toFixed(1)}  ${String(bin.n).padStart(13)}  ${percent(bin.meanPredicted).padStart(11)}  ${percent(bin.observed).padStart(10)}`,
    ),
  ].join('\n');
}

const describe = (label: string, sequences: readonly ResponseSequence[]) =>
  `${label}: ${sequences.length.toLocaleString('en-GB')} students, ${sequences.reduce((n, s) => n + s.skills.length, 0).toLocaleString('en-GB')} responses`;

function table(scored: readonly Scored[]): string {
  const cell = (m: ForecastMetrics) => `${m.auc.toFixed(4)}  ${m.logLoss.toFixed(4)}  ${m.rmse.toFixed(4)}`;
  const width = Math.max(...scored.map((s) => s.name.length));
  const sameN = scored[0]!.sameSkill.n.toLocaleString('en-GB');
  return [
    `${''.padEnd(width)}  all responses              same-skill only (n=${sameN})`,
    `${'model'.padEnd(width)}  AUC     log-loss RMSE     AUC     log-loss RMSE`,
    ...scored.map((s) => `${s.name.padEnd(width)}  ${cell(s.all)}   ${cell(s.sameSkill)}`),
  ].join('\n');
}

export function runEvalKt(argv: readonly string[], print: (line: string) => void): void {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      train: { type: 'string' },
      test: { type: 'string' },
      cv: { type: 'string' },
      seed: { type: 'string', default: '2009' },
      'write-parameters': { type: 'string' },
    },
    strict: true,
  });
  if (values.train === undefined) throw new UsageError('--train FILE is required.');
  if ((values.cv === undefined) === (values.test === undefined)) throw new UsageError('Give either --test FILE or --cv K.');
  const started = performance.now();
  const train = readSequences(values.train);
  let scored: Scored[];
  if (values.test !== undefined) {
    const test = readSequences(values.test);
    print(describe(`train ${values.train}`, train));
    print(describe(`test  ${values.test}`, test));
    const outcomes = outcomesOf(test);
    const mask = sameSkillMask(test);
    scored = MODELS.map((model) => score(model.name, model.fit(train)(test), outcomes, mask));
    print(table(scored));
    print(calibrationTable(scored));
  } else {
    const k = Number(values.cv);
    const seed = Number(values.seed);
    if (!Number.isInteger(k) || k < 2 || k > train.length) throw new UsageError(`--cv must be a whole number from 2 to the number of students (${train.length}); got ${values.cv}.`);
    if (!Number.isInteger(seed)) throw new UsageError(`--seed must be a whole number; got ${values.seed}.`);
    print(describe(`${k}-fold cross-validation by student (seed ${seed}) on ${values.train}`, train));
    const folds = assignFolds(train.length, k, seed);
    // Predictions of every response, each made by the models fitted on the other folds.
    const offsets: number[] = [];
    let total = 0;
    for (const sequence of train) {
      offsets.push(total);
      total += sequence.skills.length;
    }
    const pooled = MODELS.map(() => new Float64Array(total));
    const foldAuc = MODELS.map(() => [] as number[]);
    for (let fold = 0; fold < k; fold += 1) {
      const fitOn = train.filter((_, i) => folds[i] !== fold);
      const heldOut = train.flatMap((sequence, i) => (folds[i] === fold ? [i] : []));
      const heldOutSequences = heldOut.map((i) => train[i]!);
      MODELS.forEach((model, m) => {
        const predictions = model.fit(fitOn)(heldOutSequences);
        foldAuc[m]!.push(auc(predictions, outcomesOf(heldOutSequences)));
        let at = 0;
        for (const i of heldOut) {
          pooled[m]!.set(predictions.subarray(at, at + train[i]!.skills.length), offsets[i]!);
          at += train[i]!.skills.length;
        }
      });
    }
    const outcomes = outcomesOf(train);
    const mask = sameSkillMask(train);
    scored = MODELS.map((model, m) => score(model.name, pooled[m]!, outcomes, mask));
    print(table(scored));
    print(calibrationTable(scored));
    // Pooled AUC also ranks across folds; the mean of per-fold AUCs is the other usual figure.
    MODELS.forEach((model, m) => {
      const aucs = foldAuc[m]!;
      print(`${model.name}: AUC per fold ${aucs.map((a) => a.toFixed(4)).join(' ')}, mean ${(aucs.reduce((x, y) => x + y, 0) / k).toFixed(4)}`);
    });
  }
  if (values['write-parameters'] !== undefined) {
    const command = `npm run eval:kt -- ${argv.join(' ')}`;
    const params = fitKnowledgeModel(train, `${command} (fitted on every student of --train)`);
    writeFileSync(values['write-parameters'], `${JSON.stringify(params, null, 2)}\n`);
    print(`knowledge model fitted on all of ${values.train} written to ${values['write-parameters']}`);
  }
  print(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  const product = scored[scored.length - 1]!;
  print(JSON.stringify({ auc: round(product.all.auc), logLoss: round(product.all.logLoss), ece: round(product.calibration.ece), n: product.all.n }));
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** Runs the command; returns the exit code (2 for bad arguments or a malformed file). */
export function main(argv: readonly string[], out: (line: string) => void, err: (line: string) => void): number {
  try {
    runEvalKt(argv, out);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      err(`eval:kt: ${(error as Error).message}\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = main(process.argv.slice(2), (line) => console.log(line), (line) => console.error(line));
}
