import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps.ts';
import { recentActivity } from '../tutors/activity-view.ts';
import { queryMetricsOf } from '../query-metrics.ts';
import { LiveHub, LOOKBACK } from './live-hub.ts';
import { authMessageBase, CLOSE_GRACE_MS, handleLiveSocket, LIVE_CLOSE, upgradeRequired } from './live-socket.ts';

export { LIVE_CLOSE } from './live-socket.ts';

const RESUME_LIMIT = 200;
/** The largest position PostgreSQL's int8 (and EventStoreDB's commit position as we read it) can hold. */
const MAX_POSITION = 2n ** 63n - 1n;

const authMessage = authMessageBase.extend({
  /** The last activity position the client has: what came after it is sent first. */
  after: z
    .string()
    .regex(/^\d{1,19}$/)
    .refine((value) => BigInt(value) <= MAX_POSITION)
    .optional(),
});

/**
 * GET /api/live (websocket): the tutor's live activity and alerts. First message {type:'auth',
 * token, after?} (live-socket.ts: sign-in, expiry, close codes). Then: {type:'ready'}, then
 * {type:'activity', items} with what the client missed since `after`, then every change as it is
 * projected. Access is 'public' because the guard reads headers, which browsers cannot set on a
 * websocket; the first message is the check. The websocket plugin is registered here, once, for
 * every live route.
 */
export async function registerGetLive(app: FastifyInstance, deps: QueryApiDeps) {
  await app.register(websocket, {
    options: { maxPayload: 8192 },
    // Stopping: every socket is told so (1001), and cut if it does not finish the closing handshake.
    preClose(done) {
      for (const client of this.websocketServer.clients) {
        client.close(LIVE_CLOSE.restarting.code, LIVE_CLOSE.restarting.reason);
        setTimeout(() => client.terminate(), CLOSE_GRACE_MS).unref();
      }
      this.websocketServer.close();
      done();
    },
  });
  const hub = new LiveHub(deps);
  await hub.start();
  queryMetricsOf(deps.metrics).liveSockets(() => hub.connections);
  app.addHook('onClose', async () => hub.stop());
  app.decorate('liveHub', hub);

  app.route({
    method: 'GET',
    url: '/api/live',
    config: { access: 'public' },
    schema: { tags: ['tutors'], summary: 'Websocket: live activity and alerts for tutors (first message signs in)' },
    handler: upgradeRequired,
    wsHandler: (socket) =>
      handleLiveSocket(socket, deps, authMessage, async ({ principal, message, send, isOpen, onClose, recheck }) => {
        const sendItems = (items: readonly unknown[]) => send({ type: 'activity', items });
        // Join before reading the missed rows, so nothing committed in between falls through.
        onClose(hub.add(principal.userId, principal.role as 'tutor' | 'admin', { send: sendItems, recheck }));
        send({ type: 'ready' });
        const after = BigInt(message.after ?? '0');
        const missed = await recentActivity(deps.pool, principal.role === 'admin' ? null : principal.userId, {
          limit: RESUME_LIMIT,
          afterPosition: (after > LOOKBACK ? after - LOOKBACK : 0n).toString(),
        });
        if (missed.length > 0 && isOpen()) sendItems(missed.reverse());
      }),
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}
