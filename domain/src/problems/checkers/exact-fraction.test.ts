import { describe } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { marks, testTeacherTable, type Row } from './testing/teacher-table.ts';

const exactFraction = (require?: AnswerForm['require']): AnswerForm => (require ? { kind: 'exact_fraction', require } : { kind: 'exact_fraction' });

const EXACT = 'exact answer';
const SIMPLEST = 'simplest form';

const rows: Row[] = [
  // ----- exact fractions: rounded decimals rejected
  ...marks('1/3', exactFraction(), ['1/3', '2/6', '1 / 3', '(1)/(3)', '\\frac{1}{3}', '⅓'], [['0.333', EXACT], '0.3333333', '1/4']),
  ...marks('5/8', exactFraction(), ['0.625', '62.5%', '10/16'], [['0.63', EXACT]]),
  ...marks('1/25', exactFraction(), ['0.04', '4%']),
  ...marks('1', exactFraction(), ['5/5']),
  ...marks('3/4', exactFraction('simplest'), ['3/4'], [['6/8', SIMPLEST], ['0.75', SIMPLEST], '2/3']),
  ...marks('7/20', exactFraction('simplest'), [], [['0.35', SIMPLEST]]),
  ...marks('11/4', exactFraction('fraction'), ['11/4', '22/8'], [['2 3/4', 'single fraction'], ['2.75', 'single fraction']]),
  ...marks('3 2/5', exactFraction('mixed_number'), ['3 2/5', '3 4/10'], [['17/5', 'mixed number'], ['3.4', 'mixed number']]),
  ...marks('0.375', exactFraction('decimal'), ['0.375', '.375'], [['3/8', 'as a decimal']]),
];

describe('checkAnswer: exact_fraction answers', () => {
  testTeacherTable(rows, {
    unreadable: [
      ['0.75', exactFraction(), '3//4'],
    ],
    readable: [
      ['1/3', exactFraction(), '0.33'],
      ['1/2', exactFraction('simplest'), '2/4'],
    ],
  });
});
