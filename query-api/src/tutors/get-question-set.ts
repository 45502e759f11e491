import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { DomainError, QUESTION_SET_MESSAGES } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { PROBLEM_COLUMNS, problemRow, toApiProblem } from '../problems/problem-row.ts';
import { inScope, tutorScopeOf } from './tutor-scope.ts';
import { questionSetResponse } from '@mathdaily/domain/api/tutoring';

const setRow = tableRows.question_sets.pick({ tutor_id: true, title: true, problem_ids: true, created_at: true, updated_at: true }).extend({ id: tableRows.question_sets.shape.set_id });
const assignedRow = z.object({ id: tableRows.question_set_assignments.shape.student_id, name: z.string(), assigned_at: tableRows.question_set_assignments.shape.assigned_at });

/**
 * GET /api/tutors/question-sets/{id} (the set's tutor; admins any) → the set with its questions in
 * order (every field, the answers too: they are the tutor's own) and the students given it.
 * Another tutor's set → 404, as if it did not exist.
 */
export function registerGetQuestionSet(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/tutors/question-sets/:id', {
    config: { access: ['tutor', 'admin'] },
    schema: { tags: ['tutors'], params: z.object({ id: z.string().uuid(QUESTION_SET_MESSAGES.notFound).transform((id) => id.toLowerCase()) }), response: { 200: questionSetResponse } },
    handler: async (request) => {
      const scope = tutorScopeOf(request, {});
      const set = await deps.pool.maybeOne(sql.type(setRow)`
        SELECT s.set_id AS id, s.tutor_id, s.title, s.problem_ids, s.created_at, s.updated_at
        FROM read_models.question_sets s WHERE s.set_id = ${request.params.id}::uuid AND ${inScope('s', scope)}`);
      if (!set) throw new DomainError('NOT_FOUND', QUESTION_SET_MESSAGES.notFound);
      const [problems, assigned] = await Promise.all([
        deps.pool.any(sql.type(problemRow)`SELECT ${PROBLEM_COLUMNS} FROM read_models.problems p WHERE p.problem_id = ANY(${sql.array(set.problem_ids, 'uuid')})`),
        deps.pool.any(sql.type(assignedRow)`
          SELECT a.student_id AS id, u.first_name || ' ' || u.last_name AS name, a.assigned_at
          FROM read_models.question_set_assignments a JOIN read_models.users u ON u.id = a.student_id
          WHERE a.set_id = ${set.id}::uuid ORDER BY a.assigned_at, name`),
      ]);
      const byId = new Map(problems.map((row) => [row.problem_id, row]));
      const questions = set.problem_ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toApiProblem(row, true)] : [];
      });
      return { id: set.id, tutor_id: set.tutor_id, title: set.title, created_at: set.created_at, updated_at: set.updated_at, questions, assigned_students: [...assigned] };
    },
  });
}
