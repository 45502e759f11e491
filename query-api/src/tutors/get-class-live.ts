import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { QueryApiDeps } from '../deps.ts';
import { classLiveSnapshot } from '../live/class-live-view.ts';
import { classParams, visibleClass } from './class-scope.ts';
import { classLiveResponse } from '@mathdaily/domain/api/tutoring';

/**
 * GET /api/tutors/classes/{id}/live (its tutor; admins any) → the live class view as of now (the
 * same snapshot the websocket /api/live/class sends after every change). Another tutor's → 404.
 */
export function registerGetClassLive(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/tutors/classes/:id/live', {
    config: { access: ['tutor', 'admin'] },
    schema: { tags: ['tutors'], params: classParams, response: { 200: classLiveResponse } },
    handler: async (request) => classLiveSnapshot(deps.pool, await visibleClass(deps.pool, request, request.params.id), deps.clock()),
  });
}
