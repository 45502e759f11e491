import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_MESSAGES } from '@mathdaily/domain';
import { AccountsTestApp, json, nextIp, uniqueEmail, type AuthBody } from './testing/accounts-app.ts';

/**
 * Registration, sign-in, sessions and rate limits through the whole app (command API, projector,
 * query API) on a real PostgreSQL database.
 */

let t: AccountsTestApp;
beforeAll(async () => {
  t = await AccountsTestApp.start();
});
afterAll(async () => {
  await t?.stop();
});

const valid = () => ({ email: uniqueEmail('reg'), password: 'Secret123!', firstName: 'Ann', lastName: 'Lee', gradeLevel: 7 });

/** Events of the accounts streams (other features may seed their own in the background). */
async function eventCount() {
  return (await t.events()).filter((e) => /^(user|email|auth-session)-/.test(e.streamId)).length;
}

describe('POST /api/auth/register: SPEC §5 rules, each with its message, and nothing appended', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['missing email', { email: undefined }, 'email', 'Email address is required'],
    ['empty email', { email: '' }, 'email', 'Email address is required'],
    ['bad email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['long email', { email: `${'a'.repeat(250)}@b.com` }, 'email', 'Email address is too long'],
    ['missing password', { password: undefined }, 'password', 'Password is required'],
    ['short password', { password: 'Ab1!' }, 'password', 'Password must be at least 8 characters long'],
    ['long password', { password: `Ab1!${'x'.repeat(125)}` }, 'password', 'Password is too long (maximum 128 characters)'],
    ['weak password', { password: 'alllowercase1' }, 'password', 'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character'],
    ['confirmation', { confirmPassword: 'Different1!' }, 'confirmPassword', 'Passwords do not match'],
    ['missing first name', { firstName: '' }, 'firstName', 'First name is required'],
    ['short first name', { firstName: 'A' }, 'firstName', 'First name must be at least 2 characters long'],
    ['bad first name', { firstName: 'Ann3' }, 'firstName', 'First name can only contain letters, spaces, hyphens, and apostrophes'],
    ['long first name', { firstName: 'a'.repeat(51) }, 'firstName', 'First name can only contain letters, spaces, hyphens, and apostrophes'],
    ['missing last name', { lastName: undefined }, 'lastName', 'Last name is required'],
    ['short last name', { lastName: 'L' }, 'lastName', 'Last name must be at least 2 characters long'],
    ['bad last name', { lastName: 'Lee!' }, 'lastName', 'Last name can only contain letters, spaces, hyphens, and apostrophes'],
    ['grade 0', { gradeLevel: 0 }, 'gradeLevel', 'Please select a valid grade level (1-12)'],
    ['grade 13', { gradeLevel: 13 }, 'gradeLevel', 'Please select a valid grade level (1-12)'],
    ['grade text', { gradeLevel: 'seventh' }, 'gradeLevel', 'Please select a valid grade level (1-12)'],
  ];

  test.each(cases)('%s → 400 %s: %s', async (_name, override, field, message) => {
    const before = await eventCount();
    const response = await t.request('POST', '/api/auth/register', { body: { ...valid(), ...override } });
    expect(response.statusCode, response.body).toBe(400);
    expect(json(response)).toMatchObject({ code: 'VALIDATION_FAILED', message, fields: { [field]: message } });
    expect(await eventCount()).toBe(before);
  });

  test('several errors are listed per field under one message', async () => {
    const response = await t.request('POST', '/api/auth/register', { body: {} });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({
      message: 'Please fix the following errors:',
      fields: {
        email: 'Email address is required',
        password: 'Password is required',
        firstName: 'First name is required',
        lastName: 'Last name is required',
      },
    });
  });

  test('malformed JSON and a missing body are 400, never 5xx', async () => {
    const broken = await t.app.server.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"email":', remoteAddress: nextIp() });
    expect(broken.statusCode).toBe(400);
    const empty = await t.app.server.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: nextIp() });
    expect(empty.statusCode).toBe(400);
  });
});

