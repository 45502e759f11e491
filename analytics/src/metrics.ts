/** Classification metrics for probability forecasts of binary outcomes. Pure. */

export interface ForecastMetrics {
  /** Area under the ROC curve (ties count half). */
  auc: number;
  /** Mean negative log-likelihood (natural log), probabilities clipped to [1e-6, 1 − 1e-6]. */
  logLoss: number;
  /** Root mean squared error of the probability. */
  rmse: number;
  /** Number of forecasts. */
  n: number;
}

/** AUC by the rank-sum (Mann-Whitney) statistic, with average ranks for tied predictions. */
export function auc(predictions: ArrayLike<number>, outcomes: ArrayLike<number>): number {
  const n = predictions.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => predictions[a]! - predictions[b]!);
  let positives = 0;
  let rankSumPositives = 0;
  let i = 0;
  while (i < n) {
    let j = i;
    while (j + 1 < n && predictions[order[j + 1]!] === predictions[order[i]!]) j += 1;
    const averageRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k += 1) {
      if (outcomes[order[k]!] === 1) {
        positives += 1;
        rankSumPositives += averageRank;
      }
    }
    i = j + 1;
  }
  const negatives = n - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSumPositives - (positives * (positives + 1)) / 2) / (positives * negatives);
}

export function logLoss(predictions: ArrayLike<number>, outcomes: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < predictions.length; i += 1) {
    const p = Math.min(1 - 1e-6, Math.max(1e-6, predictions[i]!));
    sum -= outcomes[i] === 1 ? Math.log(p) : Math.log(1 - p);
  }
  return sum / predictions.length;
}

export function rmse(predictions: ArrayLike<number>, outcomes: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < predictions.length; i += 1) {
    const d = predictions[i]! - outcomes[i]!;
    sum += d * d;
  }
  return Math.sqrt(sum / predictions.length);
}

export function forecastMetrics(predictions: ArrayLike<number>, outcomes: ArrayLike<number>): ForecastMetrics {
  return {
    auc: auc(predictions, outcomes),
    logLoss: logLoss(predictions, outcomes),
    rmse: rmse(predictions, outcomes),
    n: predictions.length,
  };
}

/** One bin of a reliability diagram: forecasts in [from, to), their mean and the share that came true. */
interface CalibrationBin {
  from: number;
  to: number;
  n: number;
  meanPredicted: number;
  observed: number;
}

export interface Calibration {
  bins: CalibrationBin[];
  /** Expected calibration error: Σ over bins of (n_b / N) · |mean predicted − observed|. */
  ece: number;
}

/**
 * Predicted against observed success in `count` equal-width bins of the forecast (the last bin
 * includes 1), and the expected calibration error over them. Empty bins are kept (n 0, NaN means).
 */
export function calibration(predictions: ArrayLike<number>, outcomes: ArrayLike<number>, count = 10): Calibration {
  const n = new Float64Array(count);
  const predicted = new Float64Array(count);
  const observed = new Float64Array(count);
  for (let i = 0; i < predictions.length; i += 1) {
    const p = predictions[i]!;
    const bin = Math.min(count - 1, Math.max(0, Math.floor(p * count)));
    n[bin]! += 1;
    predicted[bin]! += p;
    observed[bin]! += outcomes[i]!;
  }
  let ece = 0;
  const bins = Array.from({ length: count }, (_, b) => {
    const size = n[b]!;
    const bin = { from: b / count, to: (b + 1) / count, n: size, meanPredicted: predicted[b]! / size, observed: observed[b]! / size };
    if (size > 0) ece += (size / predictions.length) * Math.abs(bin.meanPredicted - bin.observed);
    return bin;
  });
  return { bins, ece };
}
