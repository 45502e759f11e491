import { sql } from 'slonik';
import type { ReadModel } from '../read-model.ts';

/**
 * `sign_in_log`: every sign-in (and failed attempt on a known account), newest first, for the
 * admin's "recent logins". Join `users` on `user_id` for names. Attempts on unknown addresses
 * leave no event, so they are not listed.
 */
export const signInLog: ReadModel = {
  name: 'sign-in-log',
  version: 1,
  tables: [
    sql.unsafe`
      CREATE TABLE sign_in_log (
        event_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        outcome text NOT NULL,
        method text,
        session_id uuid,
        reason text,
        at timestamptz NOT NULL
      )`,
    sql.unsafe`CREATE INDEX sign_in_log_at ON sign_in_log (at DESC)`,
    sql.unsafe`CREATE INDEX sign_in_log_user ON sign_in_log (user_id, at DESC)`,
  ],
  handles: ['UserSignedIn', 'SignInFailed'],
  async apply(tx, event) {
    const data = event.data as { userId: string; sessionId?: string; method?: string; reason?: string };
    const success = event.type === 'UserSignedIn';
    await tx.query(sql.unsafe`
      INSERT INTO sign_in_log (event_id, user_id, outcome, method, session_id, reason, at)
      VALUES (${event.id}, ${data.userId}, ${success ? 'success' : 'failure'}, ${data.method ?? null}, ${data.sessionId ?? null},
              ${data.reason ?? null}, ${event.metadata.at})
      ON CONFLICT (event_id) DO NOTHING`);
  },
};
