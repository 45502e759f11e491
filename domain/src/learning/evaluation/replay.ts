/**
 * Replays skill-response sequences (ASSISTments-style: no problem ids, the skill is both the topic
 * and the item) through the ability model and scores its pre-attempt predictions. Pure: the caller
 * reads the file and passes its text.
 */
import {
  createAbilityModel,
  DEFAULT_ABILITY_PARAMS,
  updateWithAttempt,
  type AbilityModel,
  type AbilityParams,
} from '../ability-model.ts';
import { forecastMetrics, type ForecastMetrics } from './metrics.ts';

export interface ResponseSequence {
  studentId: string;
  /** Skill id of each response, in the order answered. */
  skills: string[];
  /** 1 correct, 0 incorrect, aligned with `skills`. */
  correct: number[];
}

/**
 * Parses the DKVMN/DKT three-line format: per student a line with the number of responses, a line
 * of skill ids and a line of 0/1 correctness, comma separated. Students are numbered in file order.
 */
export function parseSkillSequences(text: string): ResponseSequence[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length % 3 !== 0) throw new Error(`Expected three lines per student, got ${lines.length} lines`);
  const sequences: ResponseSequence[] = [];
  for (let i = 0; i < lines.length; i += 3) {
    const count = Number(lines[i]);
    const skills = (lines[i + 1] ?? '').split(',').filter((s) => s !== '');
    const correct = (lines[i + 2] ?? '').split(',').filter((s) => s !== '').map(Number);
    if (skills.length !== count || correct.length !== count || correct.some((c) => c !== 0 && c !== 1)) {
      throw new Error(`Malformed sequence for student ${i / 3 + 1} (line ${i + 1})`);
    }
    sequences.push({ studentId: String(i / 3 + 1), skills, correct });
  }
  return sequences;
}

