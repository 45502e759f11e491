export interface Percentiles {
  p50: number;
  p99: number;
  max: number;
  count: number;
}

/** Nearest-rank percentiles in milliseconds, rounded to 0.1 ms. */
export function percentiles(values: readonly number[]): Percentiles {
  if (values.length === 0) return { p50: Number.NaN, p99: Number.NaN, max: Number.NaN, count: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  const round = (value: number) => Math.round(value * 10) / 10;
  return { p50: round(at(0.5)), p99: round(at(0.99)), max: round(sorted.at(-1)!), count: sorted.length };
}
