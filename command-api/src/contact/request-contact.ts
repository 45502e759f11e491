import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appendNew } from '../pipeline/handle-command.ts';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';

const body = z.object({
  source: z.enum(['contact', 'help']).default('contact'),
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
  email: z.string().trim().min(1, 'Email address is required').max(254, 'Email address is too long').email('Please enter a valid email address'),
  organization: z.string().trim().max(200).optional(),
  plan: z.enum(['student', 'family', 'tutor', 'school', 'custom']).optional(),
  subject: z.enum(['bug', 'feature', 'account', 'technical', 'other']).optional(),
  message: z.string().trim().min(1, 'Message is required').max(5000, 'Message is too long (maximum 5000 characters)'),
});

/** POST /api/contact-requests: a contact or help form submission, kept as ContactRequested. */
export function registerRequestContact(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/contact-requests', {
    schema: { body, tags: ['contact'] },
    config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const requestId = randomUUID();
      const input = request.body;
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
              organization: input.organization || null,
              plan: input.source === 'contact' ? (input.plan ?? 'school') : null,
              subject: input.subject ?? null,
              message: input.message,
            },
          },
        ],
      });
      return reply.status(201).send({ position: positionOf(position), data: { requestId } });
    },
  });
}
