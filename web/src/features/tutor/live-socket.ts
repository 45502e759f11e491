import { api } from '../../api/client.ts';
import { tokenStorage } from '../../auth/token-storage.ts';

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;
/** The server's close code for a token that does not count (any more). */
const AUTH_CLOSE = 4401;

interface LiveSocketOptions {
  /** '/api/live' (the tutor's feed) or '/api/live/class'. */
  path: string;
  /** The first message, sent on open: it signs in with `token` (never in the URL). */
  hello(token: string): Record<string, unknown>;
  onConnecting(): void;
  /** Handles a message; true when it shows the connection is working (the backoff starts again). */
  onMessage(data: { type: string }): boolean;
  /** The socket closed and a retry is coming. */
  onOffline(): void;
  /** A close the caller ends on (no retry); true when it did. */
  onClose(code: number): boolean;
  /** Waits half the delay fixed, half random, so a restarted server is not met by every page at once. */
  jitter?: boolean;
}

/**
 * A live socket of the tutor's pages: reconnects with backoff (0.5 s → 15 s), and after an expired
 * token refreshes it through an ordinary API call (client.ts) first. Returns the function that closes it.
 */
export function openLiveSocket(options: LiveSocketOptions): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let retryMs = RETRY_MIN_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const retry = () => {
    if (stopped) return;
    options.onOffline();
    timer = setTimeout(open, options.jitter ? retryMs / 2 + Math.random() * (retryMs / 2) : retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  function open() {
    if (stopped) return;
    options.onConnecting();
    const current = new WebSocket(`${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${options.path}`);
    socket = current;
    current.onopen = () => current.send(JSON.stringify(options.hello(tokenStorage.accessToken() ?? '')));
    current.onmessage = (message) => {
      if (options.onMessage(JSON.parse(String(message.data)) as { type: string })) retryMs = RETRY_MIN_MS;
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      if (event.code === AUTH_CLOSE) void api.get('/api/auth/me').then(retry, retry);
      else if (!options.onClose(event.code)) retry();
    };
  }

  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close(1000, 'Page closed');
    socket = null;
  };
}
