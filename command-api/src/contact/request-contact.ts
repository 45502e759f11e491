import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONTACT_PROMISE, DEFAULT_CONTACT_PLAN, DomainError, contactRequestBodySchema } from '@mathdaily/domain';
import { appendNew } from '../pipeline/handle-command.ts';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { contactRequestSentResponse } from '@mathdaily/domain/api/site';

/** Per client IP: enough for a school sharing one address, too few to flood the inbox. */
const CONTACT_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;
/** The longest form (5,000-character message and the other fields) fits well inside this. */
const CONTACT_BODY_LIMIT_BYTES = 32 * 1024;

const TOO_LARGE = 'Your message is too large to send (the limit is 32 KB). Please shorten it and try again.';

/**
 * POST /api/contact-requests: a contact-sales or help form submission, kept as ContactRequested
 * and listed to admins. Public: guests use the contact page; the help page sends source 'help'.
 */
export function registerRequestContact(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/contact-requests', {
    schema: { body: contactRequestBodySchema, tags: ['contact'], response: { 201: contactRequestSentResponse } },
    bodyLimit: CONTACT_BODY_LIMIT_BYTES,
    config: {
      access: 'public',
      rateLimit: {
        ...CONTACT_RATE_LIMIT,
        errorResponseBuilder: (_request, context) =>
          new DomainError('RATE_LIMITED', `You have sent a lot of messages in a short time. Please wait ${context.after} and try again.`),
      },
    },
    // A declared length over the limit is refused before the body is read, with a message people understand.
    preParsing: async (request) => {
      if (Number(request.headers['content-length'] ?? 0) > CONTACT_BODY_LIMIT_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', TOO_LARGE);
    },
    handler: async (request, reply) => {
      const requestId = randomUUID();
      const input = request.body;
      const isContact = input.source === 'contact';
      const position = await appendNew({
        store: deps.store,
        streamId: `contact-${requestId}`,
        meta: commandMeta(request, deps),
        facts: [
          {
            type: 'ContactRequested',
            data: {
              requestId,
              source: input.source,
              name: input.name,
              email: input.email,
              organization: (isContact && input.organization) || null,
              plan: isContact ? (input.plan ?? DEFAULT_CONTACT_PLAN) : null,
              subject: isContact ? null : (input.subject ?? null),
              message: input.message,
            },
          },
        ],
      });
      return reply.status(201).send({ position: positionOf(position), data: { requestId, message: CONTACT_PROMISE.thankYou } });
    },
  });
}
