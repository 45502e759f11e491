import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registrationPayloadSchema } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { accessTokenFor, registerAccount, viewOf } from './accounts.ts';
import { RATE_LIMITS } from './rate-limits.ts';

/**
 * POST /api/auth/register {email, password, firstName, lastName, gradeLevel?} → 201
 * {accessToken, refreshToken, user, position}. Always a student: a `role` field is ignored.
 * Queues a verification e-mail; a taken address (any letter case) → 409.
 */
export function registerRegister(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/register', {
    schema: { body: registrationPayloadSchema, tags: ['auth'] },
    config: { access: 'public', rateLimit: RATE_LIMITS.registrationPerIp },
    handler: async (request, reply) => {
      const input = request.body;
      const account = await registerAccount(deps, commandMeta(request, deps), {
        ...input,
        role: 'student',
        source: 'self-registration',
        preVerified: false,
        signIn: true,
      });
      const session = account.session!;
      return reply.status(201).send({
        accessToken: accessTokenFor(deps, account.record.state, session.sessionId),
        refreshToken: session.refreshToken,
        user: viewOf(account.record),
        position: positionOf(account.position),
      });
    },
  });
}
