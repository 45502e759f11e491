/** `choice` and every multiple-choice problem: the trimmed answer must be the correct option exactly (`0.75` is not `3/4`). */
import { right, unread, wrong, type AnswerCheck } from './shared/verdict.ts';

export function checkChoice(correct: string, given: string, options: readonly string[] | null | undefined): AnswerCheck {
  if (given === correct.trim()) return right;
  // An answer that is not one of the options offered was not a choice: a retry, not a miss.
  const offered = options ?? [];
  return offered.length > 0 && !offered.some((option) => option.trim() === given) ? unread('Choose one of the options.') : wrong;
}
