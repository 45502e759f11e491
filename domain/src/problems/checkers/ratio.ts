/** `ratio`: `2:3`, `2 : 3`, `2 to 3`; an equivalent ratio unless `require: 'simplest'`. */
import type { Fraction } from 'mathjs';
import type { Literal } from '../math/exact-numbers.ts';
import { normaliseSpace } from '../math/normalise.ts';
import { readNumber } from './shared/typed-number.ts';
import { no, right, unread, wrong, type Checker } from './shared/verdict.ts';

function readRatio(text: string, shown: string): { ok: true; parts: Literal[] } | { ok: false; message: string } {
  const pieces = normaliseSpace(text).split(/\s*(?::|∶|\bto\b)\s*/i);
  if (pieces.length < 2) return { ok: false, message: 'Write your answer as a ratio, for example 2:3.' };
  const parts: Literal[] = [];
  for (const piece of pieces) {
    const read = readNumber(piece.replace(/^£/, ''), shown);
    if (!read.ok) return read;
    parts.push(read.literal);
  }
  return { ok: true, parts };
}

export const checkRatio: Checker = (correct, given, form) => {
  const expected = readRatio(correct, correct);
  if (!expected.ok) return null;
  const read = readRatio(given, given);
  if (!read.ok) return unread(read.message);
  if (read.parts.length !== expected.parts.length) return wrong;
  const e = expected.parts.map((p) => p.value);
  const g = read.parts.map((p) => p.value);
  const e0 = e[0] as Fraction;
  const g0 = g[0] as Fraction;
  const proportional = g.every((gi, i) => gi.mul(e0).equals((e[i] as Fraction).mul(g0))) && !g0.equals(0);
  if (!proportional) return wrong;
  if (form.require === 'simplest') {
    const same = g.every((gi, i) => gi.equals(e[i] as Fraction));
    if (!same) return no("That's an equivalent ratio, but simplify it fully (whole numbers with no common factor).");
  }
  return right;
};
