import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS } from '@mathdaily/domain';
import { createEventStoreDbEventStore } from '@mathdaily/event-store';
import { committedEvents, createTestDatabase, withSeededBank } from '@mathdaily/testing';
import { startEventStoreDbTestServer } from '@mathdaily/testing/eventstoredb-server';
import { startApp, type RunningApp } from './app.ts';
import { runCliWith } from './cli/collect-output.ts';
import { runExportCli } from './cli/export-events.ts';

/**
 * The erasure proof (issue 33, docs/personal-data.md): a child with a full life in the product
 * (profile, picture, practice, a message to support, a tutor, a parent) deletes the account; then a
 * search of every table of the PostgreSQL database (the events too, or EventStoreDB's log), of
 * `npm run export-events`, of the admin's audit log, of the development mailbox and of the
 * server's logs finds none of their address, names, picture or message; the old credentials no
 * longer sign in; the tutor and the parent no longer see them; the address can register again.
 */

const PASSWORD = 'Zeph-2026!pass';
let ip = 0;

async function journey(app: RunningApp, dataDir: string, databaseUrl: string, serverLog: () => string, rawEvents: () => Promise<string>, eventStoreUrl?: string) {
  const nextIp = () => `198.51.100.${(ip = (ip % 250) + 1)}`;
  let position = '0';
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) => {
    const response = await app.server.inject({
      method,
      url,
      remoteAddress: nextIp(),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-min-position': position },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    const body = response.headers['content-type']?.toString().startsWith('application/json') ? (response.json() as Record<string, any>) : {};
    if (typeof body.position === 'string') position = body.position;
    return { status: response.statusCode, body };
  };
  const signIn = async (email: string, password: string) => (await call('POST', '/api/auth/login', null, { email, password })).body.accessToken as string;

  const tag = randomUUID().slice(0, 8);
  const email = `zephyrine.${tag}@example.org`;
  const [firstName, lastName] = ['Zephyrine', 'Quillfeather'];
  const message = `Please help, my sums vanished ${tag}`;
  const registered = await call('POST', '/api/auth/register', null, { email, password: PASSWORD, firstName, lastName, gradeLevel: 5 });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const childId = registered.body.user.id as string;
  let child = registered.body.accessToken as string;
  expect((await call('PUT', '/api/auth/profile', child, { firstName, lastName: `${lastName}-Smythe` })).status).toBe(200);
  const avatars = (await call('GET', '/api/auth/avatars', child)).body.avatars as { url: string }[];
  const avatar = avatars[17]!.url;
  expect((await call('PUT', '/api/auth/profile/avatar', child, { avatarUrl: avatar })).status).toBe(200);
  expect((await call('POST', '/api/contact-requests', child, { source: 'help', name: `${firstName} ${lastName}`, email, subject: 'account', message })).status).toBe(201);
  const due = (await call('GET', `/api/learning/due-problems/${childId}?limit=6`, child)).body.data.problems as { id: string; answer_options: string[] | null }[];
  const sessionId = randomUUID();
  expect((await call('POST', '/api/learning/sessions', child, { session_id: sessionId })).status).toBe(201);
  const answered: number[] = [];
  for (const problem of due) {
    const answer = { problem_id: problem.id, session_id: sessionId, user_answer: problem.answer_options?.[0] ?? '7', response_time_ms: 9000, hints_used: 0 };
    answered.push((await call('POST', '/api/learning/submit-answer', child, answer)).status);
  }
  // Answers the checker cannot read (422, a retry) leave the others recorded.
  expect(answered).toContain(201);

  // A tutor, and a parent linked by the child's code.
  const demoTutor = DEMO_ACCOUNTS.find((account) => account.role === 'tutor')!;
  const tutor = await signIn(demoTutor.email, demoTutor.password);
  const code = (await call('POST', '/api/tutors/referral-codes', tutor, {})).body.code as string;
  expect((await call('POST', '/api/tutors/referral-codes/redeem', child, { code })).status).toBe(200);
  expect((await call('PUT', `/api/tutors/students/${childId}`, tutor, { relationship_status: 'active' })).status).toBe(200);
  const parentEmail = `guardian.${tag}@example.org`;
  const parentRegistered = await call('POST', '/api/auth/register', null, { email: parentEmail, password: PASSWORD, firstName: 'Gwendolyn', lastName: 'Parentson', accountType: 'parent' });
  expect(parentRegistered.body.user.role).toBe('parent');
  const parent = parentRegistered.body.accessToken as string;
  const linkCode = (await call('POST', '/api/family/link-codes', child)).body.code as string;
  expect((await call('POST', '/api/parent/children', parent, { code: linkCode })).status).toBe(201);
  expect((await call('GET', '/api/parent/children', parent)).body.data.children.map((c: { id: string }) => c.id)).toEqual([childId]);
  expect((await call('GET', '/api/tutors/students', tutor)).body.students.map((s: { id: string }) => s.id)).toContain(childId);

  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const rowsHolding = async (table: string, term: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} t WHERE t::text ILIKE $1`, [`%${term}%`])).rows[0]!.n;
    // The search finds what is there: before the erasure, the users table names the child.
    expect(await rowsHolding('read_models.users', email)).toBe(1);
    // Students pick stock pictures (only tutors and admins upload), so the child's upload is put
    // where the upload route puts it: the erasure must delete whatever they own there.
    await db.query(`INSERT INTO uploads.files (name, owner_id, content_type, bytes) VALUES ($1, $2, 'image/png', $3)`, [`${childId}-${randomUUID()}.png`, childId, Buffer.from(`picture of ${firstName}`)]);

    // A mistyped password first (the sign-in counters remember it), then the child deletes the account.
    expect((await call('POST', '/api/auth/login', null, { email, password: 'Mistyped-2026!' })).status).toBe(401);
    child = await signIn(email, PASSWORD);
    const wrong = await call('DELETE', '/api/auth/account', child, { password: 'Not-the-password1!' });
    expect(wrong.status).toBe(400);
    const erased = await call('DELETE', '/api/auth/account', child, { password: PASSWORD });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    await expect.poll(async () => (await db.query(`SELECT 1 FROM read_models.event_log WHERE type = 'PersonalDataErased' AND subject_id = $1`, [childId])).rowCount, { timeout: 20_000 }).toBe(1);
    const terms = [email, firstName, lastName, message, avatar];

    // Every table of every schema of the database, the store's events and the keys included.
    const tables = await db.query<{ name: string }>(`
      SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`);
    expect(tables.rows.map((row) => row.name)).toEqual(expect.arrayContaining(['read_models.users', 'privacy.personal_data_keys', 'runtime.rate_limits', 'uploads.files']));
    expect((await db.query(`SELECT 1 FROM uploads.files WHERE owner_id = $1`, [childId])).rowCount).toBe(0);
    const found: string[] = [];
    for (const { name } of tables.rows) {
      for (const term of terms) {
        if ((await rowsHolding(name, term)) > 0) found.push(`${name}: ${term}`);
      }
    }
    expect(found).toEqual([]);
    const events = await rawEvents();
    for (const term of terms) expect(events, `the store's events hold ${term}`).not.toContain(term);

    // npm run export-events (whole history), the admin's audit log, the mailbox, the server's logs.
    const exported = await exportEvents(databaseUrl, eventStoreUrl);
    expect(exported.length).toBeGreaterThan(1000);
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
    const adminToken = await signIn(admin.email, admin.password);
    let audit = '';
    for (let cursor: string | null = null, page = 0; page === 0 || cursor; page++) {
      const listed = await call('GET', `/api/admin/events?limit=200${cursor ? `&cursor=${cursor}` : ''}`, adminToken);
      audit += JSON.stringify(listed.body.data.events);
      cursor = listed.body.data.nextCursor;
    }
    expect(audit).toContain(childId);
    const mailbox = await readAll(path.join(dataDir, 'mailbox'));
    for (const term of terms) {
      expect(exported, `export-events holds ${term}`).not.toContain(term);
      expect(audit, `the audit log holds ${term}`).not.toContain(term);
      expect(mailbox, `the mailbox holds ${term}`).not.toContain(term);
      expect(serverLog(), `the server's logs hold ${term}`).not.toContain(term);
    }

    // The old credentials; the parent's and the tutor's views; the address is free again.
    expect((await call('POST', '/api/auth/login', null, { email, password: PASSWORD })).status).toBe(401);
    expect((await call('GET', '/api/parent/children', parent)).body.data.children).toEqual([]);
    expect((await call('GET', `/api/learning/progress/${childId}`, parent)).status).toBe(403);
    expect((await call('GET', '/api/tutors/students', tutor)).body.students.map((s: { id: string }) => s.id)).not.toContain(childId);
    const again = await call('POST', '/api/auth/register', null, { email, password: PASSWORD, firstName, lastName });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.user.id).not.toBe(childId);
  } finally {
    await db.end();
  }
}

