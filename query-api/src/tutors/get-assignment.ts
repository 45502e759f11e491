import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { CLASS_MESSAGES, DomainError } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { PROBLEM_COLUMNS, problemRow, toApiProblem } from '../problems/problem-row.ts';
import { ASSIGNMENT_COLUMNS, assignmentRow, countsOf, resultsOf, standingOf } from './assignment-view.ts';
import { classParams, visibleClass } from './class-scope.ts';
import { assignmentDetailResponse } from '@mathdaily/domain/api/tutoring';

const nameRow = tableRows.users.pick({ id: true, first_name: true, last_name: true });

/**
 * GET /api/tutors/classes/{id}/assignments/{assignmentId} (the class's tutor; admins any) → the
 * assignment with its problems in order (answers too: the tutor's view), each student's standing
 * (not started, in progress, done with score, overdue; per problem their first answer), and per
 * problem how many students got it wrong. Another tutor's → 404.
 */
export function registerGetAssignment(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/tutors/classes/:id/assignments/:assignmentId', {
    config: { access: ['tutor', 'admin'] },
    schema: { tags: ['tutors'], params: classParams.extend({ assignmentId: z.string().uuid(CLASS_MESSAGES.assignmentNotFound).transform((id) => id.toLowerCase()) }), response: { 200: assignmentDetailResponse } },
    handler: async (request) => {
      const found = await visibleClass(deps.pool, request, request.params.id);
      const assignment = await deps.pool.maybeOne(sql.type(assignmentRow)`
        SELECT ${ASSIGNMENT_COLUMNS} FROM read_models.class_assignments a WHERE a.assignment_id = ${request.params.assignmentId}::uuid AND a.class_id = ${found.id}::uuid`);
      if (!assignment) throw new DomainError('NOT_FOUND', CLASS_MESSAGES.assignmentNotFound);
      const now = deps.clock();
      const [problems, results, names] = await Promise.all([
        deps.pool.any(sql.type(problemRow)`SELECT ${PROBLEM_COLUMNS} FROM read_models.problems p WHERE p.problem_id = ANY(${sql.array(assignment.problem_ids, 'uuid')})`),
        resultsOf(deps.pool, { assignmentId: assignment.id }),
        deps.pool.any(sql.type(nameRow)`SELECT id, first_name, last_name FROM read_models.users WHERE id = ANY(${sql.array(assignment.student_ids, 'uuid')})`),
      ]);
      const byId = new Map(problems.map((row) => [row.problem_id, row]));
      const nameOf = new Map(names.map((row) => [row.id, `${row.first_name} ${row.last_name}`]));
      const students = results
        .map((result) => ({ id: result.student_id, name: nameOf.get(result.student_id) ?? 'Deleted user', ...standingOf(result, assignment.due_at, now), answers: result.answers as Record<string, [boolean, string]> }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
      return {
        ...assignment,
        class_name: found.name,
        ...countsOf(students),
        problems: assignment.problem_ids.flatMap((id) => {
          const row = byId.get(id);
          if (!row) return [];
          const answered = results.filter((result) => result.answers[id]);
          return [{ ...toApiProblem(row, true), answered: answered.length, wrong: answered.filter((result) => !result.answers[id]![0]).length }];
        }),
        students,
      };
    },
  });
}
