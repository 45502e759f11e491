/** `exact_fraction`: the same rational in any exact form; rounded decimals refused; `require` asks for a form (simplest, fraction, mixed number, decimal). */
import { readNumberAnswer } from './shared/typed-number.ts';
import { no, right, wrong, type Checker } from './shared/verdict.ts';

export const checkExactFraction: Checker = (correct, given, form) => {
  const answer = readNumberAnswer(correct, given, form);
  if (answer === null) return null;
  if ('verdict' in answer) return answer.verdict;
  const { expected, read } = answer;
  const { value, form: written, lowestTerms } = read.literal;
  if (!value.equals(expected.value)) {
    // A decimal that is the answer rounded (0.333 or 0.33 for 1/3) gets a hint about exactness.
    const places = /\.(\d+)/.exec(answer.body)?.[1]?.length ?? 0;
    if (written === 'decimal' && Math.abs(value.valueOf() - expected.number) <= 0.5 * 10 ** -places + 1e-12) {
      return no("That's close, but the question needs an exact answer. Use a fraction instead of a rounded decimal.");
    }
    return wrong;
  }
  const whole = expected.value.d === 1n;
  switch (form.require) {
    case 'simplest':
      if (read.percent || written === 'decimal') return no('Write your answer as a fraction in its simplest form.');
      if ((written === 'fraction' || written === 'mixed') && !lowestTerms && !whole) {
        return no("That's the right value, but the fraction isn't in its simplest form. Cancel common factors.");
      }
      if (written === 'fraction' && whole && !lowestTerms) return no('That fraction simplifies to a whole number. Write the whole number.');
      return right;
    case 'fraction':
      if (written === 'fraction' || (whole && written === 'integer')) return right;
      return no('Write your answer as a single fraction, for example 11/4.');
    case 'mixed_number':
      if (written === 'mixed' || written === 'integer' || (written === 'fraction' && Math.abs(value.valueOf()) < 1)) return right;
      return no('Write your answer as a mixed number, for example 2 3/4.');
    case 'decimal':
      if (written === 'decimal' || written === 'integer') return right;
      return no('Write your answer as a decimal, for example 0.75.');
    default:
      return right;
  }
};
