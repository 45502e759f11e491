import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { customReferralCode, DomainError, referralCodeDecider, referralStreamId } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleCommand } from '../pipeline/handle-command.ts';
import { randomReferralCode } from './referral-code-access.ts';
import { referralCodeCreatedResponse } from '@mathdaily/domain/api/tutoring';

/** 36^6 ≈ 2.2 billion generated codes: a collision is rare, three in a row means something else is wrong. */
const GENERATE_ATTEMPTS = 3;

/**
 * POST /api/tutors/referral-codes {code?} (tutors) → 201 {code, status: 'pending', position}.
 * Without `code` ('Generate Code'): TUTOR + 6 random characters. With `code` ('Set Custom Referral
 * Code'): upper-cased, letters and digits kept, 3-20 long; a taken code → 409 '<CODE> is already
 * taken'. The `referral-{CODE}` stream is the reservation, so a code is unique in either store.
 */
export function registerCreateReferralCode(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/tutors/referral-codes', {
    schema: {
      response: { 201: referralCodeCreatedResponse },
      body: z.object({ code: z.string({ error: 'Code must be 3-20 characters long' }).max(200, 'Code must be 3-20 characters long').optional() }).default({}),
      tags: ['tutors'],
    },
    config: { access: ['tutor'] },
    handler: async (request, reply) => {
      const tutorId = principalOf(request).userId;
      const custom = request.body.code === undefined ? null : customReferralCode(request.body.code);
      const meta = commandMeta(request, deps);
      for (let attempt = 1; ; attempt += 1) {
        const code = custom ?? randomReferralCode();
        try {
          const result = await handleCommand({
            store: deps.store,
            streamId: referralStreamId(code),
            decider: referralCodeDecider,
            meta,
            command: { type: 'CreateReferralCode', code, tutorId, kind: custom ? 'custom' : 'generated' },
          });
          return reply.status(201).send({ code, status: 'pending', position: positionOf(result.position) });
        } catch (error) {
          if (custom || attempt >= GENERATE_ATTEMPTS || !(error instanceof DomainError) || error.code !== 'CONFLICT') throw error;
        }
      }
    },
  });
}
