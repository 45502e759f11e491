import { describe, test } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { expectUnreadable, testTeacherTable, type Row } from './testing/teacher-table.ts';

const point = (extra: Partial<AnswerForm> = {}): AnswerForm => ({ kind: 'point', exact: true, ...extra });

const rows: Row[] = [
  // ----- points and simultaneous equations
  ['(3, -2)', point(), '(3,-2)', true],
  ['(3, -2)', point(), '3, -2', true],
  ['(3, -2)', point(), '[3, -2]', true],
  ['(3, -2)', point(), '(-2, 3)', false],
  ['(3, -2)', point(), '(3)', false, 'both coordinates'],
  ['(1.5, -0.5)', point(), '(3/2, -1/2)', true],
  ['(1.5, -0.5)', point(), '(1 1/2, -0.5)', true],
  ['x = 4, y = 3', point({ variables: ['x', 'y'] }), '(4, 3)', true],
  ['x = 4, y = 3', point({ variables: ['x', 'y'] }), 'y = 3, x = 4', true],
  ['x = 4, y = 3', point({ variables: ['x', 'y'] }), 'x = 4 and y = 3', true],
  ['x = 4, y = 3', point({ variables: ['x', 'y'] }), '(3, 4)', false],
  ['x = 4, y = 3', point({ variables: ['x', 'y'] }), 'x = 3, y = 4', false],
];

describe('checkAnswer: point answers', () => {
  testTeacherTable(rows);

  test('an answer that cannot be read in the answer form is unreadable (a retry)', () => {
    expectUnreadable([
      ['(3, -2)', point(), '(3'],
    ]);
  });
});
