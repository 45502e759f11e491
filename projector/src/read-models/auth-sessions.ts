import { sql } from 'slonik';
import type { AuthSessionEvent } from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';

/**
 * `auth_sessions`: one row per signed-in device (no token hashes). Used by the production
 * query-api to check access tokens, and by admin views of active sessions.
 */
export const authSessions: ReadModel = {
  name: 'auth-sessions',
  version: 1,
  tables: [
    sql.unsafe`
      CREATE TABLE auth_sessions (
        session_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        method text NOT NULL,
        credentials_version integer NOT NULL,
        started_at timestamptz NOT NULL,
        last_refreshed_at timestamptz,
        refresh_count integer NOT NULL DEFAULT 0,
        idle_expires_at timestamptz NOT NULL,
        absolute_expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoke_reason text
      )`,
    sql.unsafe`CREATE INDEX auth_sessions_user ON auth_sessions (user_id, started_at DESC)`,
  ],
  handles: ['AuthSessionStarted', 'AuthSessionRefreshed', 'AuthSessionRevoked'],
  async apply(tx, recorded) {
    const event = { type: recorded.type, data: recorded.data } as AuthSessionEvent;
    const at = recorded.metadata.at;
    switch (event.type) {
      case 'AuthSessionStarted': {
        const d = event.data;
        await tx.query(sql.unsafe`
          INSERT INTO auth_sessions (session_id, user_id, method, credentials_version, started_at, idle_expires_at, absolute_expires_at)
          VALUES (${d.sessionId}, ${d.userId}, ${d.method}, ${d.credentialsVersion}, ${at}, ${d.idleExpiresAt}, ${d.absoluteExpiresAt})
          ON CONFLICT (session_id) DO NOTHING`);
        return;
      }
      case 'AuthSessionRefreshed':
        await tx.query(sql.unsafe`
          UPDATE auth_sessions SET last_refreshed_at = ${at}, refresh_count = refresh_count + 1,
            idle_expires_at = ${event.data.idleExpiresAt}, credentials_version = ${event.data.credentialsVersion}
          WHERE session_id = ${event.data.sessionId}`);
        return;
      case 'AuthSessionRevoked':
        await tx.query(sql.unsafe`
          UPDATE auth_sessions SET revoked_at = COALESCE(revoked_at, ${at}), revoke_reason = COALESCE(revoke_reason, ${event.data.reason})
          WHERE session_id = ${event.data.sessionId}`);
        return;
    }
  },
};
