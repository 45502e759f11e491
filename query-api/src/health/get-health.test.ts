import { afterAll, beforeAll, expect, test } from 'vitest';
import pg from 'pg';
import { createApiServer, createSlonikPool } from '@mathdaily/api-kit';
import { createTestDatabase, startApp, type RunningApp } from '@mathdaily/testing';
import type { QueryApiDeps } from '../deps.ts';
import { registerGetHealth } from './get-health.ts';

/** /api/health tells a load balancer the truth: 200 only with the database up and a projector running. */

let app: RunningApp;
let databaseUrl: string;
beforeAll(async () => {
  databaseUrl = await createTestDatabase('health', { seeded: true });
  app = await startApp({ databaseUrl, jwtSecret: 'health-test-secret-health-test-secret-00', demoAccounts: false, dataDir: '/tmp/no-data', port: 0, log: () => {}, webDist: '/tmp/no-web' });
}, 120_000);
afterAll(async () => {
  await app?.stop();
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
  registerGetHealth(server, { pool, lastEventPosition: async () => BigInt((await events.query('SELECT 1 AS p')).rows[0].p) } as unknown as QueryApiDeps);
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
