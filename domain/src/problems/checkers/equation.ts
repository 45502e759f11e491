/** `equation`: any rearrangement of the same equation (`2x - y + 1 = 0` for `y = 2x + 1`), or just the right-hand side when the answer is `y = …`. */
import type { AnswerForm } from '../problem.ts';
import { cached } from '../math/cache.ts';
import { proportionalFunctions, sameFunction } from '../math/equivalence.ts';
import { normaliseMath } from '../math/normalise.ts';
import { parseExpression, unreadable, type ParsedExpression } from '../math/parse.ts';
import { right, unread, wrong, type Checker } from './shared/verdict.ts';

interface CorrectEquation {
  difference: ParsedExpression;
  variables: string[];
  /** `y` in `y = 2x + 1`, so `2x + 1` alone can be read as the equation. */
  subject: string | null;
  rhs: ParsedExpression | null;
}
const correctEquations = new Map<string, CorrectEquation | null>();

function correctEquation(correct: string, form: AnswerForm): CorrectEquation | null {
  return cached(correctEquations, `${form.variables?.join('') ?? '*'}|${correct}`, () => {
    const sides = normaliseMath(correct).split('=');
    if (sides.length !== 2) return null;
    const [lhs, rhs] = sides as [string, string];
    const variables = form.variables ?? ['x', 'y'];
    const difference = parseExpression(`(${lhs}) - (${rhs})`, variables);
    if (!difference.ok) return null;
    const subject = /^\s*([a-zA-Z])\s*$/.exec(lhs)?.[1] ?? null;
    const rhsParsed = subject ? parseExpression(rhs.trim(), variables) : null;
    return { difference: difference.value, variables, subject, rhs: rhsParsed?.ok ? rhsParsed.value : null };
  });
}

export const checkEquation: Checker = (correct, given, form) => {
  const expected = correctEquation(correct, form);
  if (!expected) return null;
  const text = normaliseMath(given).replace(/==/g, '=');
  const sides = text.split('=');
  if (sides.length === 1) {
    // `2x + 1` for `y = 2x + 1`
    if (expected.subject && expected.rhs) {
      const parsed = parseExpression(text, expected.variables, given);
      if (!parsed.ok) return unread(parsed.message);
      if (!parsed.value.symbols.has(expected.subject) && sameFunction(parsed.value, expected.rhs, expected.variables) === 'equal') return right;
      return wrong;
    }
    return unread('Write your answer as an equation, with an = sign.');
  }
  if (sides.length !== 2 || sides.some((s) => s.trim() === '')) return unread(unreadable(given));
  const [lhs, rhs] = sides as [string, string];
  for (const side of [lhs, rhs]) {
    const p = parseExpression(side.trim(), expected.variables, given);
    if (!p.ok) return unread(p.message);
  }
  const difference = parseExpression(`(${lhs.trim()}) - (${rhs.trim()})`, expected.variables, given);
  if (!difference.ok) return unread(difference.message);
  return proportionalFunctions(difference.value, expected.difference, expected.variables) === 'equal' ? right : wrong;
};
