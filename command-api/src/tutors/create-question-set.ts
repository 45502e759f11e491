import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '@mathdaily/domain';
import type { CommandApiDeps } from '../deps.ts';
import { actorOf, changeQuestionSet, titleField } from './question-set-access.ts';
import { questionSetSavedResponse } from '@mathdaily/domain/api/tutoring';

/**
 * POST /api/tutors/question-sets {title, tutor_id?} (tutors; admins name the tutor) → 201 {id,
 * title, position}. An empty set; questions are added one by one.
 */
export function registerCreateQuestionSet(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/tutors/question-sets', {
    schema: {
      response: { 201: questionSetSavedResponse },
      body: z.object({ title: titleField, tutor_id: z.string().uuid('Please choose a tutor.').transform((id) => id.toLowerCase()).optional() }),
      tags: ['tutors'],
    },
    config: { access: ['tutor', 'admin'] },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const tutorId = actor.role === 'admin' ? request.body.tutor_id : actor.userId;
      if (!tutorId) throw new DomainError('VALIDATION_FAILED', 'Please choose the tutor this set is for.', { tutor_id: 'Please choose a tutor.' });
      const setId = randomUUID();
      const position = await changeQuestionSet(request, deps, setId, { type: 'CreateQuestionSet', setId, tutorId, title: request.body.title });
      return reply.status(201).send({ id: setId, title: request.body.title, position });
    },
  });
}
