import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { placementDecider, placementStreamId } from '@mathdaily/domain';
import { loadUser } from '../auth/user-records.ts';
import { handleCommand } from '../pipeline/handle-command.ts';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { uuidField } from './practice-input.ts';
import { startPlacementResponse } from '@mathdaily/domain/api/learning';

const body = z.object({ placement_id: uuidField('placement_id') });

/**
 * POST /api/learning/placement (students): starts the adaptive placement check with the client's
 * random id (PlacementStarted). The server draws the seed that picks its problems, and the grade
 * on the student's account (from `user-{id}`: the command side never reads read models) is the
 * estimate's prior. Starting the check in progress again records nothing (200); a finished
 * check's id → 409. The questions come from GET /api/learning/placement.
 */
export function registerStartPlacement(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/learning/placement', {
    config: { access: ['student'] },
    schema: { tags: ['learning'], body, response: { 200: startPlacementResponse, 201: startPlacementResponse } },
    handler: async (request, reply) => {
      const userId = principalOf(request).userId;
      const placementId = request.body.placement_id;
      const { state: user } = await loadUser(deps.store, userId);
      const result = await handleCommand({
        store: deps.store,
        streamId: placementStreamId(userId),
        decider: placementDecider,
        command: { type: 'StartPlacement', data: { userId, placementId, seed: randomInt(0, 2 ** 32), statedGrade: user.gradeLevel } },
        meta: commandMeta(request, deps),
      });
      return reply.status(result.events.length > 0 ? 201 : 200).send({ position: positionOf(result.position), data: { placement_id: placementId } });
    },
  });
}
