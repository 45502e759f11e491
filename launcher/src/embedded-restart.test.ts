import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded-postgres.ts';

/**
 * Issue 14, point 1: after the process that started the embedded PostgreSQL dies (kill -9), the
 * next start finds that server of the same DATA_DIR, stops it with one log line and starts; a
 * server of another DATA_DIR is never touched.
 */

const started: EmbeddedPostgresHandle[] = [];
afterAll(async () => {
  for (const server of started) await server.stop().catch(() => {});
});

const pidOf = (clusterDir: string) => Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
async function canQuery(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('SELECT 1 AS one')).rows[0].one === 1;
  } finally {
    await client.end();
  }
}

/** Starts the cluster in a child process, as `npm start` would, and kills that process with SIGKILL once the server is up. */
async function startAndKill9(clusterDir: string) {
  const script = `const { startEmbeddedPostgres } = await import(${JSON.stringify(path.resolve(import.meta.dirname, 'embedded-postgres.ts'))});
    const server = await startEmbeddedPostgres({ clusterDir: ${JSON.stringify(clusterDir)}, password: 'pw' });
    console.log('READY ' + server.url);
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('READY')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`child exited (${code}) before the server was up: ${out}`)));
  });
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
}

test('kill -9 of the launcher, then a new start: the stale server of this DATA_DIR is stopped (one line) and the new one serves; another DATA_DIR untouched', { timeout: 180_000 }, async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'mathdaily-restart-'));
  await chmod(root, 0o755); // run as root, PostgreSQL runs as 'postgres' and must enter it
  const mine = path.join(root, 'mine', 'postgres');
  const other = path.join(root, 'other', 'postgres');
  const neighbour = await startEmbeddedPostgres({ clusterDir: other, password: 'pw', log: () => {} });
  started.push(neighbour);
  const neighbourPid = pidOf(other);

  await startAndKill9(mine);
  const orphan = pidOf(mine);
  expect(alive(orphan)).toBe(true);

  const lines: string[] = [];
  const again = await startEmbeddedPostgres({ clusterDir: mine, password: 'pw', log: (line) => lines.push(line) });
  started.push(again);
  expect(lines).toEqual([expect.stringMatching(/^Found the PostgreSQL server of .* still running from an earlier start \(pid \d+\); stopping it/)]);
  expect(alive(orphan)).toBe(false);
  expect(await canQuery(again.url)).toBe(true);

  // A pid file naming another folder's server (a reused pid): that server lives on, the stale file goes.
  await again.stop();
  started.pop();
  writeFileSync(path.join(mine, 'postmaster.pid'), `${neighbourPid}\n${other}\n`);
  const third: string[] = [];
  const once = await startEmbeddedPostgres({ clusterDir: mine, password: 'pw', log: (line) => third.push(line) });
  started.push(once);
  expect(third).toEqual([expect.stringMatching(/^Removed a stale .*postmaster\.pid \(pid \d+ is not a PostgreSQL server of this folder\)/)]);
  expect(alive(neighbourPid)).toBe(true);
  expect(await canQuery(neighbour.url)).toBe(true);
  expect(await canQuery(once.url)).toBe(true);
  expect(existsSync(path.join(mine, 'postmaster.pid'))).toBe(true);
});

test('npm start brings its embedded PostgreSQL back when it is killed, and leaves it stopped when it stops it', { timeout: 120_000 }, async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'mathdaily-supervised-'));
  await chmod(root, 0o755);
  const clusterDir = path.join(root, 'postgres');
  const lines: string[] = [];
  const server = await startEmbeddedPostgres({ clusterDir, password: 'pw', log: (line) => lines.push(line), restartWhenItDies: true });
  started.push(server);
  const first = pidOf(clusterDir);
  expect(await canQuery(server.url)).toBe(true);

  process.kill(first, 'SIGKILL');
  await expect.poll(() => canQuery(server.url).catch(() => false), { timeout: 60_000, interval: 250 }).toBe(true);
  expect(pidOf(clusterDir)).not.toBe(first);
  expect(lines.join('\n')).toMatch(/stopped \(SIGKILL\); starting it again\.[\s\S]*is back\./);

  const second = pidOf(clusterDir);
  await server.stop();
  expect(alive(second)).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);
  expect(lines.filter((line) => line.includes('starting it again'))).toHaveLength(1);
});
