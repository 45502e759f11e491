import { describe } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { marks, testTeacherTable, type Row } from './testing/teacher-table.ts';

const point = (extra: Partial<AnswerForm> = {}): AnswerForm => ({ kind: 'point', exact: true, ...extra });

const rows: Row[] = [
  // ----- points and simultaneous equations
  ...marks('(3, -2)', point(), ['(3,-2)', '3, -2', '[3, -2]'], ['(-2, 3)', ['(3)', 'both coordinates']]),
  ...marks('(1.5, -0.5)', point(), ['(3/2, -1/2)', '(1 1/2, -0.5)']),
  ...marks('x = 4, y = 3', point({ variables: ['x', 'y'] }), ['(4, 3)', 'y = 3, x = 4', 'x = 4 and y = 3'], ['(3, 4)', 'x = 3, y = 4']),
];

describe('checkAnswer: point answers', () => {
  testTeacherTable(rows, {
    unreadable: [
      ['(3, -2)', point(), '(3'],
    ],
  });
});
