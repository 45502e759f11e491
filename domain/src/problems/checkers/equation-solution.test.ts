import { describe } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { marks, testTeacherTable, type Row } from './testing/teacher-table.ts';

const solution = (extra: Partial<AnswerForm> = {}): AnswerForm => ({ kind: 'equation_solution', variables: ['x'], exact: true, ...extra });

const rows: Row[] = [
  // ----- solutions of equations
  ...marks('x = 3', solution(), ['3', 'x = 3', 'x=3', 'X = 3', '3 = x', '6/2'], [['2x = 6', 'Finish solving'], ['3 = y', 'asks for x'], ['y = 3', 'asks for x'], 'x = 4', 'x = 3, x = 4']),
  ...marks('x = 5/2', solution(), ['2.5', '5/2', '2 1/2', '10/4'], ['2.4']),
  ...marks('x = 2, x = -3', solution(), ['-3, 2', 'x = 2 or x = -3', 'x=-3 and x=2', '2; -3', 'x = -3, x = 2, x = 2'], [['x = 2', 'Find them all'], 'x = 2, x = 3', '2, -3, 4']),
  ...marks('x = 3, x = -3', solution(), ['±3', 'x = ±3', '+-3']),
  ...marks('x = 30°, x = 150°', solution({ unit: '°' }), ['30, 150', '150°, 30°', '30 degrees, 150 degrees'], [['30', 'Find them all']]),
  ...marks('x = 0.38, x = -2.63', solution({ exact: false, tolerance: 0.001 }), ['-2.63, 0.38'], ['0.382, -2.63']),
];

describe('checkAnswer: equation_solution answers', () => {
  testTeacherTable(rows, {
    unreadable: [
      ['x = 3', solution(), 'x = ?'],
      ['x = 30°, x = 150°', solution({ unit: '°' }), '30 cm, 150 cm'],
    ],
  });
});
