import { describe, test } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { expectUnreadable, testTeacherTable, type Row } from './testing/teacher-table.ts';

const eqXY: AnswerForm = { kind: 'equation', variables: ['x', 'y'] };

const rows: Row[] = [
  // ----- equations: both sides, any rearrangement
  ['y = 2x + 1', eqXY, '2x + 1 = y', true],
  ['y = 2x + 1', eqXY, 'y=2x+1', true],
  ['y = 2x + 1', eqXY, 'y - 2x = 1', true],
  ['y = 2x + 1', eqXY, '2x - y + 1 = 0', true],
  ['y = 2x + 1', eqXY, 'y = 1 + 2x', true],
  ['y = 2x + 1', eqXY, '2y = 4x + 2', true],
  ['y = 2x + 1', eqXY, '2x + 1', true],
  ['y = 2x + 1', eqXY, 'y = 2x - 1', false],
  ['y = 2x + 1', eqXY, 'x = 2y + 1', false],
  ['y = 2x + 1', eqXY, 'y = 2x', false],
  ['y = 2x + 1', eqXY, 'y = 2x + 1 = 0', false, "couldn't read"],
  ['y = -3x + 4', eqXY, 'y = 4 - 3x', true],
  ['y = -3x + 4', eqXY, '3x + y = 4', true],
  ['y = -3x + 4', eqXY, 'y = 3x + 4', false],
];

describe('checkAnswer: equation answers', () => {
  testTeacherTable(rows);

  test('an answer that cannot be read in the answer form is unreadable (a retry)', () => {
    expectUnreadable([
      ['y = 2x + 1', eqXY, '= 2x'],
    ]);
  });
});
