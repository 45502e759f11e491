import { describe } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { marks, testTeacherTable, type Row } from './testing/teacher-table.ts';

const anti: AnswerForm = { kind: 'antiderivative', variables: ['x'] };

const rows: Row[] = [
  // ----- indefinite integrals: any constant, but it must be there
  ...marks('x^3 + 2x + C', anti, ['x^3 + 2x + C', 'x³ + 2x + c', 'x^3 + 2x + k', '2x + x^3 + C'], [['x^3 + 2x', 'constant of integration'], ['x^3 + 2x + 5', 'constant of integration'], '3x^2 + 2', ['x^3 + 2x + C + K', 'just one constant'], 'Cx^3 + 2x']),
  ...marks('2ln|x| + C', anti, ['2ln(x) + C', '2 ln|x| + C', 'ln(x^2) + C'], [['2ln|x|', 'constant of integration']]),
];

describe('checkAnswer: antiderivative answers', () => {
  testTeacherTable(rows);
});
