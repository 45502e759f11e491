import { authSessionDecider, authSessionStreamId, type AuthSessionRevokeReason, type UserRole } from '@mathdaily/domain';
import { signAccessToken } from '@mathdaily/api-kit';
import type { CommandApiDeps } from '../deps.ts';
import { handleCommand, type CommandMeta } from '../pipeline/handle-command.ts';
import { newRefreshToken } from './secrets.ts';

export function accessTokenFor(deps: CommandApiDeps, user: { userId: string; role: UserRole; credentialsVersion: number }, sessionId: string): string {
  return signAccessToken(
    { sub: user.userId, sid: sessionId, role: user.role, ver: user.credentialsVersion },
    deps.config.jwtSecret,
    Math.floor(deps.clock().getTime() / 1000),
  );
}

export interface StartedSession {
  sessionId: string;
  refreshToken: string;
  position: bigint | null;
}

/** Appends a new auth-session stream for the user and returns its first refresh token. */
export async function startSession(
  deps: CommandApiDeps,
  meta: CommandMeta,
  options: { sessionId: string; userId: string; credentialsVersion: number; method: 'password' | 'registration' },
): Promise<StartedSession> {
  const refresh = newRefreshToken(options.sessionId);
  const result = await handleCommand({
    store: deps.store,
    streamId: authSessionStreamId(options.sessionId),
    decider: authSessionDecider,
    meta,
    command: {
      type: 'StartSession',
      sessionId: options.sessionId,
      userId: options.userId,
      refreshTokenHash: refresh.hash,
      credentialsVersion: options.credentialsVersion,
      method: options.method,
      at: meta.at.toISOString(),
    },
  });
  return { sessionId: options.sessionId, refreshToken: refresh.token, position: result.position };
}

/** Ends sessions (already-ended ones change nothing); returns the last position written. */
export async function revokeSessions(
  deps: CommandApiDeps,
  meta: CommandMeta,
  sessionIds: readonly string[],
  reason: AuthSessionRevokeReason,
): Promise<bigint | null> {
  let last: bigint | null = null;
  for (const sessionId of sessionIds) {
    const result = await handleCommand({
      store: deps.store,
      streamId: authSessionStreamId(sessionId),
      decider: authSessionDecider,
      meta,
      command: { type: 'RevokeSession', reason },
    });
    if (result.position !== null) last = result.position;
  }
  return last;
}
