import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '@mathdaily/domain';
import { positionOf, type CommandApiDeps } from '../deps.ts';
import { changeClass, classActor, classParams, codeReservation, randomClassCode } from './class-access.ts';
import { classCodeResponse } from '@mathdaily/domain/api/tutoring';

/** A drawn code that is taken already fails the append: draw again (a refusal, such as an archived class, just repeats). */
const CODE_ATTEMPTS = 3;

/**
 * POST /api/tutors/classes/{id}/join-code (the class's tutor) → {id, join_code, position}: a new
 * code (the old one was shared too widely, a new term). The old code stops working at once;
 * students already in the class stay.
 */
export function registerChangeClassCode(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/tutors/classes/:id/join-code', {
    schema: { params: classParams, tags: ['tutors'], response: { 200: classCodeResponse } },
    config: { access: ['tutor'] },
    handler: async (request) => {
      const { id } = request.params;
      const actor = classActor(request);
      for (let attempt = 1; ; attempt += 1) {
        const joinCode = randomClassCode();
        try {
          const result = await changeClass(request, deps, id, { type: 'ChangeJoinCode', actor, joinCode }, [codeReservation(joinCode, actor.userId, id)]);
          return { id, join_code: joinCode, position: positionOf(result.position) };
        } catch (error) {
          if (attempt >= CODE_ATTEMPTS || !(error instanceof DomainError) || error.code !== 'CONFLICT') throw error;
        }
      }
    },
  });
}
