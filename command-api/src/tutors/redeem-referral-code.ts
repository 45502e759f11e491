import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { classDecider, classStreamId, DomainError, joinTargetOf, normalizeReferralCode, REFERRAL_MESSAGES, relationshipDecider, relationshipStreamId, type JoinTarget } from '@mathdaily/domain';
import { commandMeta, laterPosition, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleCommand, type CommandMeta } from '../pipeline/handle-command.ts';
import { loadClass } from './class-access.ts';
import { loadReferralCode } from './referral-code-access.ts';
import { referralCodeRedeemedResponse } from '@mathdaily/domain/api/tutoring';

export type CodeTarget = { code: string; target: JoinTarget; className: string | null };

/**
 * Where a code a student typed leads (a tutor, or one of a tutor's classes), checked before anything
 * is written, so a registration with a bad code writes nothing: unknown, inactive, own code; for a
 * class, a code it no longer has, an archived or a full class. `redeemerId` null: not registered yet.
 */
export async function targetOfCode(deps: CommandApiDeps, input: string, redeemerId: string | null): Promise<CodeTarget> {
  const code = normalizeReferralCode(input);
  if (!code) throw new DomainError('VALIDATION_FAILED', REFERRAL_MESSAGES.notFound, { referralCode: REFERRAL_MESSAGES.notFound });
  const target = joinTargetOf(await loadReferralCode(deps.store, code), redeemerId);
  if (target.kind === 'tutor') return { code, target, className: null };
  const state = await loadClass(deps.store, target.classId);
  // The decision on a student who is surely not in it yet: it refuses exactly what the join itself would.
  classDecider.decide({ type: 'JoinWithCode', studentId: '00000000-0000-4000-8000-000000000000', code, via: 'profile' }, state);
  return { code, target, className: state.name };
}

/**
 * The student joins where the code leads. A referral code: ReferralCodeRedeemed (pending until the
 * tutor activates them). A class code: the class first (StudentJoinedClass; nothing when they are in
 * it), then the link with its tutor (StudentJoinedTutorClass: active at once; nothing when active
 * already), so a retry after a failure in between completes the join.
 */
export async function redeemCode(deps: CommandApiDeps, meta: CommandMeta, input: CodeTarget & { studentId: string; via: 'registration' | 'profile' }) {
  const { code, target, studentId, via } = input;
  if (target.kind === 'tutor') {
    const result = await handleCommand({
      store: deps.store,
      streamId: relationshipStreamId(target.tutorId, studentId),
      decider: relationshipDecider,
      meta,
      command: { type: 'RedeemReferralCode', code, tutorId: target.tutorId, studentId, via },
    });
    return { joined: true, position: positionOf(result.position) };
  }
  const joined = await handleCommand({ store: deps.store, streamId: classStreamId(target.classId), decider: classDecider, meta, command: { type: 'JoinWithCode', studentId, code, via } });
  const linked = await handleCommand({
    store: deps.store,
    streamId: relationshipStreamId(target.tutorId, studentId),
    decider: relationshipDecider,
    meta,
    command: { type: 'JoinTutorByClassCode', tutorId: target.tutorId, studentId, classId: target.classId, code, via },
  });
  return { joined: joined.events.length > 0, position: laterPosition(joined.position, linked.position) };
}

const CODE_MESSAGE = 'Please enter the code your tutor or teacher gave you.';

/**
 * POST /api/tutors/referral-codes/redeem {code} (students: the profile's 'Join a tutor or class' box
 * and the join link's page) → {message, class_id?, position}. A tutor's referral code links the
 * student (pending until the tutor activates them); a class's code puts them in the class, active
 * with its tutor. Unknown, inactive or own code, a tutor already joined, a closed class → 400/409
 * with a message a child understands. Registration redeems through `referralCode` in its body.
 */
export function registerRedeemReferralCode(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/tutors/referral-codes/redeem', {
    schema: {
      response: { 200: referralCodeRedeemedResponse },
      body: z.object({ code: z.string({ error: CODE_MESSAGE }).min(1, CODE_MESSAGE).max(200, REFERRAL_MESSAGES.notFound) }),
      tags: ['tutors'],
    },
    config: { access: ['student'] },
    handler: async (request) => {
      const studentId = principalOf(request).userId.toLowerCase();
      const target = await targetOfCode(deps, request.body.code, studentId);
      const result = await redeemCode(deps, commandMeta(request, deps), { ...target, studentId, via: 'profile' });
      const { position } = result;
      if (target.target.kind === 'tutor') return { message: 'You have joined your tutor. They will see your progress once they accept you.', position };
      const message = result.joined ? `You're now in ${target.className}. Your teacher can see your practice and give you work.` : `You're already in ${target.className}.`;
      return { message, class_id: target.target.classId, position };
    },
  });
}
