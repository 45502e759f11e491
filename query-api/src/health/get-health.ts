import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import type { QueryApiDeps } from '../deps.ts';

/** GET /api/health: the event store's last position and the projector's checkpoint. */
export function registerGetHealth(app: FastifyInstance, deps: QueryApiDeps) {
  app.get('/api/health', { config: { access: 'public' }, schema: { tags: ['health'] } }, async () => {
    const [last, checkpoint] = await Promise.all([
      deps.lastEventPosition(),
      deps.pool.maybeOneFirst(sql.unsafe`SELECT position::text FROM read_models.projection_state`).catch(() => null),
    ]);
    const lag = checkpoint === null ? null : (last - BigInt(String(checkpoint))).toString();
    return {
      status: 'ok',
      eventStore: { lastPosition: last.toString() },
      projector: { checkpoint: checkpoint === null ? null : String(checkpoint), lag },
    };
  });
}
