import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { SESSION_MESSAGES } from '@mathdaily/domain';
import { AccountsTestApp, json, nextIp, uniqueEmail, type AuthBody } from './testing/accounts-app.ts';
import { ACCOUNT_SLOWDOWN_MS } from './rate-limits.ts';
import { REFRESH_GRACE_MS } from '@mathdaily/domain';

/** Issue 14: nobody can lock anyone out, sign-in time tells nothing, two tabs may refresh at once. */

/**
 * Every argon2 verification the server runs, by the hash it verified against: the real
 * function, counted. Timing alone cannot prove that an unknown address pays for a hash on a
 * loaded machine; this can.
 */
const argon2Verifications = vi.hoisted(() => [] as string[]);
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    verify: ((hashed, ...rest) => {
      argon2Verifications.push(String(hashed));
      return argon2.verify(hashed, ...rest);
    }) as typeof argon2.verify,
  };
});

let t: AccountsTestApp;
/** The app's clock runs this far ahead of the real one (to step past the refresh grace window). */
let aheadMs = 0;
beforeAll(async () => {
  t = await AccountsTestApp.start({ clock: () => new Date(Date.now() + aheadMs) });
});
afterAll(async () => {
  await t?.stop();
});

const TOO_MANY = { code: 'RATE_LIMITED', message: 'Too many sign-in attempts. Please wait a few minutes and try again.' };

describe('sign-in throttling per (account, address); the account as a whole is only slowed down', () => {
  test('10 failures from one address stop that address for the account; the owner elsewhere still signs in', async () => {
    const victim = await t.register();
    const attacker = nextIp();
    for (let i = 0; i < 10; i += 1) {
      const response = await t.request('POST', '/api/auth/login', { ip: attacker, body: { email: i % 2 ? victim.user.email.toUpperCase() : victim.user.email, password: `Wrong${i}23!` } });
      expect(response.statusCode).toBe(401);
    }
    const stopped = await t.request('POST', '/api/auth/login', { ip: attacker, body: { email: victim.user.email, password: victim.password } });
    expect(stopped.statusCode).toBe(429);
    expect(json(stopped)).toEqual(TOO_MANY);
    const owner = await t.request('POST', '/api/auth/login', { ip: nextIp(), body: { email: victim.user.email, password: victim.password } });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  test('failures spread over many addresses never refuse the owner: attempts on the account are slowed down instead', async () => {
    const victim = await t.register();
    for (let i = 0; i < 12; i += 1) {
      const response = await t.request('POST', '/api/auth/login', { ip: nextIp(), body: { email: victim.user.email, password: `Wrong${i}23!` } });
      expect(response.statusCode).toBe(401);
    }
    const started = performance.now();
    const owner = await t.request('POST', '/api/auth/login', { ip: nextIp(), body: { email: victim.user.email, password: victim.password } });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(ACCOUNT_SLOWDOWN_MS - 5);
  });

  test('the counters live in PostgreSQL (runtime.rate_limits), where every instance sees them', async () => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ key: string }>(`SELECT key FROM runtime.rate_limits WHERE key LIKE '%sign-in%'`);
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });
});

test('an unknown address runs the same argon2id verification as a wrong password (same cost parameters)', async () => {
  const account = await t.register();
  const verificationsFor = async (email: string) => {
    argon2Verifications.length = 0;
    const response = await t.request('POST', '/api/auth/login', { body: { email, password: 'Wrong123!x' } });
    expect(response.statusCode).toBe(401);
    return [...argon2Verifications];
  };
  const known = await verificationsFor(account.user.email);
  const unknown = await verificationsFor(uniqueEmail('nobody'));
  expect(known).toHaveLength(1);
  expect(unknown, 'the unknown address skipped the password hash').toHaveLength(1);
  // `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`: algorithm, version and costs must match, or the work differs.
  const costs = (hash: string) => hash.split('$').slice(1, 4).join('$');
  expect(costs(unknown[0]!)).toBe(costs(known[0]!));
  expect(costs(known[0]!)).toMatch(/^argon2id\$v=19\$m=19456,t=2,p=1$/);
});

test('a wrong password takes about as long as an unknown address (no account discovery by timing)', async () => {
  const account = await t.register();
  const time = async (email: string) => {
    const started = performance.now();
    const response = await t.request('POST', '/api/auth/login', { body: { email, password: 'Wrong123!x' } });
    expect(response.statusCode).toBe(401);
    return performance.now() - started;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  // Interleaved, so load on the machine hits both alike; medians ignore the odd pause.
  for (let i = 0; i < 12; i += 1) {
    known.push(await time(account.user.email));
    unknown.push(await time(uniqueEmail('nobody')));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const [k, u] = [median(known), median(unknown)];
  expect(Math.abs(k - u), `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(Math.max(k, u) * 0.5);
});

describe('refresh: two tabs at once share one rotation; a late reuse still ends the session', () => {
  const refresh = (refreshToken: string) => t.request('POST', '/api/auth/refresh', { body: { refreshToken } });

  test('the same refresh token twice at once → both 200 with the same new refresh token, which then works', async () => {
    const account = await t.register();
    const [first, second] = await Promise.all([refresh(account.refreshToken), refresh(account.refreshToken)]);
    expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([200, 200]);
    const [a, b] = [json<AuthBody>(first), json<AuthBody>(second)];
    expect(a.refreshToken).toBe(b.refreshToken);
    expect(a.refreshToken).not.toBe(account.refreshToken);
    const me = await t.request('GET', '/api/auth/me', { token: b.accessToken, minPosition: a.position ?? b.position });
    expect(me.statusCode).toBe(200);
    expect((await refresh(a.refreshToken)).statusCode).toBe(200);
  });

  test('the rotated token presented after the grace window → 401 and the whole session ends', async () => {
    const account = await t.register();
    const rotated = json<AuthBody>(await refresh(account.refreshToken));
    aheadMs += REFRESH_GRACE_MS + 1000;
    try {
      const reuse = await refresh(account.refreshToken);
      expect(reuse.statusCode).toBe(401);
      expect(json(reuse).message).toBe(SESSION_MESSAGES.reused);
      expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
    } finally {
      aheadMs -= REFRESH_GRACE_MS + 1000;
    }
  });
});
