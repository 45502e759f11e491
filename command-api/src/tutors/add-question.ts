import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { writtenProblemInputSchema } from '@mathdaily/domain';
import type { CommandApiDeps } from '../deps.ts';
import { actorOf, changeQuestionSet, setParams } from './question-set-access.ts';
import { questionSavedResponse } from '@mathdaily/domain/api/tutoring';

/**
 * POST /api/tutors/question-sets/{id}/questions {the fields of a problem} (the set's tutor or an
 * admin) → 201 {problem_id, position}. The problem follows the rules of generated ones, and its
 * correct answer must pass the answer check (422 otherwise, nothing stored).
 */
export function registerAddQuestion(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/tutors/question-sets/:id/questions', {
    schema: { params: setParams, body: writtenProblemInputSchema, tags: ['tutors'], response: { 201: questionSavedResponse } },
    config: { access: ['tutor', 'admin'] },
    handler: async (request, reply) => {
      const problemId = randomUUID();
      const position = await changeQuestionSet(request, deps, request.params.id, { type: 'AddQuestion', actor: actorOf(request), problemId }, { problemId, input: request.body });
      return reply.status(201).send({ problem_id: problemId, position });
    },
  });
}
