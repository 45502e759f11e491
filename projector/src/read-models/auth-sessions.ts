import { defineReadModel } from '../read-model.ts';
import { authSessionsTables } from '../tables/auth-sessions.ts';

/**
 * `auth_sessions`: one row per signed-in device (no token hashes). Used by the production
 * query-api to check access tokens, and by admin views of active sessions.
 */
export const authSessions = defineReadModel({
  name: 'auth-sessions',
  version: 2,
  tables: authSessionsTables,
  handles: ['AuthSessionStarted', 'AuthSessionRefreshed', 'AuthSessionRevoked'],
  keys: (events) => ({ auth_sessions: events.map((event) => [event.data.sessionId]) }),
  apply(event, tables) {
    const at = event.metadata.at;
    const table = tables.auth_sessions;
    const current = table.get(event.data.sessionId);
    switch (event.type) {
      case 'AuthSessionStarted': {
        if (current) return;
        const d = event.data;
        table.put({
          session_id: d.sessionId,
          user_id: d.userId,
          method: d.method,
          credentials_version: d.credentialsVersion,
          started_at: at,
          last_refreshed_at: null,
          refresh_count: 0,
          idle_expires_at: d.idleExpiresAt,
          absolute_expires_at: d.absoluteExpiresAt,
          revoked_at: null,
          revoke_reason: null,
        });
        return;
      }
      case 'AuthSessionRefreshed':
        if (!current) return;
        table.put({
          ...current,
          last_refreshed_at: at,
          refresh_count: current.refresh_count + 1,
          idle_expires_at: event.data.idleExpiresAt,
          credentials_version: event.data.credentialsVersion,
        });
        return;
      case 'AuthSessionRevoked':
        if (!current) return;
        table.put({ ...current, revoked_at: current.revoked_at ?? at, revoke_reason: current.revoke_reason ?? event.data.reason });
        return;
    }
  },
});
