import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RecordedEvent } from '@mathdaily/domain';
import { createEventStoreDbEventStore, createEventStorePool, createPostgresEventStore, migratePostgresEventStore, type EventStore } from '@mathdaily/event-store';
import { committedEvents, createTestDatabase } from '@mathdaily/testing';
import { startEventStoreDbTestServer } from '@mathdaily/testing/eventstoredb-server';
import { startApp, type RunningApp } from '../app.ts';
import { runCliWith } from './collect-output.ts';
import { parseProtectArgs, runProtectCli } from './protect-personal-data.ts';

/**
 * The one-time migration (docs/personal-data.md) on both stores. A history with plain personal
 * data is made the way an earlier version wrote it: a running product's events, read opened, are
 * written to a bare store. Ottoline is active; Erasmus was erased after his plain events were
 * written. The migration must seal Ottoline's values, write Erasmus's as erased, verify by count
 * and digest, and leave a store on which the product runs and Ottoline's erasure works.
 */

const PASSWORD = 'Otto-2026!line';
const tag = randomUUID().slice(0, 8);
const ottoline = { email: `ottoline.${tag}@example.org`, firstName: 'Ottoline', lastName: 'Marchbanks', message: `My streak went missing ${tag}` };
const erasmus = { email: `erasmus.${tag}@example.org`, firstName: 'Erasmus', lastName: 'Thistlewood' };
const ottolineTerms = [ottoline.email, ottoline.firstName, ottoline.lastName, ottoline.message];
const erasmusTerms = [erasmus.email, erasmus.firstName, erasmus.lastName];

let source: RunningApp;
/** The plain history: every event of the source, opened, in order. */
let plain: RecordedEvent[] = [];
const stops: (() => Promise<unknown>)[] = [];

async function call(app: RunningApp, method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: object) {
  const response = await app.server.inject({ method, url, remoteAddress: `203.0.113.${Math.floor(Math.random() * 250) + 1}`, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}

async function readEverything(store: EventStore, after = 0n): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({ after, limit: 1000 });
    if (page.length === 0) return events;
    events.push(...page);
    after = page.at(-1)!.position;
  }
}

/** Writes events into a bare store as an earlier version did: no sealing, streams, versions and ids kept. */
async function writePlain(store: EventStore, events: readonly RecordedEvent[]) {
  for (let start = 0; start < events.length; ) {
    let end = start + 1;
    while (end < events.length && events[end]!.streamId === events[start]!.streamId) end += 1;
    const run = events.slice(start, end);
    await store.append(run[0]!.streamId, run.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })), { expectedVersion: run[0]!.version === 1 ? 'no_stream' : run[0]!.version - 1 });
    start = end;
  }
}

const protect = (args: string[], env: Record<string, string | undefined>) => runCliWith(runProtectCli, args, env);

async function startOn(databaseUrl: string, eventStoreUrl?: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-protect-'));
  const app = await startApp({ databaseUrl, ...(eventStoreUrl ? { eventStoreUrl } : {}), jwtSecret: 'protect-history-secret-protect-history-01', demoAccounts: false, dataDir, port: 0, log: () => {}, webDist: path.join(dataDir, 'no-web') });
  stops.push(() => app.stop());
  return app;
}

/** The migrated store runs the product: Ottoline signs in with her old password, erases her account, and nothing of her is left in the store. */
async function erasureWorks(app: RunningApp, databaseUrl: string, rawEvents: () => Promise<string>) {
  const signedIn = await call(app, 'POST', '/api/auth/login', null, { email: ottoline.email, password: PASSWORD });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  expect(signedIn.body.user.firstName).toBe(ottoline.firstName);
  const erased = await call(app, 'DELETE', '/api/auth/account', signedIn.body.accessToken, { password: PASSWORD });
  expect(erased.status, JSON.stringify(erased.body)).toBe(200);
  const db = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await expect.poll(async () => (await db.query(`SELECT 1 FROM read_models.event_log WHERE type = 'PersonalDataErased' AND subject_id = $1`, [signedIn.body.user.id])).rowCount, { timeout: 20_000 }).toBe(1);
    const users = (await db.query(`SELECT t::text AS row FROM read_models.users t`)).rows.map((row) => row.row as string).join('\n');
    for (const term of [...ottolineTerms, ...erasmusTerms]) expect(users, `the users table holds ${term}`).not.toContain(term);
  } finally {
    await db.end();
  }
  const events = await rawEvents();
  for (const term of [...ottolineTerms, ...erasmusTerms]) expect(events, `the store holds ${term}`).not.toContain(term);
  expect((await call(app, 'POST', '/api/auth/login', null, { email: ottoline.email, password: PASSWORD })).status).toBe(401);
}

