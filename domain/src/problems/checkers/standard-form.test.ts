import { describe, test } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { expectReadable, expectUnreadable, testTeacherTable, type Row } from './testing/teacher-table.ts';

const sf: AnswerForm = { kind: 'standard_form' };

const rows: Row[] = [
  // ----- standard form
  ['4.5 × 10^4', sf, '4.5 x 10^4', true],
  ['4.5 × 10^4', sf, '4.5*10^4', true],
  ['4.5 × 10^4', sf, '4.5 × 10⁴', true],
  ['4.5 × 10^4', sf, '45 × 10^3', false, 'at least 1 and less than 10'],
  ['4.5 × 10^4', sf, '45000', false, 'not in standard form'],
  ['4.5 × 10^4', sf, '4.5e4', false],
  ['4.5 × 10^4', sf, '4.5 × 10^5', false],
  ['3.6 × 10^-4', sf, '3.6 × 10^(-4)', true],
  ['3.6 × 10^-4', sf, '3.6x10^-4', true],
  ['3.6 × 10^-4', sf, '3.6 × 10⁻⁴', true],
  ['3.6 × 10^-4', sf, '0.00036', false, 'not in standard form'],
];

describe('checkAnswer: standard_form answers', () => {
  testTeacherTable(rows);

  test('an answer that cannot be read in the answer form is unreadable (a retry); a readable wrong one is not', () => {
    expectUnreadable([
      ['4.5 × 10^3', sf, 'lots'],
    ]);
    expectReadable([
      ['4.5 × 10^3', sf, '4500'],
      ['4.5 × 10^3', sf, '45000'],
    ]);
  });
});
