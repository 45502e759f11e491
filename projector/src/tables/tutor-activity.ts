import { column, defineTable } from './define-table.ts';

/** A session's first tries and those right (`sessionCounts`): retries never change its accuracy. */
export interface RecentSession {
  session_id: string;
  answers: number;
  correct: number;
}

/** read-models/tutor-activity.ts */
export const tutorActivityTables = [
  defineTable({
    name: 'tutor_learners',
    columns: {
      student_id: column.uuid(),
      last_active_at: column.timestamptz().nullable(),
      open_session_id: column.text().nullable(),
      correct_streak: column.int4(),
      /** The last sessions' tallies, the newest last. */
      recent_sessions: column.jsonb<RecentSession[]>(),
    },
    primaryKey: ['student_id'],
  }),
  defineTable({
    name: 'tutor_activity',
    columns: {
      student_id: column.uuid(),
      activity_key: column.text(),
      tutor_id: column.uuid().nullable(),
      type: column.text(),
      alert: column.bool(),
      /** The happening's figures; their fields depend on `type`. */
      details: column.jsonb<Record<string, unknown>>(),
      started_at: column.timestamptz(),
      at: column.timestamptz(),
      position: column.position(),
    },
    primaryKey: ['student_id', 'activity_key'],
    indexes: ['tutor_activity_position ON (position)', 'tutor_activity_student_at ON (student_id, at DESC)'],
  }),
] as const;
