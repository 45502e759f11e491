import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '@mathdaily/api-kit';
import { classDecider, classStreamId } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleCommand } from '../pipeline/handle-command.ts';
import { classParams } from './class-access.ts';
import { positionResponse } from '@mathdaily/domain/api/common';

/**
 * POST /api/classes/{id}/leave (students) → {position}: the student leaves a class (its work
 * leaves their practice). Their link with the tutor stays as it is; a class they are not in → 404.
 */
export function registerLeaveClass(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/classes/:id/leave', {
    schema: { params: classParams, tags: ['classes'], response: { 200: positionResponse } },
    config: { access: ['student'] },
    handler: async (request) => {
      const result = await handleCommand({
        store: deps.store,
        streamId: classStreamId(request.params.id),
        decider: classDecider,
        meta: commandMeta(request, deps),
        command: { type: 'LeaveClass', studentId: principalOf(request).userId.toLowerCase() },
      });
      return { position: positionOf(result.position) };
    },
  });
}
