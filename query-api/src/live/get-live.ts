import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { verifyAccessToken } from '@mathdaily/api-kit';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps.ts';
import { recentActivity } from '../tutors/activity-view.ts';
import { queryMetricsOf } from '../query-metrics.ts';
import { LiveHub, LOOKBACK } from './live-hub.ts';

/** Close codes and reasons (a reason is at most 123 bytes). */
export const LIVE_CLOSE = {
  badMessage: { code: 4400, reason: 'Send {"type":"auth","token":"<access token>"} first.' },
  unauthorized: { code: 4401, reason: 'Your session has expired. Please sign in again.' },
  forbidden: { code: 4403, reason: 'Live activity is for tutors and admins.' },
  authTimeout: { code: 4408, reason: 'No sign-in message arrived in time.' },
  /** The session ended while the socket was open (signed out, password changed, role changed): the client refreshes, and reconnects if it may. */
  revoked: { code: 4401, reason: 'Your sign-in has changed. Reconnecting with your current access.' },
  /** The token the socket signed in with ran out while it was open: 4401 too, so the client refreshes and reconnects. */
  expired: { code: 4401, reason: 'Your sign-in token has expired. Reconnect with a fresh one.' },
  /** The socket is for listening: anything sent after the sign-in message ends it. */
  unexpectedMessage: { code: 4400, reason: 'Nothing may be sent after the sign-in message.' },
  /** The missed activity could not be read (the database is away): the client tries again later. */
  unavailable: { code: 1011, reason: 'Live activity is briefly unavailable. Reconnecting.' },
  /** The instance is stopping (a deploy, a restart): the client reconnects, through the proxy, to another. */
  restarting: { code: 1001, reason: 'This server is restarting. Reconnecting.' },
} as const;
/** setTimeout's longest delay (about 24.8 days); a token never lives that long, but a forged clock might say so. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const AUTH_TIMEOUT_MS = 10_000;
const RESUME_LIMIT = 200;
/** A client that reads slower than this much queued output is dropped (it reconnects and resumes). */
const MAX_BUFFERED_BYTES = 1 << 20;

/** The largest position PostgreSQL's int8 (and EventStoreDB's commit position as we read it) can hold. */
const MAX_POSITION = 2n ** 63n - 1n;
/** A client that does not finish the closing handshake is cut off after this long. */
const CLOSE_GRACE_MS = 2000;
/**
 * A ping this often keeps an idle socket open through proxies that end quiet connections (nginx's
 * proxy_read_timeout is 60 s unless raised; deploy/nginx.conf sets 75 s), and finds peers that
 * vanished: a socket that has not answered the last ping by the next one is ended.
 */
export const DEFAULT_LIVE_PING_SECONDS = 30;

const authMessage = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(4096),
  /** The last activity position the client has: what came after it is sent first. */
  after: z
    .string()
    .regex(/^\d{1,19}$/)
    .refine((value) => BigInt(value) <= MAX_POSITION)
    .optional(),
});

/**
 * GET /api/live (websocket): the tutor's live activity and alerts. The token never goes in the
 * URL (it would end up in logs): the first message is {type:'auth', token, after?}; a bad or
 * expired token closes with 4401 and a reason a person can read, and so does the token running out
 * while the socket is open (a timer at its `exp`). Then: {type:'ready'}, then
 * {type:'activity', items} with what the client missed since `after`, then every change as it is
 * projected. Access is 'public' because the guard reads headers, which browsers cannot set on a
 * websocket; the first message is the check.
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
  const pingMs = (deps.config.livePingSeconds ?? DEFAULT_LIVE_PING_SECONDS) * 1000;
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
    // A plain GET (no upgrade): say what this address is for.
    handler: async (_request, reply) =>
      reply.status(426).header('upgrade', 'websocket').send({ code: 'UPGRADE_REQUIRED', message: 'This address is a websocket: connect with a WebSocket client.' }),
    wsHandler: (socket) => {
      let leave: (() => void) | null = null;
      let expiry: ReturnType<typeof setTimeout> | undefined;
      let closing: ReturnType<typeof setTimeout> | undefined;
      const close = ({ code, reason }: { code: number; reason: string }) => {
        if (closing) return;
        socket.close(code, reason);
        closing = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
      };
      const timer = setTimeout(() => close(LIVE_CLOSE.authTimeout), AUTH_TIMEOUT_MS);
      let answered = true;
      socket.on('pong', () => (answered = true));
      const pings = setInterval(() => {
        if (!answered) return socket.terminate();
        answered = false;
        socket.ping();
      }, pingMs);
      socket.on('close', () => {
        clearInterval(pings);
        clearTimeout(timer);
        clearTimeout(expiry);
        clearTimeout(closing);
        leave?.();
      });
      let signedIn = false;
      socket.on('message', (raw: Buffer) => {
        // One message signs in; the feed then only goes out. More frames are a client that floods.
        if (signedIn) return close(LIVE_CLOSE.unexpectedMessage);
        signedIn = true;
        clearTimeout(timer);
        void (async () => {
          let message: z.infer<typeof authMessage>;
          try {
            message = authMessage.parse(JSON.parse(String(raw)));
          } catch {
            return close(LIVE_CLOSE.badMessage);
          }
          const claims = verifyAccessToken(message.token, deps.config.jwtSecret);
          const principal = claims ? await deps.loadPrincipal(claims) : null;
          if (!claims || !principal) return close(LIVE_CLOSE.unauthorized);
          if (principal.role !== 'tutor' && principal.role !== 'admin') return close(LIVE_CLOSE.forbidden);
          if (socket.readyState !== socket.OPEN) return;
          // The token is checked once, at sign-in: the socket ends when the token does (on the real
          // clock, as jsonwebtoken's own check), and the client refreshes it and reconnects.
          expiry = setTimeout(() => close(LIVE_CLOSE.expired), Math.min(MAX_TIMER_MS, Math.max(0, claims.exp * 1000 - Date.now())));
          const send = (items: readonly unknown[]) => {
            if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return socket.terminate();
            socket.send(JSON.stringify({ type: 'activity', items }));
          };
          // The socket keeps what the principal had when it signed in: when a batch changes its user,
          // it is read again and the socket ends if it is gone or is no longer that tutor or admin.
          const recheck = () =>
            void deps.loadPrincipal(claims).then(
              (now) => {
                if (!now) close(LIVE_CLOSE.revoked);
                else if (now.role !== 'tutor' && now.role !== 'admin') close(LIVE_CLOSE.forbidden);
                else if (now.role !== principal.role) close(LIVE_CLOSE.revoked);
              },
              () => undefined,
            );
          // Join before reading the missed rows, so nothing committed in between falls through.
          leave = hub.add(principal.userId, principal.role, { send, recheck });
          socket.send(JSON.stringify({ type: 'ready' }));
          const after = BigInt(message.after ?? '0');
          const missed = await recentActivity(deps.pool, principal.role === 'admin' ? null : principal.userId, {
            limit: RESUME_LIMIT,
            afterPosition: (after > LOOKBACK ? after - LOOKBACK : 0n).toString(),
          });
          if (missed.length > 0 && socket.readyState === socket.OPEN) send(missed.reverse());
        })().catch(() => close(LIVE_CLOSE.unavailable));
      });
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}
