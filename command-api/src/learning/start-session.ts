import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalCheckOf, principalOf } from '@mathdaily/api-kit';
import { practiceDecider, practiceStreamId } from '@mathdaily/domain';
import { handleCommand } from '../pipeline/handle-command.ts';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { uuidField } from './practice-input.ts';

const body = z.object({ session_id: uuidField('session_id') });

/**
 * POST /api/learning/sessions (students): starts a practice session with the client's random
 * session id (PracticeSessionStarted). Starting an open session again is harmless (nothing new is
 * recorded, position null); an ended session's id → 409. Optional: hints and answers start their
 * session implicitly.
 */
export function registerStartSession(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/learning/sessions', {
    config: { access: ['student'], principalCheckedOnAppend: true },
    schema: { tags: ['learning'], body },
    handler: async (request, reply) => {
      const userId = principalOf(request).userId;
      const sessionId = request.body.session_id;
      const result = await handleCommand({
        store: deps.store,
        streamId: practiceStreamId(userId),
        decider: practiceDecider,
        command: { type: 'StartSession', data: { userId, sessionId } },
        meta: commandMeta(request, deps),
        principal: principalCheckOf(request),
      });
      return reply.status(result.events.length > 0 ? 201 : 200).send({ position: positionOf(result.position), data: { session_id: sessionId } });
    },
  });
}
