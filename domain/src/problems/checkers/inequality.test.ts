import { describe } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { marks, testTeacherTable, type Row } from './testing/teacher-table.ts';

const ineq: AnswerForm = { kind: 'inequality', variables: ['x'] };

const rows: Row[] = [
  // ----- inequalities
  ...marks('x > 4', ineq, ['x>4', '4 < x', 'x > 8/2'], [['x ≥ 4', 'inequality sign'], ['x < 4', 'inequality sign'], 'x > 5', ['4', 'as an inequality']]),
  ...marks('x <= -2', ineq, ['x ≤ -2', 'x =< -2', '-2 >= x', 'x \\le -2'], [['x < -2', 'inequality sign']]),
];

describe('checkAnswer: inequality answers', () => {
  testTeacherTable(rows, {
    unreadable: [
      ['x > 4', ineq, '4'],
    ],
  });
});
