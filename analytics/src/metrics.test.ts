import { describe, expect, it } from 'vitest';
import { auc, forecastMetrics, logLoss, rmse } from './metrics.ts';
import { assignFolds } from './kt-data.ts';

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

describe('folds', () => {
  it('assigns balanced, seeded folds', () => {
    const folds = assignFolds(103, 5, 7);
    expect(assignFolds(103, 5, 7)).toEqual(folds);
    const sizes = [0, 1, 2, 3, 4].map((f) => folds.filter((x) => x === f).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });
});
