import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { DomainError, maySeeSetProblem, UUID_PATTERN } from '@mathdaily/domain';
import type { QueryApiDeps } from '../deps.ts';
import { PROBLEM_COLUMNS, problemRow, visibleProblems } from './problem-row.ts';
import { problemResponse } from '@mathdaily/domain/api/problems';

const params = z.object({
  id: z.string().regex(UUID_PATTERN, {
    error: 'The problem id must be a UUID, e.g. 3f2b8c1e-5d4a-5b6c-8d7e-9f0a1b2c3d4e',
  }),
});

const setHolders = z.object({ tutorId: z.string(), assigned: z.array(z.string()) });

/**
 * GET /api/problems/{id} → { data: { problem } }; 404 when there is no such problem, 400 for an id
 * that is not a UUID. A student sees the answer and explanation only once they answered it. A
 * tutor's question-set problem is there only for the set's tutor, admins and the students who
 * hold the set (`maySeeSetProblem`): anyone else gets the same 404 as for no problem at all.
 */
export function registerGetProblem(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/problems/:id', {
    config: { access: 'authenticated' },
    schema: { tags: ['problems'], params, response: { 200: problemResponse } },
    handler: async (request) => {
      const row = await deps.pool.maybeOne(sql.type(problemRow)`
        SELECT ${PROBLEM_COLUMNS} FROM read_models.problems p WHERE p.problem_id = ${request.params.id.toLowerCase()}::uuid`);
      const notFound = new DomainError('NOT_FOUND', `Problem ${request.params.id} was not found.`);
      if (!row) throw notFound;
      const principal = principalOf(request);
      if (row.question_set_id !== null) {
        const holders = await deps.pool.maybeOne(sql.type(setHolders)`
          SELECT s.tutor_id::text AS "tutorId",
                 coalesce((SELECT json_agg(a.student_id) FROM read_models.question_set_assignments a WHERE a.set_id = s.set_id), '[]'::json) AS assigned
          FROM read_models.question_sets s WHERE s.set_id = ${row.question_set_id}::uuid`);
        if (!holders || !maySeeSetProblem(principal, holders)) throw notFound;
      }
      const [problem] = await visibleProblems(deps.pool, principal, [row]);
      return { data: { problem: problem! } };
    },
  });
}
