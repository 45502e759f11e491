import { column, defineTable } from './define-table.ts';

/** read-models/practice-days.ts */
export const practiceDaysTables = [
  defineTable({
    name: 'practice_days',
    columns: {
      user_id: column.uuid(),
      local_date: column.date(),
      answers: column.int4(),
      correct_answers: column.int4(),
      study_ms: column.int8(),
      /** Answers that were a problem's first in its session, those right, and the rest (retries): `sessionCounts`' definition. */
      first_tries: column.int4(),
      first_tries_correct: column.int4(),
      retries: column.int4(),
      first_answer_at: column.timestamptz(),
      last_answer_at: column.timestamptz(),
    },
    primaryKey: ['user_id', 'local_date'],
  }),
] as const;
