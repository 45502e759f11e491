/** `standard_form`: `4.5 × 10^4`, `4.5x10^4`, `3.6 × 10⁻⁴`; the right number not in standard form (`45000`, `45 × 10^3`) gets a message. */
import type { MathNode } from 'mathjs';
import { cached } from '../math/cache.ts';
import { closeRel } from '../math/equivalence.ts';
import { asConst, asOp, strip } from '../math/nodes.ts';
import { normaliseMath } from '../math/normalise.ts';
import { parseExpression } from '../math/parse.ts';
import { readNumber } from './shared/typed-number.ts';
import { no, right, unread, wrong, type Checker } from './shared/verdict.ts';

/** A node without the minus signs in front of it, and the sign they make (a leading + is not standard form). */
function negations(n: MathNode): { node: MathNode; sign: number } {
  let node = strip(n);
  let sign = 1;
  for (let op = asOp(node); op && op.fn === 'unaryMinus' && op.args[0]; op = asOp(node)) {
    sign = -sign;
    node = strip(op.args[0]);
  }
  return { node, sign };
}

function readStandardForm(text: string, shown: string): { ok: true; mantissa: number; exponent: number } | { ok: false; message: string } {
  const s = normaliseMath(text).replace(/(\d)\s*[xX]\s*(?=10)/g, '$1*');
  const example = 'Write it as a × 10^n, for example 4.5 × 10^3.';
  const parsed = parseExpression(s, [], shown);
  if (!parsed.ok) return parsed;
  const { node, sign } = negations(parsed.value.node);
  const readPow = (n: MathNode): number | null => {
    const p = asOp(strip(n));
    if (!p || p.fn !== 'pow' || !p.args[0] || !p.args[1]) return null;
    const base = asConst(strip(p.args[0]));
    if (!base || base.value !== 10) return null;
    const exponent = negations(p.args[1]);
    const c = asConst(exponent.node);
    return c && typeof c.value === 'number' && Number.isInteger(c.value) ? exponent.sign * c.value : null;
  };
  const op = asOp(node);
  if (op && op.fn === 'multiply' && op.args.length === 2) {
    const c = asConst(strip(op.args[0] as MathNode));
    const exponent = readPow(op.args[1] as MathNode);
    if (c && typeof c.value === 'number' && exponent !== null) {
      if (c.value < 1 || c.value >= 10) return { ok: false, message: `The first number must be at least 1 and less than 10. ${example}` };
      return { ok: true, mantissa: sign * c.value, exponent };
    }
  }
  const alone = readPow(node);
  if (alone !== null) return { ok: true, mantissa: sign, exponent: alone };
  return { ok: false, message: example };
}

const correctStandardForms = new Map<string, ReturnType<typeof readStandardForm>>();

export const checkStandardForm: Checker = (correct, given) => {
  const expected = cached(correctStandardForms, correct, () => readStandardForm(correct, correct));
  if (!expected.ok) return null;
  const read = readStandardForm(given, given);
  if (!read.ok) {
    const plain = readNumber(given, given);
    if (plain.ok && closeRel(plain.literal.value.valueOf(), expected.mantissa * 10 ** expected.exponent, 1e-9)) {
      return no("That's the right number, but not in standard form. Write it as a × 10^n.");
    }
    return plain.ok ? no(read.message) : unread(read.message);
  }
  return read.exponent === expected.exponent && closeRel(read.mantissa, expected.mantissa, 1e-9) ? right : wrong;
};
