import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { startApp, type RunningApp } from './app.ts';
import { findFreePort, startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded-postgres.ts';

/**
 * `npm start`'s one process: /metrics (its APIs', its projector's, its pools' and the process's
 * figures) and the health probes: ready goes false while PostgreSQL is away and true again once it
 * is back, without a restart. PostgreSQL is this test's own (the workers' shared one must not stop).
 */

let postgres: EmbeddedPostgresHandle | undefined;
let app: RunningApp | undefined;
afterAll(async () => {
  await app?.stop().catch(() => {});
  await postgres?.stop().catch(() => {});
});

test('/metrics and /health/ready in embedded mode; ready follows PostgreSQL away and back', { timeout: 120_000 }, async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'mathdaily-health-'));
  await chmod(folder, 0o755);
  const clusterDir = path.join(folder, 'postgres');
  const port = await findFreePort();
  const start = () => startEmbeddedPostgres({ clusterDir, password: 'pw', port, durable: false, log: () => {} });
  postgres = await start();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE health');
  await admin.end();
  const databaseUrl = postgres.url.replace(/\/postgres$/, '/health');
  app = await startApp({ databaseUrl, jwtSecret: 'health-metrics-secret-health-metrics-01', demoAccounts: false, dataDir: folder, port: 0, log: () => {}, webDist: path.join(folder, 'no-web') });

  const ready = async () => {
    const response = await fetch(`${app!.url}/health/ready`).catch(() => null);
    return response ? { status: response.status, body: (await response.json()) as { checks: Record<string, string> } } : { status: 0, body: { checks: {} } };
  };
  expect((await fetch(`${app.url}/health/live`)).status).toBe(200);
  expect(await ready()).toEqual({ status: 200, body: { status: 'ready', checks: { postgres: 'ok', eventStore: 'ok', changeFeed: 'ok' } } });
  const metrics = await (await fetch(`${app.url}/metrics`)).text();
  for (const name of ['mathdaily_http_request_duration_seconds_bucket', 'mathdaily_projector_batches_total', 'mathdaily_projector_active', 'mathdaily_pool_connections_used', 'process_cpu_user_seconds_total', 'nodejs_eventloop_lag_seconds']) {
    expect(metrics, name).toContain(`${name}{`);
  }

  await postgres.stop();
  const away = await ready();
  expect(away.status).toBe(503);
  expect(away.body.checks.postgres).not.toBe('ok');
  postgres = await start();
  await expect.poll(async () => (await ready()).status, { timeout: 30_000, interval: 250 }).toBe(200);
});
