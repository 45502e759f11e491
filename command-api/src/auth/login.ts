import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError, loginPayloadSchema, MESSAGES, sessionExpiry } from '@mathdaily/domain';
import { commandMeta, type CommandApiDeps, laterPosition } from '../deps.ts';
import { accessTokenFor, startSession } from './sessions.ts';
import { afterReply } from '../pipeline/after-reply.ts';
import { currentGradeLevel, handleUserCommand, loadUser, userIdForEmail, viewOf } from './user-records.ts';
import { accountSignInLimiter, RATE_LIMITS } from './rate-limits.ts';
import { verifyPassword } from './secrets.ts';
import { signedInResponse } from '@mathdaily/domain/api/accounts';

const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

/**
 * POST /api/auth/login {email, password} → 200 {accessToken, refreshToken, user, position}.
 * Unknown address and wrong password get the same answer, in about the same time.
 */
export function registerLogin(app: FastifyInstance, deps: CommandApiDeps) {
  const perAccount = accountSignInLimiter(app);
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/login', {
    schema: { body: loginPayloadSchema, tags: ['auth'], response: { 200: signedInResponse } },
    config: { access: 'public', rateLimit: RATE_LIMITS.signInPerIp },
    handler: async (request) => {
      const { email, password } = request.body;
      await perAccount.check(request, email);
      const userId = await userIdForEmail(deps.store, email);
      // An unknown address reads a stream that never exists, so both answers do the same reads.
      const record = await loadUser(deps.store, userId ?? NO_USER_ID);
      const known = record.state.exists ? record : null;
      const matches = await verifyPassword(known?.state.passwordHash ?? null, password);
      const baseMeta = commandMeta(request, deps);
      if (!known || !matches) {
        await perAccount.fail(request, email);
        // Recorded after the answer, so a wrong password takes as long as an unknown address.
        if (known) {
          afterReply(request, 'sign-in failure record', () =>
            handleUserCommand(deps.store, known.state.userId, { ...baseMeta, actorId: known.state.userId }, { type: 'RecordSignInFailure' }),
          );
        }
        throw new DomainError('UNAUTHORIZED', MESSAGES.invalidCredentials);
      }
      const user = known.state;
      const meta = { ...baseMeta, actorId: user.userId };
      const sessionId = randomUUID();
      const session = await startSession(deps, meta, { sessionId, userId: user.userId, credentialsVersion: user.credentialsVersion, method: 'password' });
      const signedIn = await handleUserCommand(deps.store, user.userId, meta, { type: 'RecordSignIn', sessionId, absoluteExpiresAt: sessionExpiry(meta.at.toISOString()).absoluteExpiresAt });
      const fresh = await loadUser(deps.store, user.userId);
      return {
        accessToken: accessTokenFor(deps, fresh.state, sessionId),
        refreshToken: session.refreshToken,
        user: { ...viewOf(fresh), gradeLevel: await currentGradeLevel(deps.store, fresh) },
        position: laterPosition(session.position, signedIn.position),
      };
    },
  });
}
