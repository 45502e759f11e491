import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { sql } from 'slonik';
import { ProjectorThread } from './projector-thread.ts';
import { contactEvent, projectorFixture, type ProjectorFixture } from './testing/projector-fixture.ts';

let fixture: ProjectorFixture;
let thread: ProjectorThread | undefined;
const workers: Worker[] = [];
const lines: string[] = [];
/** Set: the next threads are pointed at a database that does not exist, so they fail to start. */
let databaseGone = false;

beforeEach(async () => {
  fixture = await projectorFixture();
  workers.length = 0;
  lines.length = 0;
  databaseGone = false;
});
afterEach(async () => {
  await thread?.stop();
  thread = undefined;
  await fixture.close();
});

// The bundle `npm start` runs its projector thread from (npm test builds it first), as in start.test:
// a thread starts in about 2 s from it, 4 s from the sources through tsx, and this file starts many.
const bundle = new URL('../../launcher/dist/projector-worker.js', import.meta.url);

function startThread() {
  return ProjectorThread.start({
    databaseUrl: fixture.databaseUrl,
    log: (line) => lines.push(line),
    // The real worker; the test keeps each one to end it from outside, as a crash would.
    createWorker: (script, data) => {
      const databaseUrl = databaseGone ? data.databaseUrl.replace(/\/([^/?]+)(\?|$)/, '/no_such_database$2') : data.databaseUrl;
      const worker = new Worker(existsSync(bundle) ? bundle : script, { workerData: { ...data, databaseUrl }, execArgv: [] });
      workers.push(worker);
      return worker;
    },
    restartDelayMs: () => 200,
  });
}

async function appendContacts(from: number, count: number): Promise<bigint> {
  const at = Date.UTC(2026, 0, 1);
  let last = 0n;
  for (let index = from; index < from + count; index += 1) {
    const result = await fixture.store.append(`contact-stream-${index}`, [contactEvent(index, new Date(at + index * 60_000))], { expectedVersion: 'any' });
    last = result.position;
  }
  return last;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; log: ${lines.join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const contactRows = () => fixture.pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM read_models.contact_requests`);

test('a projector thread that dies after start is started again, resumes from its checkpoint and loses no event', async () => {
  const first = await appendContacts(0, 5);
  thread = await startThread();
  await until(() => thread!.checkpoint >= first, 'the first thread to catch up');
  expect(thread.active).toBe(true);

  await workers[0]!.terminate();
  const last = await appendContacts(5, 7);
  await until(() => workers.length === 2 && thread!.checkpoint >= last, 'the second thread to catch up');
  expect(thread.active).toBe(true);
  expect(await contactRows()).toBe(12);
  expect(lines.some((line) => line.includes('projector thread ended unexpectedly; starting it again in 0.2 s'))).toBe(true);

  // Stopping ends the thread for good: no restart after it.
  await thread.stop();
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(workers).toHaveLength(2);
  thread = undefined;
});

test('a restart that cannot start (database gone) is tried again until it can; stop ends the attempts', async () => {
  thread = await startThread();
  const started = workers.length;
  databaseGone = true;
  await workers[0]!.terminate();
  await until(() => lines.some((line) => line.includes('projector thread could not start; starting it again in 0.2 s')), 'a failed restart');
  expect(thread.active).toBe(false);
  expect(workers.length).toBeGreaterThanOrEqual(started + 1);

  // The database is back: the next attempt starts and catches up.
  databaseGone = false;
  const last = await appendContacts(0, 3);
  await until(() => thread!.checkpoint >= last && thread!.active, 'a restart once the database is back');
  expect(await contactRows()).toBe(3);

  await thread.stop();
  const attempts = workers.length;
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(workers).toHaveLength(attempts);
  thread = undefined;
});
