import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type DatabasePool, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { attemptedCondition, checkTopicGrade, IN_BANK, intParam, PROBLEM_COLUMNS, problemRow, resolveTopic, textParam, visibleProblems, type ProblemRow } from './problem-row.ts';
import { generatedProblemsResponse } from '@mathdaily/domain/api/problems';

const MAX_GENERATE_COUNT = 20;

const querystring = z.object({
  count: intParam('count', 1, MAX_GENERATE_COUNT).default(1),
  topic: textParam('topic', 100).optional(),
  difficulty_level: intParam('difficulty_level', 1, 5).optional(),
  grade_level: intParam('grade_level', 1, 12).optional(),
});

/**
 * GET /api/problems/generate?count&topic&difficulty_level&grade_level → { data: { problems } }.
 * "Generate" picks from the stored bank (every problem is a stored ProblemCreated, so attempts
 * can reference it): matching problems from a fresh random offset in a hash order (problem ids
 * are hashes, so neighbours come from different templates), preferring problems the caller has
 * not attempted when an attempts read model exists. `difficulty_level` is a target: when no
 * matching problem has exactly that level, the nearest level they have is used (as the domain's
 * generateProblems does). Fewer than `count` come back only when fewer match.
 */
export function registerGenerateProblems(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/problems/generate', {
    config: { access: 'authenticated' },
    schema: { tags: ['problems'], querystring, response: { 200: generatedProblemsResponse } },
    handler: async (request) => {
      const { count, difficulty_level: difficulty, grade_level: grade } = request.query;
      const conditions: FragmentSqlToken[] = [IN_BANK];
      if (request.query.topic) {
        const topic = resolveTopic(request.query.topic);
        checkTopicGrade(topic, grade);
        conditions.push(sql.fragment`p.topic_id = ${topic.id}`);
      }
      if (grade !== undefined) conditions.push(sql.fragment`p.grade = ${grade}`);
      if (difficulty !== undefined) {
        // The level asked for, or the nearest one these problems have (a grade-1 topic has no level 5).
        const level = await deps.pool.maybeOneFirst(sql.type(tableRows.problems.pick({ difficulty_level: true }))`
          SELECT p.difficulty_level FROM read_models.problems p WHERE ${where(conditions)}
          GROUP BY p.difficulty_level ORDER BY abs(p.difficulty_level - ${difficulty}), p.difficulty_level DESC LIMIT 1`);
        conditions.push(sql.fragment`p.difficulty_level = ${level ?? difficulty}`);
      }
      const principal = principalOf(request);
      const attempted = await attemptedCondition(deps.pool, principal.userId);
      const picked: ProblemRow[] = [];
      if (attempted) {
        picked.push(...(await pickRandom(deps.pool, [...conditions, sql.fragment`NOT (${attempted})`], count)));
        if (picked.length < count) picked.push(...(await pickRandom(deps.pool, [...conditions, attempted], count - picked.length)));
      } else {
        picked.push(...(await pickRandom(deps.pool, conditions, count)));
      }
      return { data: { problems: await visibleProblems(deps.pool, principal, shuffle(picked)) } };
    },
  });
}

function where(conditions: FragmentSqlToken[]) {
  return conditions.length === 0 ? sql.fragment`TRUE` : sql.join(conditions, sql.fragment` AND `);
}

/** Up to `count` distinct matching rows from a random offset, wrapping round to the start. */
async function pickRandom(pool: DatabasePool, conditions: FragmentSqlToken[], count: number): Promise<ProblemRow[]> {
  const total = Number(await pool.oneFirst(sql.type(z.object({ n: z.number() }))`
    SELECT count(*) AS n FROM read_models.problems p WHERE ${where(conditions)}`));
  if (total === 0) return [];
  const offset = randomInt(total);
  const take = Math.min(count, total);
  const rows = [
    ...(await pool.any(sql.type(problemRow)`
      SELECT ${PROBLEM_COLUMNS} FROM read_models.problems p WHERE ${where(conditions)}
      ORDER BY p.problem_id OFFSET ${offset} LIMIT ${take}`)),
  ];
  if (rows.length < take) {
    rows.push(
      ...(await pool.any(sql.type(problemRow)`
        SELECT ${PROBLEM_COLUMNS} FROM read_models.problems p WHERE ${where(conditions)}
        ORDER BY p.problem_id LIMIT ${Math.min(take - rows.length, offset)}`)),
    );
  }
  return rows;
}

function shuffle<T>(items: T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
