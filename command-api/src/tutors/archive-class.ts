import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { positionOf, type CommandApiDeps } from '../deps.ts';
import { changeClass, classActor, classParams } from './class-access.ts';
import { classArchivedResponse } from '@mathdaily/domain/api/tutoring';

/**
 * POST /api/tutors/classes/{id}/archive and …/restore (the class's tutor) → {id, archived,
 * position}. An archived class takes no one new and no new work, and its work leaves its students'
 * practice; its results stay for the reports. Restoring brings it back as it was.
 */
export function registerArchiveClass(app: FastifyInstance, deps: CommandApiDeps) {
  for (const [path, type, archived] of [
    ['archive', 'ArchiveClass', true],
    ['restore', 'RestoreClass', false],
  ] as const) {
    app.withTypeProvider<ZodTypeProvider>().post(`/api/tutors/classes/:id/${path}`, {
      schema: { params: classParams, tags: ['tutors'], response: { 200: classArchivedResponse } },
      config: { access: ['tutor'] },
      handler: async (request) => {
        const { id } = request.params;
        const result = await changeClass(request, deps, id, { type, actor: classActor(request) });
        return { id, archived, position: positionOf(result.position) };
      },
    });
  }
}
