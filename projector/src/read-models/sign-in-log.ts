import type { ReadModel } from '../read-model.ts';

/**
 * `sign_in_log`: every sign-in (and failed attempt on a known account), newest first, for the
 * admin's "recent logins". Join `users` on `user_id` for names. Attempts on unknown addresses
 * leave no event, so they are not listed.
 */
export const signInLog: ReadModel = {
  name: 'sign-in-log',
  version: 2,
  tables: [
    {
      name: 'sign_in_log',
      columns: [
        { name: 'event_id', type: 'uuid' },
        { name: 'user_id', type: 'uuid' },
        { name: 'outcome', type: 'text' },
        { name: 'method', type: 'text', nullable: true },
        { name: 'session_id', type: 'uuid', nullable: true },
        { name: 'reason', type: 'text', nullable: true },
        { name: 'at', type: 'timestamptz' },
      ],
      primaryKey: ['event_id'],
      insertOnly: true,
      indexes: ['sign_in_log_at ON (at DESC)', 'sign_in_log_user ON (user_id, at DESC)'],
    },
  ],
  handles: ['UserSignedIn', 'SignInFailed'],
  apply(event, tables) {
    const data = event.data as { userId: string; sessionId?: string; method?: string; reason?: string };
    tables.sign_in_log!.put({
      event_id: event.id,
      user_id: data.userId,
      outcome: event.type === 'UserSignedIn' ? 'success' : 'failure',
      method: data.method ?? null,
      session_id: data.sessionId ?? null,
      reason: data.reason ?? null,
      at: event.metadata.at,
    });
  },
};
