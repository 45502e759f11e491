import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApiServer, createSlonikPool, NOT_PERMITTED, postgresUploadStore, SESSION_EXPIRED, streamPrincipalLoader } from '@mathdaily/api-kit';
import { commandApi } from '@mathdaily/command-api';
import { createEventStorePool, createPostgresEventStore, openPersonalDataVault, protectPersonalData, streamStateCacheOf, type EventStore } from '@mathdaily/event-store';
import { DEMO_ACCOUNTS, practiceStreamId } from '@mathdaily/domain';
import { createTestDatabase } from '@mathdaily/testing';
import { startApp, type RunningApp } from './app.ts';

/**
 * The practice loop's commands take the caller's principal from the cache and let their append confirm it
 * (docs/command-path.md). Two apps on one database stand for two processes: what one of them
 * writes (a sign-out, a role change) is not in the other's cache, and must still count on the
 * other's very next answer, with nothing appended.
 */
let here: RunningApp;
/** A second command API on the same database, with its own event store (and so its own caches): another process. */
let elsewhere: { server: FastifyInstance; store: EventStore; end: () => Promise<void> };
const jwtSecret = 'principal-on-append-secret-principal-on-append';

beforeAll(async () => {
  const databaseUrl = await createTestDatabase('principal-append', { seeded: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'principal-append-'));
  here = await startApp({ databaseUrl, jwtSecret, demoAccounts: true, dataDir, port: 0, log: () => {} });
  const pool = createEventStorePool(databaseUrl);
  const uploadsPool = await createSlonikPool(databaseUrl, { maximumPoolSize: 1 });
  // As every process of the product does: personal data sealed and opened through the vault in this database.
  const store = protectPersonalData(createPostgresEventStore({ pool, connectionString: databaseUrl }), await openPersonalDataVault(pool));
  const clock = () => new Date();
  const server = await createApiServer({ jwtSecret, loadPrincipal: streamPrincipalLoader(streamStateCacheOf(store), clock) });
  await server.register(async (scope) => commandApi(scope, { store, clock, uploads: postgresUploadStore(uploadsPool), config: { jwtSecret, demoAccounts: true } }));
  await server.ready();
  elsewhere = { server, store, end: async () => (await server.close(), await store.close(), await pool.end(), await uploadsPool.end()) };
}, 120_000);

afterAll(async () => {
  await elsewhere?.end();
  await here?.stop();
});