async function exportEvents(databaseUrl: string, eventStoreUrl: string | undefined): Promise<string> {
  const { code, stdout } = await runCliWith(runExportCli, [], { DATABASE_URL: databaseUrl, EVENTSTORE_URL: eventStoreUrl });
  expect(code).toBe(0);
  return stdout;
}

async function readAll(folder: string): Promise<string> {
  const names = await readdir(folder).catch(() => [] as string[]);
  return (await Promise.all(names.map((name) => readFile(path.join(folder, name), 'utf8')))).join('\n');
}

async function startLogged(options: { databaseUrl: string; eventStoreUrl?: string }) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-erasure-'));
  let logs = '';
  const logStream = new Writable({ write: (chunk, _encoding, done) => ((logs += String(chunk)), done()) });
  const app = await startApp({
    ...options,
    jwtSecret: 'erasure-proof-secret-erasure-proof-secret',
    demoAccounts: true,
    dataDir,
    port: 0,
    log: (line) => void (logs += `${line}\n`),
    logRequests: true,
    logStream,
    webDist: path.join(dataDir, 'no-web'),
  });
  return { app, dataDir, logs: () => logs };
}

const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

describe('erasure leaves nothing findable', () => {
  test('on the PostgreSQL event store', async () => {
    const databaseUrl = await createTestDatabase('erasure_pg', { seeded: true });
    const { app, dataDir, logs } = await startLogged({ databaseUrl });
    stops.push(() => app.stop());
    await journey(app, dataDir, databaseUrl, logs, async () => JSON.stringify((await committedEvents(databaseUrl)).map(({ streamId, data, metadata }) => ({ streamId, data, metadata }))));
  });

  test('on EventStoreDB (the gRPC test server)', async () => {
    const server = await withSeededBank(await startEventStoreDbTestServer());
    stops.push(() => server.close());
    const databaseUrl = await createTestDatabase('erasure_esdb');
    const { app, dataDir, logs } = await startLogged({ databaseUrl, eventStoreUrl: server.url });
    stops.push(() => app.stop());
    const raw = createEventStoreDbEventStore({ connectionString: server.url, warn: () => undefined });
    stops.push(() => raw.close());
    await journey(app, dataDir, databaseUrl, logs, async () =>
      JSON.stringify((await raw.readAll({ after: 0n, limit: 1_000_000 })).map(({ streamId, data, metadata }) => ({ streamId, data, metadata }))),
      server.url,
    );
  });
});
