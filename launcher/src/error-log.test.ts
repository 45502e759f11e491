import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@mathdaily/domain';
import { createTestDatabase } from '@mathdaily/testing';
import { startApp, type RunningApp } from './app.ts';

/**
 * Under `npm start` (no request logging) a 500 still leaves a line: what failed, on which request,
 * never the body or a token. The outage of an analyst tool dropping a live schema left none.
 */

let app: RunningApp;
let databaseUrl: string;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  databaseUrl = await createTestDatabase('error_log', { seeded: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-error-log-'));
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  app = await startApp({ databaseUrl, jwtSecret: 'error-log-secret-error-log-secret-0042', demoAccounts: true, dataDir, port: 0, log: () => {}, logStream, webDist: path.join(dataDir, 'no-web') });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe('the API log under npm start', () => {
  test('logs no request that went well, and logs a 500 with its request id and path, without the body', async () => {
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
    const fine = await app.server.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password: DEMO_PASSWORD }, remoteAddress: '198.51.100.7' });
    expect(fine.statusCode).toBe(200);
    expect(lines.filter((line) => 'req' in line || 'res' in line)).toEqual([]);

    // Sign-in counts attempts in runtime.rate_limits: without it, every sign-in fails on our side.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('DROP TABLE runtime.rate_limits');
    await client.end();
    const broken = await app.server.inject({ method: 'POST', url: '/api/auth/login?token=query-secret', payload: { email: admin.email, password: DEMO_PASSWORD }, remoteAddress: '198.51.100.8' });
    expect(broken.statusCode).toBe(500);
    const requestId = broken.headers['x-request-id'];
    const logged = lines.find((line) => (line.req as { id?: string } | undefined)?.id === requestId);
    expect(logged).toMatchObject({ level: 50, msg: 'unhandled error', err: { message: expect.stringContaining('rate_limits') } });
    expect(JSON.stringify(lines)).toContain('/api/auth/login');
    for (const secret of [DEMO_PASSWORD, 'query-secret', (fine.json() as { accessToken: string }).accessToken]) expect(JSON.stringify(lines)).not.toContain(secret);
  });
});
