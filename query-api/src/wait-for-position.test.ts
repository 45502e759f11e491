import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { POSITION_WAITER_APPLICATION_NAME, PositionWaiter } from './wait-for-position.ts';
import { Projector, readModels, contactEvent, projectorFixture, type ProjectorFixture } from '@mathdaily/testing';

let fixture: ProjectorFixture;
let waiter: PositionWaiter;
let projector: Projector;

beforeEach(async () => {
  fixture = await projectorFixture();
  projector = new Projector({ pool: fixture.pool, databaseUrl: fixture.databaseUrl, store: fixture.store, models: readModels });
  await projector.start();
  waiter = new PositionWaiter({ pool: fixture.pool, databaseUrl: fixture.databaseUrl });
  await waiter.start();
});
afterEach(async () => {
  await waiter.close();
  await projector.stop();
  await fixture.close();
});

test('a read waits until the projector has applied the position, woken by NOTIFY', async () => {
  const { position } = await fixture.store.append('contact-a', [contactEvent(1, new Date('2026-01-01T00:00:00Z'))], { expectedVersion: 'no_stream' });
  const started = performance.now();
  const seq = await waiter.waitFor(position, 5000);
  expect(seq).toBeGreaterThan(0);
  expect(performance.now() - started).toBeLessThan(4000);
  expect(await waiter.reached(position)).toBe(true);
  expect(waiter.checkpoint.seq).toBeGreaterThanOrEqual(seq!);
});

test('a position the projector has not reached times out after the bound', async () => {
  await projector.stop();
  const { position } = await fixture.store.append('contact-b', [contactEvent(2, new Date('2026-01-01T00:00:00Z'))], { expectedVersion: 'no_stream' });
  const started = performance.now();
  expect(await waiter.waitFor(position, 300)).toBeNull();
  expect(performance.now() - started).toBeGreaterThanOrEqual(290);
});

test('the LISTEN connection comes back after it drops, also when the first attempts fail, and NOTIFY wakes waiters again', async () => {
  const listenerPid = async () =>
    (
      await fixture.eventPool.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [POSITION_WAITER_APPLICATION_NAME],
      )
    ).rows.map((row) => row.pid);
  const [before] = await listenerPid();
  expect(before).toBeDefined();
  // Reconnecting is refused for a while (a restarting server), then allowed again.
  const database = new URL(fixture.databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: fixture.databaseUrl.replace(/\/[^/?]+(\?|$)/, '/postgres$1') });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS false`);
    await fixture.eventPool.query('SELECT pg_terminate_backend($1)', [before]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await listenerPid()).toEqual([]);
  } finally {
    await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`);
    await admin.end();
  }
  let after: number | undefined;
  for (let waited = 0; waited < 10_000 && (after === undefined || after === before); waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    after = (await listenerPid())[0];
  }
  expect(after).toBeDefined();
  expect(after).not.toBe(before);
  const { position } = await fixture.store.append('contact-c', [contactEvent(3, new Date('2026-01-01T00:00:00Z'))], { expectedVersion: 'no_stream' });
  const started = performance.now();
  // A deaf waiter would only give up at the 5 s limit.
  expect(await waiter.waitFor(position, 5000)).not.toBeNull();
  expect(performance.now() - started).toBeLessThan(4000);
});

