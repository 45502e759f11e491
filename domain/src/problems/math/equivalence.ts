/**
 * Equivalence by evaluation: two expressions are the same function when they agree at fixed,
 * seeded sample points (cheaper than symbolic simplification, exact enough for school algebra).
 */
import { mulberry32 } from '../random.ts';
import { cached, memo } from './cache.ts';
import { evaluateAt, type ParsedExpression } from './parse.ts';

const POINT_COUNT = 10;
/** Fixed, seeded sample points in [-3.3, 3.3] (mixed signs) and (0.2, 3.2] (positive only). */
const SAMPLE_POINTS: number[][] = (() => {
  const next = mulberry32(0x5eed);
  const points: number[][] = [];
  for (let i = 0; i < POINT_COUNT; i++) {
    const row: number[] = [];
    for (let v = 0; v < 6; v++) {
      const positive = i >= 6;
      const r = next();
      row.push(positive ? 0.2 + 3 * r : (r - 0.5) * 6.6);
    }
    points.push(row);
  }
  return points;
})();

const scopeCache = new Map<string, Map<string, number>[]>();

const scopeKey = (variables: readonly string[], fixed?: Readonly<Record<string, number>>): string =>
  `${variables.join('')}|${fixed ? JSON.stringify(fixed) : ''}`;

/** The sample points as mathjs scopes (Maps, which mathjs uses without wrapping). */
function samplePoints(variables: readonly string[], fixed?: Readonly<Record<string, number>>): Map<string, number>[] {
  return cached(scopeCache, scopeKey(variables, fixed), () =>
    SAMPLE_POINTS.map((row) => {
      const scope = new Map<string, number>(Object.entries(fixed ?? {}));
      variables.forEach((v, i) => scope.set(v, row[i % row.length] as number));
      return scope;
    }),
  );
}

/** Values at the sample points, computed once per parsed expression. */
function sampleValues(expr: ParsedExpression, variables: readonly string[], fixed?: Readonly<Record<string, number>>): Float64Array {
  return memo(expr, `samples:${scopeKey(variables, fixed)}`, () => Float64Array.from(samplePoints(variables, fixed), (scope) => evaluateAt(expr, scope)));
}

export const closeRel = (a: number, b: number, rel = 1e-8): boolean => Math.abs(a - b) <= rel * Math.max(1, Math.abs(a), Math.abs(b));

type Verdict = 'equal' | 'different' | 'undetermined';

interface SampleOptions {
  /** Allow f = g + constant (indefinite integrals). */
  allowConstant?: boolean;
  /** Values for extra names (e.g. the constant of integration) in f and in g. */
  fixedF?: Readonly<Record<string, number>>;
  fixedG?: Readonly<Record<string, number>>;
}

/** f ≡ g (or f ≡ g + constant), judged at the sample points. */
export function sameFunction(f: ParsedExpression, g: ParsedExpression, variables: readonly string[], options: SampleOptions = {}): Verdict {
  const { allowConstant = false, fixedF, fixedG } = options;
  if (f === g && JSON.stringify(fixedF) === JSON.stringify(fixedG)) return 'equal';
  const fa = sampleValues(f, variables, fixedF);
  const ga = sampleValues(g, variables, fixedG);
  let agreeing = 0;
  let offset: number | null = null;
  for (let i = 0; i < fa.length; i++) {
    const a = fa[i] as number;
    const b = ga[i] as number;
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    if (allowConstant) {
      const d = a - b;
      if (offset === null) offset = d;
      else if (!closeRel(d, offset, 1e-7) && Math.abs(d - offset) > 1e-7) return 'different';
    } else if (!closeRel(a, b)) {
      return 'different';
    }
    agreeing++;
  }
  return agreeing >= 4 ? 'equal' : 'undetermined';
}

/** lhs₁ - rhs₁ is a nonzero constant multiple of lhs₂ - rhs₂ (the same equation rearranged). */
export function proportionalFunctions(f: ParsedExpression, g: ParsedExpression, variables: readonly string[]): Verdict {
  if (f === g) return 'equal';
  const fa = sampleValues(f, variables);
  const ga = sampleValues(g, variables);
  let ratio: number | null = null;
  let agreeing = 0;
  for (let i = 0; i < fa.length; i++) {
    const a = fa[i] as number;
    const b = ga[i] as number;
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    if (Math.abs(b) < 1e-9) {
      if (Math.abs(a) < 1e-9) continue;
      return 'different';
    }
    const r = a / b;
    if (ratio === null) {
      if (Math.abs(r) < 1e-12) return 'different';
      ratio = r;
    } else if (!closeRel(r, ratio, 1e-7)) {
      return 'different';
    }
    agreeing++;
  }
  return agreeing >= 4 ? 'equal' : 'undetermined';
}
