import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { DomainError, normalizeReferralCode, REFERRAL_MESSAGES, referralCodeDecider, referralStreamId } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleCommand } from '../pipeline/handle-command.ts';
import { referralCodeDeactivatedResponse } from '@mathdaily/domain/api/tutoring';

/**
 * POST /api/tutors/referral-codes/{code}/deactivate (tutors, their own codes) → {code, status:
 * 'inactive', position}. Students already linked keep their relationship; nobody new can join
 * with the code. Someone else's or an unknown code → 404.
 */
export function registerDeactivateReferralCode(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/tutors/referral-codes/:code/deactivate', {
    schema: { params: z.object({ code: z.string() }), tags: ['tutors'], response: { 200: referralCodeDeactivatedResponse } },
    config: { access: ['tutor'] },
    handler: async (request) => {
      const code = normalizeReferralCode(request.params.code);
      if (!code) throw new DomainError('NOT_FOUND', REFERRAL_MESSAGES.notYourCode);
      const result = await handleCommand({
        store: deps.store,
        streamId: referralStreamId(code),
        decider: referralCodeDecider,
        meta: commandMeta(request, deps),
        command: { type: 'DeactivateReferralCode', tutorId: principalOf(request).userId },
      });
      return { code, status: 'inactive' as const, position: positionOf(result.position) };
    },
  });
}
