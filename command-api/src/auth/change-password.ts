import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '@mathdaily/api-kit';
import { changePasswordPayloadSchema, DomainError, MESSAGES, sessionsToEnd } from '@mathdaily/domain';
import { commandMeta, type CommandApiDeps, laterPosition } from '../deps.ts';
import { accessTokenFor, revokeSessions } from './sessions.ts';
import { handleUserCommand, loadUser } from './user-records.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { hashPassword, verifyPassword } from './secrets.ts';
import { passwordChangedResponse } from '@mathdaily/domain/api/accounts';

const PASSWORD_CHANGED = 'Password changed successfully';

/**
 * POST /api/auth/change-password {currentPassword, newPassword} → {message, position, accessToken}.
 * The caller's session stays; every other session ends and every older access token stops
 * working (the credentials version they carry is stale). `accessToken` is a fresh token for the
 * caller, so it need not refresh.
 */
export function registerChangePassword(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/change-password', {
    schema: { body: changePasswordPayloadSchema, tags: ['profile'], response: { 200: passwordChangedResponse } },
    config: { access: 'authenticated', rateLimit: RATE_LIMITS.changePasswordPerUser },
    handler: async (request) => {
      const principal = principalOf(request);
      const { currentPassword, newPassword } = request.body;
      const user = await loadUser(deps.store, principal.userId);
      // 400, not 401: a 401 would make the client refresh its session and sign out.
      if (!(await verifyPassword(user.state.passwordHash, currentPassword))) {
        throw new DomainError('VALIDATION_FAILED', MESSAGES.currentPasswordWrong, { currentPassword: MESSAGES.currentPasswordWrong });
      }
      if (await verifyPassword(user.state.passwordHash, newPassword)) {
        throw new DomainError('VALIDATION_FAILED', MESSAGES.newPasswordSameAsCurrent, { newPassword: MESSAGES.newPasswordSameAsCurrent });
      }
      const meta = commandMeta(request, deps);
      const changed = await handleUserCommand(deps.store, principal.userId, meta, { type: 'ChangePassword', passwordHash: await hashPassword(newPassword), keptSessionId: principal.sessionId, messageId: randomUUID() });
      const after = await loadUser(deps.store, principal.userId);
      const revoked = await revokeSessions(deps, meta, sessionsToEnd(after.state, meta.at.toISOString(), principal.sessionId), 'password-changed');
      return {
        message: PASSWORD_CHANGED,
        position: laterPosition(changed.position, revoked),
        accessToken: accessTokenFor(deps, after.state, principal.sessionId),
      };
    },
  });
}
