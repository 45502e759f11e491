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
