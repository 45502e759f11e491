import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type DatabasePool } from 'slonik';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSlonikPool, streamPrincipalLoader, verifyAccessToken } from '@mathdaily/api-kit';
import { streamStateCacheOf } from '@mathdaily/event-store';
import { DEMO_ACCOUNTS } from '@mathdaily/domain';
import { createTestDatabase, startApp, type RunningApp, rebuildReadModels, readModels } from '@mathdaily/testing';

/**
 * The accounts read models (users, auth_sessions, sign_in_log, registrations) and a replay that
 * rebuilds them exactly; and the principal loader every API instance uses (from the streams, so
 * nothing waits for the projector).
 */

const SECRET = 'read-model-test-secret-read-model-test-secret';
let app: RunningApp;
let pool: DatabasePool;
let ip = 0;
const nextIp = () => `198.18.0.${(ip = (ip % 250) + 1)}`;

beforeAll(async () => {
  const databaseUrl = await createTestDatabase('accounts_read_models', { seeded: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-rm-'));
  app = await startApp({ databaseUrl, jwtSecret: SECRET, demoAccounts: true, dataDir, port: 0, log: () => {}, webDist: path.join(dataDir, 'none') });
  pool = await createSlonikPool(databaseUrl, { maximumPoolSize: 3 });
  // Start-up seeding (the problem bank, partly in the background) appends many events: let it
  // go quiet and the projector catch up first.
  const deadline = Date.now() + 150_000;
  let previous = -1n;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    const last = await app.store.lastPosition();
    if (last !== previous) [previous, quietSince] = [last, Date.now()];
    else if (app.projector.checkpoint >= last && Date.now() - quietSince >= 1000) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 180_000);
afterAll(async () => {
  await pool?.end();
  await app?.stop();
});

async function post(url: string, payload: object, token?: string) {
  const response = await app.server.inject({
    method: url.includes('/role') || url.endsWith('/profile') ? 'PUT' : 'POST',
    url,
    payload,
    remoteAddress: nextIp(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as { accessToken: string; refreshToken: string; position: string; user: { id: string } };
}

/** Waits until the projector has applied `position`. */
async function projected(position: string | null | undefined, timeoutMs = 30_000) {
  if (!position) return;
  const deadline = Date.now() + timeoutMs;
  while (app.projector.checkpoint < BigInt(position)) {
    if (Date.now() > deadline) throw new Error(`position ${position} not projected`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const claimsOf = (token: string) => verifyAccessToken(token, SECRET)!;
const loader = () => streamPrincipalLoader(streamStateCacheOf(app.store), () => new Date());
const load = (token: string) => loader()(claimsOf(token));

describe('the principal loader (streams, every topology)', () => {
  test('follows sign-in, role change, password change and sign-out', async () => {
    const email = `rm.${Date.now()}@example.com`;
    const registered = await post('/api/auth/register', { email, password: 'Secret123!', firstName: 'Rae', lastName: 'Model', gradeLevel: 3 });
    expect(await load(registered.accessToken)).toMatchObject({ userId: registered.user.id, role: 'student' });

    const admin = await post('/api/auth/login', { email: DEMO_ACCOUNTS[3]!.email, password: DEMO_ACCOUNTS[3]!.password });
    await post('/api/admin/users/role', { userId: registered.user.id, role: 'tutor' }, admin.accessToken);
    expect(await load(registered.accessToken)).toMatchObject({ role: 'tutor' });

    const other = await post('/api/auth/login', { email, password: 'Secret123!' });
    const password = await post('/api/auth/change-password', { currentPassword: 'Secret123!', newPassword: 'Changed123!' }, registered.accessToken);
    expect(await load(registered.accessToken)).toBeNull(); // stale credentials version
    expect(await load(other.accessToken)).toBeNull(); // other session ended
    expect(await load(password.accessToken)).toMatchObject({ userId: registered.user.id });

    await post('/api/auth/logout', { refreshToken: registered.refreshToken });
    expect(await load(password.accessToken)).toBeNull();
  });

  test('refuses a token naming someone else’s session, or an unknown one', async () => {
    const a = await post('/api/auth/login', { email: DEMO_ACCOUNTS[0]!.email, password: DEMO_ACCOUNTS[0]!.password });
    const b = await post('/api/auth/login', { email: DEMO_ACCOUNTS[1]!.email, password: DEMO_ACCOUNTS[1]!.password });
    expect(await loader()({ ...claimsOf(a.accessToken), sid: claimsOf(b.accessToken).sid })).toBeNull();
    expect(await loader()({ ...claimsOf(a.accessToken), sid: '00000000-0000-4000-8000-000000000000' })).toBeNull();
  });
});

describe('accounts read models', () => {
  test('users, sign_in_log and registrations hold what the admin and tutor views join on', async () => {
    const last = await app.store.lastPosition();
    await projected(last.toString());
    const user = (await pool.one(sql.unsafe`
      SELECT id, email, first_name, last_name, role, grade_level, timezone, is_email_verified, profile_image_url, last_login_at, created_at
      FROM read_models.users WHERE email = ${DEMO_ACCOUNTS[0]!.email}`)) as Record<string, unknown>;
    expect(user).toMatchObject({ first_name: 'Demo', last_name: 'Student', role: 'student', grade_level: 7, timezone: 'UTC', is_email_verified: true, profile_image_url: '/avatars/pi.svg' });
    const logins = await pool.any(sql.unsafe`SELECT outcome, method FROM read_models.sign_in_log WHERE user_id = ${user.id as string} ORDER BY at DESC`);
    expect(logins.length).toBeGreaterThan(0);
    expect(logins[0]).toEqual({ outcome: 'success', method: 'password' });
    // registrations keeps no names or addresses (docs/personal-data.md): the address comes from users, joined on user_id.
    const registrations = (await pool.any(sql.unsafe`
      SELECT u.email, r.source FROM read_models.registrations r JOIN read_models.users u ON u.id = r.user_id
      ORDER BY r.registered_at, u.email`)) as readonly { email: string; source: string }[];
    expect(registrations.filter((r) => r.source === 'demo-seed').map((r) => r.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
  });

  test('a replay from event 0 rebuilds the accounts tables exactly', async () => {
    await projected((await app.store.lastPosition()).toString());
    const snapshot = async () => ({
      users: await pool.any(sql.unsafe`SELECT * FROM read_models.users ORDER BY id`),
      sessions: await pool.any(sql.unsafe`SELECT * FROM read_models.auth_sessions ORDER BY session_id`),
      log: await pool.any(sql.unsafe`SELECT * FROM read_models.sign_in_log ORDER BY event_id`),
      registrations: await pool.any(sql.unsafe`SELECT * FROM read_models.registrations ORDER BY user_id`),
    });
    const before = await snapshot();
    await rebuildReadModels({ pool, store: app.store, models: readModels });
    expect(await snapshot()).toEqual(before);
  });
});
