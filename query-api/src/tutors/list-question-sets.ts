import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { inScope, registerTutorScopedQuery } from './tutor-scope.ts';
import { questionSetsResponse } from '@mathdaily/domain/api/tutoring';

const setRow = tableRows.question_sets.pick({ tutor_id: true, title: true, created_at: true, updated_at: true }).extend({
  id: tableRows.question_sets.shape.set_id,
  question_count: z.number(),
  assigned_count: z.number(),
});

/**
 * GET /api/tutors/question-sets (tutors: theirs; admins: ?tutor_id= or all) → {sets}: each set's
 * title, number of questions and of students given it, newest change first.
 */
export function registerListQuestionSets(app: FastifyInstance, deps: QueryApiDeps) {
  registerTutorScopedQuery(app, '/api/tutors/question-sets', questionSetsResponse, async (scope) => {
    const sets = await deps.pool.any(sql.type(setRow)`
      SELECT s.set_id AS id, s.tutor_id, s.title, jsonb_array_length(s.problem_ids)::int8 AS question_count,
             (SELECT count(*) FROM read_models.question_set_assignments a WHERE a.set_id = s.set_id) AS assigned_count,
             s.created_at, s.updated_at
      FROM read_models.question_sets s
      WHERE ${inScope('s', scope)}
      ORDER BY s.updated_at DESC, s.set_id`);
    return { sets: [...sets] };
  });
}
