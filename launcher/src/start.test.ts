import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { testServerUrl } from '@mathdaily/testing';
import { findFreePort } from './embedded-postgres.ts';

const root = path.resolve(import.meta.dirname, '../..');
// The bundle `npm start` runs (npm test builds it first); the sources when it has not been built.
const bundle = path.join(root, 'launcher/dist/main.js');
const entry = existsSync(bundle) ? [bundle] : ['--import', 'tsx', path.join(root, 'launcher/src/main.ts')];

interface Run {
  output: () => string;
  exited: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => void;
}

function launch(env: Record<string, string>): Run {
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', EVENTSTORE_URL: '', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    output: () => output,
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
    kill: (signal) => child.kill(signal),
  };
}

async function waitFor(predicate: () => boolean, timeoutMs: number, what: string, run: Run) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; output:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const tempDir = () => mkdtemp(path.join(tmpdir(), 'mathdaily-start-'));

describe('npm start', () => {
  test('starts embedded PostgreSQL, serves health, stops on SIGTERM and reuses the data next time', async () => {
    const dataDir = await tempDir();
    const port = await findFreePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), DEMO_ACCOUNTS: 'off' };
    const first = launch(env);
    await waitFor(() => first.output().includes('MathDaily is running at'), 90_000, 'the first start', first);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as { eventStore: { lastPosition: string }; projector: { checkpoint: string } };
    expect(body.eventStore.lastPosition).toMatch(/^\d+$/);
    expect(body.projector.checkpoint).toMatch(/^\d+$/);
    first.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Stopped.');

    const second = launch(env);
    await waitFor(() => second.output().includes('MathDaily is running at'), 90_000, 'the second start', second);
    const again = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as typeof body;
    expect(BigInt(again.eventStore.lastPosition)).toBeGreaterThanOrEqual(BigInt(body.eventStore.lastPosition));
    second.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });

  test('a signal during start-up still stops PostgreSQL', async () => {
    const dataDir = await tempDir();
    const run = launch({ DATA_DIR: dataDir, PORT: String(await findFreePort()), DEMO_ACCOUNTS: 'off' });
    await waitFor(() => run.output().includes('Starting the embedded PostgreSQL server'), 30_000, 'the start-up', run);
    run.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('Stopped.');
    expect(run.output()).not.toContain('MathDaily is running at');
    // A running server keeps postmaster.pid in its folder; a stopped one removes it.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });

  test.skipIf(process.getuid?.() !== 0)('as root, a DATA_DIR the postgres user cannot reach is refused with a way out', async () => {
    const home = await tempDir();
    await chmod(home, 0o700); // like /root
    const dataDir = path.join(home, 'clone', '.data');
    const run = launch({ DATA_DIR: dataDir, PORT: String(await findFreePort()) });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(`the user 'postgres', which cannot enter ${home}`);
    expect(run.output()).toContain(`chmod o+x ${home}`);
    expect((await stat(home)).mode & 0o777).toBe(0o700);
  });

  test('an unreachable PostgreSQL gives a clear message and a non-zero exit', async () => {
    const port = await findFreePort();
    const run = launch({ DATA_DIR: await tempDir(), PORT: String(await findFreePort()), DATABASE_URL: `postgres://x:y@127.0.0.1:${port}/none` });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/PostgreSQL at 127\.0\.0\.1:\d+\/none is unreachable/);
  });

  test('an unreachable EventStoreDB gives a clear message and a non-zero exit', async () => {
    const port = await findFreePort();
    const run = launch({
      DATA_DIR: await tempDir(),
      PORT: String(await findFreePort()),
      DATABASE_URL: testServerUrl()!,
      EVENTSTORE_URL: `esdb://127.0.0.1:${port}?tls=false`,
    });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(`EventStoreDB at 127.0.0.1:${port} is unreachable`);
    expect(run.output()).toContain('Check EVENTSTORE_URL.');
    expect(run.output()).not.toMatch(/^\s+at /m); // a message, not a stack trace
  });

  test('a port in use gives a clear message', async () => {
    const blocker = createServer();
    const port = await new Promise<number>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)));
    const run = launch({ DATA_DIR: await tempDir(), PORT: String(port) });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(`port ${port} is already in use`);
    blocker.close();
  });

  test('a foreign or corrupt DATA_DIR is refused and nothing is deleted', async () => {
    const foreign = await tempDir();
    await writeFile(path.join(foreign, 'holiday-photos.txt'), 'precious');
    const run = launch({ DATA_DIR: foreign, PORT: String(await findFreePort()) });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('was not created by MathDaily');
    expect(await readdir(foreign)).toEqual(['holiday-photos.txt']);

    const corrupt = await tempDir();
    await writeFile(path.join(corrupt, 'mathdaily.json'), JSON.stringify({ jwtSecret: 'a'.repeat(64), embeddedPassword: 'b' }));
    await mkdir(path.join(corrupt, 'postgres'));
    await writeFile(path.join(corrupt, 'postgres', 'garbage.bin'), 'not a cluster');
    const second = launch({ DATA_DIR: corrupt, PORT: String(await findFreePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('holds no PostgreSQL cluster');
    expect(await readdir(path.join(corrupt, 'postgres'))).toEqual(['garbage.bin']);
  });
});
