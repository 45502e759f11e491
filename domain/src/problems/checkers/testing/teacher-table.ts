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

/** A typed answer a teacher rejects, alone or with part of the message the student is shown. */
type Rejected = string | [answer: string, message: string];

/**
 * The rows for one correct answer in one form: the typed answers a teacher accepts, then those
 * rejected. One call a line: check-answer.test.ts counts the table's pairs from these lines.
 */
export function marks(correct: string, form: AnswerForm, accepted: readonly string[], rejected: readonly Rejected[] = []): Row[] {
  return [
    ...accepted.map((answer): Row => [correct, form, answer, true]),
    ...rejected.map((r): Row => (typeof r === 'string' ? [correct, form, r, false] : [correct, form, r[0], false, r[1]])),
  ];
}

type Case = [correct: string, form: AnswerForm, answer: string];

/** Misses that are retries (unreadable) and, optionally, readable wrong answers that are misses. */
interface Retries {
  unreadable: Case[];
  readable?: Case[];
}

export const problemFor = (correct: string, form: AnswerForm) => ({
  problem_type: (form.kind === 'choice' ? 'multiple_choice' : 'numeric') as ProblemType,
  correct_answer: correct,
  answer_form: form,
});

/**
 * One test per row, one that the kind is fast enough to check per submit in a browser and, given
 * retries, one that unreadable answers are retries and readable wrong ones are not.
 */
export function testTeacherTable(rows: Row[], retries?: Retries): void {
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

  if (!retries) return;
  const { unreadable, readable } = retries;
  test(`an answer that cannot be read in the answer form is unreadable (a retry)${readable ? '; a readable wrong one is not' : ''}`, () => {
    expectUnreadable(unreadable);
    if (readable) expectReadable(readable);
  });
}

/** An answer that cannot be read in the answer form is unreadable (a retry), with a message. */
function expectUnreadable(cases: Case[]): void {
  for (const [correct, form, answer] of cases) {
    const verdict = checkAnswer(problemFor(correct, form), answer);
    expect(verdict, `${answer} for ${correct}`).toMatchObject({ correct: false, unreadable: true });
    expect(verdict.message, `${answer} for ${correct}`).toBeTruthy();
  }
}

/** A readable wrong answer is a miss, not a retry. */
function expectReadable(cases: Case[]): void {
  for (const [correct, form, answer] of cases) {
    expect(checkAnswer(problemFor(correct, form), answer).unreadable, `${answer} for ${correct}`).toBeUndefined();
  }
}
