import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { topics } from '@mathdaily/domain/problems/topics';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { IN_BANK } from './problem-row.ts';
import { problemTopicsResponse } from '@mathdaily/domain/api/problems';

const countRow = tableRows.problems.pick({ topic_id: true, topic: true, grade: true, difficulty_level: true }).extend({
  n: z.number(),
});

interface TopicSummary {
  id: string;
  name: string;
  strand: string | null;
  description: string | null;
  /** Grades the topic is taught in (the catalog), ascending. */
  grades: number[];
  /** Problems stored for the topic. */
  problemCount: number;
  /** Problems per grade, e.g. { "5": 40, "6": 38 }. */
  problemsByGrade: Record<string, number>;
  /** Problems per difficulty level 1-5. */
  problemsByDifficulty: Record<string, number>;
}

/** GET /api/problems/topics → { data: { topics } }: the topic catalog with grades and problem counts. */
export function registerListProblemTopics(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/problems/topics', { config: { access: 'authenticated' }, schema: { tags: ['problems'], response: { 200: problemTopicsResponse } } }, async () => {
    const rows = await deps.pool.any(sql.type(countRow)`
      SELECT topic_id, min(topic) AS topic, grade, difficulty_level, count(*) AS n
      FROM read_models.problems p WHERE ${IN_BANK} GROUP BY topic_id, grade, difficulty_level`);
    const summaries = new Map<string, TopicSummary>();
    for (const topic of topics) {
      summaries.set(topic.id, {
        id: topic.id,
        name: topic.name,
        strand: topic.strand,
        description: topic.description,
        grades: [...topic.grades],
        problemCount: 0,
        problemsByGrade: {},
        problemsByDifficulty: {},
      });
    }
    for (const row of rows) {
      let summary = summaries.get(row.topic_id);
      if (!summary) {
        // A topic outside the catalog (e.g. a tutor's own); listed after the catalog.
        summary = { id: row.topic_id, name: row.topic, strand: null, description: null, grades: [], problemCount: 0, problemsByGrade: {}, problemsByDifficulty: {} };
        summaries.set(row.topic_id, summary);
      }
      summary.problemCount += row.n;
      summary.problemsByGrade[row.grade] = (summary.problemsByGrade[row.grade] ?? 0) + row.n;
      summary.problemsByDifficulty[row.difficulty_level] = (summary.problemsByDifficulty[row.difficulty_level] ?? 0) + row.n;
      if (!summary.grades.includes(row.grade)) summary.grades = [...summary.grades, row.grade].sort((a, b) => a - b);
    }
    return { data: { topics: [...summaries.values()] } };
  });
}
