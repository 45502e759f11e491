import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, MESSAGES, passwordSchema, resetLinkProblem, sessionsToEnd, TOKEN_MESSAGES } from '@mathdaily/domain';
import { commandMeta, type CommandApiDeps, laterPosition } from '../deps.ts';
import { handleUserCommand, linkTokenField, loadUser, loadUserOfLink } from './user-records.ts';
import { revokeSessions } from './sessions.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { hashPassword, sha256Hex, verifyPassword } from './secrets.ts';
import { messageResponse } from '@mathdaily/domain/api/common';

const body = z
  .object({
    token: linkTokenField(TOKEN_MESSAGES.resetInvalid),
    password: passwordSchema,
    confirmPassword: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== undefined && value.confirmPassword !== value.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsDoNotMatch });
    }
  });

const PASSWORD_RESET_DONE = 'Your password has been reset. Please sign in with your new password.';

/**
 * POST /api/auth/reset-password {token, password} → 200 {message, position}. The link works once,
 * for an hour; every session of the account ends. The current password is refused, as the profile's
 * change-password refuses it (the page promises "something you haven't used here before").
 */
export function registerResetPassword(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/reset-password', {
    schema: { body, tags: ['auth'], response: { 200: messageResponse } },
    config: { access: 'public', rateLimit: RATE_LIMITS.resetPasswordPerIp },
    handler: async (request) => {
      const { userId, user: before } = await loadUserOfLink(deps.store, request.body.token, TOKEN_MESSAGES.resetInvalid);
      const meta = { ...commandMeta(request, deps), actorId: userId };
      const at = meta.at.toISOString();
      const tokenHash = sha256Hex(request.body.token.trim());
      // The link first: only its holder may learn that a password is the current one.
      const linkProblem = resetLinkProblem(before.state, tokenHash, at);
      if (linkProblem) throw linkProblem;
      if (await verifyPassword(before.state.passwordHash, request.body.password)) {
        throw new DomainError('VALIDATION_FAILED', MESSAGES.newPasswordSameAsCurrent, { password: MESSAGES.newPasswordSameAsCurrent });
      }
      const passwordHash = await hashPassword(request.body.password);
      const reset = await handleUserCommand(deps.store, userId, meta, { type: 'ResetPassword', tokenHash, passwordHash, at });
      const after = await loadUser(deps.store, userId);
      const revoked = await revokeSessions(deps, meta, sessionsToEnd(after.state, at, null), 'password-reset');
      return { message: PASSWORD_RESET_DONE, position: laterPosition(reset.position, revoked) };
    },
  });
}
