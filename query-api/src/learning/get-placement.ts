import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { principalOf } from '@mathdaily/api-kit';
import { currentPlacementQuestion, MAX_PLACEMENT_QUESTIONS } from '@mathdaily/domain';
import { problemFigure } from '@mathdaily/domain/problems/templates';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { placementResponse } from '@mathdaily/domain/api/learning';

const placementRow = tableRows.placements.pick({ state: true, grade: true, completed_at: true });

/**
 * GET /api/learning/placement (students, their own) → { data: { status, placement_id, question,
 * max_questions, problem, grade, completed_at } }.
 *
 * status 'not_started' (no check yet), 'in_progress' (with the current question's number and its
 * problem, generated from the check's state as the decider will check it) or 'completed'. The
 * problem is shown as the practice queue shows one: no answer, explanation, hint, template or
 * seed (they would give the answer away). `grade` is the starting grade of the last finished
 * check, kept while a new one is in progress.
 */
export function registerGetPlacement(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/learning/placement', {
    config: { access: ['student'] },
    schema: { tags: ['learning'], response: { 200: placementResponse } },
    handler: async (request) => {
      const userId = principalOf(request).userId;
      const row = await deps.pool.maybeOne(sql.type(placementRow)`
        SELECT state, grade, completed_at FROM read_models.placements WHERE user_id = ${userId}::uuid`);
      const current = row?.state.current ?? null;
      const finished = { grade: row?.grade ?? null, completed_at: row?.completed_at ?? null };
      if (!current) {
        return {
          data: { status: finished.grade === null ? ('not_started' as const) : ('completed' as const), placement_id: null, question: null, max_questions: MAX_PLACEMENT_QUESTIONS, problem: null, ...finished },
        };
      }
      const number = current.answers.length + 1;
      const { templateId, seed, problem } = currentPlacementQuestion(current);
      const { accept: _accept, ...answerForm } = problem.answer_form;
      return {
        data: {
          status: 'in_progress' as const,
          placement_id: current.placementId,
          question: number,
          max_questions: MAX_PLACEMENT_QUESTIONS,
          problem: {
            id: `${current.placementId}-${number}`,
            topic: problem.topic,
            topic_id: problem.topic_id,
            grade: problem.grade,
            question: problem.question,
            figure: problemFigure(templateId, seed),
            problem_type: problem.problem_type,
            answer_options: problem.answer_options,
            answer_form: answerForm,
            difficulty_level: problem.difficulty_level,
            estimated_time_seconds: problem.estimated_time_seconds,
          },
          ...finished,
        },
      };
    },
  });
}
