import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '@mathdaily/domain';
import { laterPosition, type CommandApiDeps } from '../deps.ts';
import { changeClass, classActor, classNameField, classParams, timeZoneField } from './class-access.ts';
import { classUpdatedResponse } from '@mathdaily/domain/api/tutoring';

const NOTHING = 'Please give a new name or time zone for the class.';

/**
 * PUT /api/tutors/classes/{id} {name?, time_zone?} (the class's tutor) → {id, position}. A new time
 * zone counts for work given from then on (work given already keeps the due time it was given).
 */
export function registerUpdateClass(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().put('/api/tutors/classes/:id', {
    schema: { params: classParams, body: z.object({ name: classNameField.optional(), time_zone: timeZoneField.optional() }), tags: ['tutors'], response: { 200: classUpdatedResponse } },
    config: { access: ['tutor'] },
    handler: async (request) => {
      const { id } = request.params;
      const { name, time_zone: timeZone } = request.body;
      if (name === undefined && timeZone === undefined) throw new DomainError('VALIDATION_FAILED', NOTHING);
      const actor = classActor(request);
      const renamed = name === undefined ? null : await changeClass(request, deps, id, { type: 'RenameClass', actor, name });
      const rezoned = timeZone === undefined ? null : await changeClass(request, deps, id, { type: 'ChangeClassTimeZone', actor, timeZone });
      return { id, position: laterPosition(renamed?.position, rezoned?.position) };
    },
  });
}
