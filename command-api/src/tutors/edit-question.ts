import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { writtenProblemInputSchema } from '@mathdaily/domain';
import type { CommandApiDeps } from '../deps.ts';
import { actorOf, changeQuestionSet, questionParams } from './question-set-access.ts';
import { questionSavedResponse } from '@mathdaily/domain/api/tutoring';

/**
 * PUT /api/tutors/question-sets/{id}/questions/{problemId} {the fields of a problem} → {problem_id,
 * position}. Problems never change once created (answers already given refer to them), so the
 * edited question is a new problem taking the old one's place; `problem_id` is the new id.
 */
export function registerEditQuestion(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().put('/api/tutors/question-sets/:id/questions/:problemId', {
    schema: { params: questionParams, body: writtenProblemInputSchema, tags: ['tutors'], response: { 200: questionSavedResponse } },
    config: { access: ['tutor', 'admin'] },
    handler: async (request) => {
      const newProblemId = randomUUID();
      const { id, problemId } = request.params;
      const position = await changeQuestionSet(request, deps, id, { type: 'ReplaceQuestion', actor: actorOf(request), problemId, newProblemId }, { problemId: newProblemId, input: request.body });
      return { problem_id: newProblemId, position };
    },
  });
}
