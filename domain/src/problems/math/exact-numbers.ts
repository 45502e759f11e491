/** Reading a typed number exactly, as a fraction, and how it was written: 3, -2.5, 3/4, 1 1/2, 12,000. */
import type { Fraction, MathNode } from 'mathjs';
import { remember } from './cache.ts';
import { asConst, asOp, mathjs, strip, unsigned } from './nodes.ts';
import { fail, parseRaw, SHOWN, withShown, type Parsed } from './parse.ts';

type LiteralForm = 'integer' | 'decimal' | 'fraction' | 'mixed';

export interface Literal {
  value: Fraction;
  form: LiteralForm;
  /** For fractions and mixed numbers: numerator and denominator as written share no factor. */
  lowestTerms: boolean;
}

const MIXED = /^([+-]?)\s*(\d+)\s+(\d+)\s*\/\s*(\d+)$/;
const THOUSANDS = /^[+-]?\d{1,3}(?:(?:,\d{3})+|(?: \d{3})+)(?:\.\d+)?$/;

export const NOT_A_SINGLE_NUMBER = 'expression' as const;

const literalCache = new Map<string, Parsed<Literal> | typeof NOT_A_SINGLE_NUMBER>();

/**
 * Reads a typed number exactly. Returns NOT_A_SINGLE_NUMBER when the text is valid maths but not
 * a single number (e.g. `3+4`, `sqrt(16)`), so callers can say "work it out".
 */
export function parseLiteral(text: string, shown: string = text): Parsed<Literal> | typeof NOT_A_SINGLE_NUMBER {
  const hit = literalCache.get(text) ?? remember(literalCache, text, buildLiteral(text, SHOWN));
  return hit === NOT_A_SINGLE_NUMBER ? hit : withShown(hit, shown);
}

export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x;
}

/** A number with any signs in front: its exact value, and its digits as written (unsigned). */
function signedNumber(n: MathNode): { v: Fraction; text: string } | null {
  const { node, negative } = unsigned(n);
  const c = asConst(node);
  if (!c || typeof c.value !== 'number' || !Number.isFinite(c.value)) return null;
  let v: Fraction;
  try {
    v = mathjs.fraction(String(c.value));
  } catch {
    v = mathjs.fraction(c.value);
  }
  return { v: negative ? v.neg() : v, text: String(c.value) };
}

function buildLiteral(text: string, shown: string): Parsed<Literal> | typeof NOT_A_SINGLE_NUMBER {
  const mixed = MIXED.exec(text);
  if (mixed) {
    const [, sign, whole, num, den] = mixed;
    const d = Number(den);
    if (d === 0) return fail(`'${shown}' divides by zero.`);
    const n = Number(num);
    let value = mathjs.fraction(Number(whole), 1).add(mathjs.fraction(n, d));
    if (sign === '-') value = value.neg();
    return { ok: true, value: { value, form: 'mixed', lowestTerms: gcd(n, d) === 1 && n < d } };
  }
  const plain = THOUSANDS.test(text) ? text.replace(/[, ]/g, '') : text;
  const raw = parseRaw(plain, shown);
  if (!raw.ok) return raw;
  const node = strip(raw.value);
  const single = signedNumber(node);
  if (single) {
    const isInt = single.v.d === 1n;
    return { ok: true, value: { value: single.v, form: isInt ? 'integer' : 'decimal', lowestTerms: true } };
  }
  const { node: body, negative } = unsigned(node);
  const div = asOp(body);
  if (div && div.fn === 'divide' && div.args[0] && div.args[1]) {
    const top = signedNumber(div.args[0]);
    const bottom = signedNumber(div.args[1]);
    if (top && bottom) {
      if (bottom.v.equals(0)) return fail(`'${shown}' divides by zero.`);
      const value = negative ? top.v.div(bottom.v).neg() : top.v.div(bottom.v);
      const n = Math.abs(Number(top.text));
      const d = Math.abs(Number(bottom.text));
      const integers = Number.isInteger(n) && Number.isInteger(d);
      return { ok: true, value: { value, form: 'fraction', lowestTerms: integers && gcd(n, d) === 1 && d !== 1 } };
    }
  }
  return NOT_A_SINGLE_NUMBER;
}
