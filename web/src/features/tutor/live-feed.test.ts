import { afterEach, beforeEach, expect, test, vi } from 'vitest';

/**
 * The live feed's client: when the server closes the socket because the token expired (4401), it
 * refreshes the token through an ordinary API call and reconnects, signing in with the new token.
 */

const store = new Map<string, string>();
const refreshed = vi.fn(async () => {
  store.set('accessToken', 'fresh-token');
  return {};
});
vi.mock('../../api/client.ts', () => ({ api: { get: refreshed } }));

class FakeSocket {
  static opened: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
    queueMicrotask(() => this.onopen?.());
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
}

beforeEach(() => {
  vi.useFakeTimers();
  store.clear();
  store.set('accessToken', 'old-token');
  vi.stubGlobal('localStorage', { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => store.set(key, value), removeItem: (key: string) => store.delete(key) });
  vi.stubGlobal('window', { location: { protocol: 'http:', host: 'localhost' } });
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('a socket closed for an expired token reconnects with a fresh token', async () => {
  const { connectLiveFeed, useLiveFeed } = await import('./live-feed.ts');
  const stop = connectLiveFeed('tutor-1');
  await vi.advanceTimersByTimeAsync(0);
  const first = FakeSocket.opened[0]!;
  expect(JSON.parse(first.sent[0]!)).toMatchObject({ type: 'auth', token: 'old-token' });
  first.onmessage?.({ data: JSON.stringify({ type: 'ready' }) });
  expect(useLiveFeed.getState().status).toBe('live');

  first.onclose?.({ code: 4401, reason: 'Your sign-in token has expired. Reconnect with a fresh one.' });
  await vi.advanceTimersByTimeAsync(1000);
  expect(refreshed).toHaveBeenCalledTimes(1);
  const second = FakeSocket.opened[1]!;
  expect(JSON.parse(second.sent[0]!)).toMatchObject({ type: 'auth', token: 'fresh-token' });
  stop();
});

test('a socket closed because the role no longer has live activity, or for a message the server cannot take, does not reconnect', async () => {
  const { connectLiveFeed, useLiveFeed } = await import('./live-feed.ts');
  for (const code of [4403, 4400]) {
    FakeSocket.opened = [];
    refreshed.mockClear();
    const stop = connectLiveFeed('tutor-1');
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.opened[0]!.onmessage?.({ data: JSON.stringify({ type: 'ready' }) });
    FakeSocket.opened[0]!.onclose?.({ code, reason: 'closed by the server' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.opened, String(code)).toHaveLength(1);
    expect(useLiveFeed.getState().status).toBe('offline');
    // A role change: the app takes the user's new role (whose pages have no live feed).
    expect(refreshed).toHaveBeenCalledTimes(code === 4403 ? 1 : 0);
    stop();
  }
});
