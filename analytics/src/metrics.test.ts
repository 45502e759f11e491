import { describe, expect, it } from 'vitest';
import { auc, forecastMetrics, logLoss, rmse } from './metrics.ts';
import { assignFolds, baselineForecasts, parseSkillSequences } from './replay.ts';

describe('metrics', () => {
  it('AUC: perfect, reversed, random ties', () => {
    expect(auc([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1])).toBe(1);
    expect(auc([0.9, 0.8, 0.2, 0.1], [0, 0, 1, 1])).toBe(0);
    expect(auc([0.5, 0.5, 0.5, 0.5], [0, 1, 0, 1])).toBe(0.5);
    // One of four positive/negative pairs misordered, one tied: (2 + 0.5) / 4.
    expect(auc([0.1, 0.4, 0.4, 0.8], [0, 1, 0, 1])).toBe(0.875);
    expect(auc([0.3, 0.6, 0.6, 0.2], [1, 0, 1, 0])).toBeCloseTo(0.625, 12);
    expect(Number.isNaN(auc([0.1, 0.2], [1, 1]))).toBe(true);
  });

  it('log-loss and RMSE', () => {
    expect(logLoss([0.5, 0.5], [0, 1])).toBeCloseTo(Math.LN2, 12);
    expect(rmse([1, 0], [1, 0])).toBe(0);
    expect(rmse([0.5, 0.5], [0, 1])).toBe(0.5);
    expect(logLoss([0], [1])).toBeCloseTo(-Math.log(1e-6), 6);
    expect(forecastMetrics([0.2, 0.7], [0, 1]).n).toBe(2);
  });
});

describe('data helpers', () => {
  it('parses the three-line format', () => {
    const sequences = parseSkillSequences('3\n1,2,1\n0,1,1\n1\n5\n0\n');
    expect(sequences).toEqual([
      { studentId: '1', skills: ['1', '2', '1'], correct: [0, 1, 1] },
      { studentId: '2', skills: ['5'], correct: [0] },
    ]);
    expect(() => parseSkillSequences('2\n1\n0\n')).toThrow(/Malformed/);
    expect(() => parseSkillSequences('2\n1,2\n')).toThrow(/three lines/);
  });

  it('assigns balanced, seeded folds', () => {
    const folds = assignFolds(103, 5, 7);
    expect(assignFolds(103, 5, 7)).toEqual(folds);
    const sizes = [0, 1, 2, 3, 4].map((f) => folds.filter((x) => x === f).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('baselines use only the training students', () => {
    const train = parseSkillSequences('2\n1,2\n1,0\n2\n1,2\n1,0\n');
    const test = parseSkillSequences('2\n1,3\n0,1\n');
    const { globalMean, skillMean } = baselineForecasts(train, test);
    expect(globalMean.predictions).toEqual([0.5, 0.5]);
    expect(skillMean.predictions).toEqual([(2 + 0.5) / 3, 0.5]);
    expect(skillMean.outcomes).toEqual([0, 1]);
  });
});
