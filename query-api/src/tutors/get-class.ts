import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { ASSIGNMENT_COLUMNS, assignmentRow, countsOf, resultsOf, standingOf } from './assignment-view.ts';
import { classParams, visibleClass } from './class-scope.ts';
import { PRACTISING_WINDOW_MS } from './student-view.ts';
import { classDetailResponse, type RelationshipStatus } from '@mathdaily/domain/api/tutoring';

const rosterRow = tableRows.users.pick({ first_name: true, last_name: true, email: true, grade_level: true }).extend({
  id: tableRows.class_members.shape.student_id,
  relationship_status: tableRows.tutor_students.shape.status.nullable(),
  joined_at: tableRows.class_members.shape.joined_at,
  last_active: tableRows.tutor_learners.shape.last_active_at,
  open_session_id: tableRows.tutor_learners.shape.open_session_id,
  answers_30d: z.number(),
  correct_30d: z.number(),
});

/** The class's students with their link to its tutor, last practice and accuracy over 30 days, by name. */
export const rosterQuery = (classId: string, tutorId: string, now: Date) => sql.type(rosterRow)`
  SELECT m.student_id AS id, u.first_name, u.last_name, u.email, u.grade_level, ts.status AS relationship_status, m.joined_at,
         l.last_active_at AS last_active, l.open_session_id,
         coalesce(d.answers, 0) AS answers_30d, coalesce(d.correct, 0) AS correct_30d
  FROM read_models.class_members m
  JOIN read_models.users u ON u.id = m.student_id
  LEFT JOIN read_models.tutor_students ts ON ts.tutor_id = ${tutorId}::uuid AND ts.student_id = m.student_id
  LEFT JOIN read_models.tutor_learners l ON l.student_id = m.student_id
  LEFT JOIN LATERAL (
    SELECT sum(answers)::int8 AS answers, sum(correct_answers)::int8 AS correct FROM read_models.practice_days p
    WHERE p.user_id = m.student_id AND p.local_date >= (${now.toISOString()}::timestamptz)::date - 30) d ON TRUE
  WHERE m.class_id = ${classId}::uuid
  ORDER BY lower(u.last_name), lower(u.first_name), m.student_id`;

/**
 * GET /api/tutors/classes/{id} (its tutor; admins any) → the class (name, time zone, join code,
 * archived), its students (link with the tutor, joined, last active, practising now, accuracy over
 * the last 30 days) and its work, soonest due first, with how many students stand where.
 * Another tutor's class → 404.
 */
export function registerGetClass(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/tutors/classes/:id', {
    config: { access: ['tutor', 'admin'] },
    schema: { tags: ['tutors'], params: classParams, response: { 200: classDetailResponse } },
    handler: async (request) => {
      const found = await visibleClass(deps.pool, request, request.params.id);
      const now = deps.clock();
      const [students, assignments, results] = await Promise.all([
        deps.pool.any(rosterQuery(found.id, found.tutor_id, now)),
        deps.pool.any(sql.type(assignmentRow)`SELECT ${ASSIGNMENT_COLUMNS} FROM read_models.class_assignments a WHERE a.class_id = ${found.id}::uuid ORDER BY a.due_at DESC, a.created_at DESC`),
        resultsOf(deps.pool, { classId: found.id }),
      ]);
      return {
        class: found,
        students: students.map((student) => ({
          id: student.id,
          name: `${student.first_name} ${student.last_name}`,
          email: student.email,
          grade_level: student.grade_level,
          relationship_status: (student.relationship_status ?? 'inactive') as RelationshipStatus,
          joined_at: student.joined_at,
          last_active: student.last_active,
          practising_now: student.open_session_id !== null && student.last_active !== null && now.getTime() - Date.parse(student.last_active) < PRACTISING_WINDOW_MS,
          accuracy: student.answers_30d > 0 ? Math.round((student.correct_30d / student.answers_30d) * 1000) / 1000 : null,
          answers_30d: student.answers_30d,
        })),
        assignments: assignments.map((assignment) => {
          const mine = results.filter((result) => result.assignment_id === assignment.id);
          return { ...assignment, problem_count: assignment.problem_ids.length, ...countsOf(mine.map((result) => standingOf(result, assignment.due_at, now))) };
        }),
      };
    },
  });
}
