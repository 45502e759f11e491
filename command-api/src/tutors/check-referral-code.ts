import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { codeAvailability, DomainError, normalizeReferralCode, REFERRAL_MESSAGES } from '@mathdaily/domain';
import type { CommandApiDeps } from '../deps.ts';
import { loadReferralCode } from './referral-code-access.ts';
import { referralCodeCheckResponse } from '@mathdaily/domain/api/tutoring';

/** Per tutor: enough for typing and retrying, too few to list which codes exist. */
const CHECKS_PER_MINUTE = 30;

/**
 * POST /api/tutors/referral-codes/check {code} (tutors) → {code, status: 'available' | 'yours' |
 * 'taken' | 'invalid', message}: 'yours' when the code is the asking tutor's own already (a
 * referral code or one of their classes' codes), 'taken' (SPEC: '<CODE> is already taken') when someone else's. Reads the code's reservation stream, so the answer is current in either
 * event store (no projector lag). A POST because it lives beside the command that reserves.
 * Rate-limited per tutor: 429 after 30 checks a minute.
 */
export function registerCheckReferralCode(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/tutors/referral-codes/check', {
    schema: {
      response: { 200: referralCodeCheckResponse },
      body: z.object({ code: z.string({ error: REFERRAL_MESSAGES.codeLength }).max(200, REFERRAL_MESSAGES.codeLength) }),
      tags: ['tutors'],
    },
    config: {
      access: ['tutor'],
      rateLimit: {
        max: CHECKS_PER_MINUTE,
        timeWindow: '1 minute',
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) => `referral-check:${request.principal?.userId ?? request.ip}`,
        errorResponseBuilder: () => new DomainError('RATE_LIMITED', 'Too many checks. Please wait a minute and try again.'),
      },
    },
    handler: async (request) => {
      const code = normalizeReferralCode(request.body.code);
      if (!code) return { code: null, status: 'invalid' as const, message: REFERRAL_MESSAGES.codeLength };
      return { code, ...codeAvailability(await loadReferralCode(deps.store, code), code, principalOf(request).userId.toLowerCase()) };
    },
  });
}
