/**
 * Evaluates the ability model on real student data: ASSISTments 2009-2010 skill builders (the
 * DKVMN training split, /work/shared/data/assist2009/train.csv, read relative to the repository
 * root). 5-fold cross-validation by student, for the tuning and for the reported figures; see
 * docs/learning-model.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ABILITY_PARAMS, type AbilityParams } from '../ability-model.ts';
import { crossValidate, parseSkillSequences, tuneByCrossValidation } from './replay.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const dataFile = fileURLToPath(new URL('../shared/data/assist2009/train.csv', `file://${repoRoot}`));
const available = existsSync(dataFile);
if (!available) console.warn(`Skipping the ability-model evaluation: ${dataFile} is absent (see docs/learning-model.md).`);

/** The tuning grid around the defaults (the wider offline grid is in docs/learning-model.md). */
function grid(): AbilityParams[] {
  const candidates: AbilityParams[] = [];
  for (const studentAlpha of [0.8, 1.2]) {
    for (const studentBeta of [0, 0.05]) {
      for (const topicAlpha of [0.2, 0.8]) {
        candidates.push({
          ...DEFAULT_ABILITY_PARAMS,
          student: { alpha: studentAlpha, beta: studentBeta },
          topic: { alpha: topicAlpha, beta: DEFAULT_ABILITY_PARAMS.topic.beta },
        });
      }
    }
  }
  return candidates;
}

describe.skipIf(!available)('ability model on ASSISTments 2009 (5-fold CV by student)', () => {
  const sequences = available ? parseSkillSequences(readFileSync(dataFile, 'utf8')) : [];

  it('the default parameters are the ones 5-fold CV selects from the grid', () => {
    const tuning = tuneByCrossValidation(sequences, grid(), { folds: 5, seed: 2009 });
    console.info(
      'CV tuning (mean held-out AUC):\n' +
        tuning.ranking
          .map((r) => `  student ${r.params.student.alpha}/${r.params.student.beta} topic ${r.params.topic.alpha}: ${r.auc.toFixed(4)}`)
          .join('\n'),
    );
    expect(tuning.best).toEqual(DEFAULT_ABILITY_PARAMS);
  });

  it('beats the global-mean and per-skill-mean baselines by a real margin', () => {
    const result = crossValidate(sequences, { folds: 5, seed: 2009 });
    const row = (name: string, m: { auc: number; logLoss: number; rmse: number }) =>
      `  ${name.padEnd(12)} AUC ${m.auc.toFixed(4)}  log-loss ${m.logLoss.toFixed(4)}  RMSE ${m.rmse.toFixed(4)}`;
    console.info(
      `${result.students} students, ${result.responses} responses, ${result.folds} folds\n` +
        [row('model', result.model), row('skill mean', result.skillMean), row('global mean', result.globalMean)].join('\n') +
        `\n  fold AUC ${result.foldAuc.map((a) => a.toFixed(4)).join(' ')}`,
    );
    expect(result.students).toBe(2921);
    expect(result.responses).toBe(224_218);
    expect(result.model.auc).toBeGreaterThanOrEqual(0.72);
    expect(result.model.auc).toBeGreaterThan(result.skillMean.auc + 0.08);
    expect(result.model.auc).toBeGreaterThan(result.globalMean.auc + 0.2);
    for (const foldAuc of result.foldAuc) expect(foldAuc).toBeGreaterThan(0.71);
    expect(result.model.logLoss).toBeLessThan(result.skillMean.logLoss - 0.03);
    expect(result.model.rmse).toBeLessThan(result.skillMean.rmse - 0.01);
  });
});