beforeAll(async () => {
  source = await startOn(await createTestDatabase('protect_source'));
  const registered = await call(source, 'POST', '/api/auth/register', null, { ...ottoline, password: PASSWORD, gradeLevel: 6 });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  expect((await call(source, 'POST', '/api/contact-requests', registered.body.accessToken, { source: 'help', name: `${ottoline.firstName} ${ottoline.lastName}`, email: ottoline.email, subject: 'account', message: ottoline.message })).status).toBe(201);
  const other = await call(source, 'POST', '/api/auth/register', null, { ...erasmus, password: PASSWORD, gradeLevel: 3 });
  expect(other.status).toBe(201);
  plain = await readEverything(source.store);
  // Erasmus is erased after his plain events were written: the migration must not seal them again.
  expect((await call(source, 'DELETE', '/api/auth/account', other.body.accessToken, { password: PASSWORD })).status).toBe(200);
  for (let waited = 0; !(await readEverything(source.store, plain.at(-1)!.position)).some((event) => event.type === 'PersonalDataErased'); waited += 100) {
    if (waited > 20_000) throw new Error("Erasmus's erasure did not finish");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  plain.push(...(await readEverything(source.store, plain.at(-1)!.position)));
  expect(JSON.stringify(plain.map(({ data }) => data))).toContain(erasmus.email);
}, 120_000);

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

describe('npm run protect-personal-data', () => {
  test('refuses bad calls with a sentence and exit 2, touching nothing', async () => {
    expect(() => parseProtectArgs([], undefined)).toThrow(/--writers-stopped/);
    expect(() => parseProtectArgs(['--writers-stopped', '--to', 'esdb://x:2113'], undefined)).toThrow(/EVENTSTORE_URL is not set/);
    expect(() => parseProtectArgs(['--writers-stopped'], 'esdb://old:2113?tls=false')).toThrow(/--to must name a new, empty EventStoreDB server/);
    expect(() => parseProtectArgs(['--writers-stopped', '--to', 'esdb://old:2113?tls=false'], 'esdb://old:2113?tls=false')).toThrow(/new, empty server/);
    expect(() => parseProtectArgs(['--writers-stopped', '--to', 'http://nope'], 'esdb://old:2113?tls=false')).toThrow(/--to http:\/\/nope/);
    const unknown = await protect(['--bogus'], { DATABASE_URL: 'postgres://nowhere/none', EVENTSTORE_URL: undefined });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--bogus'");
    expect(unknown.stderr).toContain('Usage: npm run protect-personal-data');
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
  });

  test('on PostgreSQL: copied into a new table, verified by count and digest, switched; the product runs on it and erasure works', async () => {
    const databaseUrl = await createTestDatabase('protect_pg');
    const pool = createEventStorePool(databaseUrl, { max: 2 });
    stops.push(() => pool.end());
    await migratePostgresEventStore(pool);
    const bare = createPostgresEventStore({ pool, connectionString: databaseUrl, warn: () => {} });
    await writePlain(bare, plain);
    await bare.close();
    // The rows as stored, read past the port (which would open sealed values).
    const stored = async () => (await committedEvents(databaseUrl)).map(({ id, position, data, metadata }) => ({ id, position: String(position), data, metadata }));
    const before = await stored();
    expect(JSON.stringify(before)).toContain(ottoline.email);

    const run = await protect(['--writers-stopped'], { DATABASE_URL: databaseUrl, EVENTSTORE_URL: undefined });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { events: number; sealed: number; erased: number; sourceDigest: string; targetDigest: string };
    expect(report.events).toBe(plain.length);
    expect(report.sourceDigest).toBe(report.targetDigest);
    expect(report.sealed).toBeGreaterThan(0);
    expect(report.erased).toBeGreaterThan(0);
    // Same events at the same positions (the read models' checkpoints stay true); the old table is gone.
    const after = await stored();
    expect(after.map(({ id, position }) => [id, position])).toEqual(before.map(({ id, position }) => [id, position]));
    expect((await pool.query(`SELECT 1 FROM information_schema.tables WHERE table_name LIKE 'events%' AND table_name <> 'events'`)).rowCount).toBe(0);
    for (const term of [...ottolineTerms, ...erasmusTerms]) expect(JSON.stringify(after), `the migrated store holds ${term}`).not.toContain(term);
    // Appends go on after the copied positions, under the store's own constraint names.
    const constraints = (await pool.query(`SELECT conname FROM pg_constraint WHERE conrelid = 'events'::regclass AND contype = 'u' ORDER BY conname`)).rows.map((row) => row.conname);
    expect(constraints).toEqual(['events_event_id_unique', 'events_stream_version_unique']);

    const app = await startOn(databaseUrl);
    await erasureWorks(app, databaseUrl, async () => JSON.stringify(await stored()));
    expect(BigInt((await stored()).at(-1)!.position)).toBeGreaterThan(BigInt(before.at(-1)!.position));
  }, 120_000);

  test('on EventStoreDB: copied into a new, empty server, verified; the product runs on it and erasure works', async () => {
    const [old, fresh] = [await startEventStoreDbTestServer(), await startEventStoreDbTestServer()];
    stops.push(() => old.close(), () => fresh.close());
    const databaseUrl = await createTestDatabase('protect_esdb');
    const bare = createEventStoreDbEventStore({ connectionString: old.url, warn: () => {} });
    stops.push(() => bare.close());
    await writePlain(bare, plain);

    // Copying into a server that holds events is refused (here the other way round: into the old one).
    const notEmpty = await protect(['--writers-stopped', '--to', old.url], { DATABASE_URL: databaseUrl, EVENTSTORE_URL: fresh.url });
    expect(notEmpty.code, notEmpty.stderr).toBe(1);
    expect(notEmpty.stderr).toContain('the new store is not empty');
    expect(notEmpty.stderr).not.toMatch(/\n\s+at /);

    const run = await protect(['--writers-stopped', '--to', fresh.url], { DATABASE_URL: databaseUrl, EVENTSTORE_URL: old.url });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { events: number; sourceDigest: string; targetDigest: string; erased: number };
    expect(report.events).toBe(plain.length);
    expect(report.sourceDigest).toBe(report.targetDigest);
    expect(report.erased).toBeGreaterThan(0);
    const migrated = createEventStoreDbEventStore({ connectionString: fresh.url, warn: () => {} });
    stops.push(() => migrated.close());
    const copied = await readEverything(migrated);
    expect(copied.map((event) => [event.id, event.streamId, event.version])).toEqual(plain.map((event) => [event.id, event.streamId, event.version]));

    const app = await startOn(databaseUrl, fresh.url);
    await erasureWorks(app, databaseUrl, async () => JSON.stringify((await readEverything(migrated)).map(({ data, metadata }) => ({ data, metadata }))));
  }, 180_000);
});
