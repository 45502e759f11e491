/** `expression`: anything equal at the sample points (`2(x+1)` for `2x+2`), then written as `require` asks: expanded, factorised, simplified, surds simplest, rationalised. */
import { memo } from '../math/cache.ts';
import { sameFunction } from '../math/equivalence.ts';
import { factorisationIssue } from '../math/factorisation.ts';
import { normaliseMath } from '../math/normalise.ts';
import { parseExpression } from '../math/parse.ts';
import { hasRootInDenominator, hasUncollectedTerms, hasUnexpandedBrackets, hasUnsimplifiedSurd, nodeSize } from '../math/written-form.ts';
import { correctExpression, stripLabel } from './shared/typed-expression.ts';
import { no, right, unread, wrong, type Checker } from './shared/verdict.ts';

export const checkExpression: Checker = (correct, given, form) => {
  const expected = correctExpression(stripLabel(correct, form.variables ?? []), form.variables ?? null);
  if (!expected) return null;
  const vars = expected.variables;
  const text = stripLabel(given, vars);
  if (text.includes('=')) return no('Give just the expression, without an equals sign.');
  const parsed = parseExpression(normaliseMath(text), vars, given);
  if (!parsed.ok) return unread(parsed.message);
  const verdict = sameFunction(parsed.value, expected.expr, vars);
  if (verdict !== 'equal') return wrong;
  const expr = parsed.value;
  const node = expr.node;
  const uncollected = () => memo(expr, 'uncollected', () => hasUncollectedTerms(node)) || memo(expr, 'size', () => nodeSize(node)) > expected.size + 1;
  switch (form.require) {
    case 'expanded':
      if (memo(expr, 'unexpanded', () => hasUnexpandedBrackets(node))) return no("That's equivalent, but the question asks you to multiply out the brackets.");
      if (uncollected()) return no("That's equivalent, but collect like terms to simplify it.");
      return right;
    case 'factorised': {
      const issue = memo(expr, `factorised:${vars[0] ?? 'x'}`, () => factorisationIssue(node, vars[0] ?? 'x'));
      if (issue === 'not_product') return no("That's equivalent, but the question asks for it in factorised form (as a product with brackets).");
      if (issue === 'not_fully') return no("That's equivalent, but it isn't fully factorised. Look for a common factor or a bracket that factorises further.");
      return right;
    }
    case 'simplified':
      if (uncollected()) return no("That's equivalent, but simplify it fully.");
      return right;
    case 'surd_simplest':
      return memo(expr, 'surd', () => hasUnsimplifiedSurd(node)) ? no("That's equivalent, but simplify the surds.") : right;
    case 'rationalised':
      return memo(expr, 'rootBelow', () => hasRootInDenominator(node)) ? no("That's equivalent, but rationalise the denominator.") : right;
    default:
      return right;
  }
};
