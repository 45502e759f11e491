import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { linkToken, principalOf } from '@mathdaily/api-kit';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleUserCommand, loadUser, VERIFY_EMAIL_TTL_MS } from './user-records.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { messageResponse } from '@mathdaily/domain/api/common';

/** POST /api/auth/resend-verification (signed in) → 200 {message, position}: a new 48-hour link. */
export function registerResendVerification(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/resend-verification', {
    schema: { tags: ['auth'], response: { 200: messageResponse } },
    config: { access: 'authenticated', rateLimit: RATE_LIMITS.resendVerificationPerUser },
    handler: async (request) => {
      const { userId } = principalOf(request);
      const meta = commandMeta(request, deps);
      const tokenId = randomUUID();
      const result = await handleUserCommand(deps.store, userId, meta, {
        type: 'RequestEmailVerification',
        tokenId,
        tokenHash: linkToken(deps.config.jwtSecret, userId, 'verify-email', tokenId).hash,
        expiresAt: new Date(meta.at.getTime() + VERIFY_EMAIL_TTL_MS).toISOString(),
        messageId: randomUUID(),
      });
      const user = await loadUser(deps.store, userId);
      return { message: `We have sent a new verification link to ${user.state.email}.`, position: positionOf(result.position) };
    },
  });
}