/** A seeded shuffle of students into k folds (same seed → same folds). */
export function assignFolds(studentCount: number, k: number, seed: number): number[] {
  let state = seed >>> 0 || 1;
  const random = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const order = Array.from({ length: studentCount }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const folds = new Array<number>(studentCount).fill(0);
  order.forEach((student, position) => {
    folds[student] = position % k;
  });
  return folds;
}

export interface Forecasts {
  predictions: number[];
  outcomes: number[];
}

/** Replays sequences through the model; the skill is the topic and the item. */
export function replaySequences(
  model: AbilityModel,
  sequences: readonly ResponseSequence[],
  options: { updateProblem: boolean; collect: boolean },
): Forecasts {
  const forecasts: Forecasts = { predictions: [], outcomes: [] };
  const updateOptions = {
    updateProblem: options.updateProblem,
    onPrediction: options.collect ? (p: number) => void forecasts.predictions.push(p) : () => undefined,
  };
  for (const sequence of sequences) {
    for (let t = 0; t < sequence.skills.length; t += 1) {
      const skill = sequence.skills[t]!;
      const isCorrect = sequence.correct[t] === 1;
      updateWithAttempt(
        model,
        { studentId: sequence.studentId, topicId: skill, problemId: skill, difficultyLevel: 3, isCorrect },
        updateOptions,
      );
      if (options.collect) forecasts.outcomes.push(isCorrect ? 1 : 0);
    }
  }
  return forecasts;
}

/**
 * Held-out forecasts: difficulties are calibrated on the training students, then frozen while the
 * test students are replayed (each test student starts unknown; abilities update after each
 * prediction, as in the product).
 */
export function heldOutForecasts(
  train: readonly ResponseSequence[],
  test: readonly ResponseSequence[],
  params: AbilityParams,
): Forecasts {
  const model = createAbilityModel(params);
  replaySequences(model, train, { updateProblem: true, collect: false });
  return replaySequences(model, test, { updateProblem: false, collect: true });
}

/** Baselines: the training students' overall success rate, and each skill's success rate. */
export function baselineForecasts(
  train: readonly ResponseSequence[],
  test: readonly ResponseSequence[],
): { globalMean: Forecasts; skillMean: Forecasts } {
  let total = 0;
  let correct = 0;
  const perSkill = new Map<string, { total: number; correct: number }>();
  for (const sequence of train) {
    sequence.skills.forEach((skill, t) => {
      const entry = perSkill.get(skill) ?? { total: 0, correct: 0 };
      entry.total += 1;
      entry.correct += sequence.correct[t]!;
      perSkill.set(skill, entry);
      total += 1;
      correct += sequence.correct[t]!;
    });
  }
  const mean = correct / total;
  const globalMean: Forecasts = { predictions: [], outcomes: [] };
  const skillMean: Forecasts = { predictions: [], outcomes: [] };
  for (const sequence of test) {
    sequence.skills.forEach((skill, t) => {
      const entry = perSkill.get(skill);
      const outcome = sequence.correct[t]!;
      globalMean.predictions.push(mean);
      globalMean.outcomes.push(outcome);
      // Unseen skills fall back to the global mean (one pseudo-observation of smoothing otherwise).
      skillMean.predictions.push(entry ? (entry.correct + mean) / (entry.total + 1) : mean);
      skillMean.outcomes.push(outcome);
    });
  }
  return { globalMean, skillMean };
}

export interface CrossValidationResult {
  folds: number;
  students: number;
  responses: number;
  /** Each metric averaged over the k held-out folds. */
  model: ForecastMetrics;
  globalMean: ForecastMetrics;
  skillMean: ForecastMetrics;
  /** Model AUC of each fold. */
  foldAuc: number[];
}

function split(sequences: readonly ResponseSequence[], folds: number[], fold: number) {
  return {
    train: sequences.filter((_, i) => folds[i] !== fold),
    test: sequences.filter((_, i) => folds[i] === fold),
  };
}

function meanMetrics(perFold: ForecastMetrics[]): ForecastMetrics {
  const mean = (pick: (m: ForecastMetrics) => number) => perFold.reduce((sum, m) => sum + pick(m), 0) / perFold.length;
  return {
    auc: mean((m) => m.auc),
    logLoss: mean((m) => m.logLoss),
    rmse: mean((m) => m.rmse),
    n: perFold.reduce((sum, m) => sum + m.n, 0),
  };
}

const score = (f: Forecasts) => forecastMetrics(f.predictions, f.outcomes);

/** k-fold cross-validation by student of one parameter set, with both baselines. */
export function crossValidate(
  sequences: readonly ResponseSequence[],
  options: { params?: AbilityParams; folds?: number; seed?: number } = {},
): CrossValidationResult {
  const k = options.folds ?? 5;
  const params = options.params ?? DEFAULT_ABILITY_PARAMS;
  const folds = assignFolds(sequences.length, k, options.seed ?? 2009);
  const model: ForecastMetrics[] = [];
  const globalMean: ForecastMetrics[] = [];
  const skillMean: ForecastMetrics[] = [];
  for (let fold = 0; fold < k; fold += 1) {
    const { train, test } = split(sequences, folds, fold);
    model.push(score(heldOutForecasts(train, test, params)));
    const baselines = baselineForecasts(train, test);
    globalMean.push(score(baselines.globalMean));
    skillMean.push(score(baselines.skillMean));
  }
  return {
    folds: k,
    students: sequences.length,
    responses: model.reduce((sum, m) => sum + m.n, 0),
    model: meanMetrics(model),
    globalMean: meanMetrics(globalMean),
    skillMean: meanMetrics(skillMean),
    foldAuc: model.map((m) => m.auc),
  };
}

export interface TuningResult {
  /** The candidate with the best mean held-out AUC. */
  best: AbilityParams;
  /** Every candidate with its mean held-out AUC and log-loss over the folds, best first. */
  ranking: Array<{ params: AbilityParams; auc: number; logLoss: number }>;
}

/** Picks, among candidate parameter sets, the one with the best k-fold (by student) held-out AUC. */
export function tuneByCrossValidation(
  sequences: readonly ResponseSequence[],
  candidates: readonly AbilityParams[],
  options: { folds?: number; seed?: number } = {},
): TuningResult {
  const k = options.folds ?? 5;
  const folds = assignFolds(sequences.length, k, options.seed ?? 2009);
  const splits = Array.from({ length: k }, (_, fold) => split(sequences, folds, fold));
  const ranking = candidates.map((params) => {
    const metrics = meanMetrics(splits.map(({ train, test }) => score(heldOutForecasts(train, test, params))));
    return { params, auc: metrics.auc, logLoss: metrics.logLoss };
  });
  ranking.sort((a, b) => b.auc - a.auc || a.logLoss - b.logLoss);
  return { best: ranking[0]!.params, ranking };
}
