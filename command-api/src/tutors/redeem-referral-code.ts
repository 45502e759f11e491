import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { DomainError, normalizeReferralCode, REFERRAL_MESSAGES, relationshipDecider, relationshipStreamId, tutorForCode } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleCommand, type CommandMeta } from '../pipeline/handle-command.ts';
import { loadReferralCode } from './referral-code-access.ts';

/**
 * The tutor a student would join with this code, checked before anything is written (so a
 * registration with a bad code writes nothing). `redeemerId` null: a student not registered yet.
 */
export async function tutorOfReferralCode(deps: CommandApiDeps, input: string, redeemerId: string | null): Promise<{ code: string; tutorId: string }> {
  const code = normalizeReferralCode(input);
  if (!code) throw new DomainError('VALIDATION_FAILED', REFERRAL_MESSAGES.notFound, { referralCode: REFERRAL_MESSAGES.notFound });
  return { code, tutorId: tutorForCode(await loadReferralCode(deps.store, code), redeemerId) };
}

/** Appends ReferralCodeRedeemed to `relationship-{tutorId}-{studentId}`: the student is pending. */
export async function redeemReferralCode(
  deps: CommandApiDeps,
  meta: CommandMeta,
  input: { code: string; tutorId: string; studentId: string; via: 'registration' | 'profile' },
) {
  return handleCommand({
    store: deps.store,
    streamId: relationshipStreamId(input.tutorId, input.studentId),
    decider: relationshipDecider,
    meta,
    command: { type: 'RedeemReferralCode', ...input },
  });
}

/**
 * POST /api/tutors/referral-codes/redeem {code} (students: the profile's 'Join a tutor') →
 * {message, position}. Unknown, inactive or own code, or a tutor already joined → 400/409 with a
 * message a child understands. Registration redeems through `referralCode` in its body instead.
 */
export function registerRedeemReferralCode(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/tutors/referral-codes/redeem', {
    schema: {
      body: z.object({ code: z.string({ error: 'Please enter the referral code your tutor gave you.' }).min(1, 'Please enter the referral code your tutor gave you.').max(200, REFERRAL_MESSAGES.notFound) }),
      tags: ['tutors'],
    },
    config: { access: ['student'] },
    handler: async (request) => {
      const studentId = principalOf(request).userId;
      const { code, tutorId } = await tutorOfReferralCode(deps, request.body.code, studentId);
      const result = await redeemReferralCode(deps, commandMeta(request, deps), { code, tutorId, studentId, via: 'profile' });
      return { message: 'You have joined your tutor. They will see your progress once they accept you.', position: positionOf(result.position) };
    },
  });
}
