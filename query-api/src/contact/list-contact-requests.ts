import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { ERASED_TEXT } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { contactRequestsResponse, type ContactRequest } from '@mathdaily/domain/api/admin';

// name, email, organization and message sealed as the event keeps them (or plain text stored before personal data was sealed).
const row = tableRows.contact_requests;

/** GET /api/admin/contact-requests: newest contact and help submissions, for admins; `source` narrows to one form. */
export function registerListContactRequests(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/contact-requests', {
    config: { access: ['admin'] },
    schema: {
      response: { 200: contactRequestsResponse },
      tags: ['admin'],
      querystring: z.object({
        page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
        limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(100, 'limit must be at most 100').default(20),
        source: z.enum(['contact', 'help'], 'source must be contact or help').optional(),
      }),
    },
    handler: async (request) => {
      const { page, limit, source } = request.query;
      const where = source ? sql.fragment`WHERE source = ${source}` : sql.fragment``;
      const [requests, total] = await Promise.all([
        deps.pool.any(sql.type(row)`
          SELECT request_id, source, name, email, organization, plan, subject, message, user_id, created_at
          FROM read_models.contact_requests ${where}
          ORDER BY created_at DESC, request_id
          LIMIT ${limit} OFFSET ${(page - 1) * limit}`),
        deps.pool.oneFirst(sql.type(z.object({ count: z.number() }))`SELECT count(*) FROM read_models.contact_requests ${where}`),
      ]);
      return { data: { requests: (await deps.personalData.openValues(requests, ERASED_TEXT)) as ContactRequest[], pagination: { page, limit, total, hasPrevious: page > 1, hasNext: page * limit < total } } };
    },
  });
}
