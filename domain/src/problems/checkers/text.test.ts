import { describe } from 'vitest';
import { marks, testTeacherTable, type Row } from './testing/teacher-table.ts';

const rows: Row[] = [
  // ----- text
  ...marks('Wednesday', { kind: 'text', accept: ['Wed'] }, ['wednesday', ' Wednesday ', 'WEDNESDAY.', 'Wed'], ['Thursday', 'Wednesdy']),
];

describe('checkAnswer: text answers', () => {
  testTeacherTable(rows);
});
