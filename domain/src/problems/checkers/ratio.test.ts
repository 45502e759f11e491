import { describe } from 'vitest';
import { testTeacherTable, type Row } from './testing/teacher-table.ts';

const rows: Row[] = [
  // ----- ratios
  ['2:3', { kind: 'ratio', require: 'simplest' }, '2 : 3', true],
  ['2:3', { kind: 'ratio', require: 'simplest' }, '2 to 3', true],
  ['2:3', { kind: 'ratio', require: 'simplest' }, '4:6', false, 'simplify it fully'],
  ['2:3', { kind: 'ratio', require: 'simplest' }, '3:2', false],
  ['2:3', { kind: 'ratio', require: 'simplest' }, '2/3', false, 'as a ratio'],
  ['2:3', { kind: 'ratio' }, '4:6', true],
  ['1:2:3', { kind: 'ratio', require: 'simplest' }, '1 : 2 : 3', true],
  ['1:2:3', { kind: 'ratio', require: 'simplest' }, '2:4:6', false],
];

describe('checkAnswer: ratio answers', () => {
  testTeacherTable(rows);
});
