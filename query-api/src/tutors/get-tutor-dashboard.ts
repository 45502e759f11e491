import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps.ts';
import { recentActivity } from './activity-view.ts';
import { studentColumns, studentRow, studentViewOf } from './student-view.ts';
import { inScope, registerTutorScopedQuery } from './tutor-scope.ts';
import { tutorDashboardResponse } from '@mathdaily/domain/api/tutoring';

const statsRow = z.object({ total: z.number(), active: z.number(), pending: z.number(), referrals: z.number() });
const RECENT_ACTIVITY = 20;
const RECENT_STUDENTS = 5;

/**
 * GET /api/tutors/dashboard (tutors; admins with ?tutor_id= or for every tutor) → {stats:
 * {totalStudents, activeStudents, pendingStudents, totalReferrals}, recentActivity (newest 20,
 * one row per practice session), recentStudents (newest 5 joined, with practising_now)}.
 * Total Referrals counts every use of the tutor's codes.
 */
export function registerGetTutorDashboard(app: FastifyInstance, deps: QueryApiDeps) {
  registerTutorScopedQuery(app, '/api/tutors/dashboard', tutorDashboardResponse, async (scope) => {
    const now = deps.clock();
    const [stats, activity, students] = await Promise.all([
      deps.pool.one(sql.type(statsRow)`
        SELECT
          (SELECT count(*) FROM read_models.tutor_students ts WHERE ${inScope('ts', scope)}) AS total,
          (SELECT count(*) FROM read_models.tutor_students ts WHERE ${inScope('ts', scope)} AND status = 'active') AS active,
          (SELECT count(*) FROM read_models.tutor_students ts WHERE ${inScope('ts', scope)} AND status = 'pending') AS pending,
          (SELECT coalesce(sum(uses), 0)::int8 FROM read_models.tutor_referral_codes ts WHERE ${inScope('ts', scope)}) AS referrals`),
      recentActivity(deps.pool, scope.tutorId, { limit: RECENT_ACTIVITY }),
      deps.pool.any(sql.type(studentRow)`
        SELECT ${studentColumns(now)} ${sql.fragment`WHERE ${inScope('ts', scope)}`}
        ORDER BY ts.joined_at DESC, ts.student_id LIMIT ${RECENT_STUDENTS}`),
    ]);
    return {
      stats: { totalStudents: stats.total, activeStudents: stats.active, pendingStudents: stats.pending, totalReferrals: stats.referrals },
      recentActivity: activity,
      recentStudents: students.map((row) => studentViewOf(row, now)),
    };
  });
}