/** The pool, counting the queries made through it. */
function countingPool(pool: DatabasePool): { pool: DatabasePool; queries: () => number } {
  let queries = 0;
  const counted = new Proxy(pool, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        queries += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { pool: counted, queries: () => queries };
}

const notify = (payload: unknown) => fixture.eventPool.query(`SELECT pg_notify('mathdaily_checkpoint', $1)`, [JSON.stringify(payload)]);
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
const feed = (after: number) =>
  fixture.pool.any(sql.unsafe`SELECT seq::int AS seq, position::text AS position, changes, reset FROM read_models.change_feed WHERE seq > ${after} ORDER BY seq`);

test('a batch whose NOTIFY names the position wakes its readers without a query; one lookup per awaited position before that', async () => {
  await projector.stop();
  const counted = countingPool(fixture.pool);
  const own = new PositionWaiter({ pool: counted.pool, databaseUrl: fixture.databaseUrl });
  await own.start();
  try {
    const at = new Date('2026-01-01T00:00:00Z');
    const first = await fixture.store.append('contact-d', [contactEvent(4, at)], { expectedVersion: 'no_stream' });
    const second = await fixture.store.append('contact-e', [contactEvent(5, at)], { expectedVersion: 'no_stream' });
    const before = counted.queries();
    const waits = Array.from({ length: 20 }, () => own.waitFor(second.position, 5000));
    await settle();
    expect(counted.queries() - before).toBe(1);
    // Batches of other positions wake every waiter; none of them queries.
    const seq = own.checkpoint.seq;
    const changes = { learners: {}, everyone: false, problemsCreated: [], problemsAnswered: [], questionSets: [], users: [] };
    for (let n = 1; n <= 3; n += 1) await notify({ seq: seq + n, position: first.position.toString(), ranges: [[first.position.toString(), first.position.toString()]], changes });
    await settle();
    expect(counted.queries() - before).toBe(1);
    await notify({ seq: seq + 4, position: second.position.toString(), ranges: [[first.position.toString(), second.position.toString()]], changes });
    expect(await Promise.all(waits)).toEqual(Array.from({ length: 20 }, () => seq + 4));
    expect(await own.reached(second.position)).toBe(true);
    expect(own.appliedAt(second.position)).toBe(seq + 4);
    expect(counted.queries() - before).toBe(1);
  } finally {
    await own.close();
  }
});

test('batches are handed on in order, each once, with what they changed: a NOTIFY without changes or ranges, or a missed one, is read from the change feed', async () => {
  const batches: { seq: number; reset: boolean; users: string[] | null }[] = [];
  const own = new PositionWaiter({ pool: fixture.pool, databaseUrl: fixture.databaseUrl });
  own.onAdvance((batch) => batches.push({ seq: batch.seq, reset: batch.reset, users: batch.changes?.users ?? null }));
  await own.start();
  try {
    const start = own.checkpoint.seq;
    // Three batches the projector applies for real.
    const users = [randomUUID(), randomUUID(), randomUUID()];
    let last = 0n;
    for (const userId of users) {
      last = (await fixture.store.append(`user-${userId}`, [{ id: randomUUID(), type: 'ProfileUpdated', data: { userId, gradeLevel: 3 }, metadata: { actorId: null, correlationId: randomUUID(), causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 } }], { expectedVersion: 'any' })).position;
      expect(await own.waitFor(last, 5000)).not.toBeNull();
    }
    const rows = await feed(start);
    const mine = batches.filter((batch) => batch.seq > start);
    expect(mine.map((batch) => batch.seq)).toEqual(rows.map((row) => (row as { seq: number }).seq));
    expect(mine.flatMap((batch) => batch.users ?? [])).toEqual(expect.arrayContaining(users));

    // A NOTIFY that skips a number and leaves its changes out: the feed fills in both, in order.
    await projector.stop();
    const next = own.checkpoint.seq;
    const extra = [randomUUID(), randomUUID()];
    for (const [index, userId] of extra.entries()) {
      await fixture.pool.query(sql.unsafe`INSERT INTO read_models.change_feed (seq, position, changes) VALUES (${next + index + 1}, ${last.toString()}, ${JSON.stringify({ learners: {}, everyone: false, problemsCreated: [], problemsAnswered: [], questionSets: [], users: [userId] })}::jsonb)`);
    }
    await notify({ seq: next + 2, position: last.toString(), ranges: null, changes: null });
    await expect.poll(() => own.checkpoint.seq).toBe(next + 2);
    expect(batches.slice(-2)).toEqual([
      { seq: next + 1, reset: false, users: [extra[0]] },
      { seq: next + 2, reset: false, users: [extra[1]] },
    ]);
    // A number the feed no longer has: a reset.
    await notify({ seq: next + 9, position: last.toString(), ranges: null, changes: null });
    await expect.poll(() => own.checkpoint.seq).toBe(next + 9);
    expect(batches.slice(-2).map((batch) => batch.reset)).toEqual([true, true]);
  } finally {
    await own.close();
  }
});

test('a waiter started before the projector made the read models follows them once they exist', async () => {
  const fresh = await projectorFixture();
  const early = new PositionWaiter({ pool: fresh.pool, databaseUrl: fresh.databaseUrl });
  await early.start();
  const late = new Projector({ pool: fresh.pool, databaseUrl: fresh.databaseUrl, store: fresh.store, models: readModels });
  try {
    await late.start();
    const { position } = await fresh.store.append('contact-late', [contactEvent(8, new Date('2026-01-01T00:00:00Z'))], { expectedVersion: 'no_stream' });
    expect(await early.waitFor(position, 5000)).not.toBeNull();
    expect(early.checkpoint.seq).toBeGreaterThan(0);
  } finally {
    await early.close();
    await late.stop();
    await fresh.close();
  }
});

test('an unknown position is never reached and times out (a stale read, not an error)', async () => {
  expect(await waiter.reached(987_654_321n)).toBe(false);
  expect(await waiter.waitFor(987_654_321n, 200)).toBeNull();
  expect(await waiter.reached(0n)).toBe(true);
});
