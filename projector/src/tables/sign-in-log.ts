import { column, defineTable } from './define-table.ts';

/** read-models/sign-in-log.ts */
export const signInLogTables = [
  defineTable({
    name: 'sign_in_log',
    columns: {
      event_id: column.uuid(),
      user_id: column.uuid(),
      outcome: column.text(),
      method: column.text().nullable(),
      session_id: column.uuid().nullable(),
      reason: column.text().nullable(),
      at: column.timestamptz(),
    },
    primaryKey: ['event_id'],
    insertOnly: true,
    indexes: ['sign_in_log_at ON (at DESC)', 'sign_in_log_user ON (user_id, at DESC)'],
  }),
] as const;
