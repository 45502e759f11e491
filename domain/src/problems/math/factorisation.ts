/** Whether a factorised answer is fully factorised (school polynomials in one variable). */
import type { EvalFunction, MathNode } from 'mathjs';
import { gcd } from './exact-numbers.ts';
import { asOp, asSym, strip, unsigned } from './nodes.ts';
import { isSum, productFactors } from './written-form.ts';

/**
 * Written as a product (or power) and fully factorised: no factor that is a sum still has a
 * common number factor, a common factor of the variable, or a whole-number root.
 */
export function factorisationIssue(n: MathNode, variable: string): 'not_product' | 'not_fully' | null {
  const top = unsigned(n).node;
  const op = asOp(top);
  if (!op || !(op.fn === 'multiply' || op.fn === 'pow')) return 'not_product';
  const factors = op.fn === 'pow' ? [strip(op.args[0] as MathNode)] : productFactors(top).map((f) => {
    const p = asOp(f);
    return p && p.fn === 'pow' && p.args[0] ? strip(p.args[0]) : f;
  });
  const sums = factors.filter((f) => isSum(f));
  if (sums.length === 0) return 'not_product';
  for (const factor of sums) {
    const coefficients = polynomialCoefficients(factor, variable);
    if (!coefficients) continue;
    const nonzero = coefficients.filter((c) => c !== 0);
    if (nonzero.length >= 2 && nonzero.reduce((g, c) => gcd(g, c), 0) > 1) return 'not_fully';
    if (coefficients[0] === 0 && nonzero.length >= 2) return 'not_fully';
    const degree = coefficients.length - 1;
    if (degree >= 2) {
      const compiled = factor.compile();
      for (let r = -12; r <= 12; r++) {
        const v: unknown = compiled.evaluate({ [variable]: r });
        if (typeof v === 'number' && Math.abs(v) < 1e-9) return 'not_fully';
      }
    }
  }
  return null;
}

/** Integer coefficients [c0, c1, ...] of a polynomial of degree ≤ 4 in one variable, or null. */
function polynomialCoefficients(n: MathNode, variable: string): number[] | null {
  const symbols = new Set(n.filter((x: MathNode) => x.type === 'SymbolNode').map((x) => asSym(x)?.name));
  if ([...symbols].some((s) => s !== variable)) return null;
  let compiled: EvalFunction;
  try {
    compiled = n.compile();
  } catch {
    return null;
  }
  // Values at 0..5; forward differences give the degree; solve by Newton's form.
  const ys: number[] = [];
  for (let k = 0; k <= 5; k++) {
    const v: unknown = compiled.evaluate({ [variable]: k });
    if (typeof v !== 'number' || !Number.isFinite(v)) return null;
    ys.push(v);
  }
  // Newton divided differences with unit spacing
  const diffs: number[] = [];
  let row = ys.slice();
  while (row.length > 0) {
    diffs.push(row[0] as number);
    row = row.slice(1).map((v, i) => v - (row[i] as number));
  }
  if (Math.abs(diffs[5] as number) > 1e-9) return null; // degree > 4
  // Convert Newton form sum d_k * C(x, k) to monomial coefficients
  const coefficients = [0, 0, 0, 0, 0];
  let basis = [1]; // polynomial x(x-1)...(x-k+1) / k!
  for (let k = 0; k <= 4; k++) {
    const dk = diffs[k] as number;
    basis.forEach((b, i) => {
      coefficients[i] = (coefficients[i] as number) + dk * b;
    });
    // next basis: basis * (x - k) / (k + 1)
    const next = new Array<number>(basis.length + 1).fill(0);
    basis.forEach((b, i) => {
      next[i + 1] = (next[i + 1] as number) + b / (k + 1);
      next[i] = (next[i] as number) - (b * k) / (k + 1);
    });
    basis = next;
  }
  const rounded = coefficients.map((c) => Math.round(c));
  if (coefficients.some((c, i) => Math.abs(c - (rounded[i] as number)) > 1e-6)) return null;
  while (rounded.length > 1 && rounded[rounded.length - 1] === 0) rounded.pop();
  return rounded;
}
