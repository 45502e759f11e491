import { tokenStorage } from '../auth/token-storage.ts';

/** The error shape every API answers with; `status` 0 means no response reached us. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE = 'Network error. Please check your internet connection.';
/** SPEC §7: auth requests (and every other one) give up after 10 s, reported as a network error. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** Highest event position this browser has caused; reads wait for it (x-min-position). */
let minPosition = 0n;
export function notePosition(position: string | null | undefined) {
  if (position && /^\d+$/.test(position)) {
    const value = BigInt(position);
    if (value > minPosition) minPosition = value;
  }
}
export function currentMinPosition(): bigint {
  return minPosition;
}

let onSignedOut: () => void = () => {
  window.location.assign('/login');
};
/** What to do when the session cannot be refreshed (the app navigates to /login). */
export function setSignedOutHandler(handler: () => void) {
  onSignedOut = handler;
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time, shared by all requests that got 401 together. */
async function refreshTokens(): Promise<boolean> {
  const refreshToken = tokenStorage.refreshToken();
  if (!refreshToken) return false;
  refreshing ??= (async () => {
    try {
      const response = await fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) return false;
      const body = (await response.json()) as { accessToken: string; refreshToken: string; position?: string };
      tokenStorage.save(body.accessToken, body.refreshToken);
      notePosition(body.position);
      return true;
    } catch {
      return false;
    } finally {
      setTimeout(() => (refreshing = null), 0);
    }
  })();
  return refreshing;
}

export interface RequestOptions {
  body?: unknown;
  /** Skip the bearer token and the 401 → refresh → retry dance (sign-in, registration…). */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** Idempotency-Key: a command re-sent with the same key and body is answered once, not done twice. */
  idempotencyKey?: string;
  /** The answer is a file (a ZIP): resolve with its bytes. */
  binary?: boolean;
  /** Resolve with the body as text (a CSV download), not parsed as JSON. */
  asText?: boolean;
}

async function send(method: string, url: string, options: RequestOptions, retried: boolean): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const token = tokenStorage.accessToken();
  if (token && !options.anonymous) headers.authorization = `Bearer ${token}`;
  if (method === 'GET' && minPosition > 0n) headers['x-min-position'] = minPosition.toString();
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE);
  }
  // SPEC §4: one refresh, one retry; a session that still (or cannot) answer is over.
  if (response.status === 401 && !options.anonymous && token) {
    if (!retried && (await refreshTokens())) return send(method, url, options, true);
    tokenStorage.clear();
    onSignedOut();
  }
  if (options.binary && response.ok) return response.blob();
  const text = await response.text();
  if (options.asText && response.ok) return text;
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const error = (body ?? {}) as { code?: string; message?: string; error?: string; fields?: Record<string, string> };
    throw new ApiError(response.status, error.code ?? 'UNKNOWN_ERROR', error.message ?? error.error ?? 'An error occurred', error.fields);
  }
  notePosition((body as { position?: string } | null)?.position);
  return body;
}

/** Commands go to the command API, reads to the query API; in one origin both live under /api. */
export const api = {
  get: <T>(url: string, options: RequestOptions = {}) => send('GET', url, options, false) as Promise<T>,
  post: <T>(url: string, body?: unknown, options: RequestOptions = {}) => send('POST', url, { ...options, body }, false) as Promise<T>,
  put: <T>(url: string, body?: unknown, options: RequestOptions = {}) => send('PUT', url, { ...options, body }, false) as Promise<T>,
  delete: <T>(url: string, body?: unknown, options: RequestOptions = {}) => send('DELETE', url, { ...options, body }, false) as Promise<T>,
  /** A file the API answers with (with the same sign-in, refresh and position as a read). */
  download: (url: string) => send('GET', url, { binary: true }, false) as Promise<Blob>,
};

/** SPEC §8: server message, network message, or the error's own message. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred';
}
