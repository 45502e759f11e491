/** `equation_solution`: the value(s) in any order, with or without `x =`, separated by `,` `;` `or` `and`, or `±3`; a missing root gets a message saying how many. */
import type { AnswerForm } from '../problem.ts';
import { cached } from '../math/cache.ts';
import { normaliseSpace } from '../math/normalise.ts';
import { readValue, sameValue, splitList, type Value } from './shared/typed-value.ts';
import { stripVariable } from './shared/typed-number.ts';
import { splitUnit, unitProblem } from './shared/units.ts';
import { no, right, unread, wrong, type Checker } from './shared/verdict.ts';

const correctSolutionCache = new Map<string, Value[] | null>();

function readSolutions(text: string, form: AnswerForm, shown: string): { ok: true; values: Value[] } | { ok: false; message: string } {
  const variable = form.variables?.[0];
  const values: Value[] = [];
  for (const item of splitList(normaliseSpace(text))) {
    const stripped = stripVariable(item, variable ? [variable] : undefined);
    if (stripped.problem) return { ok: false, message: stripped.problem };
    const split = splitUnit(stripped.body, form.unit);
    const unitIssue = unitProblem(split, form.unit, stripped.body);
    if (unitIssue) return { ok: false, message: unitIssue };
    const read = readValue(split.body, shown);
    if (!read.ok) return read;
    values.push(...read.values);
  }
  return { ok: true, values };
}

export const checkEquationSolution: Checker = (correct, given, form) => {
  const expected = cached(correctSolutionCache, `${form.variables?.join('') ?? ''}|${form.unit ?? ''}|${correct}`, () => {
    const read = readSolutions(correct, form, correct);
    return read.ok && read.values.length > 0 ? read.values : null;
  });
  if (!expected) return null;
  const read = readSolutions(given, form, given);
  if (!read.ok) return unread(read.message);
  const distinct: Value[] = [];
  for (const v of read.values) if (!distinct.some((d) => sameValue(d, v, form))) distinct.push(v);
  const allRight = distinct.every((v) => expected.some((e) => sameValue(e, v, form)));
  const allFound = expected.every((e) => distinct.some((v) => sameValue(e, v, form)));
  if (allRight && allFound) return right;
  if (allRight && distinct.length > 0) {
    return no(`That's correct so far, but there ${expected.length === 2 ? 'are 2 solutions' : `are ${expected.length} solutions`}. Find them all.`);
  }
  return wrong;
};