describe('registration', () => {
  test('creates a signed-in student, queues a verification e-mail and answers 201 with the contract', async () => {
    const payload = { ...valid(), email: `  Mixed.Case.${Date.now()}@Example.COM ` };
    const response = await t.request('POST', '/api/auth/register', { body: payload });
    expect(response.statusCode, response.body).toBe(201);
    const body = json<AuthBody>(response);
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'position', 'refreshToken', 'user']);
    expect(body.position).toMatch(/^\d+$/);
    expect(body.user).toEqual({
      id: expect.any(String),
      email: payload.email.trim().toLowerCase(),
      firstName: 'Ann',
      lastName: 'Lee',
      role: 'student',
      gradeLevel: 7,
      isEmailVerified: false,
      lastLoginAt: expect.any(String),
      createdAt: expect.any(String),
      timezone: 'UTC',
      profileImageUrl: '/avatars/pi.svg',
    });
    const me = await t.request('GET', '/api/auth/me', { token: body.accessToken, minPosition: body.position });
    expect(me.statusCode).toBe(200);
    expect(json(me)).toEqual({ user: body.user });
    const mail = await t.mailbox(body.user.email);
    expect(mail[0]).toMatchObject({ to: body.user.email, subject: 'Verify your email address for MathDaily' });
  });

  test('grade level is optional', async () => {
    const { user } = await t.register({ gradeLevel: undefined });
    expect(user.gradeLevel).toBeNull();
  });

  test('a role field is ignored: always a student', async () => {
    for (const role of ['admin', 'tutor', 'parent']) {
      const { user, accessToken, position } = await t.register({ role });
      expect(user.role).toBe('student');
      const me = await t.request('GET', '/api/auth/me', { token: accessToken, minPosition: position });
      expect(json<AuthBody>(me).user.role).toBe('student');
      const stream = await t.app.store.readStream(`user-${user.id}`);
      expect(stream.events[0]).toMatchObject({ type: 'UserRegistered', data: { role: 'student', source: 'self-registration' } });
      // And the token cannot reach an admin route.
      const admin = await t.request('PUT', '/api/admin/users/role', { token: accessToken, body: { userId: user.id, role: 'admin' } });
      expect(admin.statusCode).toBe(403);
    }
  });

  test('a taken address (any letter case) → 409 with a clear message, nothing appended', async () => {
    const first = await t.register();
    const before = await eventCount();
    const again = await t.request('POST', '/api/auth/register', { body: { ...valid(), email: first.user.email.toUpperCase() } });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'CONFLICT', message: 'An account with this email address already exists. Please sign in instead.' });
    expect(await eventCount()).toBe(before);
  });

  test('two registrations racing for one address: exactly one wins', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => t.request('POST', '/api/auth/register', { body: { ...valid(), email: i % 2 ? email.toUpperCase() : email } })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const registered = (await t.events()).filter((e) => e.type === 'UserRegistered' && (e.data as { email: string }).email === email);
    expect(registered).toHaveLength(1);
  });

  test('the password is stored as an argon2id hash with the OWASP parameters, never in clear', async () => {
    const { user, password } = await t.register();
    const stream = await t.app.store.readStream(`user-${user.id}`);
    const data = stream.events[0]!.data as { passwordHash: string };
    expect(data.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(stream.events.map((e) => e.data))).not.toContain(password);
  });
});

