import type { RecordedEvent } from '@mathdaily/domain';
import { createTestDatabase } from '@mathdaily/testing';
import pg from 'pg';
import * as vitest from 'vitest';
import { runEventStoreConformance } from '../conformance/conformance.ts';
import { checkDelivery, makeEvents, readAllFrom, shortId, sleep, startCollector, writeConcurrently } from '../conformance/scenario.ts';
import { DuplicateEventIdError, UnknownPositionError } from '../errors.ts';
import type { EventStore } from '../event-store.ts';
import { createPostgresEventStore } from './postgres-event-store.ts';
import { migratePostgresEventStore, POSTGRES_LISTENER_APPLICATION_NAME } from './schema.ts';
import { appendWithDelayBeforeCommit, readAllNaive } from './test-hooks.ts';

const { describe, it, expect, beforeAll, afterAll, vi } = vitest;

async function freshStore(): Promise<{ url: string; pool: pg.Pool; store: EventStore; cleanup: () => Promise<void> }> {
  const url = await createTestDatabase('event_store');
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  await migratePostgresEventStore(pool);
  const store = createPostgresEventStore({ pool, warn: () => undefined });
  return {
    url,
    pool,
    store,
    cleanup: async () => {
      await store.close();
      await pool.end();
    },
  };
}

runEventStoreConformance(
  'PostgreSQL',
  async () => {
    const { url, pool, store, cleanup } = await freshStore();
    // Another process: a pool and a LISTEN connection of its own on the same database.
    const otherPool = new pg.Pool({ connectionString: url, max: 4 });
    const otherStore = createPostgresEventStore({ pool: otherPool, connectionString: url, warn: () => undefined });
    return {
      store,
      otherStore,
      cleanup: async () => {
        await otherStore.close();
        await otherPool.end();
        await cleanup();
      },
      appendSlowly: (streamId, events, { expectedVersion, holdMs }) =>
        appendWithDelayBeforeCommit(pool, streamId, events, { expectedVersion, beforeCommit: () => sleep(holdMs) }),
    };
  },
  vitest,
);

