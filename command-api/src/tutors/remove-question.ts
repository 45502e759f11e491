import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CommandApiDeps } from '../deps.ts';
import { actorOf, changeQuestionSet, questionParams } from './question-set-access.ts';
import { positionResponse } from '@mathdaily/domain/api/common';

/** DELETE /api/tutors/question-sets/{id}/questions/{problemId} → {position}. Answers already given stay in the student's history. */
export function registerRemoveQuestion(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().delete('/api/tutors/question-sets/:id/questions/:problemId', {
    schema: { params: questionParams, tags: ['tutors'], response: { 200: positionResponse } },
    config: { access: ['tutor', 'admin'] },
    handler: async (request) => {
      const { id, problemId } = request.params;
      return { position: await changeQuestionSet(request, deps, id, { type: 'RemoveQuestion', actor: actorOf(request), problemId }) };
    },
  });
}
