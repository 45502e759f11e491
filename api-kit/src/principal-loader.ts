import {
  authSessionDecider,
  authSessionStreamId,
  sessionIsLive,
  userDecider,
  userStreamId,
  type AuthSessionState,
  type UserState,
} from '@mathdaily/domain';
import type { AccessTokenClaims } from './tokens.ts';
import type { CachedPrincipal, Principal, PrincipalLoader } from './access.ts';

/** The two streams a principal is made from. */
type PrincipalReads = [{ streamId: string; folder: typeof userDecider }, { streamId: string; folder: typeof authSessionDecider }];

/** Folds streams up to date (event-store's `streamStateCacheOf(store).catchUpMany`). */
export type CatchUpStreams = (reads: PrincipalReads) => Promise<[{ state: UserState }, { state: AuthSessionState }]>;

/** The states the cache holds now, without reading (event-store's `streamStateCacheOf(store).peek`); undefined when not cached. */
export type PeekStreams = (reads: PrincipalReads) => [{ state: UserState; version: number } | undefined, { state: AuthSessionState; version: number } | undefined];

/**
 * The one principal loader, for both APIs in every topology: the caller's current role and
 * session state from the user and auth-session streams, so a role change, password change or
 * sign-out counts on the very next request to any instance. The states come from a per-store
 * cache caught up in one read of the events since (usually none). Refuses (null) when the user
 * is unknown, the session is unknown, someone else's, revoked or past its absolute expiry, or
 * the token's credentials version (`ver`) is older than the user's. With `peek`, `fromCache` makes
 * the same decision from the cached states alone, with their versions, for an append to confirm.
 */
export function streamPrincipalLoader(catchUp: CatchUpStreams, now: () => Date, peek?: PeekStreams): PrincipalLoader {
  const reads = (claims: AccessTokenClaims): PrincipalReads => [
    { streamId: userStreamId(claims.sub), folder: userDecider },
    { streamId: authSessionStreamId(claims.sid), folder: authSessionDecider },
  ];
  const principalOf = (claims: AccessTokenClaims, user: UserState, session: AuthSessionState): Principal | null => {
    if (!user.exists || session.status !== 'active' || session.userId !== claims.sub) return null;
    if (claims.ver !== user.credentialsVersion) return null;
    // The access token lives 15 minutes; the session's idle window is checked at refresh time.
    if (!sessionIsLive({ ...session, idleExpiresAt: session.absoluteExpiresAt }, now().toISOString())) return null;
    return { userId: claims.sub, role: user.role, sessionId: claims.sid };
  };
  const load: PrincipalLoader = async (claims) => {
    const [user, session] = await catchUp(reads(claims));
    return principalOf(claims, user.state, session.state);
  };
  if (peek) {
    load.fromCache = (claims): CachedPrincipal | undefined => {
      const streams = reads(claims);
      const [user, session] = peek(streams);
      if (!user || !session) return undefined;
      return {
        principal: principalOf(claims, user.state, session.state),
        streams: [
          { streamId: streams[0].streamId, version: user.version },
          { streamId: streams[1].streamId, version: session.version },
        ],
      };
    };
  }
  return load;
}
