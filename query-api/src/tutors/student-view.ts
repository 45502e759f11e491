import { sql } from 'slonik';
import { z } from 'zod';

/** A student as the tutor area lists them (SPEC §3 "Student (tutor view)" plus who they belong to). */

export const studentRow = z.object({
  id: z.string(),
  tutor_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  grade_level: z.number().nullable(),
  relationship_status: z.string(),
  referral_code: z.string().nullable(),
  created_at: z.string(),
  last_active: z.string().nullable(),
  open_session_id: z.string().nullable(),
});
export type StudentRow = z.infer<typeof studentRow>;

/** "Practising now": an open session with an answer in the last 10 minutes. */
export const PRACTISING_WINDOW_MS = 10 * 60_000;

/** SELECT list and FROM of a student row (`ts` = tutor_students); the caller adds WHERE and ORDER. */
export const studentColumns = sql.fragment`
  ts.student_id AS id, ts.tutor_id, u.first_name, u.last_name, u.email, u.grade_level, ts.status AS relationship_status,
  ts.referral_code, ts.joined_at AS created_at, l.last_active_at AS last_active, l.open_session_id
  FROM read_models.tutor_students ts
  JOIN read_models.users u ON u.id = ts.student_id
  LEFT JOIN read_models.tutor_learners l ON l.student_id = ts.student_id`;

export function studentViewOf(row: StudentRow, now: Date) {
  return {
    id: row.id,
    tutor_id: row.tutor_id,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    grade_level: row.grade_level,
    relationship_status: row.relationship_status,
    referral_code: row.referral_code ?? '',
    created_at: row.created_at,
    last_active: row.last_active,
    practising_now: row.open_session_id !== null && row.last_active !== null && now.getTime() - Date.parse(row.last_active) < PRACTISING_WINDOW_MS,
  };
}
