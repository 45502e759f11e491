import { describe } from 'vitest';
import { testTeacherTable, type Row } from './testing/teacher-table.ts';

const rows: Row[] = [
  // ----- text
  ['Wednesday', { kind: 'text', accept: ['Wed'] }, 'wednesday', true],
  ['Wednesday', { kind: 'text', accept: ['Wed'] }, ' Wednesday ', true],
  ['Wednesday', { kind: 'text', accept: ['Wed'] }, 'WEDNESDAY.', true],
  ['Wednesday', { kind: 'text', accept: ['Wed'] }, 'Wed', true],
  ['Wednesday', { kind: 'text', accept: ['Wed'] }, 'Thursday', false],
  ['Wednesday', { kind: 'text', accept: ['Wed'] }, 'Wednesdy', false],
];

describe('checkAnswer: text answers', () => {
  testTeacherTable(rows);
});
