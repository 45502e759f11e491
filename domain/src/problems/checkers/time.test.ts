import { describe } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { marks, testTeacherTable, type Row } from './testing/teacher-table.ts';

const time: AnswerForm = { kind: 'time' };

const rows: Row[] = [
  // ----- what a teacher reads at once although it is not digits
  ...marks('4:15', time, ['quarter past 4', 'quarter past four']),
  ...marks('4:45', time, ['quarter to 5']),
  ...marks('3:30', time, ['half past three']),
  ...marks('5:00', time, ["5 o'clock"]),
  ...marks('6:10', time, ['ten past six']),
  ...marks('8:35', time, ['25 to 9']),
  ...marks('4:15', time, [], ['quarter to 4']),
  // ----- clock times
  ...marks('4:15', time, ['4:15', '04:15', '16:15', '4.15', '4:15 pm'], ['4:50', ['quarter past four o clock', 'like 4:15']]),
  ...marks('12:05', time, ['0:05']),
];

describe('checkAnswer: time answers', () => {
  testTeacherTable(rows, {
    unreadable: [
      ['4:15', time, 'quarter past'],
    ],
    readable: [
      ['4:15', time, '4:30'],
    ],
  });
});
