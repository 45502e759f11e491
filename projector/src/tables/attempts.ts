import { column, defineTable } from './define-table.ts';

/** read-models/attempts.ts */
export const attemptsTables = [
  defineTable({
    name: 'attempts',
    columns: {
      attempt_id: column.text(),
      user_id: column.uuid(),
      problem_id: column.uuid(),
      session_id: column.text(),
      topic: column.text(),
      topic_id: column.text(),
      grade: column.int2(),
      difficulty_level: column.int2(),
      user_answer: column.text(),
      is_correct: column.bool(),
      response_time_ms: column.int4(),
      hints_used: column.int2(),
      difficulty_rating: column.int2().nullable(),
      rated_at: column.timestamptz().nullable(),
      was_review: column.bool(),
      /** The problem's first answer in its session (`isFirstTry`); false for a retry. */
      first_try: column.bool(),
      /** What the checker said beyond right or wrong (units, exactness, form). */
      feedback: column.text().nullable(),
      answered_at: column.timestamptz(),
      local_date: column.date(),
      position: column.position(),
    },
    primaryKey: ['attempt_id'],
    indexes: ['attempts_user_time ON (user_id, answered_at DESC)', 'attempts_user_problem ON (user_id, problem_id)', 'attempts_session ON (session_id)'],
  }),
] as const;
