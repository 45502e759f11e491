import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { api, ApiError, currentMinPosition, errorMessage, REQUEST_TIMEOUT_MS, setSignedOutHandler } from './client.ts';

/**
 * SPEC §7 (requests time out after 10000 ms) and §8 (errors normalised to message, code and
 * status: the server's, a network error, or an unexpected one), with fetch and storage faked.
 */

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** The server's answer to an access token it no longer takes. */
const expired = () => json(401, { code: 'UNAUTHORIZED', message: 'Your session has expired. Please sign in again.' });

let storage: MemoryStorage;
/** Signed in here: an access token, and a refresh token unless `refresh` is false. */
const signIn = ({ refresh = true } = {}) => {
  storage.setItem('accessToken', 'old-access');
  if (refresh) storage.setItem('refreshToken', 'old-refresh');
};
/** The sign-out handler, to count its calls. */
const watchSignOut = () => {
  const signedOut = vi.fn();
  setSignedOutHandler(signedOut);
  return signedOut;
};
let fetchMock: ReturnType<typeof vi.fn>;
/** Every timeout the client asked for, with a way to make it fire. */
let timeouts: { ms: number; controller: AbortController }[];

beforeEach(async () => {
  // The client forgets a finished refresh on the next macrotask; let that happen between tests.
  await new Promise((resolve) => setTimeout(resolve, 0));
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  timeouts = [];
  vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
    const controller = new AbortController();
    timeouts.push({ ms, controller });
    return controller.signal;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('SPEC §7: 10 000 ms timeout', () => {
  test('an auth request that gets no answer in time is a network error', async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError')))),
    );
    const pending = api.post('/api/auth/login', { email: 'a@b.co', password: 'x' }, { anonymous: true });
    expect(timeouts.map((t) => t.ms)).toEqual([REQUEST_TIMEOUT_MS]);
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    timeouts[0]!.controller.abort();
    const error = await failure(pending);
    expect([error.status, error.code, error.message]).toEqual([0, 'NETWORK_ERROR', 'Network error. Please check your internet connection.']);
  });

  test('the refresh after a 401 has the same timeout', async () => {
    signIn();
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' }))
      .mockResolvedValueOnce(json(200, { user: { id: 'u1' } }));
    await expect(api.get('/api/auth/me')).resolves.toEqual({ user: { id: 'u1' } });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/me', '/api/auth/refresh', '/api/auth/me']);
    expect(timeouts.map((t) => t.ms)).toEqual([10_000, 10_000, 10_000]);
    expect(fetchMock.mock.calls[2]![1].headers.authorization).toBe('Bearer new-access');
    expect([storage.getItem('accessToken'), storage.getItem('refreshToken')]).toEqual(['new-access', 'new-refresh']);
  });
});

describe('SPEC §8: error normalisation', () => {
  test("a server answer keeps its message and code; without a message, 'An error occurred'", async () => {
    fetchMock.mockResolvedValueOnce(json(409, { code: 'CONFLICT', message: 'An account with this email address already exists. Please sign in instead.' }));
    const conflict = await failure(api.post('/api/auth/register', {}, { anonymous: true }));
    expect([conflict.status, conflict.code, conflict.message]).toEqual([409, 'CONFLICT', 'An account with this email address already exists. Please sign in instead.']);

    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const gateway = await failure(api.post('/api/auth/login', {}, { anonymous: true }));
    expect([gateway.status, gateway.code, gateway.message]).toEqual([502, 'UNKNOWN_ERROR', 'An error occurred']);

    // PUT /api/auth/profile: "on failure the body's error field".
    fetchMock.mockResolvedValueOnce(json(400, { error: 'Failed to update profile' }));
    expect((await failure(api.put('/api/auth/profile', {}))).message).toBe('Failed to update profile');
  });

  test('no response at all is a network error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(api.post('/api/auth/login', {}, { anonymous: true }));
    expect([error.status, error.code, error.message]).toEqual([0, 'NETWORK_ERROR', 'Network error. Please check your internet connection.']);
    expect(errorMessage(error)).toBe('Network error. Please check your internet connection.');
  });

  test("anything else: the error's own message, or 'An unexpected error occurred'", () => {
    expect(errorMessage(new Error('Failed to convert file to base64'))).toBe('Failed to convert file to base64');
    expect(errorMessage(new Error(''))).toBe('An unexpected error occurred');
    expect(errorMessage('boom')).toBe('An unexpected error occurred');
  });

  test('a failed refresh clears the tokens and signs out', async () => {
    signIn();
    const signedOut = watchSignOut();
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(expired());
    const error = await failure(api.get('/api/auth/me'));
    expect(error.status).toBe(401);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/me', '/api/auth/refresh']);
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect([storage.getItem('accessToken'), storage.getItem('refreshToken')]).toEqual([null, null]);
  });
});

describe('SPEC §4: one refresh attempt, then retry; else sign out', () => {
  test('a retried request that is refused again signs out without a second refresh', async () => {
    signIn();
    const signedOut = watchSignOut();
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' }))
      .mockResolvedValueOnce(expired());
    expect((await failure(api.get('/api/auth/me'))).status).toBe(401);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/me', '/api/auth/refresh', '/api/auth/me']);
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect([storage.getItem('accessToken'), storage.getItem('refreshToken')]).toEqual([null, null]);
  });

  test('without a refresh token a 401 signs out at once', async () => {
    signIn({ refresh: false });
    const signedOut = watchSignOut();
    fetchMock.mockResolvedValueOnce(expired());
    expect((await failure(api.get('/api/auth/me'))).status).toBe(401);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/me']);
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(storage.getItem('accessToken')).toBeNull();
  });

  test('requests refused together share one refresh, and each is retried once', async () => {
    signIn();
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/refresh') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' });
      }
      const authorization = (init.headers as Record<string, string>).authorization;
      return authorization === 'Bearer new-access' ? json(200, { url }) : expired();
    });
    const results = await Promise.all([api.get('/api/a'), api.get('/api/b'), api.post('/api/c', {})]);
    expect(results).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(1);
    expect(fetchMock.mock.calls).toHaveLength(7);
  });

  test("a guest's 401 (no token sent) does not sign anybody out", async () => {
    const signedOut = watchSignOut();
    fetchMock.mockResolvedValueOnce(json(401, { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' }));
    expect((await failure(api.get('/api/auth/me'))).message).toBe('Please sign in to continue.');
    expect(signedOut).not.toHaveBeenCalled();
  });
});

describe('reads wait for the writes this browser made (x-min-position)', () => {
  test('a command answer raises the position that later reads send; commands never send it', async () => {
    storage.setItem('accessToken', 'access');
    const before = currentMinPosition();
    const next = (before + 1000n).toString();
    fetchMock.mockImplementation(async () => json(200, {})).mockResolvedValueOnce(json(200, { position: next, data: {} }));
    await api.post('/api/learning/answers', { answer: '4' });
    await api.get('/api/learning/due');
    await api.put('/api/auth/profile', {});
    // An older position never lowers it.
    fetchMock.mockResolvedValueOnce(json(200, { position: '1' }));
    await api.post('/api/other', {});
    await api.get('/api/learning/progress');
    const headers = fetchMock.mock.calls.map(([, init]) => (init.headers as Record<string, string>)['x-min-position']);
    expect(headers).toEqual([undefined, next, undefined, undefined, next]);
  });
});
