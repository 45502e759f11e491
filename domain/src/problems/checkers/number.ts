/** `number`: within the tolerance (0.001 unless the question says), in any exact spelling: 1/2 = 0.5 = 2/4, 12,000, x = 3. */
import { correctNumber, numberBody, readNumber } from './shared/typed-number.ts';
import { DEFAULT_TOLERANCE, right, unread, wrong, type Checker } from './shared/verdict.ts';

export const checkNumber: Checker = (correct, given, form) => {
  const expected = correctNumber(correct, form);
  if (!expected) return null;
  const b = numberBody(given, form);
  if ('verdict' in b) return b.verdict;
  const read = readNumber(b.body, given);
  if (!read.ok) return unread(read.message);
  const tolerance = form.tolerance ?? DEFAULT_TOLERANCE;
  return Math.abs(read.literal.value.valueOf() - expected.number) <= tolerance + 1e-12 ? right : wrong;
};
