import { describe, test } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { expectUnreadable, testTeacherTable, type Row } from './testing/teacher-table.ts';

const exact = (extra: Partial<AnswerForm> = {}): AnswerForm => ({ kind: 'exact', ...extra });

const EXACT = 'exact answer';
const UNITS = 'Check the units';

const rows: Row[] = [
  // ----- exact values with surds, π, ln
  ['sqrt(2)', exact(), 'sqrt(2)', true],
  ['sqrt(2)', exact(), '√2', true],
  ['sqrt(2)', exact(), '√(2)', true],
  ['sqrt(2)', exact(), 'sqrt 2', true],
  ['sqrt(2)', exact(), '1.414', false, EXACT],
  ['sqrt(2)', exact(), '1.41421356237', false, EXACT],
  ['sqrt(2)', exact(), '2^(1/2)', true],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), '3√2', true],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), '3 sqrt(2)', true],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), '3*sqrt(2)', true],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), 'sqrt(2)*3', true],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), '√2 × 3', true],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), 'sqrt(18)', false, 'surd can be simplified'],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), '√18', false, 'surd can be simplified'],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), '4.24', false, EXACT],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), '3√3', false],
  ['6sqrt(2)', exact({ require: 'surd_simplest' }), '2√18', false, 'surd can be simplified'],
  ['5sqrt(3)', exact(), 'sqrt(75)', true],
  ['5sqrt(3)', exact(), '5√3', true],
  ['sqrt(13)', exact(), 'sqrt(4+9)', false, 'simplify'],
  ['45pi cm³', exact({ unit: 'cm³' }), '45π', true],
  ['45pi cm³', exact({ unit: 'cm³' }), '45pi', true],
  ['45pi cm³', exact({ unit: 'cm³' }), '45 π cm³', true],
  ['45pi cm³', exact({ unit: 'cm³' }), '141.37', false, EXACT],
  ['45pi cm³', exact({ unit: 'cm³' }), '45 * 3.14', false, EXACT],
  ['45pi cm³', exact({ unit: 'cm³' }), '90pi/2', false, 'simplify'],
  ['45pi cm³', exact({ unit: 'cm³' }), '45pi cm²', false, UNITS],
  ['3pi/4', exact(), '3π/4', true],
  ['3pi/4', exact(), '(3/4)π', true],
  ['3pi/4', exact(), '2.356', false, EXACT],
  ['sqrt(3)/3', exact({ require: 'rationalised' }), '√3/3', true],
  ['sqrt(3)/3', exact({ require: 'rationalised' }), '(1/3)√3', true],
  ['sqrt(3)/3', exact({ require: 'rationalised' }), '1/√3', false, 'Rationalise'],
  ['ln(7)/2', exact(), 'ln(7)/2', true],
  ['ln(7)/2', exact(), '0.5ln(7)', true],
  ['ln(7)/2', exact(), '(ln 7)/2', true],
  ['ln(7)/2', exact(), 'ln(sqrt(7))', true],
  ['ln(7)/2', exact(), '0.973', false, EXACT],
  ['11 + 4sqrt(7)', exact(), '4√7 + 11', true],
  ['11 + 4sqrt(7)', exact(), '11+4√7', true],
  ['11 + 4sqrt(7)', exact(), '4 + 7 + 4√7', false, 'simplify'],
];

describe('checkAnswer: exact answers', () => {
  testTeacherTable(rows);

  test('an answer that cannot be read in the answer form is unreadable (a retry)', () => {
    expectUnreadable([
      ['45pi cm³', exact({ unit: 'cm³' }), '45pi cm²'],
    ]);
  });
});
