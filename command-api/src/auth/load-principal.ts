import type { AccessTokenClaims, Principal } from '@mathdaily/api-kit';
import { sessionIsLive } from '@mathdaily/domain';
import type { EventStore } from '@mathdaily/event-store';
import { loadSession, loadUser } from './accounts.ts';

/**
 * The caller's current role and session state, from the user and auth-session streams, so a
 * role change, password change or sign-out counts on the very next request. Refuses (null) when
 * the user is unknown, the session is unknown, someone else's, revoked or past its absolute
 * expiry, or the token's credentials version (`ver`) is older than the user's.
 */
export async function loadPrincipalFromStreams(
  store: EventStore,
  claims: AccessTokenClaims,
  now: () => Date = () => new Date(),
): Promise<Principal | null> {
  const [user, session] = await Promise.all([loadUser(store, claims.sub), loadSession(store, claims.sid)]);
  if (!user.state.exists || session.status !== 'active' || session.userId !== claims.sub) return null;
  if (claims.ver !== user.state.credentialsVersion) return null;
  // The access token lives 15 minutes; the session's idle window is checked at refresh time.
  const at = now().toISOString();
  if (!sessionIsLive({ ...session, idleExpiresAt: session.absoluteExpiresAt }, at)) return null;
  return { userId: claims.sub, role: user.state.role, sessionId: claims.sid };
}
