import { describe, test } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { expectUnreadable, testTeacherTable, type Row } from './testing/teacher-table.ts';

const percent: AnswerForm = { kind: 'percent' };

const rows: Row[] = [
  // ----- percentages
  ['25%', percent, '25%', true],
  ['25%', percent, '25', true],
  ['25%', percent, '25 %', true],
  ['25%', percent, '25 percent', true],
  ['25%', percent, '25.0%', true],
  ['25%', percent, '0.25', false, 'percentage'],
  ['25%', percent, '1/4', false, 'as a fraction'],
  ['25%', percent, '26%', false],
  ['60%', percent, '60', true],
  ['60%', percent, '0.6', false, 'percentage'],
  ['33.3%', { kind: 'percent', tolerance: 0.05 }, '33.33%', true],
  ['33.3%', { kind: 'percent', tolerance: 0.05 }, '33', false],
];

describe('checkAnswer: percent answers', () => {
  testTeacherTable(rows);

  test('an answer that cannot be read in the answer form is unreadable (a retry)', () => {
    expectUnreadable([
      ['25%', percent, '25 cm'],
    ]);
  });
});
