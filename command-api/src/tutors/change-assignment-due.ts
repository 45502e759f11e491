import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLASS_MESSAGES, DomainError } from '@mathdaily/domain';
import { positionOf, type CommandApiDeps } from '../deps.ts';
import { assignmentParams, changeClass, classActor, loadClass } from './class-access.ts';
import { dueDateOf, dueFields } from './assignment-due.ts';
import { assignmentRedatedResponse } from '@mathdaily/domain/api/tutoring';

/** PUT /api/tutors/classes/{id}/assignments/{assignmentId} {due_date, due_time?} (the class's tutor) → {id, due_at, position}: a new due date, in the class's time zone. */
export function registerChangeAssignmentDue(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().put('/api/tutors/classes/:id/assignments/:assignmentId', {
    schema: { params: assignmentParams, body: z.object(dueFields), tags: ['tutors'], response: { 200: assignmentRedatedResponse } },
    config: { access: ['tutor'] },
    handler: async (request) => {
      const { id, assignmentId } = request.params;
      const actor = classActor(request);
      const state = await loadClass(deps.store, id);
      if (state.tutorId !== actor.userId) throw new DomainError('NOT_FOUND', CLASS_MESSAGES.notFound);
      const due = dueDateOf(request.body, state.timeZone);
      const result = await changeClass(request, deps, id, { type: 'ChangeAssignmentDue', actor, assignmentId, due, now: deps.clock().toISOString() });
      return { id: assignmentId, due_at: due.dueAt, position: positionOf(result.position) };
    },
  });
}
