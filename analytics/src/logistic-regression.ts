/**
 * L2-regularised logistic regression on sparse rows, fitted by L-BFGS (Nocedal & Wright,
 * algorithm 7.4, with a backtracking Armijo line search). Deterministic: full-batch gradients,
 * no randomness, a fixed iteration budget.
 */

/** Rows in compressed form: row r has entries start[r] … start[r+1]−1 of (index, value). */
export interface SparseRows {
  rows: number;
  start: Uint32Array;
  index: Uint32Array;
  value: Float64Array;
  outcome: Uint8Array;
}

/** Builds SparseRows one row at a time. */
export class SparseRowsBuilder {
  private start: number[] = [0];
  private index: number[] = [];
  private value: number[] = [];
  private outcome: number[] = [];

  add(entries: ReadonlyArray<readonly [number, number]>, outcome: number): void {
    for (const [i, v] of entries) {
      if (v === 0) continue;
      this.index.push(i);
      this.value.push(v);
    }
    this.start.push(this.index.length);
    this.outcome.push(outcome);
  }

  build(): SparseRows {
    return {
      rows: this.outcome.length,
      start: Uint32Array.from(this.start),
      index: Uint32Array.from(this.index),
      value: Float64Array.from(this.value),
      outcome: Uint8Array.from(this.outcome),
    };
  }
}

export interface FitOptions {
  /** Number of weights. */
  dimensions: number;
  /** L2 penalty per weight (objective: mean log-loss + ½ Σ λ_j w_j²). */
  penalty: Float64Array;
  iterations?: number;
  /** Stop when the objective improves by less than this (relative) in one iteration. */
  tolerance?: number;
}

function objective(data: SparseRows, w: Float64Array, penalty: Float64Array, gradient: Float64Array): number {
  gradient.fill(0);
  let loss = 0;
  for (let r = 0; r < data.rows; r += 1) {
    let z = 0;
    for (let e = data.start[r]!; e < data.start[r + 1]!; e += 1) z += w[data.index[e]!]! * data.value[e]!;
    const y = data.outcome[r]!;
    // log(1 + e^−z) for y = 1, log(1 + e^z) for y = 0, computed without overflow.
    const m = y === 1 ? -z : z;
    loss += m > 0 ? m + Math.log1p(Math.exp(-m)) : Math.log1p(Math.exp(m));
    const residual = 1 / (1 + Math.exp(-z)) - y;
    for (let e = data.start[r]!; e < data.start[r + 1]!; e += 1) gradient[data.index[e]!]! += residual * data.value[e]!;
  }
  let penaltySum = 0;
  for (let j = 0; j < w.length; j += 1) {
    gradient[j] = gradient[j]! / data.rows + penalty[j]! * w[j]!;
    penaltySum += penalty[j]! * w[j]! * w[j]!;
  }
  return loss / data.rows + penaltySum / 2;
}

const dot = (a: Float64Array, b: Float64Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i += 1) s += a[i]! * b[i]!;
  return s;
};

/**
 * Minimises the regularised log-loss from w = 0; returns the weights. Columns are scaled to unit
 * root-mean-square while fitting (the penalty applies to the scaled weights), which lets L-BFGS
 * converge in far fewer iterations on features of very different ranges.
 */
export function fitLogisticRegression(data: SparseRows, options: FitOptions): Float64Array {
  const n = options.dimensions;
  const squares = new Float64Array(n);
  for (let e = 0; e < data.index.length; e += 1) squares[data.index[e]!]! += data.value[e]! * data.value[e]!;
  const scale = squares.map((sum) => (sum > 0 ? Math.sqrt(data.rows / sum) : 1));
  const scaled: SparseRows = { ...data, value: data.value.map((v, e) => v * scale[data.index[e]!]!) };
  const w = minimise(scaled, options);
  return w.map((weight, j) => weight * scale[j]!);
}

function minimise(data: SparseRows, options: FitOptions): Float64Array {
  const n = options.dimensions;
  const maxIterations = options.iterations ?? 300;
  const tolerance = options.tolerance ?? 1e-9;
  const memory = 10;
  let w = new Float64Array(n);
  let g = new Float64Array(n);
  let f = objective(data, w, options.penalty, g);
  const s: Float64Array[] = [];
  const y: Float64Array[] = [];
  const rho: number[] = [];
  const direction = new Float64Array(n);
  const alphas = new Array<number>(memory);
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    // Two-loop recursion: direction = −H·g.
    direction.set(g);
    for (let i = s.length - 1; i >= 0; i -= 1) {
      alphas[i] = rho[i]! * dot(s[i]!, direction);
      for (let j = 0; j < n; j += 1) direction[j] = direction[j]! - alphas[i]! * y[i]![j]!;
    }
    const gamma = s.length > 0 ? dot(s[s.length - 1]!, y[y.length - 1]!) / dot(y[y.length - 1]!, y[y.length - 1]!) : 1;
    for (let j = 0; j < n; j += 1) direction[j] = direction[j]! * gamma;
    for (let i = 0; i < s.length; i += 1) {
      const beta = rho[i]! * dot(y[i]!, direction);
      for (let j = 0; j < n; j += 1) direction[j] = direction[j]! + s[i]![j]! * (alphas[i]! - beta);
    }
    for (let j = 0; j < n; j += 1) direction[j] = -direction[j]!;
    let slope = dot(g, direction);
    if (slope >= 0) {
      // Not a descent direction (curvature information went stale): restart from steepest descent.
      s.length = 0;
      y.length = 0;
      rho.length = 0;
      for (let j = 0; j < n; j += 1) direction[j] = -g[j]!;
      slope = dot(g, direction);
    }
    let step = 1;
    const nextW = new Float64Array(n);
    const nextG = new Float64Array(n);
    let nextF = Number.POSITIVE_INFINITY;
    for (let tries = 0; tries < 40; tries += 1) {
      for (let j = 0; j < n; j += 1) nextW[j] = w[j]! + step * direction[j]!;
      nextF = objective(data, nextW, options.penalty, nextG);
      if (nextF <= f + 1e-4 * step * slope) break;
      step /= 2;
    }
    if (!(nextF < f)) break;
    const sk = new Float64Array(n);
    const yk = new Float64Array(n);
    for (let j = 0; j < n; j += 1) {
      sk[j] = nextW[j]! - w[j]!;
      yk[j] = nextG[j]! - g[j]!;
    }
    const sy = dot(sk, yk);
    if (sy > 1e-12) {
      if (s.length === memory) {
        s.shift();
        y.shift();
        rho.shift();
      }
      s.push(sk);
      y.push(yk);
      rho.push(1 / sy);
    }
    const improvement = (f - nextF) / Math.max(1, Math.abs(f));
    w = nextW;
    g = nextG;
    f = nextF;
    if (improvement < tolerance) break;
  }
  return w;
}
