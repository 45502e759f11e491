/** `inequality`: `x > 4`, `4 < x`, `x > 8/2`; the right bound with the wrong sign or strictness gets a message. */
import { normaliseMath } from '../math/normalise.ts';
import { unreadable } from '../math/parse.ts';
import { readValue, sameValue, type Value } from './shared/typed-value.ts';
import { no, right, unread, wrong, type Checker } from './shared/verdict.ts';

type Relation = '<' | '>' | '<=' | '>=';
const FLIP: Record<Relation, Relation> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };

function readInequality(text: string, variable: string, shown: string): { ok: true; op: Relation; value: Value } | { ok: false; message: string } {
  const s = normaliseMath(text);
  const ops = s.match(/<=|>=|<|>/g) ?? [];
  if (ops.length === 0) return { ok: false, message: `Write your answer as an inequality, for example ${variable} > 2.` };
  if (ops.length > 1) return { ok: false, message: unreadable(shown) };
  const m = /^(.*?)(<=|>=|<|>)(.*)$/.exec(s);
  if (!m) return { ok: false, message: unreadable(shown) };
  const left = (m[1] as string).trim();
  const right = (m[3] as string).trim();
  let op = m[2] as Relation;
  let valueText: string;
  if (left === variable) valueText = right;
  else if (right === variable) {
    valueText = left;
    op = FLIP[op];
  } else return { ok: false, message: `Write the inequality with ${variable} on its own, for example ${variable} > 2.` };
  const read = readValue(valueText, shown);
  if (!read.ok) return read;
  if (read.values.length !== 1) return { ok: false, message: unreadable(shown) };
  return { ok: true, op, value: read.values[0] as Value };
}

export const checkInequality: Checker = (correct, given, form) => {
  const variable = form.variables?.[0] ?? 'x';
  const expected = readInequality(correct, variable, correct);
  if (!expected.ok) return null;
  const read = readInequality(given, variable, given);
  if (!read.ok) return unread(read.message);
  const valueRight = sameValue(read.value, expected.value, { ...form, exact: form.exact ?? true });
  if (valueRight && read.op === expected.op) return right;
  if (valueRight) return no('Check the inequality sign.');
  return wrong;
};
