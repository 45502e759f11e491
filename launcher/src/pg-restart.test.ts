import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { findFreePort, startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded-postgres.ts';

/**
 * Issue 14: PostgreSQL restarts under the production topology (command-api, query-api, an active
 * and a standby projector, each its own process) and everything recovers without a restart:
 * health back to 200, commands accepted, mail delivered, the projector catching up, the standby
 * still standing by. Long (each process starts from sources): run with FAULT_PG=1.
 */

const root = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];
let postgres: EmbeddedPostgresHandle | undefined;
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await postgres?.stop().catch(() => {});
});

function service(entry: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], { cwd: root, env: { ...process.env, EVENTSTORE_URL: '', HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  children.push(child);
  return { child, output: () => output, alive: () => child.exitCode === null && child.signalCode === null };
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test.runIf(process.env.FAULT_PG === '1')('PostgreSQL restarts under the production processes: APIs, mail, projector and standby recover by themselves', { timeout: 400_000 }, async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'mathdaily-pg-restart-'));
  await chmod(folder, 0o755);
  const clusterDir = path.join(folder, 'postgres');
  const pgPort = await findFreePort();
  postgres = await startEmbeddedPostgres({ clusterDir, password: 'pw', port: pgPort, log: () => {} });
  const dataDir = path.join(folder, 'data');
  const [commandPort, queryPort] = [await findFreePort(), await findFreePort()];
  const env = { DATABASE_URL: postgres.url, JWT_SECRET: 'pg-restart-secret-pg-restart-secret-0001', DATA_DIR: dataDir, DEMO_ACCOUNTS: 'on', SMTP_URL: '' };
  const projectors = [service('projector/src/main.ts', { ...env, PORT: String(await findFreePort()) })];
  const command = service('command-api/src/main.ts', { ...env, PORT: String(commandPort) });
  const query = service('query-api/src/main.ts', { ...env, PORT: String(queryPort) });
  const health = async () => {
    const response = await fetch(`http://127.0.0.1:${queryPort}/api/health`);
    return { status: response.status, body: (await response.json()) as { projector?: { lag?: string } } };
  };
  await until('query-api healthy', 180_000, async () => ((await health()).status === 200 ? true : undefined));
  projectors.push(service('projector/src/main.ts', { ...env, PORT: String(await findFreePort()) }));
  await until('the standby', 120_000, async () => (projectors[1]!.output().includes('standing by') ? true : undefined));
  const mailCount = () => (existsSync(path.join(dataDir, 'mailbox')) ? readdirSync(path.join(dataDir, 'mailbox')).filter((n) => n.endsWith('.json')).length : 0);
  const register = async () => {
    const response = await fetch(`http://127.0.0.1:${commandPort}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `restart.${randomUUID()}@example.com`, password: 'Restart-Pass-2026!', firstName: 'Re', lastName: 'Start', gradeLevel: 5 }),
    });
    return response.status === 201 ? true : undefined;
  };
  await until('a registration before the restart', 60_000, register);
  await until('its e-mail', 30_000, async () => (mailCount() >= 1 ? true : undefined));
  const mailsBefore = mailCount();

  await postgres.stop();
  // While it is down, health says so (503) or the process is briefly unreachable.
  const down = await health().catch(() => ({ status: 0, body: {} }));
  expect([0, 503]).toContain(down.status);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  postgres = await startEmbeddedPostgres({ clusterDir, password: 'pw', port: pgPort, log: () => {} });

  await until('query-api healthy again', 60_000, async () => ((await health()).status === 200 ? true : undefined));
  await until('a registration after the restart', 60_000, register);
  await until('its e-mail (the projector regained its lock and mails again)', 60_000, async () => (mailCount() > mailsBefore ? true : undefined));
  await until('the projector caught up', 60_000, async () => ((await health()).body.projector?.lag === '0' ? true : undefined));
  expect([command, query, ...projectors].map((s) => s.alive())).toEqual([true, true, true, true]);
  // The active projector goes: the standby, which lived through the outage, takes over.
  projectors[0]!.child.kill('SIGKILL');
  await until('the standby took over', 60_000, async () => ((await health()).status === 200 && projectors[1]!.output().includes('running from position') ? true : undefined));
});
