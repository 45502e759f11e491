import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOKEN_MESSAGES } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleUserCommand, linkTokenField, loadUserOfLink } from './user-records.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { sha256Hex } from './secrets.ts';
import { messageResponse } from '@mathdaily/domain/api/common';

const EMAIL_VERIFIED = 'Your email address has been verified. Thank you!';
const ALREADY_VERIFIED = 'Your email address is already verified.';

/**
 * POST /api/auth/verify-email {token} → 200 {message, position}; the link works once, for 48 hours.
 * Opened again once the address is verified, it answers 200 'already verified' (nothing recorded).
 */
export function registerVerifyEmail(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/verify-email', {
    schema: {
      response: { 200: messageResponse },
      body: z.object({ token: linkTokenField(TOKEN_MESSAGES.verificationInvalid) }),
      tags: ['auth'],
    },
    config: { access: 'public', rateLimit: RATE_LIMITS.verifyEmailPerIp },
    handler: async (request) => {
      const { userId } = await loadUserOfLink(deps.store, request.body.token, TOKEN_MESSAGES.verificationInvalid);
      const meta = { ...commandMeta(request, deps), actorId: request.principal?.userId ?? userId };
      const result = await handleUserCommand(deps.store, userId, meta, { type: 'VerifyEmail', tokenHash: sha256Hex(request.body.token.trim()), at: meta.at.toISOString() });
      return { message: result.events.length > 0 ? EMAIL_VERIFIED : ALREADY_VERIFIED, position: positionOf(result.position) };
    },
  });
}
