import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { ASSIGNMENT_COLUMNS, assignmentRow, RESULT_COLUMNS, resultRow, standingOf } from '../tutors/assignment-view.ts';
import { myClassesResponse } from '@mathdaily/domain/api/tutoring';

/** Finished work stays on the student's list this long, so they see it done. */
const DONE_SHOWN_MS = 7 * 86_400_000;

const classRow = z.object({ id: tableRows.classes.shape.class_id, name: tableRows.classes.shape.name, tutor_name: z.string(), joined_at: tableRows.class_members.shape.joined_at });

/**
 * GET /api/classes/mine (students) → {classes, assignments}: the classes they are in (with their
 * teacher's name) and the work set for them in classes they are still in and whose teacher they
 * are active with — unfinished work soonest due first, then work finished in the last 7 days —
 * with their standing (not started, in progress, done with score, overdue). The student's
 * dashboard shows it; practice puts its problems after the due reviews.
 */
export function registerListMyClasses(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/classes/mine', {
    config: { access: ['student'] },
    schema: { tags: ['classes'], response: { 200: myClassesResponse } },
    handler: async (request) => {
      const studentId = principalOf(request).userId.toLowerCase();
      const now = deps.clock();
      const [classes, work] = await Promise.all([
        deps.pool.any(sql.type(classRow)`
          SELECT c.class_id AS id, c.name, t.first_name || ' ' || t.last_name AS tutor_name, m.joined_at
          FROM read_models.class_members m
          JOIN read_models.classes c ON c.class_id = m.class_id AND c.archived_at IS NULL
          JOIN read_models.users t ON t.id = c.tutor_id
          WHERE m.student_id = ${studentId}::uuid ORDER BY lower(c.name)`),
        deps.pool.any(sql.type(assignmentRow.extend(resultRow.shape).extend({ class_name: tableRows.classes.shape.name }))`
          SELECT ${ASSIGNMENT_COLUMNS}, ${RESULT_COLUMNS}, c.name AS class_name
          FROM read_models.assignment_results r
          JOIN read_models.class_assignments a ON a.assignment_id = r.assignment_id
          JOIN read_models.classes c ON c.class_id = a.class_id AND c.archived_at IS NULL
          JOIN read_models.class_members m ON m.class_id = a.class_id AND m.student_id = r.student_id
          JOIN read_models.tutor_students ts ON ts.tutor_id = a.tutor_id AND ts.student_id = r.student_id AND ts.status = 'active'
          WHERE r.student_id = ${studentId}::uuid
          ORDER BY a.due_at, a.created_at`),
      ]);
      const assignments = work
        .map((row) => ({
          id: row.id,
          title: row.title,
          class_id: row.class_id,
          class_name: row.class_name,
          due_at: row.due_at,
          due_local: row.due_local,
          time_zone: row.time_zone,
          ...standingOf(row, row.due_at, now),
        }))
        .filter((row) => row.status !== 'done' || now.getTime() - Date.parse(row.completed_at!) < DONE_SHOWN_MS)
        .sort((a, b) => Number(a.status === 'done') - Number(b.status === 'done') || Date.parse(a.due_at) - Date.parse(b.due_at));
      return { classes: [...classes], assignments };
    },
  });
}
