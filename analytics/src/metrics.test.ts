import { describe, expect, it } from 'vitest';
import { auc, calibration, forecastMetrics, logLoss, rmse } from './metrics.ts';
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

describe('calibration', () => {
  it('bins forecasts in tenths and weighs each bin\'s gap by its share of forecasts', () => {
    // Bin 0.2-0.3: two forecasts of 0.25, one came true; bin 0.9-1 (1 included): five forecasts, four came true.
    const result = calibration([0.25, 0.25, 0.95, 0.95, 0.95, 0.95, 1], [1, 0, 1, 1, 1, 0, 1]);
    expect(result.bins).toHaveLength(10);
    expect(result.bins[2]).toMatchObject({ from: 0.2, n: 2, meanPredicted: 0.25, observed: 0.5 });
    expect(result.bins[9]).toMatchObject({ n: 5, observed: 0.8 });
    expect(result.bins[9]!.meanPredicted).toBeCloseTo(0.96, 12);
    expect(result.bins[0]!.n).toBe(0);
    expect(result.ece).toBeCloseTo((2 / 7) * 0.25 + (5 / 7) * 0.16, 12);
    // A perfectly calibrated forecaster.
    expect(calibration([0.5, 0.5], [0, 1]).ece).toBe(0);
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
