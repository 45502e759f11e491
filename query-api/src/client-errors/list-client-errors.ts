import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { registerAdminQuery } from '../admin/admin-query.ts';
import { inboxPageQuery, inboxPagination } from '../admin/paging.ts';
import { clientErrorsResponse } from '@mathdaily/domain/api/admin';

const row = tableRows.client_errors;

const querystring = z.object({
  ...inboxPageQuery,
});

/** GET /api/admin/client-errors: crashes the web app reported, newest first, for admins. */
export function registerListClientErrors(app: FastifyInstance, deps: QueryApiDeps) {
  registerAdminQuery(app, '/api/admin/client-errors', querystring, clientErrorsResponse, async ({ page, limit }) => {
    const [errors, total] = await Promise.all([
      deps.pool.any(sql.type(row)`
        SELECT report_id, message, stack, url, user_agent, user_id, occurred_at, reported_at
        FROM read_models.client_errors
        ORDER BY reported_at DESC, report_id
        LIMIT ${limit} OFFSET ${(page - 1) * limit}`),
      deps.pool.oneFirst(sql.type(z.object({ count: z.number() }))`SELECT count(*) FROM read_models.client_errors`),
    ]);
    return { data: { errors: [...errors], pagination: inboxPagination(page, limit, total) } };
  });
}
