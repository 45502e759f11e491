import { sql } from 'slonik';
import { z } from 'zod';
import { PRACTISING_WINDOW_MS } from '@mathdaily/domain';
import type { RelationshipStatus } from '@mathdaily/domain/api/tutoring';
import { tableRows } from '@mathdaily/projector/tables';

/** "Practising now": an open session with an answer in the last 10 minutes (the live class view's rule too). */
export { PRACTISING_WINDOW_MS };

/** A student as the tutor area lists them (SPEC §3 "Student (tutor view)" plus who they belong to). */

const linkColumn = tableRows.tutor_students.shape;
export const studentRow = tableRows.users.pick({ first_name: true, last_name: true, email: true, grade_level: true }).extend({
  id: linkColumn.student_id,
  tutor_id: linkColumn.tutor_id,
  relationship_status: linkColumn.status,
  referral_code: linkColumn.referral_code,
  created_at: linkColumn.joined_at,
  last_active: tableRows.tutor_learners.shape.last_active_at,
  open_session_id: tableRows.tutor_learners.shape.open_session_id,
  classes: z.array(z.object({ id: tableRows.classes.shape.class_id, name: tableRows.classes.shape.name })),
  answers_30d: z.number(),
  correct_30d: z.number(),
});
export type StudentRow = z.infer<typeof studentRow>;


/**
 * SELECT list and FROM of a student row (`ts` = tutor_students): with the tutor's classes they are
 * in and their answers over the 30 days before `now`; the caller adds WHERE and ORDER.
 */
export const studentColumns = (now: Date) => sql.fragment`
  ts.student_id AS id, ts.tutor_id, u.first_name, u.last_name, u.email, u.grade_level, ts.status AS relationship_status,
  ts.referral_code, ts.joined_at AS created_at, l.last_active_at AS last_active, l.open_session_id,
  coalesce(k.classes, '[]'::json) AS classes, coalesce(d.answers, 0) AS answers_30d, coalesce(d.correct, 0) AS correct_30d
  FROM read_models.tutor_students ts
  JOIN read_models.users u ON u.id = ts.student_id
  LEFT JOIN read_models.tutor_learners l ON l.student_id = ts.student_id
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object('id', c.class_id, 'name', c.name) ORDER BY lower(c.name)) AS classes
    FROM read_models.class_members m JOIN read_models.classes c ON c.class_id = m.class_id AND c.archived_at IS NULL
    WHERE m.student_id = ts.student_id AND m.tutor_id = ts.tutor_id) k ON TRUE
  LEFT JOIN LATERAL (
    SELECT sum(answers)::int8 AS answers, sum(correct_answers)::int8 AS correct FROM read_models.practice_days p
    WHERE p.user_id = ts.student_id AND p.local_date >= (${now.toISOString()}::timestamptz)::date - 30) d ON TRUE`;

export function studentViewOf(row: StudentRow, now: Date) {
  return {
    id: row.id,
    tutor_id: row.tutor_id,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    grade_level: row.grade_level,
    relationship_status: row.relationship_status as RelationshipStatus,
    referral_code: row.referral_code ?? '',
    created_at: row.created_at,
    last_active: row.last_active,
    practising_now: row.open_session_id !== null && row.last_active !== null && now.getTime() - Date.parse(row.last_active) < PRACTISING_WINDOW_MS,
    classes: row.classes,
    /** Right answers of all answers in the last 30 days (null: none). */
    accuracy: row.answers_30d > 0 ? Math.round((row.correct_30d / row.answers_30d) * 1000) / 1000 : null,
    answers_30d: row.answers_30d,
  };
}
