import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { ERASED_TEXT } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { registerAdminQuery } from '../admin/admin-query.ts';
import { inboxPageQuery, inboxPagination } from '../admin/paging.ts';
import { contactRequestsResponse, type ContactRequest } from '@mathdaily/domain/api/admin';

// name, email, organization and message sealed as the event keeps them (or plain text stored before personal data was sealed).
const row = tableRows.contact_requests;

const querystring = z.object({
  ...inboxPageQuery,
  source: z.enum(['contact', 'help'], 'source must be contact or help').optional(),
});

/** GET /api/admin/contact-requests: newest contact and help submissions, for admins; `source` narrows to one form. */
export function registerListContactRequests(app: FastifyInstance, deps: QueryApiDeps) {
  registerAdminQuery(app, '/api/admin/contact-requests', querystring, contactRequestsResponse, async ({ page, limit, source }) => {
    const where = source ? sql.fragment`WHERE source = ${source}` : sql.fragment``;
    const [requests, total] = await Promise.all([
      deps.pool.any(sql.type(row)`
        SELECT request_id, source, name, email, organization, plan, subject, message, user_id, created_at
        FROM read_models.contact_requests ${where}
        ORDER BY created_at DESC, request_id
        LIMIT ${limit} OFFSET ${(page - 1) * limit}`),
      deps.pool.oneFirst(sql.type(z.object({ count: z.number() }))`SELECT count(*) FROM read_models.contact_requests ${where}`),
    ]);
    return { data: { requests: (await deps.personalData.openValues(requests, ERASED_TEXT)) as ContactRequest[], pagination: inboxPagination(page, limit, total) } };
  });
}
