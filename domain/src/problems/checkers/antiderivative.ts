/** `antiderivative`: equal up to a constant, with one constant of integration (C, c, k, K or A) added as its own term. */
import type { MathNode } from 'mathjs';
import { memo } from '../math/cache.ts';
import { sameFunction } from '../math/equivalence.ts';
import { asSym } from '../math/nodes.ts';
import { normaliseMath } from '../math/normalise.ts';
import { parseExpression } from '../math/parse.ts';
import { additiveTerms } from '../math/written-form.ts';
import { correctExpression, stripLabel } from './shared/typed-expression.ts';
import { no, right, unread, wrong, type Checker } from './shared/verdict.ts';

const INTEGRATION_CONSTANTS = ['C', 'c', 'K', 'k', 'A'];

export const checkAntiderivative: Checker = (correct, given, form) => {
  const vars = form.variables ?? ['x'];
  const constants = INTEGRATION_CONSTANTS.filter((c) => !vars.includes(c));
  const names = [...vars, ...constants];
  const expected = correctExpression(stripLabel(correct, vars), names);
  if (!expected) return null;
  const parsed = parseExpression(normaliseMath(stripLabel(given, vars)), names, given);
  if (!parsed.ok) return unread(parsed.message);
  const zero = Object.fromEntries(constants.map((c) => [c, 0]));
  const verdict = sameFunction(parsed.value, expected.expr, vars, { allowConstant: true, fixedF: zero, fixedG: zero });
  if (verdict !== 'equal') return wrong;
  const used = constants.filter((c) => parsed.value.symbols.has(c));
  if (used.length === 0) return no('Almost: remember the constant of integration, + C.');
  if (used.length > 1) return no('Use just one constant of integration, + C.');
  // The constant is added on as a term of its own (+ C), once.
  const constant = used[0] as string;
  const added = memo(parsed.value, `constantTerm:${constant}`, () => {
    const occurrences = parsed.value.node.filter((n: MathNode) => asSym(n)?.name === constant).length;
    return occurrences === 1 && additiveTerms(parsed.value.node).some((t) => asSym(t)?.name === constant);
  });
  return added ? right : no(`Write the constant of integration as a separate term: + ${constant}.`);
};
