import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps.ts';

const registration = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  source: z.string(),
  registeredAt: z.string(),
});

const login = z.object({
  eventId: z.string(),
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  method: z.string().nullable(),
  at: z.string(),
});

/**
 * GET /api/admin/system/logs?limit=10 (admins) → data {recentRegistrations[], recentLogins[]},
 * newest first. Names, e-mails and roles are the users' current ones.
 */
export function registerGetSystemLogs(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/system/logs', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      querystring: z.object({
        limit: z.coerce
          .number({ error: () => 'limit must be a whole number from 1 to 50' })
          .int('limit must be a whole number from 1 to 50')
          .min(1, 'limit must be a whole number from 1 to 50')
          .max(50, 'limit must be a whole number from 1 to 50')
          .default(10),
      }),
    },
    handler: async (request) => {
      const { limit } = request.query;
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
      return { data: { recentRegistrations, recentLogins } };
    },
  });
}
