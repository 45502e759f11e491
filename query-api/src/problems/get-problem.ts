import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { DomainError, UUID_PATTERN } from '@mathdaily/domain';
import type { QueryApiDeps } from '../deps.ts';
import { PROBLEM_COLUMNS, problemRow, visibleProblems } from './problem-row.ts';

const params = z.object({
  id: z.string().regex(UUID_PATTERN, {
    error: 'The problem id must be a UUID, e.g. 3f2b8c1e-5d4a-5b6c-8d7e-9f0a1b2c3d4e',
  }),
});

/**
 * GET /api/problems/{id} → { data: { problem } }; 404 when there is no such problem, 400 for an id
 * that is not a UUID. A student sees the answer and explanation only once they answered it.
 */
export function registerGetProblem(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/problems/:id', {
    config: { access: 'authenticated' },
    schema: { tags: ['problems'], params },
    handler: async (request) => {
      const row = await deps.pool.maybeOne(sql.type(problemRow)`
        SELECT ${PROBLEM_COLUMNS} FROM read_models.problems p WHERE p.problem_id = ${request.params.id.toLowerCase()}::uuid`);
      if (!row) throw new DomainError('NOT_FOUND', `Problem ${request.params.id} was not found.`);
      const [problem] = await visibleProblems(deps.pool, principalOf(request), [row]);
      return { data: { problem } };
    },
  });
}
