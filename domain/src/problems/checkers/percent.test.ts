import { describe } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { marks, testTeacherTable, type Row } from './testing/teacher-table.ts';

const percent: AnswerForm = { kind: 'percent' };

const rows: Row[] = [
  // ----- percentages
  ...marks('25%', percent, ['25%', '25', '25 %', '25 percent', '25.0%'], [['0.25', 'percentage'], ['1/4', 'as a fraction'], '26%']),
  ...marks('60%', percent, ['60'], [['0.6', 'percentage']]),
  ...marks('33.3%', { kind: 'percent', tolerance: 0.05 }, ['33.33%'], ['33']),
];

describe('checkAnswer: percent answers', () => {
  testTeacherTable(rows, {
    unreadable: [
      ['25%', percent, '25 cm'],
    ],
  });
});
