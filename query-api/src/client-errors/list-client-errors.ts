import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { clientErrorsResponse } from '@mathdaily/domain/api/admin';

const row = tableRows.client_errors;

/** GET /api/admin/client-errors: crashes the web app reported, newest first, for admins. */
export function registerListClientErrors(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/client-errors', {
    config: { access: ['admin'] },
    schema: {
      response: { 200: clientErrorsResponse },
      tags: ['admin'],
      querystring: z.object({
        page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
        limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(100, 'limit must be at most 100').default(20),
      }),
    },
    handler: async (request) => {
      const { page, limit } = request.query;
      const [errors, total] = await Promise.all([
        deps.pool.any(sql.type(row)`
          SELECT report_id, message, stack, url, user_agent, user_id, occurred_at, reported_at
          FROM read_models.client_errors
          ORDER BY reported_at DESC, report_id
          LIMIT ${limit} OFFSET ${(page - 1) * limit}`),
        deps.pool.oneFirst(sql.type(z.object({ count: z.number() }))`SELECT count(*) FROM read_models.client_errors`),
      ]);
      return { data: { errors: [...errors], pagination: { page, limit, total, hasPrevious: page > 1, hasNext: page * limit < total } } };
    },
  });
}
