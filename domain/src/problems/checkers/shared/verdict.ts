/** What every answer checker returns, and the shape of a checker (checkers/<kind>.ts). */
import type { AnswerForm } from '../../problem.ts';

export interface AnswerCheck {
  correct: boolean;
  /** Why an answer was not accepted, when that is more than "wrong" (format, units, exactness). */
  message?: string;
  /**
   * True when a teacher would not read the answer as an answer at all ('abc' for a number, a
   * letter inside a number as in '2l', a unit the problem does not use): a retry with a helpful
   * message, never a wrong answer — the practice decider records nothing for it.
   */
  unreadable?: true;
}

/**
 * Checks a trimmed, non-empty answer against the stored correct answer in the given form.
 * null: the stored correct answer could not be read in its declared form.
 */
export type Checker = (correct: string, given: string, form: AnswerForm) => AnswerCheck | null;

export const right: AnswerCheck = { correct: true };
export const wrong: AnswerCheck = { correct: false };
export const no = (message: string): AnswerCheck => ({ correct: false, message });
export const unread = (message: string): AnswerCheck => ({ correct: false, message, unreadable: true });

/** The spec's tolerance for numbers (answers within 0.001 are right). */
export const DEFAULT_TOLERANCE = 0.001;
