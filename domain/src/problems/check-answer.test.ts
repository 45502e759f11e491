import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkAnswer, EMPTY_ANSWER_MESSAGE } from './check-answer.ts';
import { problemFor } from './checkers/testing/teacher-table.ts';
import type { AnswerForm } from './problem.ts';

const num: AnswerForm = { kind: 'number' };

/** The comma-separated items of a list written in code, not split inside strings or brackets. */
function topLevelItems(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i] as string;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      items.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = list.slice(start).trim();
  return last ? [...items, last] : items;
}

describe('checkAnswer: what a teacher accepts', () => {
  // Each kind's rows are in checkers/<kind>.test.ts; the spec's floor holds for the table as a whole.
  test('the table has at least 200 pairs, both accepted and rejected', () => {
    const folder = join(import.meta.dirname, 'checkers');
    const groups = readdirSync(folder)
      .filter((file) => file.endsWith('.test.ts'))
      .flatMap((file) => readFileSync(join(folder, file), 'utf8').split('\n'))
      .map((line) => /^\s*\.\.\.marks\((.*)\),$/.exec(line)?.[1])
      .filter((args) => args !== undefined)
      // ...marks(correct, form, [accepted…], [rejected…]): one pair per typed answer.
      .map((args) => topLevelItems(args).slice(2).map((list) => topLevelItems(list.slice(1, -1)).length));
    const accepted = groups.reduce((sum, [n = 0]) => sum + n, 0);
    const rejected = groups.reduce((sum, [, n = 0]) => sum + n, 0);
    expect(accepted + rejected).toBeGreaterThanOrEqual(200);
    expect(accepted).toBeGreaterThanOrEqual(90);
    expect(rejected).toBeGreaterThanOrEqual(90);
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
