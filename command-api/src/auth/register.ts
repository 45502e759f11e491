import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registrationPayloadSchema } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { accessTokenFor } from './sessions.ts';
import { registerAccount } from './registration-process.ts';
import { viewOf } from './user-records.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { redeemCode, targetOfCode } from '../tutors/redeem-referral-code.ts';
import { signedInResponse } from '@mathdaily/domain/api/accounts';

/** Optional tutor's referral code or class code; an empty field means none. */
const referralCodeBody = z.object({ referralCode: z.string().max(200).optional() });

/**
 * POST /api/auth/register {email, password, firstName, lastName, gradeLevel?} → 201
 * {accessToken, refreshToken, user, position}. A student, or a parent with `accountType: 'parent'`;
 * a `role` field is ignored.
 * Queues a verification e-mail; a taken address (any letter case) → 409.
 * `referralCode` (optional): checked before anything is written (unknown or inactive, a closed
 * class → 400 and no account), then redeemed for the new student: a tutor's referral code makes a
 * pending relationship with the tutor; a class's code puts them in the class, active with its tutor.
 */
export function registerRegister(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/register', {
    schema: { body: z.intersection(registrationPayloadSchema, referralCodeBody), tags: ['auth'], response: { 201: signedInResponse } },
    config: { access: 'public', rateLimit: RATE_LIMITS.registrationPerIp },
    handler: async (request, reply) => {
      const { referralCode, accountType, ...input } = request.body;
      // A tutor's or a class's code makes a student of theirs: a parent's account has none.
      const referral = referralCode?.trim() && accountType === 'student' ? await targetOfCode(deps, referralCode, null) : null;
      const meta = commandMeta(request, deps);
      const account = await registerAccount(deps, meta, {
        ...input,
        role: accountType,
        source: 'self-registration',
        preVerified: false,
        signIn: true,
      });
      const session = account.session!;
      const redeemed = referral
        ? await redeemCode(deps, { ...meta, actorId: account.userId }, { ...referral, studentId: account.userId, via: 'registration' })
        : null;
      return reply.status(201).send({
        accessToken: accessTokenFor(deps, account.record.state, session.sessionId),
        refreshToken: session.refreshToken,
        user: viewOf(account.record),
        position: redeemed?.position ?? positionOf(account.position),
      });
    },
  });
}
