import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { DomainError, FAMILY_MESSAGES, foldEvents, parentDecider, parentStreamId } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleUserCommand, loadUser } from '../auth/user-records.ts';
import { RATE_LIMITS } from '../auth/rate-limits.ts';
import { verifyPassword } from '../auth/secrets.ts';
import { accountErasedResponse } from '@mathdaily/domain/api/accounts';

const PASSWORD_TO_DELETE = 'Please enter your password to confirm.';
const WRONG_PASSWORD = 'That password is not right. Please try again.';
const ACCOUNT_DELETED = 'The account has been deleted. Its personal information is being destroyed now.';
const USER_ID_MESSAGE = 'The user id must be a UUID, e.g. 3f2b8c1e-5d4a-4b6c-8d7e-9f0a1b2c3d4e';

const confirmation = z.object({ password: z.string({ error: () => PASSWORD_TO_DELETE }).min(1, PASSWORD_TO_DELETE).max(128, WRONG_PASSWORD) });
const params = z.object({ userId: z.string({ error: () => USER_ID_MESSAGE }).uuid(USER_ID_MESSAGE).transform((id) => id.toLowerCase()) });

/** The caller proves it is them (their own password, re-entered): 400, not 401, so the client keeps its session. */
async function confirmCaller(request: FastifyRequest, deps: CommandApiDeps, password: string) {
  const caller = principalOf(request);
  const record = await loadUser(deps.store, caller.userId);
  if (!(await verifyPassword(record.state.passwordHash, password))) throw new DomainError('VALIDATION_FAILED', WRONG_PASSWORD, { password: WRONG_PASSWORD });
  return caller;
}

/**
 * Appends UserErased: from that moment the account signs nobody in; the erasure reactor then ends
 * its links, releases its address and destroys its keys (projector/src/reactors/erasure.ts).
 */
async function erase(request: FastifyRequest, deps: CommandApiDeps, userId: string, requestedBy: 'self' | 'parent' | 'admin') {
  const caller = principalOf(request);
  const result = await handleUserCommand(deps.store, userId, commandMeta(request, deps), { type: 'EraseAccount', requestedBy, erasedBy: caller.userId });
  return { message: ACCOUNT_DELETED, userId, position: positionOf(result.position) };
}

/**
 * UK GDPR Art. 17 (docs/personal-data.md), three ways in, each after the caller re-enters their
 * own password:
 * - DELETE /api/auth/account {password}: the person deletes their own account;
 * - POST /api/parent/children/{userId}/erase {password}: a linked parent deletes their child's;
 * - POST /api/admin/users/{userId}/erase {password}: an admin answers a written request.
 */
export function registerEraseAccount(app: FastifyInstance, deps: CommandApiDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.delete('/api/auth/account', {
    schema: { body: confirmation, tags: ['privacy'], response: { 200: accountErasedResponse } },
    config: { access: 'authenticated', rateLimit: RATE_LIMITS.changePasswordPerUser },
    handler: async (request) => {
      const caller = await confirmCaller(request, deps, request.body.password);
      return erase(request, deps, caller.userId, 'self');
    },
  });
  typed.post('/api/parent/children/:userId/erase', {
    schema: { params, body: confirmation, tags: ['privacy'], response: { 200: accountErasedResponse } },
    config: { access: ['parent'], rateLimit: RATE_LIMITS.changePasswordPerUser },
    handler: async (request) => {
      const caller = await confirmCaller(request, deps, request.body.password);
      const family = foldEvents(parentDecider, (await deps.store.readStream(parentStreamId(caller.userId))).events);
      if (!family.children.includes(request.params.userId)) throw new DomainError('NOT_FOUND', FAMILY_MESSAGES.notLinked);
      return erase(request, deps, request.params.userId, 'parent');
    },
  });
  typed.post('/api/admin/users/:userId/erase', {
    schema: { params, body: confirmation, tags: ['admin'], response: { 200: accountErasedResponse } },
    config: { access: ['admin'], rateLimit: RATE_LIMITS.changePasswordPerUser },
    handler: async (request) => {
      const caller = await confirmCaller(request, deps, request.body.password);
      if (caller.userId === request.params.userId) throw new DomainError('VALIDATION_FAILED', 'Delete your own account from Profile & Settings.');
      return erase(request, deps, request.params.userId, 'admin');
    },
  });
}
