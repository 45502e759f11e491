import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resetLinkProblem, TOKEN_MESSAGES } from '@mathdaily/domain';
import type { CommandApiDeps } from '../deps.ts';
import { linkTokenField, loadUserOfLink } from './user-records.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { sha256Hex } from './secrets.ts';
import { resetLinkCheckResponse } from '@mathdaily/domain/api/accounts';

/**
 * POST /api/auth/reset-password/check {token} → 200 {valid: true}, or the refusal the reset itself
 * would give (400 invalid, 410 used, replaced or expired). The reset page asks when it opens, so a
 * dead link says so before anyone types a new password. Nothing is recorded. A POST (the token
 * stays out of URLs and logs) in the command API, which reads the user's own stream.
 */
export function registerCheckResetLink(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/reset-password/check', {
    schema: {
      response: { 200: resetLinkCheckResponse },
      body: z.object({ token: linkTokenField(TOKEN_MESSAGES.resetInvalid) }),
      tags: ['auth'],
    },
    config: { access: 'public', rateLimit: RATE_LIMITS.resetPasswordPerIp },
    handler: async (request) => {
      const { user } = await loadUserOfLink(deps.store, request.body.token, TOKEN_MESSAGES.resetInvalid);
      const problem = resetLinkProblem(user.state, sha256Hex(request.body.token.trim()), deps.clock().toISOString());
      if (problem) throw problem;
      return { valid: true };
    },
  });
}
