import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps.ts';
import { actorOf, changeQuestionSet, setParams, titleField } from './question-set-access.ts';
import { questionSetSavedResponse } from '@mathdaily/domain/api/tutoring';

/** PUT /api/tutors/question-sets/{id} {title} (the set's tutor or an admin) → {id, title, position}. */
export function registerRenameQuestionSet(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().put('/api/tutors/question-sets/:id', {
    schema: { params: setParams, body: z.object({ title: titleField }), tags: ['tutors'], response: { 200: questionSetSavedResponse } },
    config: { access: ['tutor', 'admin'] },
    handler: async (request) => {
      const { id } = request.params;
      const position = await changeQuestionSet(request, deps, id, { type: 'RenameQuestionSet', actor: actorOf(request), title: request.body.title });
      return { id, title: request.body.title, position };
    },
  });
}
