import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSlonikPool } from '@mathdaily/api-kit';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, REDACTED } from '@mathdaily/domain';
import { committedEvents, createTestDatabase, startApp, type RunningApp } from '@mathdaily/testing';

/** The admin queries (stats, users, logs, the audit log) on the whole product and a real database. */

let app: RunningApp;
let databaseUrl: string;
let ip = 0;
const nextIp = () => `198.51.100.${(ip = (ip % 250) + 1)}`;
let admin: { token: string; id: string };
const LAST_NAMES = ['Able', 'Baker', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];
let lastPosition = '0';

interface Answer<T = unknown> {
  status: number;
  body: T & { message?: string; position?: string };
}

async function call<T = unknown>(method: 'GET' | 'PUT' | 'POST', url: string, options: { token?: string; body?: unknown } = {}): Promise<Answer<T>> {
  const response = await app.server.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), 'x-min-position': lastPosition },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  const body = response.json() as Answer<T>['body'];
  if (typeof body.position === 'string') lastPosition = body.position;
  return { status: response.statusCode, body };
}

async function register(firstName: string, lastName: string, email: string) {
  const answer = await call<{ accessToken: string; user: { id: string } }>('POST', '/api/auth/register', {
    body: { email, password: 'Admin-test-123!', firstName, lastName },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { token: answer.body.accessToken, id: answer.body.user.id };
}

type EventsPage = { data: { events: { id: string; type: string; streamId: string; position: string; data: Record<string, unknown>; metadata: { actorId: string | null; correlationId: string; at: string }; actor: { name: string } | null }[]; nextCursor: string | null } };

beforeAll(async () => {
  databaseUrl = await createTestDatabase('admin_api', { seeded: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-admin-'));
  app = await startApp({ databaseUrl, jwtSecret: 'admin-api-secret-admin-api-secret-0042', demoAccounts: true, dataDir, port: 0, log: () => {}, webDist: path.join(dataDir, 'no-web') });
  const email = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!.email;
  const login = await call<{ accessToken: string; user: { id: string } }>('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
  admin = { token: login.body.accessToken, id: login.body.user.id };
  // 6 people whose first names are 'Zebedee' in either case (search); registering costs a password hash each.
  for (const [index, lastName] of LAST_NAMES.entries()) {
    await register(index % 3 === 0 ? 'ZEBEDEE' : 'Zebedee', lastName, `zeb.${index}@example.org`);
  }
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe('GET /api/admin/users', () => {
  test('pages (10 by default), newest first, search over names and e-mail case-insensitively, role filter', async () => {
    const everyone = await call<{ data: { users: unknown[]; pagination: { limit: number; total: number } } }>('GET', '/api/admin/users', { token: admin.token });
    expect(everyone.body.data.pagination.limit).toBe(10);
    expect(everyone.body.data.users).toHaveLength(Math.min(10, everyone.body.data.pagination.total));
    const first = await call<{ data: { users: { firstName: string; lastName: string; email: string; role: string }[]; pagination: object } }>('GET', '/api/admin/users?search=zebedee&limit=4', { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body.data.users.map((user) => user.lastName)).toEqual(['Foxtrot', 'Echo', 'Delta', 'Charlie']);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 4, total: 6, totalPages: 2, hasPrevious: false, hasNext: true });
    const second = await call<{ data: { users: { lastName: string }[]; pagination: object } }>('GET', '/api/admin/users?search=ZEB&page=2&limit=4', { token: admin.token });
    expect(second.body.data.users.map((user) => user.lastName)).toEqual(['Baker', 'Able']);
    expect(second.body.data.pagination).toEqual({ page: 2, limit: 4, total: 6, totalPages: 2, hasPrevious: true, hasNext: false });
    // Past the last page: nothing, but the total and a way back.
    const beyond = await call<{ data: { users: unknown[]; pagination: object } }>('GET', '/api/admin/users?search=zeb&page=9&limit=4', { token: admin.token });
    expect(beyond.body.data).toEqual({ users: [], pagination: { page: 9, limit: 4, total: 6, totalPages: 2, hasPrevious: true, hasNext: false } });
    const fullName = await call<{ data: { users: { email: string }[] } }>('GET', `/api/admin/users?search=${encodeURIComponent('zebedee echo')}`, { token: admin.token });
    expect(fullName.body.data.users.map((user) => user.email)).toEqual(['zeb.4@example.org']);
    const byMail = await call<{ data: { users: { email: string }[] } }>('GET', '/api/admin/users?search=EXAMPLE.ORG&limit=100', { token: admin.token });
    expect(byMail.body.data.users).toHaveLength(6);
    // A wildcard typed into the search box is a letter.
    const percent = await call<{ data: { users: unknown[] } }>('GET', '/api/admin/users?search=%25', { token: admin.token });
    expect(percent.body.data.users).toEqual([]);
    const tutors = await call<{ data: { users: { role: string }[] } }>('GET', '/api/admin/users?role=tutor', { token: admin.token });
    expect(tutors.body.data.users.map((user) => user.role)).toEqual(['tutor']);
  });

  test.each([
    ['page=0', 'page must be a whole number of 1 or more'],
    ['page=-1', 'page must be a whole number of 1 or more'],
    ['page=1.5', 'page must be a whole number of 1 or more'],
    ['page=abc', 'page must be a whole number of 1 or more'],
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
    ['limit=ten', 'limit must be a whole number from 1 to 100'],
    ['role=owner', 'role must be student, tutor, admin or parent'],
  ])('%s → 400 with a message', async (query, message) => {
    const answer = await call('GET', `/api/admin/users?${query}`, { token: admin.token });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });
});

describe('a role change', () => {
  test('counts on the user’s very next request, and the audit log shows who made it', async () => {
    const user = await register('Rory', 'Promoted', 'rory.promoted@example.org');
    expect((await call('GET', '/api/admin/users', { token: user.token })).status).toBe(403);
    const changed = await call('PUT', '/api/admin/users/role', { token: admin.token, body: { userId: user.id, role: 'admin' } });
    expect(changed.status).toBe(200);
    // Same token, next request: the role is read from the read models, not the token.
    const listed = await call<{ data: { users: { role: string }[] } }>('GET', '/api/admin/users?search=rory.promoted', { token: user.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.users[0]!.role).toBe('admin');

    const audit = await call<EventsPage>('GET', `/api/admin/events?type=UserRoleChanged&stream=user-${user.id}`, { token: admin.token });
    expect(audit.body.data.events).toHaveLength(1);
    const event = audit.body.data.events[0]!;
    expect(event.data).toEqual({ userId: user.id, role: 'admin', previousRole: 'student', changedBy: admin.id });
    expect(event.metadata.actorId).toBe(admin.id);
    expect(event.actor).toEqual({ id: admin.id, name: 'Alex Admin', email: 'admin@example.com' });
    const byActor = await call<EventsPage>('GET', `/api/admin/events?actor=${admin.id}&type=UserRoleChanged`, { token: admin.token });
    expect(byActor.body.data.events.map((e) => e.id)).toContain(event.id);
    const byEmail = await call<EventsPage>('GET', '/api/admin/events?actor=ADMIN@example.com&type=UserRoleChanged', { token: admin.token });
    expect(byEmail.body.data.events).toEqual(byActor.body.data.events);
    const nobody = await call<EventsPage>('GET', '/api/admin/events?actor=nobody@example.com', { token: admin.token });
    expect(nobody.body.data.events).toEqual([]);
  });
});

describe('GET /api/admin/dashboard/stats and /api/admin/system/logs', () => {
  test('figures from the read models', async () => {
    const pool = await createSlonikPool(databaseUrl);
    const storedEvents = async () => (await committedEvents(databaseUrl)).length;
    try {
      // The mail reactor may append while we look: the figure lies between two counts.
      const before = await storedEvents();
      const stats = await call<{ data: { totalUsers: number; activeUsers: number; recentRegistrations: number; systemMetrics: Record<string, unknown> } }>('GET', '/api/admin/dashboard/stats', { token: admin.token });
      expect(stats.status).toBe(200);
      const after = await storedEvents();
      expect(stats.body.data.systemMetrics.eventsStored).toBeGreaterThanOrEqual(before);
      expect(stats.body.data.systemMetrics.eventsStored).toBeLessThanOrEqual(after);
      const answers = await pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM read_models.problems`);
      // 4 demo accounts + 6 + Rory.
      expect(stats.body.data).toMatchObject({ totalUsers: 11, recentRegistrations: 11 });
      expect(stats.body.data.activeUsers).toBeGreaterThanOrEqual(2);
      expect(stats.body.data.systemMetrics).toMatchObject({ totalProblems: answers, answersToday: 0, sessionsToday: 0, problemsToday: 0, retriesToday: 0, projectorLag: 0, usersByRole: { student: 8, tutor: 1, admin: 2 } });
    } finally {
      await pool.end();
    }
    const logs = await call<{ data: { recentRegistrations: { email: string; role: string }[]; recentLogins: { email: string; method: string }[] } }>('GET', '/api/admin/system/logs', { token: admin.token });
    expect(logs.body.data.recentRegistrations).toHaveLength(10);
    expect(logs.body.data.recentRegistrations[0]).toMatchObject({ email: 'rory.promoted@example.org', role: 'admin' });
    // Registering signs in too: the admin's password sign-in is further down.
    expect(logs.body.data.recentLogins[0]).toMatchObject({ email: 'rory.promoted@example.org', method: 'registration' });
    const longer = await call<{ data: { recentLogins: { email: string; method: string }[] } }>('GET', '/api/admin/system/logs?limit=50', { token: admin.token });
    expect(longer.body.data.recentLogins).toContainEqual(expect.objectContaining({ email: 'admin@example.com', method: 'password' }));
  });
});

describe('GET /api/admin/events', () => {
  test('cursor paging walks a filtered log newest first, each event once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Answer<EventsPage> = await call<EventsPage>('GET', `/api/admin/events?type=UserRegistered&limit=5${cursor ? `&cursor=${cursor}` : ''}`, { token: admin.token });
      expect(page.status).toBe(200);
      seen.push(...page.body.data.events.map((event) => event.position));
      cursor = page.body.data.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(11);
    expect(seen.map(BigInt)).toEqual([...seen.map(BigInt)].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  test('correlation follows one request; time range; secrets never appear', async () => {
    const registered = await call<EventsPage>('GET', '/api/admin/events?type=UserRegistered&limit=1', { token: admin.token });
    const newest = registered.body.data.events[0]!;
    expect(newest.data.passwordHash).toBe(REDACTED);
    const request = await call<EventsPage>('GET', `/api/admin/events?correlation=${encodeURIComponent(newest.metadata.correlationId)}`, { token: admin.token });
    const types = request.body.data.events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['UserRegistered', 'AuthSessionStarted']));
    for (const event of request.body.data.events) expect(event.metadata.correlationId).toBe(newest.metadata.correlationId);
    const at = Date.parse(newest.metadata.at);
    const range = await call<EventsPage>(
      'GET',
      `/api/admin/events?from=${new Date(at).toISOString()}&to=${new Date(at + 1).toISOString()}&type=UserRegistered`,
      { token: admin.token },
    );
    expect(range.body.data.events.map((event) => event.id)).toEqual([newest.id]);

    const pool = await createSlonikPool(databaseUrl);
    try {
      const leaks = await pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM read_models.event_log WHERE data::text ~ '\\$argon2|[0-9a-f]{64}'`);
      expect(leaks).toBe(0);
      // Every filter is served by an index (with sequential scans priced out, none is chosen).
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query('SET enable_seqscan = off');
        for (const where of ["type = 'UserRegistered'", "stream_id = 'user-x'", "actor_id = 'x'", "correlation_id = 'x'", "at >= now() - interval '1 day'", 'true']) {
          const plan = await client.query(`EXPLAIN SELECT * FROM read_models.event_log WHERE ${where} ORDER BY position DESC LIMIT 51`);
          expect(plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'), where).not.toMatch(/Seq Scan/);
        }
      } finally {
        await client.end();
      }
    } finally {
      await pool.end();
    }
  });

  test.each([
    ['from=yesterday', 'from must be a date and time such as 2026-03-01T09:00:00Z'],
    ['to=2026-13-01T00:00:00Z', 'to must be a date and time such as 2026-03-01T09:00:00Z'],
    ['from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z', 'from must be before to'],
    ['cursor=abc', 'cursor must be the nextCursor of an earlier page'],
    ['limit=500', 'limit must be a whole number from 1 to 200'],
  ])('%s → 400 with a message', async (query, message) => {
    const answer = await call('GET', `/api/admin/events?${query}`, { token: admin.token });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });
});

describe('correlation ids', () => {
  test("are the server's: a caller who sends another request's id is kept apart, its id only a labelled field", async () => {
    const target = await register('Cora', 'Changed', 'cora.changed@example.org');
    const student = await register('Sly', 'Student', 'sly.student@example.org');
    const inject = (token: string, method: 'PUT', url: string, payload: object, requestId?: string) =>
      app.server.inject({ method, url, remoteAddress: nextIp(), payload, headers: { authorization: `Bearer ${token}`, ...(requestId ? { 'x-request-id': requestId } : {}) } });
    const byAdmin = await inject(admin.token, 'PUT', '/api/admin/users/role', { userId: target.id, role: 'tutor' }, 'admin-chosen-id-0001');
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const adminCorrelation = byAdmin.headers['x-request-id'] as string;
    expect(adminCorrelation).toMatch(/^[0-9a-f-]{36}$/);
    // The student replays the admin's correlation id as their own request id.
    const forged = await inject(student.token, 'PUT', '/api/auth/profile', { gradeLevel: 9 }, adminCorrelation);
    expect(forged.statusCode, forged.body).toBe(200);
    expect(forged.headers['x-request-id']).not.toBe(adminCorrelation);
    lastPosition = (forged.json() as { position?: string }).position ?? lastPosition;

    const sameRequest = await call<EventsPage>('GET', `/api/admin/events?correlation=${adminCorrelation}`, { token: admin.token });
    expect(sameRequest.body.data.events.map((event) => event.type)).toEqual(['UserRoleChanged']);
    expect(sameRequest.body.data.events[0]!.metadata).toMatchObject({ actorId: admin.id, clientRequestId: 'admin-chosen-id-0001' });
    const profile = await call<EventsPage>('GET', `/api/admin/events?type=ProfileUpdated&stream=user-${student.id}`, { token: admin.token });
    expect(profile.body.data.events[0]!.metadata).toMatchObject({ actorId: student.id, correlationId: forged.headers['x-request-id'], clientRequestId: adminCorrelation });
  });
});
