import { describe, test } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { expectUnreadable, testTeacherTable, type Row } from './testing/teacher-table.ts';

const solution = (extra: Partial<AnswerForm> = {}): AnswerForm => ({ kind: 'equation_solution', variables: ['x'], exact: true, ...extra });

const rows: Row[] = [
  // ----- solutions of equations
  ['x = 3', solution(), '3', true],
  ['x = 3', solution(), 'x = 3', true],
  ['x = 3', solution(), 'x=3', true],
  ['x = 3', solution(), 'X = 3', true],
  ['x = 3', solution(), '3 = x', true],
  ['x = 3', solution(), '2x = 6', false, 'Finish solving'],
  ['x = 3', solution(), '3 = y', false, 'asks for x'],
  ['x = 3', solution(), '6/2', true],
  ['x = 3', solution(), 'y = 3', false, 'asks for x'],
  ['x = 3', solution(), 'x = 4', false],
  ['x = 3', solution(), 'x = 3, x = 4', false],
  ['x = 5/2', solution(), '2.5', true],
  ['x = 5/2', solution(), '5/2', true],
  ['x = 5/2', solution(), '2 1/2', true],
  ['x = 5/2', solution(), '10/4', true],
  ['x = 5/2', solution(), '2.4', false],
  ['x = 2, x = -3', solution(), '-3, 2', true],
  ['x = 2, x = -3', solution(), 'x = 2 or x = -3', true],
  ['x = 2, x = -3', solution(), 'x=-3 and x=2', true],
  ['x = 2, x = -3', solution(), '2; -3', true],
  ['x = 2, x = -3', solution(), 'x = -3, x = 2, x = 2', true],
  ['x = 2, x = -3', solution(), 'x = 2', false, 'Find them all'],
  ['x = 2, x = -3', solution(), 'x = 2, x = 3', false],
  ['x = 2, x = -3', solution(), '2, -3, 4', false],
  ['x = 3, x = -3', solution(), '±3', true],
  ['x = 3, x = -3', solution(), 'x = ±3', true],
  ['x = 3, x = -3', solution(), '+-3', true],
  ['x = 30°, x = 150°', solution({ unit: '°' }), '30, 150', true],
  ['x = 30°, x = 150°', solution({ unit: '°' }), '150°, 30°', true],
  ['x = 30°, x = 150°', solution({ unit: '°' }), '30 degrees, 150 degrees', true],
  ['x = 30°, x = 150°', solution({ unit: '°' }), '30', false, 'Find them all'],
  ['x = 0.38, x = -2.63', solution({ exact: false, tolerance: 0.001 }), '-2.63, 0.38', true],
  ['x = 0.38, x = -2.63', solution({ exact: false, tolerance: 0.001 }), '0.382, -2.63', false],
];

describe('checkAnswer: equation_solution answers', () => {
  testTeacherTable(rows);

  test('an answer that cannot be read in the answer form is unreadable (a retry)', () => {
    expectUnreadable([
      ['x = 3', solution(), 'x = ?'],
      ['x = 30°, x = 150°', solution({ unit: '°' }), '30 cm, 150 cm'],
    ]);
  });
});
