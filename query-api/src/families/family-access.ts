import type { FastifyRequest } from 'fastify';
import { parentDecider, parentStreamId } from '@mathdaily/domain';
import type { StreamStateCache } from '@mathdaily/event-store';
import { principalOf } from '@mathdaily/api-kit';
import type { QueryApiDeps } from '../deps.ts';

/**
 * The children a parent is linked to now, from the parent's own stream (caught up in one read of
 * the events since, usually none): a link or unlink counts on the very next request, with no wait
 * for the read models (DESIGN §9, "access follows those events at once").
 */
export function childrenOfParent(cache: StreamStateCache): (parentId: string) => Promise<readonly string[]> {
  return async (parentId) => (await cache.catchUp(parentStreamId(parentId), parentDecider)).state.children;
}

/** Whether the caller is a parent linked to this child now. */
export async function isLinkedParent(request: FastifyRequest, deps: QueryApiDeps, childId: string): Promise<boolean> {
  const principal = principalOf(request);
  return principal.role === 'parent' && (await deps.childrenOf(principal.userId.toLowerCase())).includes(childId.toLowerCase());
}
