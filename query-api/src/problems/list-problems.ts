import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { problemTypes } from '@mathdaily/domain/problems/problem';
import type { QueryApiDeps } from '../deps.ts';
import { IN_BANK, intParam, PROBLEM_COLUMNS, problemRow, resolveTopic, textParam, visibleProblems } from './problem-row.ts';
import { problemsPageResponse } from '@mathdaily/domain/api/problems';

const typeMessage = `type must be one of: ${problemTypes.join(', ')}`;

const querystring = z.object({
  topic: textParam('topic', 100).optional(),
  grade: intParam('grade', 1, 12).optional(),
  /** Same as grade (the name /api/problems/generate uses). */
  grade_level: intParam('grade_level', 1, 12).optional(),
  difficulty: intParam('difficulty', 1, 5).optional(),
  /** Same as difficulty (the name /api/problems/generate uses). */
  difficulty_level: intParam('difficulty_level', 1, 5).optional(),
  type: z.enum(problemTypes, { error: typeMessage }).optional(),
  q: textParam('q', 100).optional(),
  page: intParam('page', 1, 100_000).default(1),
  limit: intParam('limit', 1, 100).default(20),
});

/**
 * GET /api/problems?topic&grade&difficulty&type&q&page&limit
 * → { data: { problems, pagination: { page, limit, total, hasPrevious, hasNext } } }.
 * `q` searches the question and topic: full-text (English stemming, ranked) or a plain substring.
 * Answers and explanations as `answerVisibility` allows.
 */
export function registerListProblems(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/problems', {
    config: { access: 'authenticated' },
    schema: { tags: ['problems'], querystring, response: { 200: problemsPageResponse } },
    handler: async (request) => {
      const query = request.query;
      const { page, limit } = query;
      const grade = query.grade ?? query.grade_level;
      const difficulty = query.difficulty ?? query.difficulty_level;
      const conditions: FragmentSqlToken[] = [IN_BANK];
      if (query.topic) conditions.push(sql.fragment`p.topic_id = ${resolveTopic(query.topic).id}`);
      if (grade !== undefined) conditions.push(sql.fragment`p.grade = ${grade}`);
      if (difficulty !== undefined) conditions.push(sql.fragment`p.difficulty_level = ${difficulty}`);
      if (query.type) conditions.push(sql.fragment`p.problem_type = ${query.type}`);
      const q = query.q?.trim() ?? '';
      let order = sql.fragment`p.grade, p.topic_id, p.difficulty_level, p.problem_id`;
      if (q) {
        const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(sql.fragment`(
          p.search @@ websearch_to_tsquery('english', ${q}) OR p.question ILIKE ${pattern} OR p.topic ILIKE ${pattern})`);
        order = sql.fragment`ts_rank(p.search, websearch_to_tsquery('english', ${q})) DESC, ${order}`;
      }
      const whereClause = sql.join(conditions, sql.fragment` AND `);
      const [rows, total] = await Promise.all([
        deps.pool.any(sql.type(problemRow)`
          SELECT ${PROBLEM_COLUMNS} FROM read_models.problems p WHERE ${whereClause}
          ORDER BY ${order} LIMIT ${limit} OFFSET ${(page - 1) * limit}`),
        deps.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*) AS n FROM read_models.problems p WHERE ${whereClause}`),
      ]);
      const count = Number(total);
      return {
        data: {
          problems: await visibleProblems(deps.pool, principalOf(request), rows),
          pagination: { page, limit, total: count, hasPrevious: page > 1, hasNext: page * limit < count },
        },
      };
    },
  });
}
