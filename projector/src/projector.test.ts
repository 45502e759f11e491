import net from 'node:net';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { sql } from 'slonik';
import { Projector } from './projector.ts';
import { rebuildReadModels, ReplayStoppedError } from './rebuild.ts';
import { readModels } from './read-models/index.ts';
import { ACTIVE_SCHEMA, createReadModelSchema, PROJECTOR_APPLICATION_NAME, schemaState } from './schema.ts';
import { digestReadModel } from './testing/digest-read-model.ts';
import { appendMixedHistory, mulberry32 } from './testing/mixed-history.ts';
import { committedEvents } from '@mathdaily/testing';
import { contactEvent, dumpSchema, projectAll, projectorFixture, type ProjectorFixture } from './testing/projector-fixture.ts';

const models = [...readModels, digestReadModel];
let fixture: ProjectorFixture;

beforeEach(async () => {
  fixture = await projectorFixture();
});
afterEach(async () => {
  await fixture.close();
});

/** Appends `count` events over a few streams, one append per 1-3 events, with increasing times. */
async function appendEvents(count: number, offset = 0) {
  const start = Date.UTC(2026, 0, 1);
  let index = 0;
  while (index < count) {
    const size = 1 + ((index + offset) % 3);
    const events = [];
    for (let i = 0; i < size && index < count; i += 1, index += 1) {
      events.push(contactEvent(offset + index, new Date(start + (offset + index) * 60_000)));
    }
    await fixture.store.append(`contact-stream-${(offset + index) % 17}`, events, { expectedVersion: 'any' });
  }
}

function newProjector(options: { beforeEach?: (event: unknown, index: number) => void; batchSize?: number } = {}) {
  return new Projector({
    pool: fixture.pool,
    databaseUrl: fixture.databaseUrl,
    store: fixture.store,
    models,
    batchSize: options.batchSize ?? 40,
    ...(options.beforeEach ? { beforeEach: options.beforeEach } : {}),
  });
}

