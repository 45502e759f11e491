import type { AuthSessionEvent } from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';

/**
 * `auth_sessions`: one row per signed-in device (no token hashes). Used by the production
 * query-api to check access tokens, and by admin views of active sessions.
 */
export const authSessions: ReadModel = {
  name: 'auth-sessions',
  version: 2,
  tables: [
    {
      name: 'auth_sessions',
      columns: [
        { name: 'session_id', type: 'uuid' },
        { name: 'user_id', type: 'uuid' },
        { name: 'method', type: 'text' },
        { name: 'credentials_version', type: 'int4' },
        { name: 'started_at', type: 'timestamptz' },
        { name: 'last_refreshed_at', type: 'timestamptz', nullable: true },
        { name: 'refresh_count', type: 'int4' },
        { name: 'idle_expires_at', type: 'timestamptz' },
        { name: 'absolute_expires_at', type: 'timestamptz' },
        { name: 'revoked_at', type: 'timestamptz', nullable: true },
        { name: 'revoke_reason', type: 'text', nullable: true },
      ],
      primaryKey: ['session_id'],
      indexes: ['auth_sessions_user ON (user_id, started_at DESC)'],
    },
  ],
  handles: ['AuthSessionStarted', 'AuthSessionRefreshed', 'AuthSessionRevoked'],
  keys: (events) => ({ auth_sessions: events.map((event) => [(event.data as { sessionId: string }).sessionId]) }),
  apply(recorded, tables) {
    const event = { type: recorded.type, data: recorded.data } as AuthSessionEvent;
    const at = recorded.metadata.at;
    const table = tables.auth_sessions!;
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
          refresh_count: (current.refresh_count as number) + 1,
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
};
