import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createPostgresEventStore } from '@mathdaily/event-store';
import { POSITION_WAITER_APPLICATION_NAME, PositionWaiter } from './wait-for-position.ts';
import { Projector, readModels, contactEvent, projectorFixture, type ProjectorFixture } from '@mathdaily/testing';

let fixture: ProjectorFixture;
let waiter: PositionWaiter;
let projector: Projector;

beforeEach(async () => {
  fixture = await projectorFixture();
  projector = new Projector({ pool: fixture.pool, databaseUrl: fixture.databaseUrl, store: fixture.store, models: readModels });
  await projector.start();
  waiter = new PositionWaiter({ pool: fixture.pool, databaseUrl: fixture.databaseUrl, eventsInPostgres: true });
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
  expect(await waiter.waitFor(position, 5000)).toBe(true);
  expect(performance.now() - started).toBeLessThan(4000);
  expect(await waiter.reached(position)).toBe(true);
});

test('a position the projector has not reached times out after the bound', async () => {
  await projector.stop();
  const { position } = await fixture.store.append('contact-b', [contactEvent(2, new Date('2026-01-01T00:00:00Z'))], { expectedVersion: 'no_stream' });
  const started = performance.now();
  expect(await waiter.waitFor(position, 300)).toBe(false);
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
  expect(await waiter.waitFor(position, 5000)).toBe(true);
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

const notify = (payload: string) => fixture.eventPool.query(`SELECT pg_notify('mathdaily_checkpoint', $1)`, [payload]);
const transactionIdOf = async (position: bigint) =>
  (await fixture.eventPool.query<{ tx: string }>('SELECT transaction_id::text AS tx FROM events WHERE position = $1', [position.toString()])).rows[0]!
    .tx;
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

test('a NOTIFY carrying <position>:<transactionId> moves the checkpoint in memory: one lookup per awaited position, no query per wake-up', async () => {
  await projector.stop();
  const counted = countingPool(fixture.pool);
  const own = new PositionWaiter({ pool: counted.pool, databaseUrl: fixture.databaseUrl, eventsInPostgres: true });
  await own.start();
  try {
    const at = new Date('2026-01-01T00:00:00Z');
    const first = await fixture.store.append('contact-d', [contactEvent(4, at)], { expectedVersion: 'no_stream' });
    const second = await fixture.store.append('contact-e', [contactEvent(5, at)], { expectedVersion: 'no_stream' });
    const before = counted.queries();
    const waits = Array.from({ length: 20 }, () => own.waitFor(second.position, 5000));
    await settle();
    expect(counted.queries() - before).toBe(1);
    // Checkpoints short of the position wake every waiter; none of them queries.
    for (let n = 0; n < 5; n += 1) await notify(`${first.position}:${await transactionIdOf(first.position)}`);
    await settle();
    expect(counted.queries() - before).toBe(1);
    // projection_state never moved (the projector is stopped): the payload alone answers.
    await notify(`${second.position}:${await transactionIdOf(second.position)}`);
    expect(await Promise.all(waits)).toEqual(Array.from({ length: 20 }, () => true));
    expect(await own.reached(second.position)).toBe(true);
    expect(counted.queries() - before).toBe(1);
  } finally {
    await own.close();
  }
});

test('a position this process appended (the store tells the waiter) costs no lookup: its own write is read at once', async () => {
  await projector.stop();
  const counted = countingPool(fixture.pool);
  const own = new PositionWaiter({ pool: counted.pool, databaseUrl: fixture.databaseUrl, eventsInPostgres: true });
  await own.start();
  const store = createPostgresEventStore({ pool: fixture.eventPool, connectionString: fixture.databaseUrl, onAppended: (position, transactionId) => own.remember(position, transactionId) });
  try {
    const { position } = await store.append('contact-g', [contactEvent(7, new Date('2026-01-01T00:00:00Z'))], { expectedVersion: 'no_stream' });
    const before = counted.queries();
    expect(await own.pointOf(position)).toEqual({ position, transactionId: BigInt(await transactionIdOf(position)) });
    const wait = own.waitFor(position, 5000);
    await notify(`${position}:${await transactionIdOf(position)}`);
    expect(await wait).toBe(true);
    expect(counted.queries() - before).toBe(0);
  } finally {
    await store.close();
    await own.close();
  }
});

test('a bare <position> NOTIFY (the older payload) costs one projection_state read, shared by every waiter', async () => {
  await projector.stop();
  const counted = countingPool(fixture.pool);
  const own = new PositionWaiter({ pool: counted.pool, databaseUrl: fixture.databaseUrl, eventsInPostgres: true });
  await own.start();
  try {
    const { position } = await fixture.store.append('contact-f', [contactEvent(6, new Date('2026-01-01T00:00:00Z'))], { expectedVersion: 'no_stream' });
    const before = counted.queries();
    const waits = Array.from({ length: 20 }, () => own.waitFor(position, 5000));
    await settle();
    // As if the projector had applied it.
    await fixture.pool.query(sql.unsafe`UPDATE read_models.projection_state SET position = ${position.toString()}::bigint`);
    await notify(position.toString());
    expect(await Promise.all(waits)).toEqual(Array.from({ length: 20 }, () => true));
    expect(counted.queries() - before).toBe(2);
  } finally {
    await own.close();
  }
});

test('an unknown position is never reached and times out (a stale read, not an error)', async () => {
  expect(await waiter.reached(987_654_321n)).toBe(false);
  expect(await waiter.waitFor(987_654_321n, 200)).toBe(false);
  expect(await waiter.reached(0n)).toBe(true);
});

test('with EventStoreDB the NOTIFY is a bare commit position and positions compare alone, in memory', async () => {
  await projector.stop();
  const counted = countingPool(fixture.pool);
  const own = new PositionWaiter({ pool: counted.pool, databaseUrl: fixture.databaseUrl, eventsInPostgres: false });
  await own.start();
  try {
    const before = counted.queries();
    const wait = own.waitFor(5_000_000n, 5000);
    await notify('4999999');
    await settle();
    expect(await own.reached(5_000_000n)).toBe(false);
    await notify('5000137');
    expect(await wait).toBe(true);
    expect(counted.queries() - before).toBe(0);
  } finally {
    await own.close();
  }
});
