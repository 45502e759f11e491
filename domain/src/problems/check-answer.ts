/**
 * Answer checking: the spec's rules (multiple choice exact; numbers within 0.001; text trimmed and
 * case-insensitive) extended to what a teacher accepts. The rules and the reasons for them are in
 * docs/answer-checking.md. This is the one entry point: it handles what holds for every answer and
 * hands the rest to the checker for the answer's kind (checkers/<kind>.ts), which parse and
 * evaluate with mathjs (math/).
 */
import { checkAntiderivative } from './checkers/antiderivative.ts';
import { checkChoice } from './checkers/choice.ts';
import { checkEquationSolution } from './checkers/equation-solution.ts';
import { checkEquation } from './checkers/equation.ts';
import { checkExactFraction } from './checkers/exact-fraction.ts';
import { checkExact } from './checkers/exact.ts';
import { checkExpression } from './checkers/expression.ts';
import { checkInequality } from './checkers/inequality.ts';
import { checkNumber } from './checkers/number.ts';
import { checkPercent } from './checkers/percent.ts';
import { checkPoint } from './checkers/point.ts';
import { checkRatio } from './checkers/ratio.ts';
import { DEFAULT_TOLERANCE, no, type AnswerCheck, type Checker } from './checkers/shared/verdict.ts';
import { checkStandardForm } from './checkers/standard-form.ts';
import { checkText } from './checkers/text.ts';
import { checkTime } from './checkers/time.ts';
import { normaliseSpace } from './math/normalise.ts';
import type { AnswerForm, Problem } from './problem.ts';

export type { AnswerCheck } from './checkers/shared/verdict.ts';

/** What checkAnswer needs from a problem. */
export type CheckableProblem = Pick<Problem, 'problem_type' | 'correct_answer' | 'answer_form'> &
  Partial<Pick<Problem, 'answer_options'>>;

export const EMPTY_ANSWER_MESSAGE = 'Please enter an answer';
const MAX_ANSWER_LENGTH = 300;

/** One checker per typed answer kind; choices are checked against the options instead. */
const CHECKERS: Record<Exclude<AnswerForm['kind'], 'choice'>, Checker> = {
  number: checkNumber,
  exact_fraction: checkExactFraction,
  exact: checkExact,
  expression: checkExpression,
  equation: checkEquation,
  equation_solution: checkEquationSolution,
  point: checkPoint,
  inequality: checkInequality,
  percent: checkPercent,
  ratio: checkRatio,
  standard_form: checkStandardForm,
  time: checkTime,
  antiderivative: checkAntiderivative,
  text: checkText,
};

export function checkAnswer(problem: CheckableProblem, answer: string): AnswerCheck {
  const given = typeof answer === 'string' ? answer.trim() : '';
  if (given === '') return no(EMPTY_ANSWER_MESSAGE);
  if (given.length > MAX_ANSWER_LENGTH) return no('That answer is too long. Please enter just the answer.');
  const form = problem.answer_form;
  if (problem.problem_type === 'multiple_choice' || form.kind === 'choice') return checkChoice(problem.correct_answer, given, problem.answer_options);
  const result = CHECKERS[form.kind](problem.correct_answer, given, form);
  return result ?? specFallback(problem.correct_answer, given);
}

/** The spec's own rule, used when a (tutor-written) correct answer does not fit its declared form. */
function specFallback(correct: string, given: string): AnswerCheck {
  const a = Number(correct.trim());
  const b = Number(given.trim());
  if (correct.trim() !== '' && Number.isFinite(a) && Number.isFinite(b)) return { correct: Math.abs(a - b) <= DEFAULT_TOLERANCE };
  return { correct: normaliseSpace(correct).toLowerCase() === normaliseSpace(given).toLowerCase() };
}

/**
 * Whether a written problem's own correct answer passes `checkAnswer` in its declared form: null
 * when it does, else why not. A tutor's problem is only stored when it does, so no student is ever
 * marked against an answer the checker cannot read. Stricter than `checkAnswer` itself, which falls
 * back to the spec's plain rule when the stored answer does not fit its form.
 */
export function uncheckableAnswerReason(problem: CheckableProblem): string | null {
  const correct = problem.correct_answer.trim();
  if (correct === '') return EMPTY_ANSWER_MESSAGE;
  if (problem.problem_type === 'multiple_choice' || problem.answer_form.kind === 'choice') {
    return (problem.answer_options ?? []).some((option) => option.trim() === correct) ? null : 'The correct answer must be one of the options.';
  }
  const result = CHECKERS[problem.answer_form.kind](problem.correct_answer, problem.correct_answer, problem.answer_form);
  if (result === null) return `The correct answer "${correct}" cannot be read in its answer form (${problem.answer_form.kind.replace(/_/g, ' ')}).`;
  if (!result.correct) return `The correct answer "${correct}" does not pass its own check${result.message ? `: ${result.message}` : ''}.`;
  return null;
}
