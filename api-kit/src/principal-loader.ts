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

/** Event-store's per-store cache of folded streams (`streamStateCacheOf(store)`). */
export interface PrincipalStreams {
  /** Folds the streams up to date: one read of the events since. */
  catchUpMany(reads: PrincipalReads): Promise<[{ state: UserState }, { state: AuthSessionState }]>;
  /** The state the cache holds now, without reading; undefined when not cached. */
  peek<State>(streamId: string, folder: { initialState: () => State; evolve: (state: State, event: never) => State }): { state: State; version: number } | undefined;
}

/**
 * The one principal loader, for both APIs in every topology: the caller's current role and
 * session state from the user and auth-session streams, so a role change, password change or
 * sign-out counts on the very next request to any instance. The states come from a per-store
 * cache caught up in one read of the events since (usually none). Refuses (null) when the user
 * is unknown, the session is unknown, someone else's, revoked or past its absolute expiry, or
 * the token's credentials version (`ver`) is older than the user's. `fromCache` makes the same
 * decision from the cached states alone, with their versions, for an append to confirm.
 */
export function streamPrincipalLoader(streams: PrincipalStreams, now: () => Date): PrincipalLoader {
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
    const [user, session] = await streams.catchUpMany(reads(claims));
    return principalOf(claims, user.state, session.state);
  };
  load.fromCache = (claims): CachedPrincipal | undefined => {
    const [userRead, sessionRead] = reads(claims);
    const user = streams.peek(userRead.streamId, userRead.folder);
    const session = streams.peek(sessionRead.streamId, sessionRead.folder);
    if (!user || !session) return undefined;
    return {
      principal: principalOf(claims, user.state, session.state),
      streams: [
        { streamId: userRead.streamId, version: user.version },
        { streamId: sessionRead.streamId, version: session.version },
      ],
    };
  };
  return load;
}
