/** `number`: within the tolerance (0.001 unless the question says), in any exact spelling: 1/2 = 0.5 = 2/4, 12,000, x = 3. */
import { readNumberAnswer } from './shared/typed-number.ts';
import { DEFAULT_TOLERANCE, right, wrong, type Checker } from './shared/verdict.ts';

export const checkNumber: Checker = (correct, given, form) => {
  const answer = readNumberAnswer(correct, given, form);
  if (answer === null) return null;
  if ('verdict' in answer) return answer.verdict;
  const tolerance = form.tolerance ?? DEFAULT_TOLERANCE;
  return Math.abs(answer.read.literal.value.valueOf() - answer.expected.number) <= tolerance + 1e-12 ? right : wrong;
};
