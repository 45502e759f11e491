import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { isUnavailable, PROJECTOR_LOCK_KEY, sendError, UNAVAILABLE_MESSAGE } from '@mathdaily/api-kit';
import type { QueryApiDeps } from '../deps.ts';

const runningRow = z.object({ running: z.boolean() });
const checkpointRow = z.object({ checkpoint: z.string() });

/**
 * GET /api/health: the event store's last position, the projector's checkpoint and lag, and
 * whether a projector runs (someone holds its advisory lock). 200 only when all is well; 503 when
 * the database cannot be reached or no projector runs (reads would fall further behind), so a
 * load balancer or `docker compose ps` sees it.
 */
export function registerGetHealth(app: FastifyInstance, deps: QueryApiDeps) {
  app.get('/api/health', { config: { access: 'public' }, schema: { tags: ['health'] } }, async (_request, reply) => {
    let last: bigint;
    let projector: { running: boolean; checkpoint: string | null };
    try {
      [last, projector] = await Promise.all([
        deps.lastEventPosition(),
        deps.pool.one(sql.type(runningRow)`
          SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted
                         AND classid = 0 AND objid = ${PROJECTOR_LOCK_KEY} AND objsubid = 1) AS running`),
        // Before the first projector made the read models there is no checkpoint yet.
        deps.pool
          .maybeOneFirst(sql.type(checkpointRow)`SELECT position::text AS checkpoint FROM read_models.projection_state`)
          .catch((error: unknown) => (isUnavailable(error) ? Promise.reject(error) : null)),
      ]).then(([position, { running }, checkpoint]) => [position, { running, checkpoint }] as const);
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      return sendError(reply.header('retry-after', '5'), 503, { code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE });
    }
    const lag = projector.checkpoint === null ? null : (last - BigInt(projector.checkpoint)).toString();
    const status = projector.running ? 'ok' : 'degraded';
    return reply.status(projector.running ? 200 : 503).send({
      status,
      ...(projector.running ? {} : { message: 'No projector is running: new answers will not show up in progress and statistics until one starts.' }),
      eventStore: { lastPosition: last.toString() },
      projector: { running: projector.running, checkpoint: projector.checkpoint, lag },
    });
  });
}
