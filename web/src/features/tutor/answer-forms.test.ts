import { expect, test } from 'vitest';
import { answerFormSchema } from '@mathdaily/domain/problems/problem';
import { checkAnswer } from '@mathdaily/domain/problems/check-answer';
import { ANSWER_FORM_CHOICES, choiceOf } from './answer-forms.ts';

test('every answer form named in words is a valid form that accepts its own example', () => {
  for (const choice of ANSWER_FORM_CHOICES) {
    expect(answerFormSchema.safeParse(choice.form).success, choice.label).toBe(true);
    const problem = { problem_type: 'numeric' as const, correct_answer: choice.example, answer_form: choice.form, answer_options: null };
    expect(checkAnswer(problem, choice.example).correct, `${choice.label}: ${choice.example}`).toBe(true);
  }
  expect(new Set(ANSWER_FORM_CHOICES.map((choice) => choice.label)).size).toBe(ANSWER_FORM_CHOICES.length);
});

test('the conditions are what the words say: simplest form refuses 6/8, a whole number refuses 2.5', () => {
  const check = (id: string, correct: string, given: string) =>
    checkAnswer({ problem_type: 'numeric', correct_answer: correct, answer_form: ANSWER_FORM_CHOICES.find((choice) => choice.id === id)!.form, answer_options: null }, given).correct;
  expect(check('fraction-simplest', '3/4', '6/8')).toBe(false);
  expect(check('fraction', '3/4', '6/8')).toBe(true);
  expect(check('whole', '12', '12.4')).toBe(false);
});

test('a saved form finds its words again', () => {
  expect(choiceOf({ kind: 'exact_fraction', require: 'simplest' })?.label).toBe('A fraction in simplest form');
  expect(choiceOf({ kind: 'number', unit: 'cm', tolerance: 0.5 })).toBeNull();
});
