import { describe, test } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { expectUnreadable, testTeacherTable, type Row } from './testing/teacher-table.ts';

const ineq: AnswerForm = { kind: 'inequality', variables: ['x'] };

const rows: Row[] = [
  // ----- inequalities
  ['x > 4', ineq, 'x>4', true],
  ['x > 4', ineq, '4 < x', true],
  ['x > 4', ineq, 'x > 8/2', true],
  ['x > 4', ineq, 'x ≥ 4', false, 'inequality sign'],
  ['x > 4', ineq, 'x < 4', false, 'inequality sign'],
  ['x > 4', ineq, 'x > 5', false],
  ['x > 4', ineq, '4', false, 'as an inequality'],
  ['x <= -2', ineq, 'x ≤ -2', true],
  ['x <= -2', ineq, 'x =< -2', true],
  ['x <= -2', ineq, '-2 >= x', true],
  ['x <= -2', ineq, 'x \\le -2', true],
  ['x <= -2', ineq, 'x < -2', false, 'inequality sign'],
];

describe('checkAnswer: inequality answers', () => {
  testTeacherTable(rows);

  test('an answer that cannot be read in the answer form is unreadable (a retry)', () => {
    expectUnreadable([
      ['x > 4', ineq, '4'],
    ]);
  });
});
