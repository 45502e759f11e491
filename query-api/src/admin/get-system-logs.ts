import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { registerAdminQuery } from './admin-query.ts';
import { systemLogsResponse } from '@mathdaily/domain/api/admin';

const userColumn = tableRows.users.shape;
const registration = z.object({
  userId: tableRows.registrations.shape.user_id,
  email: userColumn.email,
  firstName: userColumn.first_name,
  lastName: userColumn.last_name,
  role: userColumn.role,
  source: tableRows.registrations.shape.source,
  registeredAt: tableRows.registrations.shape.registered_at,
});

const login = z.object({
  eventId: tableRows.sign_in_log.shape.event_id,
  userId: tableRows.sign_in_log.shape.user_id,
  email: userColumn.email,
  firstName: userColumn.first_name,
  lastName: userColumn.last_name,
  role: userColumn.role,
  method: tableRows.sign_in_log.shape.method,
  at: tableRows.sign_in_log.shape.at,
});

const querystring = z.object({
  limit: z.coerce
    .number({ error: () => 'limit must be a whole number from 1 to 50' })
    .int('limit must be a whole number from 1 to 50')
    .min(1, 'limit must be a whole number from 1 to 50')
    .max(50, 'limit must be a whole number from 1 to 50')
    .default(10),
});

/**
 * GET /api/admin/system/logs?limit=10 (admins) → data {recentRegistrations[], recentLogins[]},
 * newest first. Names, e-mails and roles are the users' current ones.
 */
export function registerGetSystemLogs(app: FastifyInstance, deps: QueryApiDeps) {
  registerAdminQuery(app, '/api/admin/system/logs', querystring, systemLogsResponse, async ({ limit }) => {
    const [recentRegistrations, recentLogins] = await Promise.all([
      deps.pool.any(sql.type(registration)`
        SELECT r.user_id AS "userId", u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.role, r.source, r.registered_at AS "registeredAt"
        FROM read_models.registrations r JOIN read_models.users u ON u.id = r.user_id
        ORDER BY r.registered_at DESC, r.user_id
        LIMIT ${limit}`),
      deps.pool.any(sql.type(login)`
        SELECT l.event_id AS "eventId", l.user_id AS "userId", u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.role, l.method, l.at
        FROM read_models.sign_in_log l JOIN read_models.users u ON u.id = l.user_id
        WHERE l.outcome = 'success'
        ORDER BY l.at DESC, l.event_id
        LIMIT ${limit}`),
    ]);
    return { data: { recentRegistrations: [...recentRegistrations], recentLogins: [...recentLogins] } };
  });
}
