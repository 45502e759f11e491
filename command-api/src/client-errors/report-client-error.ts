import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '@mathdaily/domain';
import { CLIENT_ERROR_LIMITS, withoutReportSecrets } from '@mathdaily/domain/client-errors/events';
import { appendNew } from '../pipeline/handle-command.ts';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { clientErrorReportedResponse } from '@mathdaily/domain/api/site';

/** Per client IP: a crash loop in one browser cannot flood the store. */
const CLIENT_ERROR_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;
/** Message, stack, address and browser at their limits fit well inside this. */
const CLIENT_ERROR_BODY_LIMIT_BYTES = 16 * 1024;

const TOO_LARGE = 'The error report is too large (the limit is 16 KB). Shorten the stack trace and send it again.';

const tooLong = (field: string, max: number) => `${field} is too long (maximum ${max} characters)`;

const body = z.object({
  message: z.string().trim().min(1, 'message is required').max(CLIENT_ERROR_LIMITS.message, tooLong('message', CLIENT_ERROR_LIMITS.message)),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack, tooLong('stack', CLIENT_ERROR_LIMITS.stack)).nullable().optional(),
  url: z.string().trim().min(1, 'url is required').max(CLIENT_ERROR_LIMITS.url, tooLong('url', CLIENT_ERROR_LIMITS.url)),
  userAgent: z.string().max(CLIENT_ERROR_LIMITS.userAgent, tooLong('userAgent', CLIENT_ERROR_LIMITS.userAgent)).default(''),
  occurredAt: z.string().datetime({ offset: true, message: 'occurredAt must be an ISO date-time' }),
});

/**
 * POST /api/client-errors: the web app's error boundary reports a crash (ClientErrorReported),
 * so 'the issue has been reported' is true. Public: a crash can happen before sign-in.
 */
export function registerReportClientError(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/client-errors', {
    schema: { body, tags: ['client-errors'], response: { 201: clientErrorReportedResponse } },
    bodyLimit: CLIENT_ERROR_BODY_LIMIT_BYTES,
    config: {
      access: 'public',
      rateLimit: {
        ...CLIENT_ERROR_RATE_LIMIT,
        errorResponseBuilder: (_request, context) =>
          new DomainError('RATE_LIMITED', `Too many error reports from this address. Please wait ${context.after} before sending more.`),
      },
    },
    preParsing: async (request) => {
      if (Number(request.headers['content-length'] ?? 0) > CLIENT_ERROR_BODY_LIMIT_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', TOO_LARGE);
    },
    handler: async (request, reply) => {
      const reportId = randomUUID();
      const input = request.body;
      const position = await appendNew({
        store: deps.store,
        streamId: `client-error-${reportId}`,
        meta: commandMeta(request, deps),
        facts: [
          {
            type: 'ClientErrorReported',
            data: withoutReportSecrets({
              reportId,
              message: input.message,
              stack: input.stack || null,
              url: input.url,
              userAgent: input.userAgent,
              occurredAt: new Date(input.occurredAt).toISOString(),
            }),
          },
        ],
      });
      return reply.status(201).send({ position: positionOf(position), data: { reportId } });
    },
  });
}
