import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '@mathdaily/domain';
import { positionOf, type CommandApiDeps } from '../deps.ts';
import { changeClass, classActor, classNameField, codeReservation, randomClassCode, timeZoneField } from './class-access.ts';
import { classCreatedResponse } from '@mathdaily/domain/api/tutoring';

/** 32^7 ≈ 34 billion codes: a collision is rare, three in a row means something else is wrong. */
const CODE_ATTEMPTS = 3;

/**
 * POST /api/tutors/classes {name, time_zone} (tutors) → 201 {id, name, time_zone, join_code,
 * position}. The class gets a fresh join code, reserved in the same transaction (a `referral-{CODE}`
 * stream: a code names one class or one referral, never both). Due dates of its work are in its time zone.
 */
export function registerCreateClass(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/tutors/classes', {
    schema: { body: z.object({ name: classNameField, time_zone: timeZoneField }), tags: ['tutors'], response: { 201: classCreatedResponse } },
    config: { access: ['tutor'] },
    handler: async (request, reply) => {
      const tutorId = classActor(request).userId;
      const { name, time_zone: timeZone } = request.body;
      for (let attempt = 1; ; attempt += 1) {
        const classId = randomUUID();
        const joinCode = randomClassCode();
        try {
          const result = await changeClass(request, deps, classId, { type: 'CreateClass', classId, tutorId, name, timeZone, joinCode }, [codeReservation(joinCode, tutorId, classId)]);
          return reply.status(201).send({ id: classId, name, time_zone: timeZone, join_code: joinCode, position: positionOf(result.position) });
        } catch (error) {
          if (attempt >= CODE_ATTEMPTS || !(error instanceof DomainError) || error.code !== 'CONFLICT') throw error;
        }
      }
    },
  });
}
