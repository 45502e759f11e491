/** `percent`: `25%`, `25`, `25 percent`; the same value as a decimal or fraction is refused with a message saying which it is. */
import { correctNumber, readNumber } from './shared/typed-number.ts';
import { splitUnit, typoMessage } from './shared/units.ts';
import { DEFAULT_TOLERANCE, no, right, unread, wrong, type Checker } from './shared/verdict.ts';

export const checkPercent: Checker = (correct, given, form) => {
  const expected = correctNumber(correct.replace(/%\s*$/, ''), { ...form, kind: 'number' });
  if (!expected) return null;
  const split = splitUnit(given.replace(/\s*(?:%|percent|per cent)\s*$/i, ''), undefined);
  if (split.unit) return unread(typoMessage(split.body + split.unit) ?? `Give a percentage, without '${split.unit}'.`);
  const read = readNumber(split.body, given);
  if (!read.ok) return unread(read.message);
  const v = read.literal.value.valueOf();
  const tolerance = form.tolerance ?? DEFAULT_TOLERANCE;
  if (Math.abs(v - expected.number) <= tolerance + 1e-12) return right;
  if (expected.number !== 0 && Math.abs(v * 100 - expected.number) <= tolerance + 1e-12) {
    const as = read.literal.form === 'decimal' || read.literal.form === 'integer' ? 'a decimal' : 'a fraction';
    return no(`That's the value as ${as}. Write it as a percentage, for example ${formatPlain(v * 100)}%.`);
  }
  return wrong;
};

function formatPlain(x: number): string {
  return String(Number(x.toPrecision(12)));
}
