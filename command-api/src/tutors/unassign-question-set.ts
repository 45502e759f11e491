import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QUESTION_SET_MESSAGES } from '@mathdaily/domain';
import type { CommandApiDeps } from '../deps.ts';
import { actorOf, changeQuestionSet, setParams } from './question-set-access.ts';
import { positionResponse } from '@mathdaily/domain/api/common';

const params = setParams.extend({
  studentId: z.string().uuid(QUESTION_SET_MESSAGES.notAssigned).transform((id) => id.toLowerCase()),
});

/**
 * DELETE /api/tutors/question-sets/{id}/assignments/{studentId} (the set's tutor or an admin) →
 * {position}. Takes the set back from a student who has it: its unanswered problems leave their
 * practice queue; answers already given stay in their history. A student without the set → 404.
 */
export function registerUnassignQuestionSet(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().delete('/api/tutors/question-sets/:id/assignments/:studentId', {
    schema: { params, tags: ['tutors'], response: { 200: positionResponse } },
    config: { access: ['tutor', 'admin'] },
    handler: async (request) => {
      const { id, studentId } = request.params;
      return { position: await changeQuestionSet(request, deps, id, { type: 'UnassignQuestionSet', actor: actorOf(request), studentId }) };
    },
  });
}
