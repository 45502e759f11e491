import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { linkToken, principalOf } from '@mathdaily/api-kit';
import { DomainError } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { userIdOfLinkToken } from '../auth/secrets.ts';
import { messageResponse } from '@mathdaily/domain/api/common';
import { weeklySummaryResponse } from '@mathdaily/domain/api/families';
import { handleUserCommand } from '../auth/user-records.ts';

const OPT_OUT_LINK_INVALID = 'This link is not valid. You can turn weekly summaries off on your dashboard.';
const SUMMARIES_OFF = 'You will not get weekly summaries any more.';
const SUMMARIES_ON = 'Weekly summaries are on.';

/**
 * PUT /api/parent/weekly-summary {enabled} (parents): the weekly e-mail on or off.
 * POST /api/email/weekly-summary/opt-out?token=… (public): the e-mail's one-click opt-out, for the
 * page its link opens and for mail programs (RFC 8058: List-Unsubscribe-Post sends
 * `List-Unsubscribe=One-Click` as a form to this address). The token is the parent's own
 * (`linkToken` of purpose weekly-summary-opt-out and their id): it can only turn summaries off.
 */
export function registerWeeklySummarySettings(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().put('/api/parent/weekly-summary', {
    schema: { body: z.object({ enabled: z.boolean({ error: () => 'Please say whether weekly summaries are on (true) or off (false).' }) }), tags: ['family'], response: { 200: weeklySummaryResponse } },
    config: { access: ['parent'] },
    handler: async (request) => {
      const userId = principalOf(request).userId;
      const result = await handleUserCommand(deps.store, userId, commandMeta(request, deps), { type: 'SetWeeklySummary', enabled: request.body.enabled, via: 'settings' });
      return { message: request.body.enabled ? SUMMARIES_ON : SUMMARIES_OFF, enabled: request.body.enabled, position: positionOf(result.position) };
    },
  });
  // Encapsulated: only this route reads form bodies (a mail program's one-click POST).
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
    scope.withTypeProvider<ZodTypeProvider>().post('/api/email/weekly-summary/opt-out', {
      schema: { querystring: z.object({ token: z.string().max(200, OPT_OUT_LINK_INVALID).optional() }), tags: ['family'], response: { 200: messageResponse } },
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '15 minutes' } },
      handler: async (request) => {
        const token = request.query.token ?? (request.body as { token?: unknown } | undefined)?.token;
        const userId = typeof token === 'string' ? userIdOfLinkToken(token) : null;
        const expected = userId ? linkToken(deps.config.jwtSecret, userId, 'weekly-summary-opt-out', userId).token : '';
        if (!userId || typeof token !== 'string' || !sameText(expected, token.trim())) throw new DomainError('VALIDATION_FAILED', OPT_OUT_LINK_INVALID);
        const result = await handleUserCommand(deps.store, userId, { ...commandMeta(request, deps), actorId: userId }, { type: 'SetWeeklySummary', enabled: false, via: 'email-link' }).catch((error: unknown) => {
          // A parent account since erased, or made something else: nothing to turn off, and the link says so plainly.
          if (error instanceof DomainError && (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN')) return { position: null };
          throw error;
        });
        return { message: SUMMARIES_OFF, position: positionOf(result.position) };
      },
    });
  });
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
