import { describe } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { marks, testTeacherTable, type Row } from './testing/teacher-table.ts';

const exact = (extra: Partial<AnswerForm> = {}): AnswerForm => ({ kind: 'exact', ...extra });

const EXACT = 'exact answer';
const UNITS = 'Check the units';

const rows: Row[] = [
  // ----- exact values with surds, π, ln
  ...marks('sqrt(2)', exact(), ['sqrt(2)', '√2', '√(2)', 'sqrt 2', '2^(1/2)'], [['1.414', EXACT], ['1.41421356237', EXACT]]),
  ...marks('3sqrt(2)', exact({ require: 'surd_simplest' }), ['3√2', '3 sqrt(2)', '3*sqrt(2)', 'sqrt(2)*3', '√2 × 3'], [['sqrt(18)', 'surd can be simplified'], ['√18', 'surd can be simplified'], ['4.24', EXACT], '3√3']),
  ...marks('6sqrt(2)', exact({ require: 'surd_simplest' }), [], [['2√18', 'surd can be simplified']]),
  ...marks('5sqrt(3)', exact(), ['sqrt(75)', '5√3']),
  ...marks('sqrt(13)', exact(), [], [['sqrt(4+9)', 'simplify']]),
  ...marks('45pi cm³', exact({ unit: 'cm³' }), ['45π', '45pi', '45 π cm³'], [['141.37', EXACT], ['45 * 3.14', EXACT], ['90pi/2', 'simplify'], ['45pi cm²', UNITS]]),
  ...marks('3pi/4', exact(), ['3π/4', '(3/4)π'], [['2.356', EXACT]]),
  ...marks('sqrt(3)/3', exact({ require: 'rationalised' }), ['√3/3', '(1/3)√3'], [['1/√3', 'Rationalise']]),
  ...marks('ln(7)/2', exact(), ['ln(7)/2', '0.5ln(7)', '(ln 7)/2', 'ln(sqrt(7))'], [['0.973', EXACT]]),
  ...marks('11 + 4sqrt(7)', exact(), ['4√7 + 11', '11+4√7'], [['4 + 7 + 4√7', 'simplify']]),
];

describe('checkAnswer: exact answers', () => {
  testTeacherTable(rows, {
    unreadable: [
      ['45pi cm³', exact({ unit: 'cm³' }), '45pi cm²'],
    ],
  });
});
