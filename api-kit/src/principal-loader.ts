import {
  authSessionDecider,
  authSessionStreamId,
  sessionIsLive,
  userDecider,
  userStreamId,
  type AuthSessionState,
  type UserState,
} from '@mathdaily/domain';
import type { Principal, PrincipalLoader } from './access.ts';

/** Folds streams up to date (event-store's `streamStateCacheOf(store).catchUpMany`). */
export type CatchUpStreams = (
  reads: [{ streamId: string; folder: typeof userDecider }, { streamId: string; folder: typeof authSessionDecider }],
) => Promise<[{ state: UserState }, { state: AuthSessionState }]>;

/**
 * The one principal loader, for both APIs in every topology: the caller's current role and
 * session state from the user and auth-session streams, so a role change, password change or
 * sign-out counts on the very next request to any instance. The states come from a per-store
 * cache caught up in one read of the events since (usually none). Refuses (null) when the user
 * is unknown, the session is unknown, someone else's, revoked or past its absolute expiry, or
 * the token's credentials version (`ver`) is older than the user's.
 */
export function streamPrincipalLoader(catchUp: CatchUpStreams, now: () => Date): PrincipalLoader {
  return async (claims): Promise<Principal | null> => {
    const [user, session] = await catchUp([
      { streamId: userStreamId(claims.sub), folder: userDecider },
      { streamId: authSessionStreamId(claims.sid), folder: authSessionDecider },
    ]);
    if (!user.state.exists || session.state.status !== 'active' || session.state.userId !== claims.sub) return null;
    if (claims.ver !== user.state.credentialsVersion) return null;
    // The access token lives 15 minutes; the session's idle window is checked at refresh time.
    if (!sessionIsLive({ ...session.state, idleExpiresAt: session.state.absoluteExpiresAt }, now().toISOString())) return null;
    return { userId: claims.sub, role: user.state.role, sessionId: claims.sid };
  };
}
