import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps.ts';
import { dashboardStatsResponse } from '@mathdaily/domain/api/admin';

/** SPEC §9: 'new' registrations are those of the last 30 days; active users signed in within the same window. */
const WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

const figures = z.object({
  totalUsers: z.number(),
  activeUsers: z.number(),
  recentRegistrations: z.number(),
  totalProblems: z.number(),
  eventsStored: z.number(),
  answersToday: z.number(),
  sessionsToday: z.number(),
  problemsToday: z.number(),
  retriesToday: z.number(),
  usersByRole: z.record(z.string(), z.number()).nullable(),
  checkpoint: z.string().nullable(),
  checkpointAt: z.string().nullable(),
});

/**
 * GET /api/admin/dashboard/stats (admins) → data {totalUsers, activeUsers, recentRegistrations,
 * systemMetrics {totalProblems, eventsStored, answersToday, sessionsToday, problemsToday,
 * retriesToday, projectorLag, lastEventPosition, checkpoint, checkpointAt, usersByRole}}.
 * answersToday counts every answer; the session figures count as the student's summary does
 * (`sessionCounts`: problems by their first answer, retries apart). Today and the 30-day window
 * are UTC, from the server's clock.
 */
export function registerGetDashboardStats(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/dashboard/stats', { config: { access: ['admin'] }, schema: { tags: ['admin'], response: { 200: dashboardStatsResponse } } }, async () => {
    const now = deps.clock();
    const since = new Date(now.getTime() - WINDOW_DAYS * DAY_MS).toISOString();
    const today = now.toISOString().slice(0, 10);
    const [row, lastPosition] = await Promise.all([
      deps.pool.one(sql.type(figures)`
        SELECT
          (SELECT count(*) FROM read_models.users)::int AS "totalUsers",
          (SELECT count(*) FROM read_models.users WHERE last_login_at >= ${since}::timestamptz)::int AS "activeUsers",
          (SELECT count(*) FROM read_models.registrations WHERE registered_at >= ${since}::timestamptz)::int AS "recentRegistrations",
          (SELECT count(*) FROM read_models.problems)::int AS "totalProblems",
          (SELECT coalesce(sum(events), 0) FROM read_models.admin_event_counts)::int8 AS "eventsStored",
          (SELECT coalesce(sum(events), 0) FROM read_models.admin_event_counts WHERE day = ${today}::date AND type = 'AnswerSubmitted')::int AS "answersToday",
          s."sessionsToday", s."problemsToday", s."retriesToday",
          (SELECT jsonb_object_agg(role, n) FROM (SELECT role, count(*)::int AS n FROM read_models.users GROUP BY role) r) AS "usersByRole",
          (SELECT position::text FROM read_models.projection_state) AS checkpoint,
          (SELECT updated_at FROM read_models.projection_state) AS "checkpointAt"
        FROM (
          -- Sessions started today that answered something, counted as the student's summary counts them.
          SELECT count(*) FILTER (WHERE problems_completed > 0)::int AS "sessionsToday", coalesce(sum(problems_completed), 0)::int AS "problemsToday",
                 coalesce(sum(retries), 0)::int AS "retriesToday"
          FROM read_models.practice_sessions WHERE started_at >= ${today}::date::timestamp AT TIME ZONE 'UTC') s`),
      deps.lastEventPosition(),
    ]);
    const { totalUsers, activeUsers, recentRegistrations, usersByRole, checkpoint, checkpointAt, ...metrics } = row;
    return {
      data: {
        totalUsers,
        activeUsers,
        recentRegistrations,
        systemMetrics: {
          ...metrics,
          usersByRole: usersByRole ?? {},
          lastEventPosition: lastPosition.toString(),
          checkpoint,
          checkpointAt,
          // Positions the projector has yet to apply (0 when the read models are current).
          projectorLag: checkpoint === null ? null : Number(lastPosition - BigInt(checkpoint)),
        },
      },
    };
  });
}
