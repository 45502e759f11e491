import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { positionOf, type CommandApiDeps } from '../deps.ts';
import { assignmentParams, changeClass, classActor } from './class-access.ts';
import { positionResponse } from '@mathdaily/domain/api/common';

/**
 * DELETE /api/tutors/classes/{id}/assignments/{assignmentId} (the class's tutor) → {position}. Its
 * unanswered problems leave the students' practice; answers already given stay in their history.
 */
export function registerRemoveAssignment(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().delete('/api/tutors/classes/:id/assignments/:assignmentId', {
    schema: { params: assignmentParams, tags: ['tutors'], response: { 200: positionResponse } },
    config: { access: ['tutor'] },
    handler: async (request) => {
      const { id, assignmentId } = request.params;
      const result = await changeClass(request, deps, id, { type: 'RemoveAssignment', actor: classActor(request), assignmentId });
      return { position: positionOf(result.position) };
    },
  });
}
