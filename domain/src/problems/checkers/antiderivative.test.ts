import { describe } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { testTeacherTable, type Row } from './testing/teacher-table.ts';

const anti: AnswerForm = { kind: 'antiderivative', variables: ['x'] };

const rows: Row[] = [
  // ----- indefinite integrals: any constant, but it must be there
  ['x^3 + 2x + C', anti, 'x^3 + 2x + C', true],
  ['x^3 + 2x + C', anti, 'x³ + 2x + c', true],
  ['x^3 + 2x + C', anti, 'x^3 + 2x + k', true],
  ['x^3 + 2x + C', anti, '2x + x^3 + C', true],
  ['x^3 + 2x + C', anti, 'x^3 + 2x', false, 'constant of integration'],
  ['x^3 + 2x + C', anti, 'x^3 + 2x + 5', false, 'constant of integration'],
  ['x^3 + 2x + C', anti, '3x^2 + 2', false],
  ['x^3 + 2x + C', anti, 'x^3 + 2x + C + K', false, 'just one constant'],
  ['x^3 + 2x + C', anti, 'Cx^3 + 2x', false],
  ['2ln|x| + C', anti, '2ln(x) + C', true],
  ['2ln|x| + C', anti, '2 ln|x| + C', true],
  ['2ln|x| + C', anti, 'ln(x^2) + C', true],
  ['2ln|x| + C', anti, '2ln|x|', false, 'constant of integration'],
];

describe('checkAnswer: antiderivative answers', () => {
  testTeacherTable(rows);
});
