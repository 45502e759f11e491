import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { DEFAULT_PROJECTOR_STALL_SECONDS, isUnavailable, PROJECTOR_LOCK_KEY, sendError, UNAVAILABLE_MESSAGE } from '@mathdaily/api-kit';
import type { QueryApiDeps } from '../deps.ts';
import { errorBody } from '@mathdaily/domain/api/common';
import { healthResponse } from '@mathdaily/domain/api/site';

const runningRow = z.object({ running: z.boolean() });
const checkpointRow = z.object({ checkpoint: z.string(), uncheckedMs: z.number(), waitedMs: z.number().nullable() });

/**
 * GET /api/health: the event store's last position, the projector's checkpoint and lag, and
 * whether a projector runs (someone holds its advisory lock). 200 only when all is well; 503 when
 * the database cannot be reached, no projector runs, or the one that holds the lock is stalled
 * (reads would fall further behind), so a load balancer or `docker compose ps` sees it.
 *
 * Stalled: events wait beyond the checkpoint, and either the projector has not looked at the
 * event store's end for longer than the threshold (it looks every 5 s while it runs:
 * projector/src/store-watch.ts), or since it saw events waiting, longer than the threshold went by
 * without its checkpoint moving. A projector idle for an hour stays healthy in the moments before
 * it applies the next event. The times are the database's clock, kept in projection_state, so every
 * query-api instance, on either event store, gives the same answer from read models alone.
 */
export function registerGetHealth(app: FastifyInstance, deps: QueryApiDeps) {
  const stallMs = (deps.config.projectorStallSeconds ?? DEFAULT_PROJECTOR_STALL_SECONDS) * 1000;
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: healthResponse, 503: healthResponse.or(errorBody) } } }, async (_request, reply) => {
    let last: bigint;
    let running: boolean;
    let state: z.infer<typeof checkpointRow> | null;
    try {
      [last, { running }, state] = await Promise.all([
        deps.lastEventPosition(),
        deps.pool.one(sql.type(runningRow)`
          SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted
                         AND classid = 0 AND objid = ${PROJECTOR_LOCK_KEY} AND objsubid = 1
                         -- advisory locks belong to a database; pg_locks lists the whole server's
                         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS running`),
        // Before the first projector made the read models there is no checkpoint yet. GREATEST skips NULL (nothing waits).
        deps.pool
          .maybeOne(sql.type(checkpointRow)`
            SELECT s.position::text AS checkpoint,
                   (extract(epoch FROM now() - coalesce(s.store_checked_at, s.updated_at)) * 1000)::float8 AS "uncheckedMs",
                   CASE WHEN s.waiting_since IS NOT NULL
                        THEN (extract(epoch FROM now() - greatest(s.updated_at, s.waiting_since)) * 1000)::float8 END AS "waitedMs"
            FROM read_models.projection_state s`)
          .catch((error: unknown) => (isUnavailable(error) ? Promise.reject(error) : null)),
      ]);
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      return sendError(reply.header('retry-after', '5'), 503, { code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE });
    }
    const checkpoint = state?.checkpoint ?? null;
    const lag = checkpoint === null ? null : last - BigInt(checkpoint);
    // How long the projector has been seen doing nothing about the waiting events.
    const idleMs = state === null ? 0 : Math.max(state.uncheckedMs, state.waitedMs ?? 0);
    const stalled = running && state !== null && lag !== null && lag > 0n && idleMs > stallMs;
    const message = !running
      ? 'No projector is running: new answers will not show up in progress and statistics until one starts.'
      : stalled
        ? `The projector holds its lock but has not moved past position ${checkpoint} for ${Math.floor(idleMs / 1000)} s while ${lag} events wait: ` +
          'new answers will not show up in progress and statistics. See its log; restarting it lets a standby take over.'
        : undefined;
    return reply.status(message ? 503 : 200).send({
      status: message ? 'degraded' : 'ok',
      ...(message ? { message } : {}),
      eventStore: { lastPosition: last.toString() },
      projector: { running, stalled, checkpoint, lag: lag?.toString() ?? null },
    });
  });
}
