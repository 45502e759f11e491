import type { FastifyReply } from 'fastify';
import type { WebSocket } from 'ws';
import { verifyAccessToken, type Principal } from '@mathdaily/api-kit';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps.ts';

/** Close codes and reasons (a reason is at most 123 bytes). */
export const LIVE_CLOSE = {
  badMessage: { code: 4400, reason: 'Send {"type":"auth","token":"<access token>"} first.' },
  unauthorized: { code: 4401, reason: 'Your session has expired. Please sign in again.' },
  forbidden: { code: 4403, reason: 'Live activity is for tutors and admins.' },
  /** The class asked for is not the caller's (or does not exist). */
  notFound: { code: 4404, reason: "We couldn't find this class." },
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
export type LiveClose = { code: number; reason: string };

/** setTimeout's longest delay (about 24.8 days); a token never lives that long, but a forged clock might say so. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const AUTH_TIMEOUT_MS = 10_000;
/** A client that reads slower than this much queued output is dropped (it reconnects and resumes). */
const MAX_BUFFERED_BYTES = 1 << 20;
/** A client that does not finish the closing handshake is cut off after this long. */
export const CLOSE_GRACE_MS = 2000;
/**
 * A ping this often keeps an idle socket open through proxies that end quiet connections (nginx's
 * proxy_read_timeout is 60 s unless raised; deploy/nginx.conf sets 75 s), and finds peers that
 * vanished: a socket that has not answered the last ping by the next one is ended.
 */
const DEFAULT_LIVE_PING_SECONDS = 30;

/** A plain GET of a websocket address (no upgrade): says what the address is for. */
export const upgradeRequired = async (_request: unknown, reply: FastifyReply) =>
  reply.status(426).header('upgrade', 'websocket').send({ code: 'UPGRADE_REQUIRED', message: 'This address is a websocket: connect with a WebSocket client.' });

export const authMessageBase = z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) });

export interface SignedInSocket<M> {
  principal: Principal;
  message: M;
  /** Sends one JSON message (a client reading too slowly is dropped). */
  send(message: unknown): void;
  close(close: LiveClose): void;
  isOpen(): boolean;
  /** What to undo when the socket closes (leaving a hub); at once when it has closed already. */
  onClose(cleanup: () => void): void;
  /** Reads the principal again (a batch changed their user): the socket ends when it lost its rights. */
  recheck(): void;
}

/**
 * The live sockets' sign-in, shared by /api/live and /api/live/class. The token never goes in the
 * URL (it would end up in logs): the first message is {type:'auth', token, …}; a bad or expired
 * token closes with 4401 and a reason a person can read, and so does the token running out while
 * the socket is open (a timer at its `exp`). Only tutors and admins. `start` joins whatever the
 * socket follows (registering how to leave it with `onClose`); anything sent later ends the socket.
 */
export function handleLiveSocket<M extends z.infer<typeof authMessageBase>>(
  socket: WebSocket,
  deps: QueryApiDeps,
  schema: z.ZodType<M>,
  start: (signedIn: SignedInSocket<M>) => Promise<void>,
) {
  const cleanups: (() => void)[] = [];
  let expiry: ReturnType<typeof setTimeout> | undefined;
  let closing: ReturnType<typeof setTimeout> | undefined;
  const close = ({ code, reason }: LiveClose) => {
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
  }, (deps.config.livePingSeconds ?? DEFAULT_LIVE_PING_SECONDS) * 1000);
  let closed = false;
  socket.on('close', () => {
    closed = true;
    clearInterval(pings);
    clearTimeout(timer);
    clearTimeout(expiry);
    clearTimeout(closing);
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  let signedIn = false;
  socket.on('message', (raw: Buffer) => {
    // One message signs in; the feed then only goes out. More frames are a client that floods.
    if (signedIn) return close(LIVE_CLOSE.unexpectedMessage);
    signedIn = true;
    clearTimeout(timer);
    void (async () => {
      let message: M;
      try {
        message = schema.parse(JSON.parse(String(raw)));
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
      await start({
        principal,
        message,
        send: (payload) => {
          if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return socket.terminate();
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
        },
        close,
        isOpen: () => socket.readyState === socket.OPEN,
        onClose: (cleanup) => (closed ? cleanup() : cleanups.push(cleanup)),
        // The socket keeps what the principal had when it signed in: when a batch changes its user,
        // it is read again and the socket ends if it is gone or is no longer that tutor or admin.
        recheck: () =>
          void deps.loadPrincipal(claims).then(
            (now) => {
              if (!now) close(LIVE_CLOSE.revoked);
              else if (now.role !== 'tutor' && now.role !== 'admin') close(LIVE_CLOSE.forbidden);
              else if (now.role !== principal.role) close(LIVE_CLOSE.revoked);
            },
            () => undefined,
          ),
      });
    })().catch(() => close(LIVE_CLOSE.unavailable));
  });
}