describe('POST /api/auth/login', () => {
  test('signs in with the contract and records the sign-in', async () => {
    const account = await t.register();
    const body = await t.login(account.user.email.toUpperCase(), account.password);
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'position', 'refreshToken', 'user']);
    expect(body.user.id).toBe(account.user.id);
    expect(body.refreshToken).not.toBe(account.refreshToken);
    const me = await t.request('GET', '/api/auth/me', { token: body.accessToken, minPosition: body.position });
    expect(json<AuthBody>(me).user.lastLoginAt).toBe(body.user.lastLoginAt);
  });

  test('unknown address and wrong password: the same 401 and message', async () => {
    const account = await t.register();
    const unknown = await t.request('POST', '/api/auth/login', { body: { email: uniqueEmail('nobody'), password: 'Secret123!' } });
    const wrong = await t.request('POST', '/api/auth/login', { body: { email: account.user.email, password: 'Wrong123!' } });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(json(wrong)).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
  });

  test('applies the SPEC email and password rules', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: '', password: 'Secret123!' }, 'Email address is required'],
      [{ email: 'nope', password: 'Secret123!' }, 'Please enter a valid email address'],
      [{ email: 'a@b.co', password: '' }, 'Password is required'],
      [{ email: 'a@b.co', password: 'short' }, 'Password must be at least 8 characters long'],
      [{ email: 'a@b.co', password: 'nocomplexity' }, 'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character'],
    ];
    for (const [body, message] of cases) {
      const response = await t.request('POST', '/api/auth/login', { body });
      expect(response.statusCode, message).toBe(400);
      expect(json(response).message).toBe(message);
    }
  });

  test('a failed sign-in on a known account is recorded as SignInFailed; an unknown address appends nothing', async () => {
    const account = await t.register();
    await t.request('POST', '/api/auth/login', { body: { email: account.user.email, password: 'Wrong123!' } });
    // Recorded just after the answer (so a wrong password answers as fast as an unknown address).
    await expect
      .poll(async () => (await t.app.store.readStream(`user-${account.user.id}`)).events.at(-1)?.type)
      .toBe('SignInFailed');
    const stream = await t.app.store.readStream(`user-${account.user.id}`);
    expect(stream.events.at(-1)).toMatchObject({ type: 'SignInFailed', data: { reason: 'wrong-password' } });
    const before = await eventCount();
    await t.request('POST', '/api/auth/login', { body: { email: uniqueEmail('ghost'), password: 'Secret123!' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await eventCount()).toBe(before);
  });
});

