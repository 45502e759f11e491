/**
 * The teacher table (docs/answer-checking.md): what a teacher would mark, both ways. Each answer
 * kind keeps its own rows in checkers/<kind>.test.ts; every row is checked through checkAnswer,
 * the one entry point, so the rules that hold for every answer (trimming) apply as in use.
 */
import { expect, test } from 'vitest';
import { checkAnswer } from '../../check-answer.ts';
import type { AnswerForm, ProblemType } from '../../problem.ts';

/** A correct answer in its form, a typed answer, whether a teacher accepts it and part of the message. */
export type Row = [correct: string, form: AnswerForm, answer: string, accepted: boolean, message?: string];

export const problemFor = (correct: string, form: AnswerForm) => ({
  problem_type: (form.kind === 'choice' ? 'multiple_choice' : 'numeric') as ProblemType,
  correct_answer: correct,
  answer_form: form,
});

/** One test per row, and one that the kind is fast enough to check per submit in a browser. */
export function testTeacherTable(rows: Row[]): void {
  test.each(rows.map((row) => [row[2], row[0], row[1].kind + (row[1].require ? `/${row[1].require}` : ''), row[3], row[4], row[1]] as const))(
    '%j for %j (%s) → %s',
    (answer, correct, _kind, accepted, message, form) => {
      const verdict = checkAnswer(problemFor(correct, form), answer);
      expect(verdict.correct).toBe(accepted);
      if (message) expect(verdict.message ?? '').toContain(message);
    },
  );

  test('checking is fast enough to run per submit in a browser', () => {
    const start = performance.now();
    for (let round = 0; round < 20; round++) for (const [correct, form, answer] of rows) checkAnswer(problemFor(correct, form), answer);
    const perCheck = (performance.now() - start) / (20 * rows.length);
    expect(perCheck).toBeLessThan(2); // ms; typically a few microseconds once warm
  });
}

/** An answer that cannot be read in the answer form is unreadable (a retry), with a message. */
export function expectUnreadable(cases: [correct: string, form: AnswerForm, answer: string][]): void {
  for (const [correct, form, answer] of cases) {
    const verdict = checkAnswer(problemFor(correct, form), answer);
    expect(verdict, `${answer} for ${correct}`).toMatchObject({ correct: false, unreadable: true });
    expect(verdict.message, `${answer} for ${correct}`).toBeTruthy();
  }
}

/** A readable wrong answer is a miss, not a retry. */
export function expectReadable(cases: [correct: string, form: AnswerForm, answer: string][]): void {
  for (const [correct, form, answer] of cases) {
    expect(checkAnswer(problemFor(correct, form), answer).unreadable, `${answer} for ${correct}`).toBeUndefined();
  }
}
