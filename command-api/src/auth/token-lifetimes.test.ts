import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_MESSAGES } from '@mathdaily/domain';
import { AccountsTestApp, json, TEST_SECRET, type AuthBody } from './testing/accounts-app.ts';

/**
 * Token lifetimes through the API on a real database: access tokens are HS256 JWTs (algorithm
 * pinned) that live 15 minutes; sessions end after 7 days unused or 30 days after sign-in,
 * however often they are refreshed. The app's clock is moved; JWT expiry is checked against
 * the real clock, so tokens are issued "in the past" to test it.
 */

let offset = 0;
const clock = () => new Date(Date.now() + offset);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: AccountsTestApp;
beforeAll(async () => {
  t = await AccountsTestApp.start({ clock });
});
afterAll(async () => {
  await t?.stop();
});

/** Runs `work` with the app's clock moved by `ms`, then puts it back. */
async function at<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const saved = offset;
  offset = ms;
  try {
    return await work();
  } finally {
    offset = saved;
  }
}

const me = (token: string) => t.request('GET', '/api/auth/me', { token });
const refresh = (refreshToken: string) => t.request('POST', '/api/auth/refresh', { body: { refreshToken } });

describe('access tokens', () => {
  test('HS256, 15 minutes from issue, carrying the session and credentials version', async () => {
    const account = await t.register();
    const decoded = jwt.decode(account.accessToken, { complete: true })!;
    expect(decoded.header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const payload = decoded.payload as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(['exp', 'iat', 'role', 'sid', 'sub', 'ver']);
    expect((payload.exp as number) - (payload.iat as number)).toBe(15 * 60);
    expect(payload).toMatchObject({ sub: account.user.id, sid: account.refreshToken.split('.')[0], role: 'student', ver: 0 });
  });

  test('a token issued 14 minutes ago still works; one issued 16 minutes ago does not', async () => {
    const account = await t.register();
    const fresh = await at(-14 * MINUTE, () => t.login(account.user.email, account.password));
    expect((await me(fresh.accessToken)).statusCode).toBe(200);
    const stale = await at(-16 * MINUTE, () => t.login(account.user.email, account.password));
    const refused = await me(stale.accessToken);
    expect(refused.statusCode).toBe(401);
    expect(json(refused).message).toBe('Your session has expired. Please sign in again.');
    // The session itself is fine: its refresh token gets a new access token.
    const renewed = await refresh(stale.refreshToken);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await me(json<AuthBody>(renewed).accessToken)).statusCode).toBe(200);
  });

  test('the algorithm is pinned: the same claims signed with HS512 or "none" are refused', async () => {
    const account = await t.register();
    const claims = jwt.decode(account.accessToken) as Record<string, unknown>;
    for (const token of [jwt.sign(claims, TEST_SECRET, { algorithm: 'HS512' }), jwt.sign(claims, '', { algorithm: 'none' })]) {
      expect((await me(token)).statusCode).toBe(401);
    }
    expect((await me(account.accessToken)).statusCode).toBe(200);
  });
});

describe('refresh tokens and sessions', () => {
  test('a session unused for 7 days ends (idle expiry)', async () => {
    const account = await t.register();
    const early = await at(6 * DAY, () => refresh(account.refreshToken));
    expect(early.statusCode, early.body).toBe(200);
    // Each refresh restarts the idle window: 7 days after the last one, it is over.
    const late = await at(13 * DAY + MINUTE, () => refresh(json<AuthBody>(early).refreshToken));
    expect(late.statusCode).toBe(401);
    expect(json(late).message).toBe(SESSION_MESSAGES.expired);
  });

  test('a session ends 30 days after sign-in however often it is refreshed (absolute expiry)', async () => {
    const account = await t.register();
    let token = account.refreshToken;
    let accessToken = account.accessToken;
    for (const day of [6, 12, 18, 24, 29]) {
      const response = await at(day * DAY, () => refresh(token));
      expect(response.statusCode, `day ${day}: ${response.body}`).toBe(200);
      ({ refreshToken: token, accessToken } = json<AuthBody>(response));
    }
    const after = await at(30 * DAY + MINUTE, () => refresh(token));
    expect(after.statusCode).toBe(401);
    expect(json(after).message).toBe(SESSION_MESSAGES.expired);
    // The access token issued on day 29 is not expired by itself, but its session is over.
    expect((await at(29 * DAY + MINUTE, () => me(accessToken))).statusCode).toBe(200);
    expect((await at(30 * DAY + MINUTE, () => me(accessToken))).statusCode).toBe(401);
  });

  test('the refresh token is opaque: the session id and at least 128 random bits', async () => {
    const tokens = await Promise.all([t.register(), t.register()]);
    for (const { refreshToken } of tokens) {
      const [sessionId, secret] = refreshToken.split('.');
      expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(Buffer.from(secret!, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    }
    expect(tokens[0]!.refreshToken.split('.')[1]).not.toBe(tokens[1]!.refreshToken.split('.')[1]);
  });
});
