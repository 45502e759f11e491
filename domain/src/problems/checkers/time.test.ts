import { describe, test } from 'vitest';
import type { AnswerForm } from '../problem.ts';
import { expectReadable, expectUnreadable, testTeacherTable, type Row } from './testing/teacher-table.ts';

const time: AnswerForm = { kind: 'time' };

const rows: Row[] = [
  // ----- what a teacher reads at once although it is not digits
  ['4:15', time, 'quarter past 4', true],
  ['4:15', time, 'quarter past four', true],
  ['4:45', time, 'quarter to 5', true],
  ['3:30', time, 'half past three', true],
  ['5:00', time, "5 o'clock", true],
  ['6:10', time, 'ten past six', true],
  ['8:35', time, '25 to 9', true],
  ['4:15', time, 'quarter to 4', false],
  // ----- clock times
  ['4:15', time, '4:15', true],
  ['4:15', time, '04:15', true],
  ['4:15', time, '16:15', true],
  ['4:15', time, '4.15', true],
  ['4:15', time, '4:15 pm', true],
  ['4:15', time, '4:50', false],
  ['4:15', time, 'quarter past four o clock', false, 'like 4:15'],
  ['12:05', time, '0:05', true],
];

describe('checkAnswer: time answers', () => {
  testTeacherTable(rows);

  test('an answer that cannot be read in the answer form is unreadable (a retry); a readable wrong one is not', () => {
    expectUnreadable([
      ['4:15', time, 'quarter past'],
    ]);
    expectReadable([
      ['4:15', time, '4:30'],
    ]);
  });
});
