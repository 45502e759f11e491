import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { inScope, registerTutorScopedQuery } from './tutor-scope.ts';
import { referralCodesResponse, type ReferralCode } from '@mathdaily/domain/api/tutoring';

const codeColumn = tableRows.tutor_referral_codes.shape;
const codeRow = z.object({
  id: codeColumn.code,
  code: codeColumn.code,
  kind: codeColumn.kind,
  status: codeColumn.status,
  created_at: codeColumn.created_at,
  used_at: codeColumn.last_used_at,
  uses: z.number(),
  student_name: z.string().nullable(),
  student_email: tableRows.users.shape.email.nullable(),
});

/**
 * GET /api/tutors/referral-codes (tutors: theirs; admins: ?tutor_id= or all) → {codes, stats}.
 * A code is pending until a student uses it, then active; inactive once deactivated. `used_at`
 * and the student are the latest use; `uses` counts them. Stats: codes by status, total uses,
 * and students who joined (by their status now).
 */
export function registerListReferralCodes(app: FastifyInstance, deps: QueryApiDeps) {
  registerTutorScopedQuery(app, '/api/tutors/referral-codes', referralCodesResponse, async (scope) => {
    const [codes, joined] = await Promise.all([
      deps.pool.any(sql.type(codeRow)`
        SELECT c.code AS id, c.code, c.kind, c.status, c.created_at, c.last_used_at AS used_at, c.uses::int8 AS uses,
               CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS student_name, u.email AS student_email
        FROM read_models.tutor_referral_codes c
        LEFT JOIN read_models.users u ON u.id = c.last_student_id
        WHERE ${inScope('c', scope)}
        ORDER BY c.created_at DESC, c.code`),
      deps.pool.one(sql.type(z.object({ active: z.number(), pending: z.number(), inactive: z.number() }))`
        SELECT count(*) FILTER (WHERE status = 'active') AS active, count(*) FILTER (WHERE status = 'pending') AS pending,
               count(*) FILTER (WHERE status = 'inactive') AS inactive
        FROM read_models.tutor_students ts WHERE ${inScope('ts', scope)}`),
    ]);
    const count = (status: string) => codes.filter((code) => code.status === status).length;
    return {
      codes: [...codes] as ReferralCode[],
      stats: {
        totalCodes: codes.length,
        activeCodes: count('active'),
        pendingCodes: count('pending'),
        inactiveCodes: count('inactive'),
        totalUses: codes.reduce((sum, code) => sum + code.uses, 0),
        studentsJoined: joined.active + joined.pending + joined.inactive,
        activeStudents: joined.active,
      },
    };
  });
}
