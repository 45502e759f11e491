import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEventOf, REDACTED, type NewEvent, type RecordedEvent } from '@mathdaily/domain';
import { createEventStoreDbEventStore, createPostgresEventStore, migratePostgresEventStore, type EventStore } from '@mathdaily/event-store';
import { startEventStoreDbTestServer } from '@mathdaily/testing/eventstoredb-server';
import { createTestDatabase } from '@mathdaily/testing';
import { emailStreamId } from '@mathdaily/command-api/auth/user-records';
import { collectOutput } from './collect-output.ts';
import { parseExportArgs, runExportCli } from './export-events.ts';


let databaseUrl: string;
let pool: pg.Pool;
let store: EventStore;
let all: RecordedEvent[];

function event(type: string, data: unknown, at: string): NewEvent {
  return { id: randomUUID(), type, data, metadata: { actorId: null, correlationId: randomUUID(), causationId: null, at, schemaVersion: 1 } };
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase('export_events');
  process.env.DATABASE_URL = databaseUrl;
  pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  await migratePostgresEventStore(pool);
  store = createPostgresEventStore({ pool });
  // Three users over six days: registrations (with a password hash) and sign-in failures.
  for (let index = 0; index < 3; index += 1) {
    const userId = randomUUID();
    const events: NewEvent[] = [
      event('UserRegistered', { userId, email: `u${index}@example.org`, firstName: 'Una', lastName: 'User', role: 'student', gradeLevel: 5, timezone: 'UTC', passwordHash: '$argon2id$v=19$m=1,t=1,p=1$c2FsdA$aGFzaA', source: 'self-registration' }, `2026-03-0${index + 1}T08:00:00.000Z`),
      ...[0, 1, 2].map((day) => event('SignInFailed', { userId, reason: 'wrong-password' }, `2026-03-0${index + day + 2}T12:00:00.000Z`)),
    ];
    await store.append(`user-${userId}`, events, { expectedVersion: 'no_stream' });
    await store.append(emailStreamId(`u${index}@example.org`), [event('EmailAddressReserved', { email: `u${index}@example.org`, userId }, `2026-03-0${index + 1}T08:00:00.000Z`)], { expectedVersion: 'no_stream' });
    await store.append(`user-${userId}`, [{ ...event('ProfileUpdated', { userId, gradeLevel: 6 }, `2026-03-0${index + 1}T09:00:00.000Z`), metadata: { actorId: userId, correlationId: randomUUID(), causationId: null, at: `2026-03-0${index + 1}T09:00:00.000Z`, schemaVersion: 1 } }], { expectedVersion: 4 });
  }
  // A stored event of an older shape (AuthSessionRefreshed v1, no refreshedAt): exported as the store reads it.
  const sessionId = randomUUID();
  await store.append(`auth-session-${sessionId}`, [
    event('AuthSessionRefreshed', { sessionId, userId: randomUUID(), previousTokenHash: 'a'.repeat(64), refreshTokenHash: 'b'.repeat(64), credentialsVersion: 0, idleExpiresAt: '2026-04-01T00:00:00.000Z' }, '2026-03-03T10:00:00.000Z'),
  ], { expectedVersion: 'any' });
  all = await store.readAll({ after: 0n, limit: 1000 });
}, 60_000);

afterAll(async () => {
  delete process.env.DATABASE_URL;
  await store?.close();
  await pool?.end();
});

