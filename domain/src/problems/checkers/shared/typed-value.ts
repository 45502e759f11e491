/** Reading the values in a list answer (solutions, coordinates, an inequality's bound): numbers, `±3` and exact constants such as `1 + √5`. */
import type { Fraction } from 'mathjs';
import type { AnswerForm } from '../../problem.ts';
import { closeRel } from '../../math/equivalence.ts';
import { normaliseMath } from '../../math/normalise.ts';
import { evaluateAt, parseExpression } from '../../math/parse.ts';
import { isPureArithmetic } from '../../math/written-form.ts';
import { readNumber } from './typed-number.ts';
import { DEFAULT_TOLERANCE } from './verdict.ts';

/** One value of an answer: exact when it is rational, else only approximate (1 + √5). */
export type Value = { exact: Fraction | null; approx: number };

export function readValue(text: string, shown: string): { ok: true; values: Value[] } | { ok: false; message: string } {
  let body = text.trim();
  let both = false;
  const pm = /^(?:±|\+\/-|\+-)\s*/.exec(body);
  if (pm) {
    both = true;
    body = body.slice(pm[0].length);
  }
  const read = readNumber(body, shown);
  if (read.ok) {
    const v = read.literal.value;
    const values: Value[] = [{ exact: v, approx: v.valueOf() }];
    if (both && !v.equals(0)) values.push({ exact: v.neg(), approx: -v.valueOf() });
    return { ok: true, values };
  }
  // An exact constant such as 2sqrt(3) or 1 + sqrt(2)
  if (!read.message.startsWith('Work it out')) return read;
  const parsed = parseExpression(normaliseMath(body), [], shown);
  if (!parsed.ok) return parsed;
  // Arithmetic such as 2 + 1 is left to work out; exact values such as 1 + sqrt(5) are fine.
  if (isPureArithmetic(parsed.value.node)) return read;
  const v = evaluateAt(parsed.value, {});
  if (!Number.isFinite(v)) return { ok: false, message: `'${shown}' is not a real number.` };
  const values: Value[] = [{ exact: null, approx: v }];
  if (both && v !== 0) values.push({ exact: null, approx: -v });
  return { ok: true, values };
}

export function sameValue(a: Value, b: Value, form: AnswerForm): boolean {
  if (a.exact && b.exact && form.exact) return a.exact.equals(b.exact);
  if (form.exact) return closeRel(a.approx, b.approx, 1e-9);
  return Math.abs(a.approx - b.approx) <= (form.tolerance ?? DEFAULT_TOLERANCE) + 1e-12;
}

/** Splits `x = 2, x = -3`, `2 or -3`, `2 and -3`, `2; -3` into items (top level only). */
export function splitList(text: string): string[] {
  const s = text.replace(/\s+(?:or|and)\s+/gi, ';');
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of s) {
    if (ch === '(' || ch === '[') depth++;
    if (ch === ')' || ch === ']') depth--;
    if ((ch === ',' || ch === ';') && depth === 0) {
      items.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  items.push(current);
  return items.map((i) => i.trim()).filter((i) => i !== '');
}