let address = 0;
async function call(app: { server: FastifyInstance }, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
  const response = await app.server.inject({
    method,
    url,
    // Each caller from its own address, so the per-address sign-in limits never interfere.
    remoteAddress: `127.0.1.${(address = (address % 250) + 1)}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}

/** A new student with a practice session and one answer given here (so this app caches their principal), and the next problem. */
async function studentAnsweringHere() {
  const registered = await call(here, 'POST', '/api/auth/register', {
    email: `append.${randomUUID().slice(0, 8)}@example.com`,
    password: 'Secret123!',
    firstName: 'Alex',
    lastName: 'Append',
    gradeLevel: 5,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const token = registered.body.accessToken as string;
  const userId = registered.body.user.id as string;
  const sessionId = randomUUID();
  const started = await call(here, 'POST', '/api/learning/sessions', { session_id: sessionId }, token);
  expect(started.status, JSON.stringify(started.body)).toBeLessThan(300);
  const queue = await call(here, 'GET', `/api/learning/due-problems/${userId}`, undefined, token, { 'x-min-position': String(started.body.position) });
  const [first, second] = queue.body.data.problems as { id: string }[];
  // The right answer, from the problem's stream: readable in every answer form ('1' is not a point or an option).
  const answer = async (problemId: string) => {
    const created = (await here.store.readStream(`problem-${problemId}`)).events[0]!.data as { correct_answer: string };
    return { problem_id: problemId, session_id: sessionId, user_answer: created.correct_answer, response_time_ms: 4000 };
  };
  expect((await call(here, 'POST', '/api/learning/submit-answer', await answer(first!.id), token)).status).toBe(201);
  return { token, refreshToken: registered.body.refreshToken as string, userId, next: await answer(second!.id) };
}

const practiceVersion = async (userId: string) => (await here.store.readStream(practiceStreamId(userId))).version;

describe('practice commands: the append confirms the principal taken from the cache', () => {
  test('a sign-out in another process counts on the next answer here: 401, and nothing appended', async () => {
    const student = await studentAnsweringHere();
    expect((await call(elsewhere, 'POST', '/api/auth/logout', { refreshToken: student.refreshToken }, student.token)).status).toBe(200);
    const before = await practiceVersion(student.userId);
    const answered = await call(here, 'POST', '/api/learning/submit-answer', student.next, student.token);
    expect(answered).toMatchObject({ status: 401, body: { message: SESSION_EXPIRED } });
    expect(await practiceVersion(student.userId)).toBe(before);
  });

  test('after a sign-out in another process, a bad answer here gets 401 too, not its validation error', async () => {
    const student = await studentAnsweringHere();
    expect((await call(elsewhere, 'POST', '/api/auth/logout', { refreshToken: student.refreshToken }, student.token)).status).toBe(200);
    const invalid = await call(here, 'POST', '/api/learning/submit-answer', { ...student.next, user_answer: '' }, student.token);
    expect(invalid).toMatchObject({ status: 401, body: { message: SESSION_EXPIRED } });
  });

  test('after a sign-out in another process, a command that appends nothing (ending an ended session) gets 401 too', async () => {
    const student = await studentAnsweringHere();
    const end = `/api/learning/sessions/${student.next.session_id}/end`;
    expect((await call(here, 'POST', end, undefined, student.token)).status).toBe(200);
    expect((await call(elsewhere, 'POST', '/api/auth/logout', { refreshToken: student.refreshToken }, student.token)).status).toBe(200);
    expect(await call(here, 'POST', end, undefined, student.token)).toMatchObject({ status: 401, body: { message: SESSION_EXPIRED } });
  });

  test('after a sign-out in another process, a resent request with an Idempotency-Key gets 401, not the stored answer', async () => {
    const student = await studentAnsweringHere();
    const key = { 'idempotency-key': randomUUID() };
    expect((await call(here, 'POST', '/api/learning/submit-answer', student.next, student.token, key)).status).toBe(201);
    expect((await call(elsewhere, 'POST', '/api/auth/logout', { refreshToken: student.refreshToken }, student.token)).status).toBe(200);
    expect(await call(here, 'POST', '/api/learning/submit-answer', student.next, student.token, key)).toMatchObject({ status: 401, body: { message: SESSION_EXPIRED } });
  });

  test('a role change in another process counts on the next answer here: 403, nothing appended', async () => {
    const student = await studentAnsweringHere();
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
    const signedIn = await call(elsewhere, 'POST', '/api/auth/login', { email: admin.email, password: admin.password });
    const changed = await call(elsewhere, 'PUT', '/api/admin/users/role', { userId: student.userId, role: 'tutor' }, signedIn.body.accessToken);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const before = await practiceVersion(student.userId);
    expect(await call(here, 'POST', '/api/learning/submit-answer', student.next, student.token)).toMatchObject({ status: 403, body: { message: NOT_PERMITTED } });
    expect(await practiceVersion(student.userId)).toBe(before);
  });

  test('a change elsewhere that leaves the principal as it was (a profile edit) lets the answer through', async () => {
    const student = await studentAnsweringHere();
    expect((await call(elsewhere, 'PUT', '/api/auth/profile', { firstName: 'Alexa' }, student.token)).status).toBe(200);
    const before = await practiceVersion(student.userId);
    const answered = await call(here, 'POST', '/api/learning/submit-answer', student.next, student.token);
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    expect(await practiceVersion(student.userId)).toBeGreaterThan(before);
  });

  test('a warm answer reads neither the user nor the session stream: the append alone confirms them', async () => {
    const student = await studentAnsweringHere();
    const store = here.store;
    const read = store.readStreams.bind(store);
    const asked: string[] = [];
    store.readStreams = async (reads) => {
      asked.push(...reads.map((one) => one.streamId));
      return read(reads);
    };
    try {
      expect((await call(here, 'POST', '/api/learning/submit-answer', student.next, student.token)).status).toBe(201);
    } finally {
      store.readStreams = read;
    }
    expect(asked.filter((streamId) => !streamId.startsWith('problem-'))).toEqual([]);
  });
});