describe('PostgreSQL event store specifics', () => {
  let pool: pg.Pool;
  let store: EventStore;
  let url: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ pool, store, url, cleanup } = await freshStore());
  });
  afterAll(async () => {
    await cleanup();
  });

  it('migrates idempotently, also when several processes migrate at once', async () => {
    const fresh = await createTestDatabase('migrate');
    const pools = [new pg.Pool({ connectionString: fresh }), new pg.Pool({ connectionString: fresh })];
    try {
      await Promise.all([...pools, ...pools].map((p) => migratePostgresEventStore(p)));
      await migratePostgresEventStore(pools[0]!);
      const columns = await pools[0]!.query<{ column_name: string; data_type: string }>(
        `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'events' ORDER BY ordinal_position`,
      );
      expect(columns.rows.map((row) => `${row.column_name}:${row.data_type}`)).toEqual([
        'position:bigint',
        'stream_id:text',
        'version:integer',
        'event_id:uuid',
        'type:text',
        'data:jsonb',
        'metadata:jsonb',
        'transaction_id:xid8',
        'created_at:timestamp with time zone',
      ]);
      const indexes = await pools[0]!.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'events' ORDER BY 1`);
      expect(indexes.rows.map((row) => row.indexname)).toEqual([
        'events_event_id_unique',
        'events_pkey',
        'events_stream_version_unique',
        'events_transaction_id_position_idx',
      ]);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('appendMany stores several streams in one transaction, all or nothing', async () => {
    const prefix = shortId();
    const results = await store.appendMany([
      { streamId: `${prefix}-a`, events: makeEvents(2), expectedVersion: 'no_stream' },
      { streamId: `${prefix}-b`, events: makeEvents(1), expectedVersion: 'no_stream' },
    ]);
    expect(results.map((result) => result.nextExpectedVersion)).toEqual([2, 1]);
    expect((await store.readStream(`${prefix}-a`)).version).toBe(2);
    expect(results[1]!.position).toBe((await store.readStream(`${prefix}-b`)).events[0]!.position);

    // One stream's expectation fails: nothing of the batch is stored.
    await expect(
      store.appendMany([
        { streamId: `${prefix}-c`, events: makeEvents(1), expectedVersion: 'no_stream' },
        { streamId: `${prefix}-a`, events: makeEvents(1), expectedVersion: 'no_stream' },
      ]),
    ).rejects.toMatchObject({ name: 'ConcurrencyError', streamId: `${prefix}-a`, actual: 2 });
    expect((await store.readStream(`${prefix}-c`)).exists).toBe(false);

    // Ids already stored: refused, nothing stored.
    const [stored] = (await store.readStream(`${prefix}-b`)).events;
    await expect(
      store.appendMany([{ streamId: `${prefix}-d`, events: [{ ...makeEvents(1)[0]!, id: stored!.id }], expectedVersion: 'any' }]),
    ).rejects.toBeInstanceOf(DuplicateEventIdError);
    expect((await store.readStream(`${prefix}-d`)).exists).toBe(false);
  });

  it('refuses ids already stored in another stream or as part of another append', async () => {
    const events = makeEvents(2);
    await store.append(`${shortId()}-a`, events, { expectedVersion: 'no_stream' });
    await expect(store.append(`${shortId()}-b`, events, { expectedVersion: 'any' })).rejects.toBeInstanceOf(DuplicateEventIdError);
    await expect(store.append(`${shortId()}-c`, [events[0]!, ...makeEvents(1)], { expectedVersion: 'any' })).rejects.toBeInstanceOf(
      DuplicateEventIdError,
    );
  });

  it('orders positions as numbers (lastPosition, naive read) across digit boundaries', async () => {
    const fresh = await freshStore();
    try {
      const result = await fresh.store.append(`${shortId()}-digits`, makeEvents(12), { expectedVersion: 'no_stream' });
      expect(result.position).toBe(12n);
      expect(await fresh.store.lastPosition()).toBe(12n);
      expect((await fresh.store.readAll({ after: 0n, limit: 100 })).map((event) => event.position)).toEqual(
        Array.from({ length: 12 }, (_, index) => BigInt(index + 1)),
      );
      expect((await readAllNaive(fresh.pool, { after: 0n, limit: 100 })).map((event) => event.position).at(-1)).toBe(12n);
    } finally {
      await fresh.cleanup();
    }
  });

  it('readAll rejects an `after` that is not a stored position', async () => {
    await expect(store.readAll({ after: 987_654_321n, limit: 10 })).rejects.toBeInstanceOf(UnknownPositionError);
  });

  it('hides events behind an older open transaction (readAll, lastPosition) and a subscriber still gets them without a NOTIFY', async () => {
    const prefix = `${shortId()}-horizon-`;
    await store.append(`${prefix}before`, makeEvents(1), { expectedVersion: 'no_stream' });
    const start = await store.lastPosition();
    const collector = startCollector(store, { after: start, prefix });
    await collector.subscription.caughtUp;

    // An unrelated transaction that has a transaction id and stays open.
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT pg_current_xact_id()');
      const events = makeEvents(2);
      const appended = await store.append(`${prefix}after`, events, { expectedVersion: 'no_stream' });
      await sleep(400);
      expect(collector.events).toHaveLength(0);
      expect(await store.readAll({ after: start, limit: 10 })).toEqual([]);
      expect(await store.lastPosition()).toBe(start);
      // Naive reading does see it: the difference between "committed" and "safe to read past".
      expect((await readAllNaive(pool, { after: start, limit: 10 })).map((event) => event.id)).toEqual(events.map((event) => event.id));

      await blocker.query('COMMIT'); // commits nothing of ours and sends no NOTIFY
      expect(await collector.waitForCount(2, 3_000)).toBe(true);
      expect(collector.events.map((event) => event.id)).toEqual(events.map((event) => event.id));
      expect(await store.lastPosition()).toBe(appended.position);
    } finally {
      await blocker.end();
      await collector.stop();
    }
  });

  it("an idle connection of the caller's pool dying (a database restart) is reported, not fatal", async () => {
    const callerPool = new pg.Pool({ connectionString: url, max: 1, application_name: 'caller-pool' });
    const warnings: string[] = [];
    const callerStore = createPostgresEventStore({ pool: callerPool, connectionString: url, warn: (message) => warnings.push(message) });
    try {
      await callerStore.append(`${shortId()}-idle`, makeEvents(1), { expectedVersion: 'no_stream' });
      // Queued behind the append's wake-up notification on the pool's one connection: after it, the connection is idle.
      await callerPool.query('SELECT 1');
      await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'caller-pool'`);
      await vi.waitFor(() => expect(warnings).toContain('event store: idle database connection lost'));
      // The pool opens a new connection for the next append.
      await callerStore.append(`${shortId()}-after`, makeEvents(1), { expectedVersion: 'no_stream' });
    } finally {
      await callerStore.close();
      await callerPool.end();
    }
  });

  it('a connection dying while an append holds it between two statements (PostgreSQL killed) fails that append, not the process', async () => {
    // pg emits the server's FATAL on a checked-out client with no query running as an 'error'
    // event; unhandled, it ended the server when the fault test killed PostgreSQL under load.
    const callerPool = new pg.Pool({ connectionString: url, max: 1, application_name: 'holding-pool' });
    try {
      const held = appendWithDelayBeforeCommit(callerPool, `${shortId()}-held`, makeEvents(1), {
        expectedVersion: 'no_stream',
        beforeCommit: async () => {
          await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'holding-pool'`);
          await sleep(200); // the FATAL arrives while no statement runs
        },
      });
      await expect(held).rejects.toThrow();
      // The dead connection was dropped: the next append gets a new one.
      const after = await appendWithDelayBeforeCommit(callerPool, `${shortId()}-after`, makeEvents(1), { expectedVersion: 'no_stream', beforeCommit: async () => {} });
      expect(after.nextExpectedVersion).toBe(1);
    } finally {
      await callerPool.end();
    }
  });

  it('a subscriber held back by an open append reads again at that append\'s NOTIFY, not after the poll delay', async () => {
    const prefix = `${shortId()}-held-`;
    // A poll delay no test waits out: only the NOTIFY can bring the events in time.
    const patient = createPostgresEventStore({ pool, warn: () => undefined, horizonPollMs: { firstMs: 60_000, maxMs: 60_000 } });
    const collector = startCollector(patient, { after: await patient.lastPosition(), prefix });
    await collector.subscription.caughtUp;
    let release!: () => void;
    const held = appendWithDelayBeforeCommit(pool, `${prefix}slow`, makeEvents(1), {
      expectedVersion: 'no_stream',
      beforeCommit: () => new Promise<void>((resolve) => (release = resolve)),
    });
    try {
      await vi.waitFor(() => expect(release).toBeDefined());
      // Committed, but behind the open append: the subscriber wakes, reads nothing, and waits.
      await store.append(`${prefix}fast`, makeEvents(1), { expectedVersion: 'no_stream' });
      await sleep(400);
      expect(collector.events).toHaveLength(0);
      release();
      await held;
      expect(await collector.waitForCount(2, 5_000)).toBe(true);
    } finally {
      release?.();
      await collector.stop();
      await patient.close();
    }
  });

  it('an idle subscription does not poll: it sleeps until NOTIFY', async () => {
    const prefix = `${shortId()}-idle-`;
    const collector = startCollector(store, { after: await store.lastPosition(), prefix });
    await collector.subscription.caughtUp;
    await sleep(100);
    const spy = vi.spyOn(pool, 'query');
    try {
      await sleep(1_500);
      expect(spy.mock.calls.length).toBe(0);
      await store.append(`${prefix}x`, makeEvents(1), { expectedVersion: 'no_stream' });
      expect(await collector.waitForCount(1, 3_000)).toBe(true);
    } finally {
      spy.mockRestore();
      await collector.stop();
    }
  });

  it('wakes listeners only after the append committed: whoever reads on the notification sees the events', async () => {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    try {
      await listener.query('LISTEN mathdaily_events');
      const seen: { payload: string; found: boolean }[] = [];
      const checks: Promise<void>[] = [];
      listener.on('notification', (message) => {
        checks.push(
          pool
            .query('SELECT 1 FROM events WHERE position = $1', [message.payload])
            .then((result) => void seen.push({ payload: message.payload ?? '', found: result.rowCount === 1 })),
        );
      });
      const results = await Promise.all(Array.from({ length: 20 }, () => store.append(`${shortId()}-notify`, makeEvents(2), { expectedVersion: 'no_stream' })));
      const highest = results.reduce((max, result) => (result.position > max ? result.position : max), 0n);
      await vi.waitFor(() => expect(seen.some((entry) => BigInt(entry.payload) >= highest)).toBe(true));
      await Promise.all(checks);
      // Fewer notifications than appends when they overlap, each naming a committed event.
      expect(seen.length).toBeLessThanOrEqual(results.length);
      expect(seen.every((entry) => entry.found)).toBe(true);
    } finally {
      await listener.end();
    }
  });

  it('reconnects the LISTEN connection when it drops and catches up what was appended meanwhile', async () => {
    const prefix = `${shortId()}-reconnect-`;
    const collector = startCollector(store, { after: await store.lastPosition(), prefix });
    await collector.subscription.caughtUp;
    const listenerPid = async () =>
      (
        await pool.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
          [POSTGRES_LISTENER_APPLICATION_NAME],
        )
      ).rows.map((row) => row.pid);
    const [before] = await listenerPid();
    expect(before).toBeDefined();
    try {
      await pool.query('SELECT pg_terminate_backend($1)', [before]);
      // Appended while nobody listens: its NOTIFY is lost.
      await store.append(`${prefix}during`, makeEvents(2), { expectedVersion: 'no_stream' });
      let after: number | undefined;
      for (let waited = 0; waited < 10_000 && (after === undefined || after === before); waited += 50) {
        await sleep(50);
        after = (await listenerPid())[0];
      }
      expect(after).toBeDefined();
      expect(after).not.toBe(before);
      expect(await collector.waitForCount(2, 5_000)).toBe(true);
      await store.append(`${prefix}later`, makeEvents(1), { expectedVersion: 'no_stream' });
      expect(await collector.waitForCount(3, 5_000)).toBe(true);
    } finally {
      await collector.stop();
    }
  });

  it(
    'the naive `position > last` reader misses the slow transaction that the xmin reader delivers (same scenario as the conformance test)',
    async () => {
      const { pool: naivePool, store: naiveStore, cleanup: naiveCleanup } = await freshStore();
      const prefix = `${shortId()}-naive-`;
      const naive = { last: 0n, received: [] as RecordedEvent[], reads: 0, running: true };
      const naiveLoop = (async () => {
        while (naive.running) {
          const page = await readAllNaive(naivePool, { after: naive.last, limit: 500 });
          naive.reads += 1;
          if (page.length > 0) {
            naive.received.push(...page);
            naive.last = page.at(-1)!.position;
          } else await sleep(10);
        }
      })();
      const collector = startCollector(naiveStore, { after: 0n, prefix, batchSize: 250 });
      try {
        await collector.subscription.caughtUp;
        let heldMs = 0;
        const written = await writeConcurrently({
          store: naiveStore,
          prefix,
          writers: 8,
          totalEvents: 5_000,
          slowWriter: (streamId, events) =>
            appendWithDelayBeforeCommit(naivePool, streamId, events, {
              expectedVersion: 'no_stream',
              // Hold for 1.5 s, and at least until the naive reader has moved past the slow positions.
              beforeCommit: async (pending) => {
                const began = Date.now();
                await sleep(1_500);
                while (naive.last <= pending.position && Date.now() - began < 15_000) await sleep(10);
                heldMs = Date.now() - began;
              },
            }),
        });
        expect(await collector.waitForCount(written.ids.length, 30_000)).toBe(true);
        // Let the naive reader finish too: it reads every committed row after its cursor.
        await sleep(300);
        naive.running = false;
        await naiveLoop;

        const naiveIds = new Set(naive.received.map((event) => event.id));
        const skipped = written.ids.filter((id) => !naiveIds.has(id));
        const xminCheck = checkDelivery(collector.events, written.ids, await readAllFrom(naiveStore, 0n, prefix));
        const slowSkipped = written.slowIds.filter((id) => skipped.includes(id));
        console.info(
          `[naive vs xmin] ${written.ids.length} events, 8 writers, slow transaction held ${heldMs} ms, naive reader polled ${naive.reads} times: ` +
            `naive reader received ${naive.received.length} and skipped ${skipped.length} ` +
            `(all ${slowSkipped.length} of the slow transaction's events, plus ${skipped.length - slowSkipped.length} from ordinary writers whose commits overtook each other); ` +
            `xmin subscriber received ${collector.events.length}, missing ${xminCheck.missing.length}, duplicates ${xminCheck.duplicates.length}`,
        );
        expect(naive.received.length).toBe(naiveIds.size);
        expect(skipped.length).toBeGreaterThan(0);
        expect(slowSkipped).toEqual(written.slowIds);
        expect(xminCheck.missing).toEqual([]);
        expect(xminCheck.duplicates).toEqual([]);
        expect(xminCheck.firstOrderMismatch).toBe(-1);
      } finally {
        naive.running = false;
        await naiveLoop.catch(() => undefined);
        await collector.stop();
        await naiveCleanup();
      }
    },
    120_000,
  );
});
