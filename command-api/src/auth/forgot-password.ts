import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { linkToken } from '@mathdaily/api-kit';
import { emailSchema } from '@mathdaily/domain';
import { commandMeta, type CommandApiDeps } from '../deps.ts';
import { afterReply } from '../pipeline/after-reply.ts';
import { handleUserCommand, loadUser, RESET_PASSWORD_TTL_MS, userIdForEmail } from './user-records.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { forgotPasswordResponse } from '@mathdaily/domain/api/accounts';

const RESET_LINK_SENT = 'If an account exists for that email address, we have sent a link to reset the password. Please check your inbox.';

/**
 * POST /api/auth/forgot-password {email} → 200 {message}. The same answer whether or not the
 * address has an account, with no position, and given before the lookup (the reset is requested
 * after the answer), so neither its content nor its timing reveals anything.
 */
export function registerForgotPassword(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/forgot-password', {
    schema: { body: z.object({ email: emailSchema }), tags: ['auth'], response: { 200: forgotPasswordResponse } },
    config: { access: 'public', rateLimit: RATE_LIMITS.forgotPasswordPerIp },
    handler: async (request) => {
      const { email } = request.body;
      const meta = commandMeta(request, deps);
      afterReply(request, 'password reset request', async () => {
        const userId = await userIdForEmail(deps.store, email);
        const record = userId ? await loadUser(deps.store, userId) : null;
        if (!userId || !record?.state.exists) return;
        const tokenId = randomUUID();
        await handleUserCommand(deps.store, userId, meta, {
          type: 'RequestPasswordReset',
          tokenId,
          tokenHash: linkToken(deps.config.jwtSecret, userId, 'reset-password', tokenId).hash,
          expiresAt: new Date(meta.at.getTime() + RESET_PASSWORD_TTL_MS).toISOString(),
          messageId: randomUUID(),
        });
      });
      return { message: RESET_LINK_SENT };
    },
  });
}
