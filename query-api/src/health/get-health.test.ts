import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { createApiServer, createSlonikPool } from '@mathdaily/api-kit';
import { contactEvent, createTestDatabase, Projector, projectorFixture, readModels, startApp, type ProjectorFixture, type RunningApp } from '@mathdaily/testing';
import type { QueryApiDeps } from '../deps.ts';
import { startQueryApiOnFixture } from '../testing/query-api-on-fixture.ts';
import { registerGetHealth } from './get-health.ts';

/** /api/health tells a load balancer the truth: 200 only with the database up and a projector running and advancing. */

const SECRET = 'health-test-secret-health-test-secret-00';
let app: RunningApp;
let databaseUrl: string;
beforeAll(async () => {
  databaseUrl = await createTestDatabase('health', { seeded: true });
  app = await startApp({ databaseUrl, jwtSecret: SECRET, demoAccounts: false, dataDir: '/tmp/no-data', port: 0, log: () => {}, webDist: '/tmp/no-web' });
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

/**
 * A real projector on a database of its own whose batches fail while `poisoned` (a batch that
 * throws every time: it keeps its lock and retries, but never advances), and a query API over
 * it that calls 2 s without progress a stall. It keeps running until the end of the file, so the
 * "no projector" test below also proves that a projector of another database does not count.
 */
const STALL_SECONDS = 2;
let fixture: ProjectorFixture;
let projector: Projector;
let poisoned = false;
let stallApi: Awaited<ReturnType<typeof startQueryApiOnFixture>>;
beforeAll(async () => {
  fixture = await projectorFixture();
  projector = new Projector({
    pool: fixture.pool,
    databaseUrl: fixture.databaseUrl,
    store: fixture.store,
    models: readModels,
    beforeEach: () => {
      if (poisoned) throw new Error('poisoned batch (test)');
    },
    // Well within the 2 s threshold, as the 5 s default is within the default 30 s.
    storeWatchIntervalMs: 250,
  });
  await projector.start();
  stallApi = await startQueryApiOnFixture(fixture, SECRET, { projectorStallSeconds: STALL_SECONDS });
}, 120_000);
afterAll(async () => {
  await stallApi?.close();
  await projector?.stop();
  await fixture?.close();
});

const stallHealth = async () => {
  const response = await stallApi.app.inject({ method: 'GET', url: '/api/health' });
  return { status: response.statusCode, body: response.json() };
};
const appendContact = () => fixture.store.append(`contact-${randomUUID()}`, [contactEvent(1, new Date())], { expectedVersion: 'no_stream' });

describe('a projector that holds its lock but does not advance → 503 after PROJECTOR_STALL_SECONDS', () => {
  test('healthy and idle (nothing waits) → 200 long after its checkpoint last moved', async () => {
    await appendContact();
    await expect.poll(async () => (await stallHealth()).body.projector.lag).toBe('0');
    await new Promise((resolve) => setTimeout(resolve, STALL_SECONDS * 1000 + 500));
    const { status, body } = await stallHealth();
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', projector: { running: true, stalled: false, lag: '0' } });
  });

  test('events wait and the checkpoint stays → 200 at first (the event just arrived), 503 saying why after the threshold; 200 once it advances', async () => {
    poisoned = true;
    const { position } = await appendContact();
    const checkpoint = (position - 1n).toString();
    // The checkpoint is older than the threshold, but the waiting event is not: no stall yet.
    const fresh = await stallHealth();
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ status: 'ok', projector: { running: true, stalled: false, checkpoint, lag: '1' } });

    await new Promise((resolve) => setTimeout(resolve, STALL_SECONDS * 1000 + 500));
    await appendContact(); // lag growing; a newer event does not reset the clock
    const stalled = await stallHealth();
    expect(stalled.status).toBe(503);
    expect(stalled.body).toMatchObject({ status: 'degraded', projector: { running: true, stalled: true, checkpoint, lag: '2' } });
    expect(stalled.body.message).toMatch(new RegExp(`^The projector holds its lock but has not moved past position ${checkpoint} for [2-9] s while 2 events wait`));

    poisoned = false;
    await expect.poll(async () => (await stallHealth()).status, { timeout: 15_000 }).toBe(200);
  });
});

test('database up and a projector running → 200 ok with the lag', async () => {
  const response = await app.server.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ status: 'ok', projector: { running: true, checkpoint: expect.stringMatching(/^\d+$/), lag: expect.stringMatching(/^\d+$/) } });
});

test('no projector running → 503 degraded, saying why', async () => {
  await app.projector.stop();
  const response = await app.server.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({ status: 'degraded', projector: { running: false } });
  expect(response.json().message).toMatch(/No projector is running/);
});

test('event store database unreachable → 503 with a clear message, not 500', async () => {
  const pool = await createSlonikPool(databaseUrl, { maximumPoolSize: 1 });
  const events = new pg.Pool({ connectionString: 'postgres://nobody:x@127.0.0.1:1/none', max: 1 });
  const server = await createApiServer({ jwtSecret: 'x'.repeat(40), loadPrincipal: async () => null });
  registerGetHealth(server, {
    pool,
    config: {},
    lastEventPosition: async () => BigInt((await events.query('SELECT 1 AS p')).rows[0].p),
  } as unknown as QueryApiDeps);
  try {
    const response = await server.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 'UNAVAILABLE', message: 'MathDaily is briefly unavailable. Please try again in a moment.' });
    expect(response.headers['retry-after']).toBe('5');
  } finally {
    await server.close();
    await pool.end();
    await events.end();
  }
});
