import { existsSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { createSlonikPool } from '@mathdaily/api-kit';
import { createPostgresEventStore } from '@mathdaily/event-store';
import { committedEvents, createTestDatabase, readModels, rebuildReadModels } from '@mathdaily/testing';
import { dumpSchema } from '@mathdaily/projector/testing/projector-fixture';
import { findFreePort } from './embedded-postgres.ts';

/**
 * Fault test (issue 14): students answer while the server process is killed with SIGKILL at
 * random moments and started again. Afterwards every answer the server acknowledged (2xx with a
 * position) is in the store, and the read models equal a clean replay of the store.
 * FAULT_KILLS sets the number of kills (default 3; the long run is FAULT_KILLS=20).
 */

const KILLS = Number(process.env.FAULT_KILLS ?? 3);
const STUDENTS = 6;
const root = path.resolve(import.meta.dirname, '../..');
const JWT_SECRET = 'fault-test-secret-fault-test-secret-0001';

let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
});

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
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('MathDaily is running at')) resolve();
    };
    started.stdout!.on('data', onData);
    started.stderr!.on('data', onData);
    started.once('exit', (code, signal) => reject(new Error(`the server exited during start-up (${code ?? signal}):\n${output.slice(-2000)}`)));
  });
  return url;
}

interface Student {
  token: string;
  problems: { id: string; answer: string }[];
  cursor: number;
}

async function call(url: string, method: string, route: string, token: string | null, body?: unknown) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, any> | null };
}

test(`kill -9 during answers (${KILLS} times): every acknowledged answer is stored and the read models equal a replay`, { timeout: 120_000 + KILLS * 60_000 }, async () => {
  const databaseUrl = await createTestDatabase('fault', { seeded: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-fault-'));
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
  for (let round = 0; round <= KILLS; round += 1) {
    let running = true;
    // Closed loop per student: a session of up to 8 answers, then the next one, until the server dies.
    const load = students.map(async (student) => {
      while (running) {
        try {
          const sessionId = randomUUID();
          const start = await call(url, 'POST', '/api/learning/sessions', student.token, { session_id: sessionId });
          if (start.status >= 300) continue;
          for (let i = 0; i < 8 && running; i += 1) {
            const problem = student.problems[student.cursor++ % student.problems.length]!;
            const reply = await call(url, 'POST', '/api/learning/submit-answer', student.token, { problem_id: problem.id, session_id: sessionId, user_answer: problem.answer, response_time_ms: 3000 });
            if (reply.status >= 200 && reply.status < 300) acknowledged.push(BigInt(reply.body!.position as string));
          }
        } catch {
          // the server is gone: this round is over
          if (!running) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    });
    if (round < KILLS) {
      await new Promise((resolve) => setTimeout(resolve, 1500 + random() * 2500));
      child!.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));
      running = false;
      await Promise.all(load);
      url = await launch(databaseUrl, dataDir);
    } else {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      running = false;
      await Promise.all(load);
    }
  }
  // Let the projector catch up, then stop the server in order.
  for (let lag = ''; lag !== '0'; ) {
    lag = String(((await call(url, 'GET', '/api/health', null)).body?.projector as { lag?: string } | undefined)?.lag);
    if (lag !== '0') await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child!.kill('SIGTERM');
  await new Promise((resolve) => child!.once('exit', resolve));
  child = undefined;

  const stored = new Map((await committedEvents(databaseUrl)).map((event) => [event.position, event.type]));
  const lost = acknowledged.filter((position) => stored.get(position) !== 'AnswerSubmitted');
  console.log(`fault: ${KILLS} kills survived, ${acknowledged.length} answers acknowledged, ${lost.length} lost`);
  expect(acknowledged.length).toBeGreaterThan(KILLS * 5);
  expect(lost).toEqual([]);

  // The read models the crashed and restarted projector built equal a replay from event 0.
  const pool = await createSlonikPool(databaseUrl, { maximumPoolSize: 2 });
  const eventPool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const store = createPostgresEventStore({ pool: eventPool, connectionString: databaseUrl });
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
