import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@mathdaily/domain';
import { createTestDatabase } from '@mathdaily/testing';
import { startApp, type RunningApp } from './app.ts';

/**
 * A whole account journey with every request logged (as the production APIs log) and the
 * projector's and mailer's lines captured: registration, the verification link, sign-in, a
 * refresh, the live socket, a forgotten password and its reset link, a password change, a
 * sign-out, a request that fails with a 500. No password, token, link or the JWT secret appears
 * in any line.
 */

const JWT_SECRET = 'no-secrets-in-logs-secret-no-secrets-in-logs';
let app: RunningApp;
let databaseUrl: string;
const logged: string[] = [];
let address = 0;

beforeAll(async () => {
  databaseUrl = await createTestDatabase('no_secrets', { seeded: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-no-secrets-'));
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  app = await startApp({ databaseUrl, jwtSecret: JWT_SECRET, demoAccounts: true, dataDir, port: 0, log: (line) => logged.push(line), logStream, logRequests: true, webDist: path.join(dataDir, 'no-web') });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

async function call(method: 'GET' | 'POST', url: string, body?: unknown, token?: string) {
  const response = await app.server.inject({
    method,
    url,
    remoteAddress: `198.51.100.${(address = (address % 250) + 1)}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), cookie: 'session=cookie-secret-value' },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}

async function mailTo(email: string, adminToken: string, count: number): Promise<string[]> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { body } = await call('GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`, undefined, adminToken);
    const messages = body.messages as { text: string }[];
    if (messages.length >= count) return messages.map((message) => message.text);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail to ${email}`);
}

const linkToken = (text: string, purpose: string) => decodeURIComponent(new RegExp(`/${purpose}\\?token=([^\\s"<&]+)`).exec(text)![1]!);

describe('the logs of a whole journey', () => {
  test('hold no password, token, link token, cookie or secret', async () => {
    // The demo accounts' password is not among them: it is public (/test-credentials lists it) and start-up prints it for the developer.
    const secrets: string[] = [JWT_SECRET, 'cookie-secret-value'];
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
    const adminToken = (await call('POST', '/api/auth/login', { email: admin.email, password: DEMO_PASSWORD })).body.accessToken as string;
    secrets.push(adminToken);

    const email = `journey.${Date.now().toString(36)}@example.com`;
    const password = 'Journey-Secret-123';
    secrets.push(password);
    const registered = await call('POST', '/api/auth/register', { email, password, firstName: 'Jo', lastName: 'Urney', gradeLevel: 6 });
    expect(registered.status).toBe(201);
    secrets.push(registered.body.accessToken, registered.body.refreshToken);

    const verifyToken = linkToken((await mailTo(email, adminToken, 1))[0]!, 'verify-email');
    secrets.push(verifyToken);
    expect((await call('POST', '/api/auth/verify-email', { token: verifyToken })).status).toBe(200);
    // A bad sign-in, with the password in the body, is logged as a 401 like any other.
    expect((await call('POST', '/api/auth/login', { email, password: 'Not-The-Password-9' })).status).toBe(401);
    secrets.push('Not-The-Password-9');
    const signedIn = await call('POST', '/api/auth/login', { email, password });
    expect(signedIn.status).toBe(200);
    const refreshed = await call('POST', '/api/auth/refresh', { refreshToken: signedIn.body.refreshToken });
    expect(refreshed.status).toBe(200);
    secrets.push(signedIn.body.accessToken, signedIn.body.refreshToken, refreshed.body.accessToken, refreshed.body.refreshToken);

    // The live socket signs in with its first message (an admin's feed).
    const socket = new WebSocket(`${app.url.replace('http', 'ws')}/api/live`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const ready = new Promise((resolve) => socket.once('message', resolve));
    socket.send(JSON.stringify({ type: 'auth', token: adminToken }));
    await ready;
    socket.close();

    expect((await call('POST', '/api/auth/forgot-password', { email })).status).toBe(200);
    const resetToken = linkToken((await mailTo(email, adminToken, 2))[0]!, 'reset-password');
    secrets.push(resetToken);
    const newPassword = 'Journey-Secret-456';
    secrets.push(newPassword);
    expect((await call('POST', '/api/auth/reset-password/check', { token: resetToken })).status).toBe(200);
    expect((await call('POST', '/api/auth/reset-password', { token: resetToken, password: newPassword, confirmPassword: newPassword })).status).toBe(200);
    const again = await call('POST', '/api/auth/login', { email, password: newPassword });
    secrets.push(again.body.accessToken, again.body.refreshToken);
    const changedPassword = 'Journey-Secret-789';
    secrets.push(changedPassword);
    expect((await call('POST', '/api/auth/change-password', { currentPassword: newPassword, newPassword: changedPassword, confirmPassword: changedPassword }, again.body.accessToken)).status).toBe(200);
    expect((await call('POST', '/api/auth/logout', { refreshToken: again.body.refreshToken })).status).toBeLessThan(300);

    // A 500 (sign-in's rate counters gone) logs its error and request, with a token in the query.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('DROP TABLE runtime.rate_limits');
    await client.end();
    expect((await call('POST', `/api/auth/login?token=${verifyToken}`, { email, password: changedPassword })).status).toBe(500);
    secrets.push(changedPassword);

    const everything = logged.join('\n');
    expect(everything).toContain('/api/auth/reset-password');
    expect(everything).toMatch(/"level":50/);
    // Every request's lines carry its id, which is also the correlation id of the events it caused.
    expect(everything).toMatch(/"reqId":"[0-9a-f-]{36}"/);
    for (const secret of secrets) expect(everything.includes(secret), `a secret (${secret.slice(0, 6)}…) is in the log`).toBe(false);
  });
});
