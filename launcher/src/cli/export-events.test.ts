import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEventOf, REDACTED, type NewEvent, type RecordedEvent } from '@mathdaily/domain';
import { createPostgresEventStore, migratePostgresEventStore, type EventStore } from '@mathdaily/event-store';
import { createTestDatabase } from '@mathdaily/testing';
import { parseExportArgs, runExportCli } from './export-events.ts';


/** Standard output and error of one in-process run (a CLI child process would cost seconds to start). */
function collecting() {
  const text = { stdout: '', stderr: '' };
  const sink = (name: keyof typeof text) =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        text[name] += chunk.toString();
        done();
      },
    });
  return { stdout: sink('stdout'), stderr: sink('stderr'), text: (name: keyof typeof text) => text[name] };
}
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
    const io = collecting();
    expect(await runExportCli(['--type', 'SignInFailed', '--from', '2026-03-03', '--to', '2026-03-05T00:00:00Z', '--out', out], io)).toBe(0);
    const stderr = io.text('stderr');
    const lines = (await readFile(out, 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line) as unknown);
    const expected = all.filter((e) => e.type === 'SignInFailed' && e.metadata.at >= '2026-03-03' && e.metadata.at < '2026-03-05').map(auditEventOf);
    expect(expected.length).toBe(5);
    expect(lines.map((line) => (line as { position: string }).position)).toEqual(expected.map((e) => e.position));
    expect(lines).toEqual(expected);
    expect(stderr).toContain('5 events written to');
    expect(stderr).toMatch(/100%/);

    // One stream, whole, to standard output: the password hash never leaves the store.
    const stream = all[0]!.streamId;
    const toStdout = collecting();
    expect(await runExportCli(['--stream', stream], toStdout)).toBe(0);
    const streamLines = toStdout.text('stdout').trimEnd().split('\n').map((line) => JSON.parse(line) as { data: { passwordHash?: string } });
    expect(streamLines).toEqual(all.filter((e) => e.streamId === stream).map(auditEventOf));
    expect(streamLines[0]!.data.passwordHash).toBe(REDACTED);

    const refreshed = collecting();
    expect(await runExportCli(['--type', 'AuthSessionRefreshed'], refreshed)).toBe(0);
    const [line] = refreshed.text('stdout').trimEnd().split('\n').map((text) => JSON.parse(text) as { data: Record<string, unknown>; metadata: { schemaVersion: number } });
    expect(line).toEqual(auditEventOf(all.find((e) => e.type === 'AuthSessionRefreshed')!));
    expect(line!.data).toMatchObject({ refreshedAt: '2026-03-03T10:00:00.000Z', refreshTokenHash: REDACTED, previousTokenHash: REDACTED });
  });

  test('a bad flag or date: a clear message and exit code 2', async () => {
    const io = collecting();
    expect(await runExportCli(['--from', 'last tuesday'], io)).toBe(2);
    expect(io.text('stderr')).toContain("--from must be an ISO date or date-time such as 2026-03-01 or 2026-03-01T09:00:00Z, not 'last tuesday'.");
    expect(() => parseExportArgs(['--kind', 'x'])).toThrow(/Unknown option '--kind'/);
    expect(() => parseExportArgs(['--type'])).toThrow(/argument missing/);
    expect(() => parseExportArgs(['--to', '2026-02-30T00:00:00Z'])).toThrow(/--to must be an ISO date/);
    expect(() => parseExportArgs(['--from', '2026-03-02', '--to', '2026-03-01'])).toThrow('--from must be before --to.');
    expect(parseExportArgs(['--from', '2026-03-02', '--to', '2026-03-03T10:00:00+02:00'])).toEqual({ from: '2026-03-02T00:00:00.000Z', to: '2026-03-03T08:00:00.000Z' });
  });
});
