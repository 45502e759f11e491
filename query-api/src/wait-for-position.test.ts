import pg from 'pg';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { Projector, readModels } from '@mathdaily/projector';
import { contactEvent, projectorFixture, type ProjectorFixture } from '@mathdaily/projector/testing/projector-fixture';
import { POSITION_WAITER_APPLICATION_NAME, PositionWaiter } from './wait-for-position.ts';

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
