import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256Hex } from './secrets.ts';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { DomainError } from '@mathdaily/domain';

/**
 * Rate limits of the accounts routes (docs/accounts.md). Per-IP limits use @fastify/rate-limit's
 * per-route `config.rateLimit`; failed sign-ins are counted per (lower-cased e-mail, address) and
 * per e-mail in the same plugin's store (PostgreSQL in production, shared by every instance).
 */

const RATE_LIMIT_MESSAGES = {
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

/**
 * Failed sign-ins per (account, address) before that address gets 429 for the account: a guesser
 * is stopped without locking out the owner, who signs in from another address.
 */
const SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS = { max: 10, timeWindow: '15 minutes' } as const;

/**
 * Failed sign-ins per account from all addresses before every attempt on it is slowed down by
 * `ACCOUNT_SLOWDOWN_MS` (never refused: refusing would let anyone lock anyone out).
 */
const SIGN_IN_FAILURES_PER_ACCOUNT = { max: 10, timeWindow: '15 minutes' } as const;
export const ACCOUNT_SLOWDOWN_MS = 1000;

export interface AccountSignInLimiter {
  /** Throws 429 when this address has used up its failed attempts on the account; waits when the account is under attack. */
  check(request: FastifyRequest, email: string): Promise<void>;
  /** Counts one failed attempt. */
  fail(request: FastifyRequest, email: string): Promise<void>;
}

export function accountSignInLimiter(app: FastifyInstance): AccountSignInLimiter {
  const keyOf = new WeakMap<FastifyRequest, { pair: string; account: string }>();
  const perPair = app.createRateLimit({ ...SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, keyGenerator: (request) => keyOf.get(request)?.pair ?? request.ip });
  const perAccount = app.createRateLimit({ ...SIGN_IN_FAILURES_PER_ACCOUNT, keyGenerator: (request) => keyOf.get(request)?.account ?? request.ip });
  const remember = (request: FastifyRequest, email: string) => {
    // Counted by the address's digest: the shared counters table never holds an address (docs/personal-data.md).
    const account = sha256Hex(email.trim().toLowerCase());
    keyOf.set(request, { pair: `sign-in:${account}|${request.ip}`, account: `sign-in-account:${account}` });
  };
  return {
    async check(request, email) {
      remember(request, email);
      const [pair, account] = await Promise.all([perPair(request, { increment: false }), perAccount(request, { increment: false })]);
      if (!pair.isAllowed && pair.remaining <= 0) throw new DomainError('RATE_LIMITED', RATE_LIMIT_MESSAGES.signIn);
      if (!account.isAllowed && account.remaining <= 0) await new Promise((resolve) => setTimeout(resolve, ACCOUNT_SLOWDOWN_MS));
    },
    async fail(request, email) {
      remember(request, email);
      await Promise.all([perPair(request), perAccount(request)]);
    },
  };
}
