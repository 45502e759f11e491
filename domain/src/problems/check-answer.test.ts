import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkAnswer, EMPTY_ANSWER_MESSAGE } from './check-answer.ts';
import { problemFor } from './checkers/testing/teacher-table.ts';
import type { AnswerForm } from './problem.ts';

const num: AnswerForm = { kind: 'number' };

describe('checkAnswer: what a teacher accepts', () => {
  // Each kind's rows are in checkers/<kind>.test.ts; the spec's floor holds for the table as a whole.
  test('the table has at least 200 pairs, both accepted and rejected', () => {
    const folder = join(import.meta.dirname, 'checkers');
    const verdicts = readdirSync(folder)
      .filter((file) => file.endsWith('.test.ts'))
      .flatMap((file) => readFileSync(join(folder, file), 'utf8').split('\n'))
      .map((line) => /^\s*\[.*, (true|false)(?:, .*)?\],$/.exec(line)?.[1])
      .filter((verdict) => verdict !== undefined);
    expect(verdicts.length).toBeGreaterThanOrEqual(200);
    expect(verdicts.filter((v) => v === 'true').length).toBeGreaterThanOrEqual(90);
    expect(verdicts.filter((v) => v === 'false').length).toBeGreaterThanOrEqual(90);
  });
});

describe('checkAnswer: rules that hold for every kind', () => {
  test.each(['', '   ', '\n\t'])('an empty answer (%j) is not correct and asks for an answer', (answer) => {
    expect(checkAnswer(problemFor('3', num), answer)).toEqual({ correct: false, message: EMPTY_ANSWER_MESSAGE });
    expect(checkAnswer(problemFor('B', { kind: 'choice' }), answer)).toEqual({ correct: false, message: EMPTY_ANSWER_MESSAGE });
  });

  test('an over-long answer is refused with a message', () => {
    const verdict = checkAnswer(problemFor('3', num), '1'.repeat(400));
    expect(verdict.correct).toBe(false);
    expect(verdict.message).toMatch(/too long/);
  });

  test('a tutor problem whose answer does not fit its form falls back to the spec rule', () => {
    expect(checkAnswer(problemFor('a dozen', num), ' A Dozen ').correct).toBe(true);
    expect(checkAnswer(problemFor('a dozen', num), '12').correct).toBe(false);
  });
});
