import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps.ts';

const row = z.object({
  request_id: z.string(),
  source: z.string(),
  name: z.string(),
  email: z.string(),
  organization: z.string().nullable(),
  plan: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string(),
  created_at: z.string(),
});

/** GET /api/admin/contact-requests: newest contact and help submissions, for admins. */
export function registerListContactRequests(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/contact-requests', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      querystring: z.object({
        page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
        limit: z.coerce.number().int().min(1).max(100, 'limit must be at most 100').default(20),
      }),
    },
    handler: async (request) => {
      const { page, limit } = request.query;
      const [requests, total] = await Promise.all([
        deps.pool.any(sql.type(row)`
          SELECT request_id, source, name, email, organization, plan, subject, message, created_at
          FROM read_models.contact_requests ORDER BY created_at DESC, request_id
          LIMIT ${limit} OFFSET ${(page - 1) * limit}`),
        deps.pool.oneFirst(sql.unsafe`SELECT count(*) FROM read_models.contact_requests`),
      ]);
      return { data: { requests, pagination: { page, limit, total: Number(total), hasPrevious: page > 1, hasNext: page * limit < Number(total) } } };
    },
  });
}
