import { describe } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { marks, testTeacherTable, type Row } from './testing/teacher-table.ts';

const eqXY: AnswerForm = { kind: 'equation', variables: ['x', 'y'] };

const rows: Row[] = [
  // ----- equations: both sides, any rearrangement
  ...marks('y = 2x + 1', eqXY, ['2x + 1 = y', 'y=2x+1', 'y - 2x = 1', '2x - y + 1 = 0', 'y = 1 + 2x', '2y = 4x + 2', '2x + 1'], ['y = 2x - 1', 'x = 2y + 1', 'y = 2x', ['y = 2x + 1 = 0', "couldn't read"]]),
  ...marks('y = -3x + 4', eqXY, ['y = 4 - 3x', '3x + y = 4'], ['y = 3x + 4']),
];

describe('checkAnswer: equation answers', () => {
  testTeacherTable(rows, {
    unreadable: [
      ['y = 2x + 1', eqXY, '= 2x'],
    ],
  });
});
