import { describe } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { marks, testTeacherTable, type Row } from './testing/teacher-table.ts';

const sf: AnswerForm = { kind: 'standard_form' };

const rows: Row[] = [
  // ----- standard form
  ...marks('4.5 × 10^4', sf, ['4.5 x 10^4', '4.5*10^4', '4.5 × 10⁴'], [['45 × 10^3', 'at least 1 and less than 10'], ['45000', 'not in standard form'], '4.5e4', '4.5 × 10^5']),
  ...marks('3.6 × 10^-4', sf, ['3.6 × 10^(-4)', '3.6x10^-4', '3.6 × 10⁻⁴'], [['0.00036', 'not in standard form']]),
];

describe('checkAnswer: standard_form answers', () => {
  testTeacherTable(rows, {
    unreadable: [
      ['4.5 × 10^3', sf, 'lots'],
    ],
    readable: [
      ['4.5 × 10^3', sf, '4500'],
      ['4.5 × 10^3', sf, '45000'],
    ],
  });
});
