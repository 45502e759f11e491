import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authSessionDecider, authSessionStreamId } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleCommand } from '../pipeline/handle-command.ts';
import { sessionIdOfRefreshToken, sha256Hex } from './secrets.ts';
import { messageResponse } from '@mathdaily/domain/api/common';

const body = z.object({ refreshToken: z.string().max(200).optional() });

const SIGNED_OUT = 'You have been signed out.';

/**
 * POST /api/auth/logout {refreshToken} → 200 {message, position}. Ends the session the refresh
 * token belongs to; an unknown, malformed or missing token changes nothing and answers the same.
 */
export function registerLogout(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/logout', {
    schema: { body: body.optional(), tags: ['auth'], response: { 200: messageResponse } },
    config: { access: 'public' },
    handler: async (request) => {
      const token = request.body?.refreshToken ?? '';
      const sessionId = sessionIdOfRefreshToken(token);
      if (!sessionId) return { message: SIGNED_OUT, position: null };
      const result = await handleCommand({
        store: deps.store,
        streamId: authSessionStreamId(sessionId),
        decider: authSessionDecider,
        meta: commandMeta(request, deps),
        command: { type: 'RevokeSession', reason: 'logout', presentedTokenHash: sha256Hex(token) },
      });
      return { message: SIGNED_OUT, position: positionOf(result.position) };
    },
  });
}