describe('npm run export-events', () => {
  test('a filtered range, as NDJSON, equals the events in the store (audit shape, secrets redacted)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'export-'));
    const out = path.join(dir, 'failures.ndjson');
    const io = collectOutput();
    expect(await runExportCli(['--type', 'SignInFailed', '--from', '2026-03-03', '--to', '2026-03-05T00:00:00Z', '--out', out], io)).toBe(0);
    const stderr = io.text.stderr;
    const lines = (await readFile(out, 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line) as unknown);
    const expected = all.filter((e) => e.type === 'SignInFailed' && e.metadata.at >= '2026-03-03' && e.metadata.at < '2026-03-05').map(auditEventOf);
    expect(expected.length).toBe(5);
    expect(lines.map((line) => (line as { position: string }).position)).toEqual(expected.map((e) => e.position));
    expect(lines).toEqual(expected);
    expect(stderr).toContain('5 events written to');
    expect(stderr).toMatch(/100%/);

    // One stream, whole, to standard output: the password hash never leaves the store.
    const stream = all[0]!.streamId;
    const toStdout = collectOutput();
    expect(await runExportCli(['--stream', stream], toStdout)).toBe(0);
    const streamLines = toStdout.text.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { data: { passwordHash?: string } });
    expect(streamLines).toEqual(all.filter((e) => e.streamId === stream).map(auditEventOf));
    expect(streamLines[0]!.data.passwordHash).toBe(REDACTED);

    const refreshed = collectOutput();
    expect(await runExportCli(['--type', 'AuthSessionRefreshed'], refreshed)).toBe(0);
    const [line] = refreshed.text.stdout.trimEnd().split('\n').map((text) => JSON.parse(text) as { data: Record<string, unknown>; metadata: { schemaVersion: number } });
    expect(line).toEqual(auditEventOf(all.find((e) => e.type === 'AuthSessionRefreshed')!));
    expect(line!.data).toMatchObject({ refreshedAt: '2026-03-03T10:00:00.000Z', refreshTokenHash: REDACTED, previousTokenHash: REDACTED });
  });

  test('a bad flag or date: a clear message and exit code 2', async () => {
    const io = collectOutput();
    expect(await runExportCli(['--from', 'last tuesday'], io)).toBe(2);
    expect(io.text.stderr).toContain("--from must be an ISO date or date-time such as 2026-03-01 or 2026-03-01T09:00:00Z, not 'last tuesday'.");
    expect(() => parseExportArgs(['--kind', 'x'])).toThrow(/Unknown option '--kind'/);
    expect(() => parseExportArgs(['--type'])).toThrow(/argument missing/);
    expect(() => parseExportArgs(['--to', '2026-02-30T00:00:00Z'])).toThrow(/--to must be an ISO date/);
    expect(() => parseExportArgs(['--from', '2026-03-02', '--to', '2026-03-01'])).toThrow('--from must be before --to.');
    expect(parseExportArgs(['--from', '2026-03-02', '--to', '2026-03-03T10:00:00+02:00'])).toEqual({ from: '2026-03-02T00:00:00.000Z', to: '2026-03-03T08:00:00.000Z' });
    expect(() => parseExportArgs(['--type', 'SignInFailed,AnswerSubmited'])).toThrow(/^Unknown event type 'AnswerSubmited'\. Known types: .*AnswerSubmitted/);
    expect(() => parseExportArgs(['--type', 'A', '--type', 'B'])).toThrow("Unknown event types 'A', 'B'.");
    expect(() => parseExportArgs(['--type', 'SignInFailed,'])).toThrow('--type needs an event type name');
    expect(() => parseExportArgs(['--actor', 'bob'])).toThrow("--actor must be a user id (a UUID) or an e-mail address, not 'bob'.");
  });

  test('--type repeats and takes a comma list; --actor takes an id or an e-mail address', async () => {
    const types = new Set(['UserRegistered', 'AuthSessionRefreshed', 'SignInFailed']);
    const expected = all.filter((e) => types.has(e.type)).map(auditEventOf);
    for (const args of [
      ['--type', 'UserRegistered', '--type', 'AuthSessionRefreshed', '--type', 'SignInFailed'],
      ['--type', 'UserRegistered,AuthSessionRefreshed', '--type', 'SignInFailed'],
      ['--type', 'UserRegistered, AuthSessionRefreshed,SignInFailed'],
    ]) {
      const io = collectOutput();
      expect(await runExportCli(args, io), args.join(' ')).toBe(0);
      expect(io.text.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual(expected);
    }
    const byId = collectOutput();
    const userId = (all.find((e) => e.type === 'ProfileUpdated')!.data as { userId: string }).userId;
    expect(await runExportCli(['--actor', userId], byId)).toBe(0);
    const mine = all.filter((e) => e.metadata.actorId === userId).map(auditEventOf);
    expect(mine.length).toBe(1);
    expect(byId.text.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual(mine);
    const email = (all.find((e) => e.type === 'EmailAddressReserved' && (e.data as { userId: string }).userId === userId)!.data as { email: string }).email;
    const byEmail = collectOutput();
    expect(await runExportCli(['--actor', email.toUpperCase()], byEmail)).toBe(0);
    expect(byEmail.text.stdout).toBe(byId.text.stdout);
    const stranger = collectOutput();
    expect(await runExportCli(['--actor', 'nobody@example.org'], stranger)).toBe(2);
    expect(stranger.text.stderr).toContain('--actor nobody@example.org: no account has this e-mail address.');
  });

  test('an --out that cannot be written: a clear message, exit code 2, nothing crashes', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'export-out-'));
    const cases: [string, string][] = [
      [path.join(dir, 'missing', 'x.ndjson'), `the folder ${path.join(dir, 'missing')} does not exist.`],
      [dir, `--out ${dir} is a folder; give a file name`],
      ['/proc/mathdaily-export.ndjson', '--out /proc/mathdaily-export.ndjson cannot be written'],
    ];
    for (const [out, message] of cases) {
      const io = collectOutput();
      expect(await runExportCli(['--out', out], io), out).toBe(2);
      expect(io.text.stderr).toContain(message);
      expect(io.text.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('npm run export-events on EventStoreDB', () => {
  test('the same history in an EventStoreDB (the gRPC test server) exports the same events, filtered the same way, with no PostgreSQL', async () => {
    const server = await startEventStoreDbTestServer({ statsPeriodMs: 50 });
    const esdb = createEventStoreDbEventStore({ connectionString: server.url, warn: () => undefined });
    const saved = process.env.DATABASE_URL;
    try {
      // The PostgreSQL store's events, stream by stream as they were appended.
      for (const recorded of all) {
        const { id, type, data, metadata } = recorded;
        await esdb.append(recorded.streamId, [{ id, type, data, metadata }], { expectedVersion: recorded.version === 1 ? 'no_stream' : recorded.version - 1 });
      }
      const copied = await esdb.readAll({ after: 0n, limit: 1000 });
      expect(copied.map((e) => e.id)).toEqual(all.map((e) => e.id));
      process.env.EVENTSTORE_URL = server.url;
      // No database at all: EventStoreDB holds the history.
      process.env.DATABASE_URL = 'postgres://nobody:nothing@127.0.0.1:1/none';
      const lines = async (args: string[]) => {
        const io = collectOutput();
        expect(await runExportCli(args, io), io.text.stderr).toBe(0);
        return io.text.stdout.trimEnd().split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown);
      };
      expect(await lines(['--type', 'SignInFailed', '--from', '2026-03-03', '--to', '2026-03-05T00:00:00Z'])).toEqual(
        copied.filter((e) => e.type === 'SignInFailed' && e.metadata.at >= '2026-03-03' && e.metadata.at < '2026-03-05').map(auditEventOf),
      );
      const userId = (copied.find((e) => e.type === 'ProfileUpdated')!.data as { userId: string }).userId;
      const email = (copied.find((e) => e.type === 'EmailAddressReserved' && (e.data as { userId: string }).userId === userId)!.data as { email: string }).email;
      expect(await lines(['--actor', email])).toEqual(copied.filter((e) => e.metadata.actorId === userId).map(auditEventOf));
      expect(await lines(['--stream', all[0]!.streamId])).toEqual(copied.filter((e) => e.streamId === all[0]!.streamId).map(auditEventOf));
      expect(await lines([])).toHaveLength(all.length);
    } finally {
      delete process.env.EVENTSTORE_URL;
      process.env.DATABASE_URL = saved;
      await esdb.close();
      await server.close();
    }
  });
});