async function waitForCheckpoint(projector: Projector, position: bigint, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (projector.checkpoint < position) {
    if (Date.now() > deadline) throw new Error(`projector stuck at ${projector.checkpoint}, expected ${position}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('projector', () => {
  test('aborted mid-batch at random points, the read models equal a clean replay', async () => {
    // Create the read-model schema first, so the faulty projector follows events (not a rebuild).
    const creator = newProjector();
    await creator.start();
    await creator.stop();
    // Every read model gets events: accounts, sessions, problems, answers and ratings, forms.
    const appended = await appendMixedHistory(fixture.store, { students: 12, answersPerStudent: 40, seed: 20261123 });
    const last = await fixture.store.lastPosition();
    const random = mulberry32(20261122);
    let aborts = 0;
    const projector = newProjector({
      beforeEach: (_event, index) => {
        // Abort in the middle of batches (never on the first event), about 1 in 60 events, 12 times.
        if (aborts < 12 && index > 0 && random() < 1 / 60) {
          aborts += 1;
          throw new Error(`injected abort #${aborts} at batch index ${index}`);
        }
      },
    });
    await projector.start();
    await waitForCheckpoint(projector, last);
    await projector.stop();
    expect(aborts).toBeGreaterThanOrEqual(5);
    const afterAborts = await dumpSchema(fixture.pool, ACTIVE_SCHEMA);
    expect(JSON.parse(afterAborts.global_digest![0]!).events).toBe(appended);
    const empty = Object.entries(afterAborts).filter(([, rows]) => rows.length === 0).map(([table]) => table);
    expect(empty).toEqual([]);

    const replay = await rebuildReadModels({ pool: fixture.pool, store: fixture.store, models });
    expect(replay.events).toBe(appended);
    expect(await dumpSchema(fixture.pool, ACTIVE_SCHEMA)).toEqual(afterAborts);
  });

  test('resumes from its checkpoint after a restart, applying each event once', async () => {
    await appendEvents(100);
    const first = newProjector();
    await first.start();
    await waitForCheckpoint(first, await fixture.store.lastPosition());
    await first.stop();
    await appendEvents(50, 100);
    const second = newProjector();
    await second.start();
    await waitForCheckpoint(second, await fixture.store.lastPosition());
    await second.stop();
    const counted = await fixture.pool.oneFirst(sql.unsafe`SELECT events FROM read_models.global_digest`);
    expect(counted).toBe(150);
    expect(await fixture.pool.oneFirst(sql.unsafe`SELECT count(*) FROM read_models.contact_requests`)).toBe(150);
  });

  test('only one projector is active; a standby takes over when it stops', async () => {
    await appendEvents(30);
    const active = newProjector();
    await active.start();
    const standby = newProjector();
    const standbyStarted = standby.start();
    await appendEvents(20, 30);
    await waitForCheckpoint(active, await fixture.store.lastPosition());
    expect(standby.checkpoint).toBe(0n);
    await active.stop();
    await standbyStarted;
    await appendEvents(10, 50);
    await waitForCheckpoint(standby, await fixture.store.lastPosition());
    await standby.stop();
    expect(await fixture.pool.oneFirst(sql.unsafe`SELECT events FROM read_models.global_digest`)).toBe(60);
  });

  test('a standby outlives a database outage and still takes over afterwards', async () => {
    await appendEvents(10);
    const active = newProjector();
    await active.start();
    // The standby reaches PostgreSQL through a proxy that this test takes down and brings back.
    const target = new URL(fixture.databaseUrl);
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((socket) => {
      // The embedded servers also listen on TCP loopback when the URL names their socket folder.
      const upstream = net.connect(Number(target.port), target.hostname.startsWith('%2F') ? '127.0.0.1' : target.hostname);
      for (const end of [socket, upstream]) {
        sockets.add(end);
        end.on('error', () => {});
        end.on('close', () => sockets.delete(end));
      }
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as net.AddressInfo).port;
    const viaProxy = new URL(fixture.databaseUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(port);
    const lines: string[] = [];
    const standby = new Projector({ pool: fixture.pool, databaseUrl: viaProxy.toString(), store: fixture.store, models, batchSize: 40, log: (line) => lines.push(line) });
    let failed: unknown;
    const standbyStarted = standby.start().catch((error: unknown) => (failed = error));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // at least one refused attempt
    await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
    expect(failed).toBeUndefined();
    await active.stop();
    await standbyStarted;
    expect(failed).toBeUndefined();
    await appendEvents(10, 10);
    await waitForCheckpoint(standby, await fixture.store.lastPosition());
    await standby.stop();
    await new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
    expect(lines.some((line) => line.startsWith('projector: database unreachable'))).toBe(true);
  });

  test('a projector that loses its lock connection stops applying; exactly one projector carries on', async () => {
    await appendEvents(20);
    const first = newProjector();
    await first.start();
    const lockPid = await fixture.pool.oneFirst(
      sql.unsafe`SELECT pid FROM pg_stat_activity WHERE application_name = ${PROJECTOR_APPLICATION_NAME} AND datname = current_database()`,
    );
    await fixture.pool.query(sql.unsafe`SELECT pg_terminate_backend(${lockPid as number})`);
    const second = newProjector();
    const secondStarted = second.start();
    // Give both time to settle: the first competes again at once, the second polls every 2 s.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const projectors = [first, second];
    expect(projectors.filter((projector) => projector.active)).toHaveLength(1);
    const before = projectors.map((projector) => projector.checkpoint);
    await appendEvents(30, 20);
    const last = await fixture.store.lastPosition();
    const winner = projectors.find((projector) => projector.active)!;
    await waitForCheckpoint(winner, last);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const moved = projectors.filter((projector, index) => projector.checkpoint !== before[index]);
    expect(moved).toEqual([winner]);
    await first.stop();
    await second.stop();
    await secondStarted;
    expect(await fixture.pool.oneFirst(sql.unsafe`SELECT events FROM read_models.global_digest`)).toBe(50);
  });

  test('a replay beside the live projector switches schemas without losing or repeating events', async () => {
    await appendEvents(200);
    const live = newProjector();
    await live.start();
    const writing = appendEvents(150, 200);
    const replay = rebuildReadModels({ pool: fixture.pool, store: fixture.store, models, batchSize: 25 });
    await Promise.all([writing, replay]);
    await waitForCheckpoint(live, await fixture.store.lastPosition());
    await live.stop();
    const state = await schemaState(fixture.pool, ACTIVE_SCHEMA);
    expect(state?.position).toBe(await fixture.store.lastPosition());
    expect(await fixture.pool.oneFirst(sql.unsafe`SELECT events FROM read_models.global_digest`)).toBe(350);
    expect(await fixture.pool.oneFirst(sql.unsafe`SELECT count(*) FROM read_models.contact_requests`)).toBe(350);
    // Copied from the store when the replay started, by its fold, or by the live projector: each event once.
    expect(await fixture.pool.oneFirst(sql.unsafe`SELECT count(DISTINCT position) FILTER (WHERE type = 'ContactRequested') FROM read_models.event_log`)).toBe(350);
    expect(await fixture.pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM read_models.event_log`)).toBe((await committedEvents(fixture.databaseUrl)).length);
  });

  test('a replay ends with the keys and indexes a fresh schema is created with, whichever it built first or last', async () => {
    await appendEvents(20);
    await createReadModelSchema(fixture.pool, 'created_whole', models);
    await rebuildReadModels({ pool: fixture.pool, store: fixture.store, models });
    const indexes = (schema: string) =>
      fixture.pool.anyFirst(sql.unsafe`SELECT tablename || ': ' || replace(indexdef, ${`${schema}.`}, '') FROM pg_indexes WHERE schemaname = ${schema} ORDER BY 1`);
    const replayed = await indexes(ACTIVE_SCHEMA);
    expect(replayed).toEqual(await indexes('created_whole'));
    expect(replayed).toContain('event_log: CREATE INDEX event_log_stream ON event_log USING btree (stream_id, "position")');
    expect(replayed).toContain('event_log: CREATE UNIQUE INDEX event_log_pkey ON event_log USING btree ("position")');
  });

  test('a replay stopped mid-way drops its half-built schema and leaves the read models in use as they were', async () => {
    await appendEvents(60);
    await projectAll(fixture, models, 40);
    const before = await dumpSchema(fixture.pool, ACTIVE_SCHEMA);
    const stop = new AbortController();
    let reads = 0;
    const store = {
      ...fixture.store,
      readAll: async (options: { after: bigint; limit: number }) => {
        const page = await fixture.store.readAll(options);
        if (++reads === 3) stop.abort();
        return page;
      },
    };
    const replay = rebuildReadModels({ pool: fixture.pool, store, models, batchSize: 10, signal: stop.signal, buildSchema: 'stopped_build' });
    await expect(replay).rejects.toBeInstanceOf(ReplayStoppedError);
    expect(await fixture.pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM information_schema.schemata WHERE schema_name = 'stopped_build'`)).toBe(0);
    expect(await dumpSchema(fixture.pool, ACTIVE_SCHEMA)).toEqual(before);
  });

  test('a replay finishes when events commit between its last read and the switch', async () => {
    await appendEvents(30);
    const live = newProjector();
    await live.start();
    // The first empty read ends the replay's unlocked catch-up: commit more events right then.
    let emptyReads = 0;
    const store = {
      ...fixture.store,
      readAll: async (options: { after: bigint; limit: number }) => {
        const page = await fixture.store.readAll(options);
        if (page.length === 0 && emptyReads++ === 0) await appendEvents(7, 30);
        return page;
      },
    };
    const replay = await Promise.race([
      rebuildReadModels({ pool: fixture.pool, store, models }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the replay hangs at the switch')), 15_000)),
    ]);
    expect(replay.events).toBe(37);
    await waitForCheckpoint(live, await fixture.store.lastPosition());
    await live.stop();
    expect(await fixture.pool.oneFirst(sql.unsafe`SELECT events FROM read_models.global_digest`)).toBe(37);
  });

  test('changed read-model definitions rebuild the schema from event 0 at start', async () => {
    await appendEvents(40);
    const withoutDigest = new Projector({ pool: fixture.pool, databaseUrl: fixture.databaseUrl, store: fixture.store, models: readModels });
    await withoutDigest.start();
    await withoutDigest.stop();
    const projector = newProjector();
    await projector.start();
    await waitForCheckpoint(projector, await fixture.store.lastPosition());
    await projector.stop();
    expect(await fixture.pool.oneFirst(sql.unsafe`SELECT events FROM read_models.global_digest`)).toBe(40);
  });
});
