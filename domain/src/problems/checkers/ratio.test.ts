import { describe } from 'vitest';
import { marks, testTeacherTable, type Row } from './testing/teacher-table.ts';

const rows: Row[] = [
  // ----- ratios
  ...marks('2:3', { kind: 'ratio', require: 'simplest' }, ['2 : 3', '2 to 3'], [['4:6', 'simplify it fully'], '3:2', ['2/3', 'as a ratio']]),
  ...marks('2:3', { kind: 'ratio' }, ['4:6']),
  ...marks('1:2:3', { kind: 'ratio', require: 'simplest' }, ['1 : 2 : 3'], ['2:4:6']),
];

describe('checkAnswer: ratio answers', () => {
  testTeacherTable(rows);
});
