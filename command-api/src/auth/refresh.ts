import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authSessionDecider, authSessionStreamId, DomainError, SESSION_MESSAGES } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleCommand } from '../pipeline/handle-command.ts';
import { accessTokenFor } from './sessions.ts';
import { loadSession, loadUser } from './user-records.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { nextRefreshToken, sessionIdOfRefreshToken, sha256Hex } from './secrets.ts';
import { refreshResponse } from '@mathdaily/domain/api/accounts';

const body = z.object({
  refreshToken: z.string({ error: () => 'Refresh token is required' }).min(1, 'Refresh token is required').max(200, SESSION_MESSAGES.expired),
});

/**
 * POST /api/auth/refresh {refreshToken} → 200 {accessToken, refreshToken, position}. Each refresh
 * token works once; presenting one that was already rotated ends the whole session (401) — but
 * the token rotated last, presented again within 20 s (two tabs refreshing at once), gets the
 * same new refresh token again (auth-session-decider.ts).
 */
export function registerRefresh(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/refresh', {
    schema: { body, tags: ['auth'], response: { 200: refreshResponse } },
    config: { access: 'public', rateLimit: RATE_LIMITS.refreshPerIp },
    handler: async (request) => {
      const sessionId = sessionIdOfRefreshToken(request.body.refreshToken);
      if (!sessionId) throw new DomainError('UNAUTHORIZED', SESSION_MESSAGES.expired);
      const session = await loadSession(deps.store, sessionId);
      if (session.status === 'none') throw new DomainError('UNAUTHORIZED', SESSION_MESSAGES.expired);
      const user = await loadUser(deps.store, session.userId);
      const next = nextRefreshToken(deps.config.jwtSecret, sessionId, request.body.refreshToken);
      const meta = { ...commandMeta(request, deps), actorId: session.userId };
      const result = await handleCommand({
        store: deps.store,
        streamId: authSessionStreamId(sessionId),
        decider: authSessionDecider,
        meta,
        command: {
          type: 'RefreshSession',
          presentedTokenHash: sha256Hex(request.body.refreshToken),
          newTokenHash: next.hash,
          at: meta.at.toISOString(),
          user: { exists: user.state.exists, credentialsVersion: user.state.credentialsVersion, keptSessionId: user.state.keptSessionId },
        },
      });
      if (result.events.some((event) => event.type === 'AuthSessionRevoked')) {
        throw new DomainError('UNAUTHORIZED', SESSION_MESSAGES.reused);
      }
      return {
        accessToken: accessTokenFor(deps, user.state, sessionId),
        refreshToken: next.token,
        position: positionOf(result.position),
      };
    },
  });
}
