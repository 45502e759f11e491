import { describe, test } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { expectReadable, expectUnreadable, testTeacherTable, type Row } from './testing/teacher-table.ts';

const exactFraction = (require?: AnswerForm['require']): AnswerForm => (require ? { kind: 'exact_fraction', require } : { kind: 'exact_fraction' });
const exact = (extra: Partial<AnswerForm> = {}): AnswerForm => ({ kind: 'exact', ...extra });

const EXACT = 'exact answer';
const SIMPLEST = 'simplest form';

const rows: Row[] = [
  // ----- exact fractions: rounded decimals rejected
  ['1/3', exactFraction(), '1/3', true],
  ['1/3', exactFraction(), '2/6', true],
  ['1/3', exactFraction(), '1 / 3', true],
  ['1/3', exactFraction(), '(1)/(3)', true],
  ['1/3', exactFraction(), '\\frac{1}{3}', true],
  ['1/3', exactFraction(), '⅓', true],
  ['1/3', exactFraction(), '0.333', false, EXACT],
  ['1/3', exactFraction(), '0.3333333', false],
  ['1/3', exactFraction(), '1/4', false],
  ['5/8', exactFraction(), '0.625', true],
  ['5/8', exactFraction(), '62.5%', true],
  ['5/8', exactFraction(), '10/16', true],
  ['5/8', exactFraction(), '0.63', false, EXACT],
  ['1/25', exactFraction(), '0.04', true],
  ['1/25', exactFraction(), '4%', true],
  ['1', exactFraction(), '5/5', true],
  ['3/4', exactFraction('simplest'), '3/4', true],
  ['3/4', exactFraction('simplest'), '6/8', false, SIMPLEST],
  ['3/4', exactFraction('simplest'), '0.75', false, SIMPLEST],
  ['3/4', exactFraction('simplest'), '2/3', false],
  ['7/20', exactFraction('simplest'), '0.35', false, SIMPLEST],
  ['11/4', exactFraction('fraction'), '11/4', true],
  ['11/4', exactFraction('fraction'), '22/8', true],
  ['11/4', exactFraction('fraction'), '2 3/4', false, 'single fraction'],
  ['11/4', exactFraction('fraction'), '2.75', false, 'single fraction'],
  ['3 2/5', exactFraction('mixed_number'), '3 2/5', true],
  ['3 2/5', exactFraction('mixed_number'), '3 4/10', true],
  ['3 2/5', exactFraction('mixed_number'), '17/5', false, 'mixed number'],
  ['3 2/5', exactFraction('mixed_number'), '3.4', false, 'mixed number'],
  ['0.375', exactFraction('decimal'), '0.375', true],
  ['0.375', exactFraction('decimal'), '.375', true],
  ['0.375', exactFraction('decimal'), '3/8', false, 'as a decimal'],
];

describe('checkAnswer: exact_fraction answers', () => {
  testTeacherTable(rows);

  test('an answer that cannot be read in the answer form is unreadable (a retry); a readable wrong one is not', () => {
    expectUnreadable([
      ['0.75', exactFraction(), '3//4'],
    ]);
    expectReadable([
      ['1/3', exactFraction(), '0.33'],
      ['1/2', exactFraction('simplest'), '2/4'],
    ]);
  });
});
