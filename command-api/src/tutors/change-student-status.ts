import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { DomainError, relationshipDecider, relationshipStreamId } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleCommand } from '../pipeline/handle-command.ts';
import { studentStatusResponse } from '@mathdaily/domain/api/tutoring';

const STATUS_MESSAGE = "Please choose 'active' or 'inactive'.";
const STUDENT_MESSAGE = 'Please choose a student.';

/**
 * PUT /api/tutors/students/{id} {relationship_status: 'active' | 'inactive', tutor_id?} (tutors
 * for their own students; admins for any tutor's, naming `tutor_id`) → {id, relationship_status,
 * position}. Only pending → active and active → inactive (others 409). A student who is not the
 * caller's → 404 (the stream is the caller's pair, so another tutor's student is simply absent).
 */
export function registerChangeStudentStatus(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().put('/api/tutors/students/:id', {
    schema: {
      response: { 200: studentStatusResponse },
      params: z.object({ id: z.string().uuid(STUDENT_MESSAGE).transform((id) => id.toLowerCase()) }),
      body: z.object({
        relationship_status: z.enum(['active', 'inactive'], { error: STATUS_MESSAGE }),
        tutor_id: z.string().uuid('Please choose a tutor.').transform((id) => id.toLowerCase()).optional(),
      }),
      tags: ['tutors'],
    },
    config: { access: ['tutor', 'admin'] },
    handler: async (request) => {
      const caller = principalOf(request);
      const tutorId = caller.role === 'admin' ? request.body.tutor_id : caller.userId;
      if (!tutorId) throw new DomainError('VALIDATION_FAILED', 'Please choose the tutor whose student this is.', { tutor_id: 'Please choose a tutor.' });
      const studentId = request.params.id;
      const to = request.body.relationship_status;
      const result = await handleCommand({
        store: deps.store,
        streamId: relationshipStreamId(tutorId, studentId),
        decider: relationshipDecider,
        meta: commandMeta(request, deps),
        command: { type: 'ChangeRelationshipStatus', tutorId, studentId, to, changedBy: caller.userId },
      });
      return { id: studentId, relationship_status: to, position: positionOf(result.position) };
    },
  });
}
