import type { AccessTokenClaims, Principal } from '@mathdaily/api-kit';
import { authSessionDecider, authSessionStreamId, sessionIsLive, userDecider, userStreamId } from '@mathdaily/domain';
import type { EventStore } from '@mathdaily/event-store';
import { streamStateCacheOf } from '../pipeline/stream-cache.ts';

/**
 * The caller's current role and session state, from the user and auth-session streams, so a
 * role change, password change or sign-out counts on the very next request. Both states are
 * cached per store and caught up in one read of the events since (usually none), so a request
 * costs one small query however long the streams have grown. Refuses (null) when the user is
 * unknown, the session is unknown, someone else's, revoked or past its absolute expiry, or the
 * token's credentials version (`ver`) is older than the user's.
 */
export async function loadPrincipalFromStreams(
  store: EventStore,
  claims: AccessTokenClaims,
  now: () => Date = () => new Date(),
): Promise<Principal | null> {
  const [user, session] = await streamStateCacheOf(store).catchUpMany([
    { streamId: userStreamId(claims.sub), folder: userDecider },
    { streamId: authSessionStreamId(claims.sid), folder: authSessionDecider },
  ]);
  if (!user.state.exists || session.state.status !== 'active' || session.state.userId !== claims.sub) return null;
  if (claims.ver !== user.state.credentialsVersion) return null;
  // The access token lives 15 minutes; the session's idle window is checked at refresh time.
  const at = now().toISOString();
  if (!sessionIsLive({ ...session.state, idleExpiresAt: session.state.absoluteExpiresAt }, at)) return null;
  return { userId: claims.sub, role: user.state.role, sessionId: claims.sid };
}
