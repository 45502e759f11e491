import type { RecordedEvent } from '@mathdaily/domain';
import { makeTestCertificates, startEventStoreDbTestServer, type EventStoreDbTestServer } from '@mathdaily/testing/eventstoredb-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEvents, shortId, sleep, startCollector } from '../conformance/scenario.ts';
import { ConcurrencyError, StreamsChangedError, type EventStore } from '../event-store.ts';
import { createEventStoreDbEventStore, toKurrentDbConnectionString, type EventStoreDbEventStoreOptions } from './eventstoredb-event-store.ts';

/*
 * The EventStoreDB adapter's own logic, over gRPC against the test server
 * (testing/src/eventstoredb-server): revision/version mapping, system events, checkpoints,
 * batching and back-pressure, resubscription without duplicates, reconnection after the server
 * was lost, the principal check on the leader, connection strings, TLS and credentials.
 */

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > timeoutMs) throw new Error('timed out waiting');
    await sleep(20);
  }
}

describe('EventStoreDB adapter over gRPC (test server)', () => {
  let server: EventStoreDbTestServer;
  const stores: EventStore[] = [];
  const storeFor = (options: Partial<EventStoreDbEventStoreOptions> = {}) => {
    const store = createEventStoreDbEventStore({ connectionString: server.url, warn: () => undefined, ...options });
    stores.push(store);
    return store;
  };

  beforeAll(async () => {
    server = await startEventStoreDbTestServer();
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await server.close();
  });

  it('maps versions to revisions (version = revision + 1) and a wrong expected version to ConcurrencyError with the actual version', async () => {
    const store = storeFor();
    const streamId = `${shortId()}-v`;
    await store.append(streamId, makeEvents(3), { expectedVersion: 0 });
    expect(server.log.stream(streamId)!.map((event) => event.revision)).toEqual([0n, 1n, 2n]);
    expect((await store.readStream(streamId)).events.map((event) => event.version)).toEqual([1, 2, 3]);
    await expect(store.append(streamId, makeEvents(1), { expectedVersion: 2 })).rejects.toMatchObject({ name: 'ConcurrencyError', expected: 2, actual: 3 });
    await expect(store.append(`${shortId()}-v`, makeEvents(1), { expectedVersion: 'stream_exists' })).rejects.toMatchObject({ name: 'ConcurrencyError', actual: 0 });
    // An empty append writes nothing: it checks the expectation and answers with the head.
    const head = await store.append(streamId, [], { expectedVersion: 3 });
    expect(head).toEqual({ nextExpectedVersion: 3, position: server.log.stream(streamId)![2]!.position });
    await expect(store.append(streamId, [], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(ConcurrencyError);
  });

  it('keeps system events out of readAll, lastPosition and subscriptions', async () => {
    const store = storeFor();
    const start = await store.lastPosition();
    const prefix = `${shortId()}-sys-`;
    server.writeSystemEvent('$stats-127.0.0.1:2113', '$statsCollected', { 'proc-cpu': 3 });
    const appended = await store.append(`${prefix}1`, makeEvents(2), { expectedVersion: 'no_stream' });
    // The server filters `$` event types; an event in a `$` stream with another type is the client's to skip.
    server.writeSystemEvent('$projections-$all', 'ProjectionUpdated', {});
    server.writeSystemEvent('$$' + `${prefix}1`, '$metadata', { $maxAge: 10 });
    expect(await store.lastPosition()).toBe(appended.position);
    const all = await store.readAll({ after: start, limit: 10 });
    expect(all.map((event) => event.streamId)).toEqual([`${prefix}1`, `${prefix}1`]);
    const received: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({ after: start, onBatch: async (batch) => void received.push(...batch) });
    await subscription.caughtUp;
    server.writeSystemEvent('$stats-127.0.0.1:2113', '$statsCollected', {});
    await store.append(`${prefix}2`, makeEvents(1), { expectedVersion: 'no_stream' });
    await until(() => received.length === 3);
    await sleep(100);
    expect(received.map((event) => event.streamId)).toEqual([`${prefix}1`, `${prefix}1`, `${prefix}2`]);
    await subscription.stop();
  });

  it('keeps positions beyond 2^53 exact (bigint end to end over the wire)', async () => {
    // 2^60 + 1: odd and above Number.MAX_SAFE_INTEGER, where a detour through `number` would round it.
    const big = await startEventStoreDbTestServer({ firstPosition: 2n ** 60n + 1n });
    const store = createEventStoreDbEventStore({ connectionString: big.url, warn: () => undefined });
    try {
      const first = await store.append('big-1', makeEvents(2), { expectedVersion: 'no_stream' });
      const second = await store.append('big-2', makeEvents(1), { expectedVersion: 'no_stream' });
      const stored = [...big.log.stream('big-1')!, ...big.log.stream('big-2')!].map((event) => event.position);
      expect([first.position, second.position]).toEqual([stored[1], stored[2]]);
      expect(first.position > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
      expect(await store.lastPosition()).toBe(second.position);
      expect((await store.readAll({ after: first.position, limit: 10 })).map((event) => event.position)).toEqual([second.position]);
      expect((await store.readStream('big-1')).events.map((event) => event.position)).toEqual(stored.slice(0, 2));
      const collector = startCollector(store, { after: 0n, prefix: 'big-' });
      await collector.subscription.caughtUp;
      expect(collector.events.map((event) => event.position)).toEqual(stored);
      await collector.stop();
    } finally {
      await store.close();
      await big.close();
    }
  });

  it('subscribes with the server-side filter and resumes from the last checkpoint past system events', async () => {
    const store = storeFor({ resubscribeMinMs: 10 });
    const start = await store.lastPosition();
    const prefix = `${shortId()}-cp-`;
    const collector = startCollector(store, { after: start, prefix });
    await collector.subscription.caughtUp;
    await store.append(`${prefix}1`, makeEvents(3), { expectedVersion: 'no_stream' });
    expect(await collector.waitForCount(3, 10_000)).toBe(true);
    // 100 system events: the server sends a checkpoint every 32 events it considers.
    let lastSystem = 0n;
    for (let index = 0; index < 100; index += 1) lastSystem = server.writeSystemEvent('$stats-127.0.0.1:2113', '$statsCollected', { index }).position;
    await sleep(300);
    const before = server.reads.length;
    server.dropSubscriptions();
    await until(() => server.reads.slice(before).some((read) => read.subscription));
    const resumedFrom = BigInt(server.reads.slice(before).find((read) => read.subscription)!.from);
    // Not from the last user event (it would read the 100 system events again), but from a checkpoint among them.
    expect(resumedFrom).toBeGreaterThan(collector.events.at(-1)!.position);
    expect(resumedFrom).toBeLessThanOrEqual(lastSystem);
    await store.append(`${prefix}1`, makeEvents(2), { expectedVersion: 3 });
    expect(await collector.waitForCount(5, 10_000)).toBe(true);
    await sleep(100);
    expect(collector.events.map((event) => event.version)).toEqual([1, 2, 3, 4, 5]);
    await collector.stop();
  });

  it('resubscribes after a drop from its last delivered event, delivering each event once', async () => {
    const store = storeFor({ resubscribeMinMs: 10 });
    const start = await store.lastPosition();
    const prefix = `${shortId()}-drop-`;
    const collector = startCollector(store, { after: start, prefix, batchSize: 3 });
    await collector.subscription.caughtUp;
    await store.append(`${prefix}1`, makeEvents(7), { expectedVersion: 'no_stream' });
    expect(await collector.waitForCount(7, 10_000)).toBe(true);
    const before = server.reads.length;
    server.dropSubscriptions();
    await store.append(`${prefix}1`, makeEvents(5), { expectedVersion: 7 });
    expect(await collector.waitForCount(12, 10_000)).toBe(true);
    const resumed = server.reads.slice(before).find((read) => read.subscription)!;
    expect(BigInt(resumed.from)).toBe(collector.events[6]!.position);
    await sleep(200);
    expect(collector.events.map((event) => event.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    await collector.stop();
  });

  it('does not deliver again a batch that was in progress when the subscription dropped', async () => {
    const store = storeFor({ resubscribeMinMs: 5 });
    const start = await store.lastPosition();
    const prefix = `${shortId()}-inflight-`;
    const received: string[] = [];
    let dropped = false;
    const subscription = store.subscribeToAll({
      after: start,
      batchSize: 4,
      onBatch: async (batch) => {
        if (!dropped) {
          dropped = true;
          server.dropSubscriptions();
          await sleep(200); // the resubscription happens meanwhile, from the previous resume point
        }
        received.push(...batch.filter((event) => event.streamId.startsWith(prefix)).map((event) => event.id));
      },
    });
    const events = makeEvents(10);
    await store.append(`${prefix}1`, events, { expectedVersion: 'no_stream' });
    await until(() => received.length >= 10);
    await sleep(200);
    expect(received).toEqual(events.map((event) => event.id));
    await subscription.stop();
  });

  it('stops reading from the server while two batches wait (back-pressure), then delivers everything once', async () => {
    const store = storeFor();
    const start = await store.lastPosition();
    const prefix = `${shortId()}-bp-`;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const received: string[] = [];
    const before = server.reads.length;
    const subscription = store.subscribeToAll({
      after: start,
      batchSize: 10,
      onBatch: async (batch) => {
        await released;
        received.push(...batch.map((event) => event.id));
      },
    });
    const sent: string[] = [];
    for (let index = 0; index < 30; index += 1) {
      const events = makeEvents(100);
      await store.append(`${prefix}${index}`, events, { expectedVersion: 'no_stream' });
      sent.push(...events.map((event) => event.id));
    }
    const subscriptionRead = server.reads.slice(before).find((read) => read.subscription)!;
    // Wait until the server sends no more: HTTP/2 flow control holds it once the client stops reading.
    for (let last = -1, still = 0; still < 4; await sleep(100)) {
      still = subscriptionRead.sent === last ? still + 1 : 0;
      last = subscriptionRead.sent;
    }
    // Two batches queued plus what the transport buffers (about 300 here); without pause() all 3,000.
    expect(subscriptionRead.sent).toBeGreaterThan(20);
    expect(subscriptionRead.sent).toBeLessThan(1_000);
    release();
    await until(() => received.length >= 3_000, 20_000);
    await sleep(100);
    expect(received).toEqual(sent);
    await subscription.stop();
  });

  it('appendMany appends stream by stream in the order given and stops at the first failure (earlier streams stay written)', async () => {
    const store = storeFor();
    const [a, b, c] = [`${shortId()}-many-a`, `${shortId()}-many-b`, `${shortId()}-many-c`];
    await store.append(b, makeEvents(1), { expectedVersion: 'no_stream' });
    const results = store.appendMany([
      { streamId: a, events: makeEvents(1), expectedVersion: 'no_stream' },
      { streamId: b, events: makeEvents(1), expectedVersion: 'no_stream' },
      { streamId: c, events: makeEvents(1), expectedVersion: 'no_stream' },
    ]);
    await expect(results).rejects.toMatchObject({ name: 'ConcurrencyError', streamId: b });
    expect((await store.readStream(a)).version).toBe(1);
    expect((await store.readStream(c)).exists).toBe(false);
    const ok = await store.appendMany([
      { streamId: c, events: makeEvents(2), expectedVersion: 'no_stream' },
      { streamId: a, events: makeEvents(1), expectedVersion: 1 },
    ]);
    expect(ok.map((result) => result.nextExpectedVersion)).toEqual([2, 2]);
    expect(ok[1]!.position).toBeGreaterThan(ok[0]!.position);
  });

  it('reads the streams an append depends on from the leader (requires-leader), whatever the node preference', async () => {
    // With the default preference (leader) every read asks for the leader; with another, only the check does.
    const store = createEventStoreDbEventStore({ connectionString: `${server.url}&nodePreference=follower`, warn: () => undefined });
    stores.push(store);
    const [target, user, session] = [`${shortId()}-cmd`, `${shortId()}-user`, `${shortId()}-session`];
    await store.append(user, makeEvents(1), { expectedVersion: 'no_stream' });
    const before = server.reads.length;
    await store.append(target, makeEvents(1), { expectedVersion: 'no_stream', unchangedStreams: [{ streamId: user, version: 1 }, { streamId: session, version: 0 }] });
    const checks = server.reads.slice(before).filter((read) => read.stream === user || read.stream === session);
    expect(checks.map((read) => [read.stream, read.requiresLeader]).sort()).toEqual([[session, true], [user, true]].sort());
    await store.readStream(user);
    expect(server.reads.at(-1)).toMatchObject({ stream: user, requiresLeader: false });
    await store.append(session, makeEvents(1), { expectedVersion: 'no_stream' });
    await expect(store.append(target, makeEvents(1), { expectedVersion: 1, unchangedStreams: [{ streamId: session, version: 0 }] })).rejects.toBeInstanceOf(StreamsChangedError);
  });
});

describe('EventStoreDB adapter: losing the server', () => {
  it('reconnects after the server stops and comes back on the same port: appends, reads and a live subscription resume, nothing lost or delivered twice', async () => {
    const server = await startEventStoreDbTestServer();
    const warnings: string[] = [];
    const store = createEventStoreDbEventStore({ connectionString: server.url, resubscribeMinMs: 20, resubscribeMaxMs: 80, warn: (message) => warnings.push(message) });
    try {
      const collector = startCollector(store, { after: 0n, prefix: 's-', batchSize: 5 });
      await collector.subscription.caughtUp;
      const first = await store.append('s-1', makeEvents(6), { expectedVersion: 'no_stream' });
      expect(await collector.waitForCount(6, 10_000)).toBe(true);

      await server.stop();
      await expect(store.append('s-1', makeEvents(1), { expectedVersion: 6 })).rejects.toThrow();
      await expect(store.readStream('s-1')).rejects.toThrow();
      await sleep(400);
      // While it is down the subscription keeps trying, backing off with jitter: within 10–20, 20–40, 40–80, 40–80 … ms.
      const delays = warnings.map((message) => Number(message.match(/resubscribing in (\d+) ms/)?.[1]));
      [20, 40, 80, 80].forEach((ceiling, index) => {
        expect(delays[index]).toBeGreaterThanOrEqual(ceiling / 2);
        expect(delays[index]).toBeLessThanOrEqual(ceiling);
      });

      await server.restart();
      const again = await store.append('s-1', makeEvents(4), { expectedVersion: 6 });
      expect(again.nextExpectedVersion).toBe(10);
      expect(again.position).toBeGreaterThan(first.position);
      expect((await store.readStream('s-1')).version).toBe(10);
      expect(await collector.waitForCount(10, 10_000)).toBe(true);
      await sleep(200);
      expect(collector.events.map((event) => event.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      await collector.stop();
    } finally {
      await store.close();
      await server.close();
    }
  });

  it('a store that first reads while the server is down reads once it is back (the client is replaced)', async () => {
    const server = await startEventStoreDbTestServer();
    const store = createEventStoreDbEventStore({ connectionString: server.url, warn: () => undefined });
    try {
      await server.stop();
      await expect(store.readStream('x-1')).rejects.toThrow();
      await expect(store.lastPosition()).rejects.toThrow();
      await server.restart();
      expect(await store.readStream('x-1')).toEqual({ events: [], version: 0, exists: false });
      await store.append('x-1', makeEvents(2), { expectedVersion: 'no_stream' });
      expect((await store.readStream('x-1')).version).toBe(2);
    } finally {
      await store.close();
      await server.close();
    }
  });
});

describe('EventStoreDB adapter: connection strings, TLS and credentials', () => {
  it('connects with one node, a list of gossip seeds, and DNS discovery, under the esdb and kurrentdb names', async () => {
    const server = await startEventStoreDbTestServer();
    const dead = await startEventStoreDbTestServer();
    await dead.close(); // a seed that does not answer
    const port = server.port;
    try {
      for (const url of [
        `esdb://127.0.0.1:${port}?tls=false`,
        `kurrentdb://127.0.0.1:${port}?tls=false`,
        `esdb://127.0.0.1:${dead.port},127.0.0.1:${port}?tls=false&maxDiscoverAttempts=3`,
        `kurrentdb://127.0.0.1:${port},127.0.0.1:${dead.port}?tls=false`,
        `esdb+discover://127.0.0.1:${port}?tls=false`,
        `kurrentdb+discover://127.0.0.1:${port}?tls=false`,
      ]) {
        const store = createEventStoreDbEventStore({ connectionString: url, warn: () => undefined });
        const streamId = `${shortId()}-conn`;
        const result = await store.append(streamId, makeEvents(2), { expectedVersion: 'no_stream' });
        expect((await store.readStream(streamId)).version, url).toBe(2);
        const collector = startCollector(store, { after: result.position - 1n, prefix: streamId });
        await collector.subscription.caughtUp;
        expect(collector.events.map((event) => event.version), url).toEqual([2]);
        await collector.stop();
        await store.close();
      }
    } finally {
      await server.close();
    }
  });

  it('refuses a connection string it cannot parse without showing the password', () => {
    const error = (() => {
      try {
        createEventStoreDbEventStore('esdb://admin:hunter2@a:2113:9?tls=false');
      } catch (caught) {
        return caught as Error;
      }
      throw new Error('expected a refusal');
    })();
    expect(error.message).toMatch(/^Invalid EventStoreDB connection string/);
    expect(error.message).not.toContain('hunter2');
  });

  it('hands the client kurrentdb:// for esdb:// (the client warns on every esdb string)', () => {
    expect(toKurrentDbConnectionString('esdb://a:2113,b:2113?tls=false')).toBe('kurrentdb://a:2113,b:2113?tls=false');
    expect(toKurrentDbConnectionString(' esdb+discover://u:p@c.example:2113 ')).toBe('kurrentdb+discover://u:p@c.example:2113');
    expect(toKurrentDbConnectionString('kurrentdb://x:2113')).toBe('kurrentdb://x:2113');
  });

  it('speaks TLS with the CA file given and sends the credentials; wrong or missing ones are refused', async () => {
    const certificates = makeTestCertificates();
    const server = await startEventStoreDbTestServer({ tls: { cert: certificates.cert, key: certificates.key }, credentials: { username: 'admin', password: 'changeit' } });
    const url = (userInfo: string, query: string) => `esdb://${userInfo}localhost:${server.port}${query}`;
    const stores = {
      good: createEventStoreDbEventStore({ connectionString: url('admin:changeit@', `?tlsCAFile=${certificates.caFile}`), warn: () => undefined }),
      wrongPassword: createEventStoreDbEventStore({ connectionString: url('admin:nope@', `?tlsCAFile=${certificates.caFile}`), warn: () => undefined }),
      anonymous: createEventStoreDbEventStore({ connectionString: url('', `?tlsCAFile=${certificates.caFile}`), warn: () => undefined }),
      unknownCa: createEventStoreDbEventStore({ connectionString: url('admin:changeit@', ''), warn: () => undefined }),
    };
    try {
      const streamId = `${shortId()}-tls`;
      await stores.good.append(streamId, makeEvents(1), { expectedVersion: 'no_stream' });
      expect((await stores.good.readStream(streamId)).version).toBe(1);
      const collector = startCollector(stores.good, { after: 0n, prefix: streamId });
      await collector.subscription.caughtUp;
      expect(collector.events).toHaveLength(1);
      await collector.stop();
      await expect(stores.wrongPassword.append(streamId, makeEvents(1), { expectedVersion: 1 })).rejects.toThrow(/UNAUTHENTICATED/);
      await expect(stores.anonymous.readStream(streamId)).rejects.toThrow();
      await expect(stores.unknownCa.append(streamId, makeEvents(1), { expectedVersion: 1 })).rejects.toThrow(/certificate/);
      expect((await stores.good.readStream(streamId)).version).toBe(1);
    } finally {
      await Promise.all(Object.values(stores).map((store) => store.close()));
      await server.close();
      certificates.remove();
    }
  });
});
