import { existsSync, readFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { createSlonikPool } from '@mathdaily/api-kit';
import { createPostgresEventStore, migratePostgresEventStore, openPersonalDataVault, protectPersonalData, type StreamAppend } from '@mathdaily/event-store';
import { committedEvents, createTestDatabase, readModels, rebuildReadModels } from '@mathdaily/testing';
import { dumpSchema } from '@mathdaily/projector/testing/projector-fixture';
import { findFreePort, startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded-postgres.ts';

/**
 * Fault test (issue 14): students answer while the server process is killed with SIGKILL at
 * random moments and started again, and once PostgreSQL's postmaster is killed with SIGKILL and
 * started again under the running server (which must recover by itself). Afterwards every answer
 * the server acknowledged (2xx with a position) is in the store, and the read models equal a
 * clean replay of the store. FAULT_KILLS sets the number of server kills (default 1 in `npm test`,
 * which must stay under 10 minutes on 2 cores; the issue's long run is FAULT_KILLS=20); the PostgreSQL kill happens once in either run.
 *
 * PostgreSQL is a server of this test's own (the test workers' shared one must not die), holding
 * a copy of the seeded template's events: the product replays them into read models at start
 * (about a second) instead of seeding the problem bank through commands.
 */

const KILLS = Number(process.env.FAULT_KILLS ?? 1);
const STUDENTS = 6;
const root = path.resolve(import.meta.dirname, '../..');
const JWT_SECRET = 'fault-test-secret-fault-test-secret-0001';
const PG_PASSWORD = 'fault';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let child: ChildProcess | undefined;
let postgres: EmbeddedPostgresHandle | undefined;
let folder: string | undefined;
afterAll(async () => {
  child?.kill('SIGKILL');
  await postgres?.stop().catch(() => {});
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Starts PostgreSQL in `clusterDir`; after a kill -9 its backends take a moment to exit and free the shared memory, so it retries. */
async function startPostgres(clusterDir: string, port: number): Promise<EmbeddedPostgresHandle> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startEmbeddedPostgres({ clusterDir, password: PG_PASSWORD, port, log: () => {} });
    } catch (error) {
      if (attempt >= 40) throw error;
      await sleep(250);
    }
  }
}

/** A database on `serverUrl` holding the events of `sourceUrl` (a seeded copy) in their order, copied through the stores. */
async function databaseWithEventsOf(sourceUrl: string, serverUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('CREATE DATABASE fault');
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = '/fault';
  const targetPool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  await migratePostgresEventStore(targetPool);
  const source = createPostgresEventStore({ connectionString: sourceUrl });
  const target = createPostgresEventStore({ pool: targetPool });
  try {
    const until = await source.lastPosition();
    // In order, many streams per transaction: a chunk ends where a stream comes again.
    let chunk: StreamAppend[] = [];
    const flush = async () => {
      if (chunk.length > 0) await target.appendMany(chunk);
      chunk = [];
    };
    for (let after: bigint | null = 0n; after !== null; ) {
      const page = await source.readHistory({ after, until, limit: 5_000 });
      for (const { id, type, data, metadata, streamId, version } of page.events) {
        if (chunk.some((part) => part.streamId === streamId)) await flush();
        chunk.push({ streamId, events: [{ id, type, data, metadata }], expectedVersion: version === 1 ? 'no_stream' : version - 1 });
      }
      after = page.next;
    }
    await flush();
  } finally {
    await Promise.all([source.close(), target.close()]);
    await targetPool.end();
  }
  return url.toString();
}

/** What the running server printed (for a failure's message). */
let serverOutput = () => '';

/** `npm start` against the test database; resolves with its address once it serves. */
async function launch(databaseUrl: string, dataDir: string): Promise<string> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  // The bundle `npm start` runs (npm test builds it first; seconds to start); sources otherwise.
  const bundle = path.join(root, 'launcher/dist/main.js');
  const entry = existsSync(bundle) ? [bundle] : ['--import', 'tsx', path.join(root, 'launcher/src/main.ts')];
  const started = spawn(process.execPath, entry, {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, EVENTSTORE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', JWT_SECRET, DEMO_ACCOUNTS: '1', PUBLIC_URL: url, SMTP_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  let output = '';
  serverOutput = () => output;
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('MathDaily is running at')) resolve();
    };
    started.stdout!.on('data', onData);
    started.stderr!.on('data', onData);
    started.once('exit', (code, signal) => reject(new Error(`the server exited during start-up (${code ?? signal}):\n${output.slice(-2000)}`)));
    setTimeout(() => reject(new Error(`the server did not start within 90 s:\n${output.slice(-2000)}`)), 90_000).unref();
  });
  return url;
}

/** Resolves when `server` has exited, also when it already had (its 'exit' event is gone then). */
const exitOf = (server: ChildProcess) =>
  server.exitCode !== null || server.signalCode !== null ? Promise.resolve() : new Promise((resolve) => server.once('exit', resolve));

interface Student {
  token: string;
  problems: { id: string; answer: string }[];
  cursor: number;
}

