import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { DomainError } from '@mathdaily/domain';

/**
 * Rate limits of the accounts routes (docs/accounts.md). Per-IP limits use @fastify/rate-limit's
 * per-route `config.rateLimit`; the per-account sign-in limit counts failed attempts per
 * lower-cased e-mail in the same plugin's store, so people who type their password right are
 * never slowed down by others guessing theirs.
 */

export const RATE_LIMIT_MESSAGES = {
  signIn: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  registration: 'Too many accounts created from this network. Please wait a few minutes and try again.',
  passwordReset: 'Too many password reset requests. Please wait a few minutes and try again.',
  emailLinks: 'Too many attempts. Please wait a few minutes and try again.',
  refresh: 'Too many session refreshes. Please wait a moment and try again.',
  upload: 'Too many uploads. Please wait a few minutes and try again.',
} as const;

const limit = (max: number, timeWindow: string, message: string, extra: Partial<RateLimitOptions> = {}): RateLimitOptions => ({
  max,
  timeWindow,
  errorResponseBuilder: () => new DomainError('RATE_LIMITED', message),
  ...extra,
});

export const RATE_LIMITS = {
  /** POST /login per IP. */
  signInPerIp: limit(20, '1 minute', RATE_LIMIT_MESSAGES.signIn),
  /** POST /register per IP. */
  registrationPerIp: limit(20, '10 minutes', RATE_LIMIT_MESSAGES.registration),
  /** POST /forgot-password per IP. */
  forgotPasswordPerIp: limit(5, '15 minutes', RATE_LIMIT_MESSAGES.passwordReset),
  /** POST /reset-password per IP (token guessing). */
  resetPasswordPerIp: limit(10, '15 minutes', RATE_LIMIT_MESSAGES.passwordReset),
  /** POST /verify-email per IP (token guessing). */
  verifyEmailPerIp: limit(20, '15 minutes', RATE_LIMIT_MESSAGES.emailLinks),
  /** POST /resend-verification per account. */
  resendVerificationPerUser: limit(5, '15 minutes', RATE_LIMIT_MESSAGES.emailLinks, {
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `resend:${request.principal?.userId ?? request.ip}`,
  }),
  /** POST /change-password per account (current-password guessing with a stolen token). */
  changePasswordPerUser: limit(10, '15 minutes', RATE_LIMIT_MESSAGES.signIn, {
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `change-password:${request.principal?.userId ?? request.ip}`,
  }),
  /** POST /refresh per IP. */
  refreshPerIp: limit(60, '1 minute', RATE_LIMIT_MESSAGES.refresh),
  /** POST /profile/avatar per account. */
  uploadPerUser: limit(20, '15 minutes', RATE_LIMIT_MESSAGES.upload, {
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `upload:${request.principal?.userId ?? request.ip}`,
  }),
} as const;

/** Failed sign-ins allowed per account (lower-cased e-mail) in the window before answering 429. */
export const SIGN_IN_FAILURES_PER_ACCOUNT = { max: 10, timeWindow: '15 minutes' } as const;

export interface AccountSignInLimiter {
  /** Throws 429 when the account has used up its failed attempts. */
  check(request: FastifyRequest, email: string): Promise<void>;
  /** Counts one failed attempt. */
  fail(request: FastifyRequest, email: string): Promise<void>;
}

export function accountSignInLimiter(app: FastifyInstance): AccountSignInLimiter {
  const keyOf = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max: SIGN_IN_FAILURES_PER_ACCOUNT.max,
    timeWindow: SIGN_IN_FAILURES_PER_ACCOUNT.timeWindow,
    keyGenerator: (request) => keyOf.get(request) ?? request.ip,
  });
  return {
    async check(request, email) {
      keyOf.set(request, `sign-in-account:${email.trim().toLowerCase()}`);
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.remaining <= 0) throw new DomainError('RATE_LIMITED', RATE_LIMIT_MESSAGES.signIn);
    },
    async fail(request, email) {
      keyOf.set(request, `sign-in-account:${email.trim().toLowerCase()}`);
      await limiter(request);
    },
  };
}
