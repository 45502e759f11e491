import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { parentDecider, parentStreamId } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleCommand } from '../pipeline/handle-command.ts';
import { messageResponse } from '@mathdaily/domain/api/common';

const id = (message: string) => z.string().uuid(message).transform((value) => value.toLowerCase());

/**
 * DELETE /api/parent/children/{childId} (parents): stop following a child.
 * DELETE /api/family/parents/{parentId} (students): a child removes a grown-up who follows them.
 * Either appends ChildUnlinked to the parent's stream; the parent loses access on their next request.
 */
export function registerUnlink(app: FastifyInstance, deps: CommandApiDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.delete('/api/parent/children/:childId', {
    schema: { params: z.object({ childId: id('Please choose a child.') }), tags: ['family'], response: { 200: messageResponse } },
    config: { access: ['parent'] },
    handler: async (request) => {
      const parentId = principalOf(request).userId;
      const { childId } = request.params;
      const result = await handleCommand({ store: deps.store, streamId: parentStreamId(parentId), decider: parentDecider, meta: commandMeta(request, deps), command: { type: 'UnlinkChild', parentId, childId, by: 'parent' } });
      return { message: 'Unlinked.', position: positionOf(result.position) };
    },
  });
  typed.delete('/api/family/parents/:parentId', {
    schema: { params: z.object({ parentId: id('Please choose a grown-up.') }), tags: ['family'], response: { 200: messageResponse } },
    config: { access: ['student'] },
    handler: async (request) => {
      const childId = principalOf(request).userId;
      const { parentId } = request.params;
      const result = await handleCommand({ store: deps.store, streamId: parentStreamId(parentId), decider: parentDecider, meta: commandMeta(request, deps), command: { type: 'UnlinkChild', parentId, childId, by: 'child' } });
      return { message: 'Removed.', position: positionOf(result.position) };
    },
  });
}
