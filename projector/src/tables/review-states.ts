import type { ReviewState } from '@mathdaily/domain';
import { column, defineTable } from './define-table.ts';

/** read-models/review-states.ts. `state` holds the whole domain ReviewState; the other columns are copies for queries. */
export const reviewStatesTables = [
  defineTable({
    name: 'review_states',
    columns: {
      user_id: column.uuid(),
      problem_id: column.uuid(),
      topic: column.text(),
      topic_id: column.text(),
      grade: column.int2(),
      difficulty_level: column.int2(),
      state: column.json<ReviewState>(),
      due_at: column.timestamptz(),
      stability: column.float8(),
      difficulty: column.float8(),
      reps: column.int4(),
      lapses: column.int4(),
      card_state: column.text(),
      consecutive_correct: column.int4(),
      attempts: column.int4(),
      correct_attempts: column.int4(),
      last_attempt_id: column.text(),
      last_is_correct: column.bool(),
      last_rating: column.int2().nullable(),
      last_review_at: column.timestamptz(),
      first_attempt_at: column.timestamptz(),
    },
    primaryKey: ['user_id', 'problem_id'],
    indexes: ['review_states_due ON (user_id, due_at)', 'review_states_topic ON (user_id, topic_id)'],
  }),
] as const;
