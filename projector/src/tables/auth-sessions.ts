import { column, defineTable } from './define-table.ts';

/** read-models/auth-sessions.ts */
export const authSessionsTables = [
  defineTable({
    name: 'auth_sessions',
    columns: {
      session_id: column.uuid(),
      user_id: column.uuid(),
      method: column.text(),
      credentials_version: column.int4(),
      started_at: column.timestamptz(),
      last_refreshed_at: column.timestamptz().nullable(),
      refresh_count: column.int4(),
      idle_expires_at: column.timestamptz(),
      absolute_expires_at: column.timestamptz(),
      revoked_at: column.timestamptz().nullable(),
      revoke_reason: column.text().nullable(),
    },
    primaryKey: ['session_id'],
    indexes: ['auth_sessions_user ON (user_id, started_at DESC)'],
  }),
] as const;
