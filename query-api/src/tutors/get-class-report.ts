import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import type { QueryApiDeps } from '../deps.ts';
import { ASSIGNMENT_COLUMNS, assignmentRow, resultsOf, standingOf } from './assignment-view.ts';
import { classParams, visibleClass } from './class-scope.ts';
import { rosterQuery } from './get-class.ts';
import { fileNameOf, sendCsv, studentLines, type ReportLine } from './report-csv.ts';
import { assignmentSummary, topicFigures, topicRowsOf } from './report-rows.ts';

/**
 * GET /api/tutors/classes/{id}/report.csv (its tutor; admins any) → the class report as CSV
 * (UTF-8 with BOM, for Excel): one row per student and topic practised — attempts, right answers,
 * accuracy, mastery and its level, last answer in the topic (class time zone), and the student's
 * standing on the class's work; a student who has not practised has one row without a topic.
 * Only students active with the class's tutor show their practice. Another tutor's class → 404.
 */
export function registerGetClassReport(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/tutors/classes/:id/report.csv', {
    config: { access: ['tutor', 'admin'] },
    schema: { tags: ['tutors'], params: classParams },
    handler: async (request, reply) => {
      const found = await visibleClass(deps.pool, request, request.params.id);
      const now = deps.clock();
      const students = await deps.pool.any(rosterQuery(found.id, found.tutor_id, now));
      const active = students.filter((student) => student.relationship_status === 'active').map((student) => student.id);
      const [topics, assignments, results] = await Promise.all([
        topicRowsOf(deps.pool, active),
        deps.pool.any(sql.type(assignmentRow)`SELECT ${ASSIGNMENT_COLUMNS} FROM read_models.class_assignments a WHERE a.class_id = ${found.id}::uuid`),
        resultsOf(deps.pool, { classId: found.id }),
      ]);
      const dueOf = new Map(assignments.map((assignment) => [assignment.id, assignment.due_at]));
      const lines: ReportLine[] = students.flatMap((student) => {
        const work = assignmentSummary(
          results.filter((result) => result.student_id === student.id && dueOf.has(result.assignment_id)).map((result) => standingOf(result, dueOf.get(result.assignment_id)!, now)),
        );
        const base = { Student: `${student.first_name} ${student.last_name}`, Email: student.email, Class: found.name, Assignments: work };
        const mine = topics.filter((row) => row.student_id === student.id).map(topicFigures);
        return studentLines(base, mine, found.time_zone, student.relationship_status === 'active' ? 'No practice yet' : 'Not active with you');
      });
      return sendCsv(reply, fileNameOf(found.name, 'report', now.toISOString().slice(0, 10)), lines);
    },
  });
}
