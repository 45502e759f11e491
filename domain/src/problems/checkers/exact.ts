/** `exact`: surds, π and logs in any equivalent exact form (`3√2`, `√2·3`, `(3/4)π`); decimals and unfinished arithmetic refused. */
import { memo } from '../math/cache.ts';
import { closeRel } from '../math/equivalence.ts';
import { normaliseMath } from '../math/normalise.ts';
import { evaluateAt, parseExpression } from '../math/parse.ts';
import {
  hasFractionalPower,
  hasRootInDenominator,
  hasRootOfNonWholeNumber,
  hasUncollectedTerms,
  hasUnsimplifiedSurd,
  isPureArithmetic,
  nodeSize,
} from '../math/written-form.ts';
import { correctExpression } from './shared/typed-expression.ts';
import { numberBody } from './shared/typed-number.ts';
import { splitUnit } from './shared/units.ts';
import { no, right, unread, wrong, type Checker } from './shared/verdict.ts';

const EXACT_MESSAGE = "That's close, but the question asks for an exact answer. Keep √ or π in your answer instead of a decimal.";

export const checkExact: Checker = (correct, given, form) => {
  const expected = correctExpression(splitUnit(correct, form.unit).body, []);
  if (!expected || !Number.isFinite(expected.value)) return null;
  const b = numberBody(given, form);
  if ('verdict' in b) return b.verdict;
  const parsed = parseExpression(normaliseMath(b.body), [], given);
  if (!parsed.ok) return unread(parsed.message);
  const expr = parsed.value;
  const node = expr.node;
  const value = memo(expr, 'value', () => evaluateAt(expr, {}));
  // A decimal approximation: arithmetic only, and rational (no fractional powers like 2^(1/2)).
  const pure = memo(expr, 'pure', () => isPureArithmetic(node) && !hasFractionalPower(node));
  if (!Number.isFinite(value) || !closeRel(value, expected.value, 1e-9)) {
    if (pure && Number.isFinite(value) && Math.abs(value - expected.value) <= 0.01 * Math.max(1, Math.abs(expected.value))) {
      return no(expected.irrational ? EXACT_MESSAGE : "That's close, but give the exact value.");
    }
    return wrong;
  }
  if (expected.irrational && pure) return no(EXACT_MESSAGE);
  const simplify = "That's the right value, but simplify your answer fully.";
  if (memo(expr, 'uncollected', () => hasUncollectedTerms(node)) || memo(expr, 'size', () => nodeSize(node)) > expected.size + 1) return no(simplify);
  if (memo(expr, 'sqrtArgsNotWhole', () => hasRootOfNonWholeNumber(node))) return no(simplify);
  if (form.require === 'surd_simplest' && memo(expr, 'surd', () => hasUnsimplifiedSurd(node))) {
    return no("That's the right value, but the surd can be simplified: take square factors out of the root.");
  }
  if (form.require === 'rationalised' && memo(expr, 'rootBelow', () => hasRootInDenominator(node))) {
    return no("That's the right value, but the denominator still has a root in it. Rationalise the denominator.");
  }
  return right;
};
