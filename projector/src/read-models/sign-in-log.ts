import { defineReadModel } from '../read-model.ts';
import { signInLogTables } from '../tables/sign-in-log.ts';

/**
 * `sign_in_log`: every sign-in (and failed attempt on a known account), newest first, for the
 * admin's "recent logins". Join `users` on `user_id` for names. Attempts on unknown addresses
 * leave no event, so they are not listed.
 */
export const signInLog = defineReadModel({
  name: 'sign-in-log',
  version: 2,
  tables: signInLogTables,
  handles: ['UserSignedIn', 'SignInFailed'],
  apply(event, tables) {
    const signedIn = event.type === 'UserSignedIn' ? event.data : null;
    tables.sign_in_log.put({
      event_id: event.id,
      user_id: event.data.userId,
      outcome: signedIn ? 'success' : 'failure',
      method: signedIn?.method ?? null,
      session_id: signedIn?.sessionId ?? null,
      reason: event.type === 'SignInFailed' ? (event.data.reason ?? null) : null,
      at: event.metadata.at,
    });
  },
});