async function call(url: string, method: string, route: string, token: string | null, body?: unknown) {
  const response = await fetch(`${url}${route}`, {
    method,
    // A request the server never answers fails the round's call instead of hanging the test.
    signal: AbortSignal.timeout(15_000),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, any> | null };
}

test(`kill -9 during answers (${KILLS} server kills, 1 PostgreSQL kill): every acknowledged answer is stored and the read models equal a replay`, { timeout: 150_000 + KILLS * 60_000 }, async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'mathdaily-fault-'));
  const clusterDir = path.join(folder, 'postgres');
  const pgPort = await findFreePort();
  let source: string;
  [postgres, source] = await Promise.all([startPostgres(clusterDir, pgPort), createTestDatabase('fault_source', { seeded: true })]);
  const databaseUrl = await databaseWithEventsOf(source, postgres.url);
  const dataDir = path.join(folder, 'data');
  let url = await launch(databaseUrl, dataDir);

  const students: Student[] = [];
  for (let index = 0; index < STUDENTS; index += 1) {
    const grade = 3 + (index % 4);
    const registered = await call(url, 'POST', '/api/auth/register', null, { email: `fault.${randomUUID()}@example.com`, password: 'Fault-Pass-2026!', firstName: 'Fault', lastName: 'Student', gradeLevel: grade });
    expect(registered.status).toBe(201);
    const token = registered.body!.accessToken as string;
    const list = await call(url, 'GET', `/api/problems?grade=${grade}&limit=40`, token);
    expect(list.status).toBe(200);
    const problems = (list.body!.data.problems as { id: string; answer_options: string[] | null }[]).map((p) => ({ id: p.id, answer: p.answer_options?.[0] ?? '1' }));
    students.push({ token, problems, cursor: 0 });
  }

  const acknowledged: bigint[] = [];
  let seed = 20261124;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  // What ends each round of load: the server killed, PostgreSQL killed (once, at a seeded moment), or the end.
  const faults: ('server' | 'postgres' | 'end')[] = Array.from({ length: KILLS }, () => 'server' as const);
  faults.splice(Math.floor(random() * (KILLS + 1)), 0, 'postgres');
  faults.push('end');
  let acknowledgedAfterPostgresRestart = 0;
  for (const fault of faults) {
    let running = true;
    // Closed loop per student: a session of up to 8 answers, then the next one, until the round ends.
    const load = students.map(async (student) => {
      while (running) {
        try {
          const sessionId = randomUUID();
          const start = await call(url, 'POST', '/api/learning/sessions', student.token, { session_id: sessionId });
          if (start.status >= 300) {
            await sleep(50); // 503 while the database is away
            continue;
          }
          for (let i = 0; i < 8 && running; i += 1) {
            const problem = student.problems[student.cursor++ % student.problems.length]!;
            const reply = await call(url, 'POST', '/api/learning/submit-answer', student.token, { problem_id: problem.id, session_id: sessionId, user_answer: problem.answer, response_time_ms: 3000 });
            if (reply.status >= 200 && reply.status < 300) acknowledged.push(BigInt(reply.body!.position as string));
          }
        } catch {
          // the server is gone: this round is over
          if (!running) return;
          await sleep(50);
        }
      }
    });
    if (fault === 'server') {
      await sleep(1500 + random() * 2500);
      child!.kill('SIGKILL');
      await exitOf(child!);
      running = false;
      await Promise.all(load);
      url = await launch(databaseUrl, dataDir);
    } else if (fault === 'postgres') {
      await sleep(1500 + random() * 2500);
      process.kill(Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGKILL');
      // Answers meet a database that is gone until it is back (crash recovery; seconds).
      postgres = await startPostgres(clusterDir, pgPort);
      // The server was not restarted: it must reconnect by itself and acknowledge answers again.
      const atRestart = acknowledged.length;
      for (const deadline = Date.now() + 60_000; acknowledged.length < atRestart + 2 * STUDENTS; await sleep(100)) {
        if (child!.exitCode !== null || child!.signalCode !== null) throw new Error(`the server died with its database:\n${serverOutput().slice(-2000)}`);
        if (Date.now() > deadline) throw new Error(`no answer acknowledged within 60 s of PostgreSQL's restart:\n${serverOutput().slice(-2000)}`);
      }
      acknowledgedAfterPostgresRestart = acknowledged.length - atRestart;
      running = false;
      await Promise.all(load);
    } else {
      await sleep(1000);
      running = false;
      await Promise.all(load);
    }
  }
  // Let the projector catch up, then stop the server in order.
  for (let health: Record<string, any> | null = null, deadline = Date.now() + 60_000; health?.projector?.lag !== '0'; await sleep(200)) {
    if (Date.now() > deadline) throw new Error(`the projector did not catch up within 60 s: ${JSON.stringify(health)}\n${serverOutput().slice(-2000)}`);
    health = (await call(url, 'GET', '/api/health', null).catch(() => null))?.body ?? null;
  }
  child!.kill('SIGTERM');
  await exitOf(child!);
  child = undefined;

  const stored = new Map((await committedEvents(databaseUrl)).map((event) => [event.position, event.type]));
  const lost = acknowledged.filter((position) => stored.get(position) !== 'AnswerSubmitted');
  console.log(`fault: ${KILLS} server kills and 1 PostgreSQL kill survived, ${acknowledged.length} answers acknowledged (${acknowledgedAfterPostgresRestart} right after PostgreSQL's restart), ${lost.length} lost`);
  expect(acknowledged.length).toBeGreaterThan(KILLS * 5);
  expect(lost).toEqual([]);

  // The read models the crashed and restarted projector built equal a replay from event 0.
  const pool = await createSlonikPool(databaseUrl, { maximumPoolSize: 2 });
  const eventPool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // Through the personal-data vault, as the product's replay reads the store: names and addresses are stored sealed.
  const store = protectPersonalData(createPostgresEventStore({ pool: eventPool, connectionString: databaseUrl }), await openPersonalDataVault(eventPool));
  try {
    const live = await dumpSchema(pool, 'read_models');
    await rebuildReadModels({ pool, store, models: readModels });
    expect(await dumpSchema(pool, 'read_models')).toEqual(live);
  } finally {
    await store.close();
    await pool.end();
    await eventPool.end();
  }
});