describe('sessions: refresh rotation, reuse detection, sign-out', () => {
  test('each refresh token works once; the new pair works', async () => {
    const account = await t.register();
    const first = await t.request('POST', '/api/auth/refresh', { body: { refreshToken: account.refreshToken } });
    expect(first.statusCode, first.body).toBe(200);
    const rotated = json<{ accessToken: string; refreshToken: string; position: string }>(first);
    expect(Object.keys(rotated).sort()).toEqual(['accessToken', 'position', 'refreshToken']);
    expect(rotated.refreshToken).not.toBe(account.refreshToken);
    const me = await t.request('GET', '/api/auth/me', { token: rotated.accessToken });
    expect(me.statusCode).toBe(200);
    const second = await t.request('POST', '/api/auth/refresh', { body: { refreshToken: rotated.refreshToken } });
    expect(second.statusCode).toBe(200);
  });

  test('presenting an already-rotated token ends the whole session', async () => {
    const account = await t.register();
    const first = json<{ refreshToken: string }>(await t.request('POST', '/api/auth/refresh', { body: { refreshToken: account.refreshToken } }));
    // Rotated once more, the first token is no longer the one a second tab may still send within
    // the grace window (sign-in-hardening.test.ts covers that window).
    const rotated = json<{ accessToken: string; refreshToken: string }>(await t.request('POST', '/api/auth/refresh', { body: { refreshToken: first.refreshToken } }));
    // Someone replays the old token: 401, and the session is revoked for everyone holding it.
    const replay = await t.request('POST', '/api/auth/refresh', { body: { refreshToken: account.refreshToken } });
    expect(replay.statusCode).toBe(401);
    expect(json(replay).message).toBe(SESSION_MESSAGES.reused);
    const legit = await t.request('POST', '/api/auth/refresh', { body: { refreshToken: rotated.refreshToken } });
    expect(legit.statusCode).toBe(401);
    const me = await t.request('GET', '/api/auth/me', { token: rotated.accessToken });
    expect(me.statusCode).toBe(401);
    const session = await t.app.store.readStream(`auth-session-${account.refreshToken.split('.')[0]}`);
    expect(session.events.at(-1)).toMatchObject({ type: 'AuthSessionRevoked', data: { reason: 'refresh-token-reuse' } });
  });

  test('refresh tokens are stored only as SHA-256 hashes', async () => {
    const account = await t.register();
    const session = await t.app.store.readStream(`auth-session-${account.refreshToken.split('.')[0]}`);
    expect(JSON.stringify(session.events.map((e) => e.data))).not.toContain(account.refreshToken.split('.')[1]);
    expect(session.events[0]!.data).toMatchObject({ refreshTokenHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  test('garbage, unknown and forged refresh tokens → 401, never 5xx', async () => {
    const account = await t.register();
    const sessionId = account.refreshToken.split('.')[0]!;
    for (const refreshToken of ['garbage', `${sessionId}.${'A'.repeat(43)}`, `00000000-0000-4000-8000-000000000000.${'B'.repeat(43)}`]) {
      const response = await t.request('POST', '/api/auth/refresh', { body: { refreshToken } });
      expect(response.statusCode, refreshToken).toBe(401);
    }
    // A forged token with a real session id does not end the real session.
    expect((await t.request('POST', '/api/auth/refresh', { body: { refreshToken: account.refreshToken } })).statusCode).toBe(200);
    expect((await t.request('POST', '/api/auth/refresh', { body: {} })).statusCode).toBe(400);
  });

  test('logout ends the session: its refresh and access tokens stop working; unknown tokens are tolerated', async () => {
    const account = await t.register();
    const other = await t.login(account.user.email, account.password);
    const out = await t.request('POST', '/api/auth/logout', { body: { refreshToken: account.refreshToken } });
    expect(out.statusCode).toBe(200);
    expect(json(out)).toEqual({ message: 'You have been signed out.', position: expect.stringMatching(/^\d+$/) });
    expect((await t.request('POST', '/api/auth/refresh', { body: { refreshToken: account.refreshToken } })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/auth/me', { token: account.accessToken })).statusCode).toBe(401);
    // The other device stays signed in.
    expect((await t.request('GET', '/api/auth/me', { token: other.accessToken })).statusCode).toBe(200);
    for (const body of [{ refreshToken: 'nonsense' }, { refreshToken: account.refreshToken }, {}]) {
      const again = await t.request('POST', '/api/auth/logout', { body });
      expect(again.statusCode).toBe(200);
      expect(json(again).message).toBe('You have been signed out.');
    }
  });

  test('access tokens: missing → 401 sign in; forged, malformed or from another secret → 401 session expired', async () => {
    const missing = await t.request('GET', '/api/auth/me');
    expect(missing.statusCode).toBe(401);
    expect(json(missing).message).toBe('Please sign in to continue.');
    const account = await t.register();
    const [header, payload] = account.accessToken.split('.');
    for (const token of ['abc', `${header}.${payload}.forged`, `${header}.${Buffer.from(JSON.stringify({ sub: account.user.id, sid: 'x', role: 'admin', ver: 0 })).toString('base64url')}.x`]) {
      const response = await t.request('GET', '/api/auth/me', { token });
      expect(response.statusCode).toBe(401);
      expect(json(response).message).toBe('Your session has expired. Please sign in again.');
    }
  });
});

describe('rate limits → 429 with a clear message', () => {
  test('sign-in per IP', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await t.request('POST', '/api/auth/login', { ip, body: { email: uniqueEmail('flood'), password: 'Secret123!' } });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(json(response)).toEqual({ code: 'RATE_LIMITED', message: 'Too many sign-in attempts. Please wait a few minutes and try again.' });
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  // Per (account, address) throttling and the account-wide slow-down: sign-in-hardening.test.ts.

  test('successful sign-ins never count towards the account limit', async () => {
    const account = await t.register();
    for (let i = 0; i < 12; i += 1) await t.login(account.user.email, account.password);
  });

  test('registration per IP', async () => {
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i < 21; i += 1) {
      last = (await t.request('POST', '/api/auth/register', { ip, body: { ...valid(), password: 'x' } })).statusCode;
    }
    expect(last).toBe(429);
    const blocked = await t.request('POST', '/api/auth/register', { ip, body: valid() });
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked).message).toBe('Too many accounts created from this network. Please wait a few minutes and try again.');
  });

  test('password reset requests per IP', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await t.request('POST', '/api/auth/forgot-password', { ip, body: { email: uniqueEmail('forgot') } })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
