import type { SessionTally } from '@mathdaily/domain';
import { column, defineTable } from './define-table.ts';

/** read-models/practice-sessions.ts */
export const practiceSessionsTables = [
  defineTable({
    name: 'practice_sessions',
    columns: {
      session_id: column.text(),
      user_id: column.uuid(),
      mode: column.text(),
      topic_id: column.text().nullable(),
      problem_ids: column.jsonb<string[]>(),
      /** Problems whose hint was opened in the session. */
      hints: column.jsonb<string[]>(),
      /** The domain's SessionTally: per problem answered, its first and last verdict and answer count. */
      tally: column.jsonb<SessionTally>(),
      problems_completed: column.int4(),
      correct_answers: column.int4(),
      retries: column.int4(),
      correct_on_retry: column.int4(),
      started_at: column.timestamptz(),
      last_activity_at: column.timestamptz(),
      ended_at: column.timestamptz().nullable(),
      end_reason: column.text().nullable(),
    },
    primaryKey: ['session_id'],
    indexes: [
      'practice_sessions_user ON (user_id, started_at DESC)',
      'practice_sessions_open ON (last_activity_at) WHERE ended_at IS NULL',
      'practice_sessions_started ON (started_at)',
    ],
  }),
] as const;
