import type { AnswerForm } from '@mathdaily/domain/problems/problem';

/**
 * The answer forms a teacher chooses from, named in words (issue 32 item 4): each is one of
 * checkAnswer's forms with its conditions filled in, and an example correct answer that the form
 * accepts (answer-forms.test.ts checks each with the real checker).
 */
export interface AnswerFormChoice {
  id: string;
  label: string;
  form: AnswerForm;
  example: string;
}

export const ANSWER_FORM_CHOICES: readonly AnswerFormChoice[] = [
  { id: 'whole', label: 'A whole number', form: { kind: 'number', tolerance: 0 }, example: '12' },
  { id: 'number', label: 'A number (decimals allowed)', form: { kind: 'number' }, example: '2.5' },
  { id: 'decimal', label: 'A decimal number', form: { kind: 'number', require: 'decimal' }, example: '0.75' },
  { id: 'fraction', label: 'A fraction (any equivalent one)', form: { kind: 'exact_fraction' }, example: '3/4' },
  { id: 'fraction-simplest', label: 'A fraction in simplest form', form: { kind: 'exact_fraction', require: 'simplest' }, example: '3/4' },
  { id: 'mixed', label: 'A mixed number', form: { kind: 'exact_fraction', require: 'mixed_number' }, example: '2 3/4' },
  { id: 'percent', label: 'A percentage', form: { kind: 'percent' }, example: '25%' },
  { id: 'ratio', label: 'A ratio', form: { kind: 'ratio' }, example: '2:3' },
  { id: 'ratio-simplest', label: 'A ratio in simplest form', form: { kind: 'ratio', require: 'simplest' }, example: '2:3' },
  { id: 'exact', label: 'An exact value (such as 3√2 or 4π)', form: { kind: 'exact' }, example: '3sqrt(2)' },
  { id: 'expression', label: 'An expression in x', form: { kind: 'expression', variables: ['x'] }, example: '2x + 1' },
  { id: 'expression-expanded', label: 'An expression in x, expanded', form: { kind: 'expression', variables: ['x'], require: 'expanded' }, example: 'x^2 + 5x + 6' },
  { id: 'expression-factorised', label: 'An expression in x, fully factorised', form: { kind: 'expression', variables: ['x'], require: 'factorised' }, example: '(x + 2)(x + 3)' },
  { id: 'solution', label: 'The value of x (x = 3, or x = 2 or x = -3)', form: { kind: 'equation_solution', variables: ['x'] }, example: 'x = 3' },
  { id: 'equation', label: 'An equation (any rearrangement)', form: { kind: 'equation' }, example: 'y = 2x + 1' },
  { id: 'inequality', label: 'An inequality (such as x > 4)', form: { kind: 'inequality' }, example: 'x > 4' },
  { id: 'point', label: 'A point (x, y)', form: { kind: 'point' }, example: '(3, -2)' },
  { id: 'standard-form', label: 'A number in standard form', form: { kind: 'standard_form' }, example: '3.2 × 10^4' },
  { id: 'time', label: 'A time on the clock', form: { kind: 'time' }, example: '14:30' },
  { id: 'integral', label: 'An integral in x (with + C)', form: { kind: 'antiderivative', variables: ['x'] }, example: 'x^2 + C' },
  { id: 'text', label: 'A word or short phrase', form: { kind: 'text' }, example: 'isosceles' },
];

const sameForm = (a: AnswerForm, b: AnswerForm) =>
  a.kind === b.kind && (a.require ?? null) === (b.require ?? null) && (a.tolerance ?? null) === (b.tolerance ?? null) && (a.variables ?? []).join() === (b.variables ?? []).join();

/** The choice a saved question's form is (null: a form set some other way, shown by its kind). */
export function choiceOf(form: AnswerForm): AnswerFormChoice | null {
  return ANSWER_FORM_CHOICES.find((choice) => sameForm(choice.form, form)) ?? null;
}
