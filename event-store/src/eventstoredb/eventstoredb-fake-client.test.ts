import * as vitest from 'vitest';
import { runEventStoreConformance } from '../conformance/conformance.ts';
import { makeEvents, sleep, startCollector } from '../conformance/scenario.ts';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';
import { FakeEventStoreDbClient } from './fake-esdb-client.ts';

const { describe, it, expect } = vitest;

/*
 * The EventStoreDB adapter's own logic (revision/version mapping, error mapping, client-side
 * filtering of system events, batching, caught-up detection, resubscription) against an in-memory
 * fake of the client. This is not a substitute for the real server: that is
 * eventstoredb-event-store.test.ts, which runs when EVENTSTORE_URL is set.
 */
runEventStoreConformance(
  'EventStoreDB adapter on an in-memory fake client',
  async () => {
    const fake = new FakeEventStoreDbClient();
    fake.writeSystemEvent();
    const store = createEventStoreDbEventStore({ client: fake.asClient(), warn: () => undefined });
    return { store, cleanup: () => store.close() };
  },
  vitest,
);

describe('EventStoreDB adapter specifics (fake client)', () => {
  it('keeps system events out of readAll, lastPosition and subscriptions', async () => {
    const fake = new FakeEventStoreDbClient();
    const store = createEventStoreDbEventStore({ client: fake.asClient(), warn: () => undefined });
    fake.writeSystemEvent();
    const appended = await store.append('user-1', makeEvents(2), { expectedVersion: 'no_stream' });
    fake.writeSystemEvent();
    expect(await store.lastPosition()).toBe(appended.position);
    const all = await store.readAll({ after: 0n, limit: 10 });
    expect(all.map((event) => event.streamId)).toEqual(['user-1', 'user-1']);
    const collector = startCollector(store, { after: 0n, prefix: '' });
    await collector.subscription.caughtUp;
    expect(collector.events.map((event) => event.streamId)).toEqual(['user-1', 'user-1']);
    await store.close();
  });

  it('resubscribes after a drop from its last delivered position, with backoff, delivering each event once', async () => {
    const fake = new FakeEventStoreDbClient();
    const warnings: string[] = [];
    const store = createEventStoreDbEventStore({
      client: fake.asClient(),
      resubscribeMinMs: 20,
      resubscribeMaxMs: 80,
      warn: (message) => warnings.push(message),
    });
    const collector = startCollector(store, { after: 0n, prefix: 's-', batchSize: 3 });
    await collector.subscription.caughtUp;
    await store.append('s-1', makeEvents(7), { expectedVersion: 'no_stream' });
    expect(await collector.waitForCount(7, 5_000)).toBe(true);
    const lastDelivered = collector.events.at(-1)!.position;

    fake.dropSubscriptions(new Error('connection reset'));
    await store.append('s-1', makeEvents(5), { expectedVersion: 7 });
    expect(await collector.waitForCount(12, 5_000)).toBe(true);
    const resumedFrom = fake.subscribeCalls.at(-1);
    expect(resumedFrom).toEqual({ commit: lastDelivered, prepare: lastDelivered });

    // The server refuses three resubscriptions in a row: delays grow 20 → 40 → 80 → 80 ms (capped).
    warnings.length = 0;
    fake.refuseSubscriptions(3);
    fake.dropSubscriptions(new Error('connection reset'));
    await store.append('s-2', makeEvents(2), { expectedVersion: 'no_stream' });
    expect(await collector.waitForCount(14, 5_000)).toBe(true);
    await sleep(200);
    expect(collector.events.map((event) => event.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2]);
    expect(new Set(collector.events.map((event) => event.id)).size).toBe(14);
    expect(warnings.map((message) => message.match(/resubscribing in (\d+) ms/)?.[1])).toEqual(['20', '40', '80', '80']);
    await collector.stop();
    await store.close();
  });

  it('does not re-deliver a batch that was in progress when the subscription dropped', async () => {
    const fake = new FakeEventStoreDbClient();
    const store = createEventStoreDbEventStore({ client: fake.asClient(), resubscribeMinMs: 5, warn: () => undefined });
    const received: string[] = [];
    let dropped = false;
    const subscription = store.subscribeToAll({
      after: 0n,
      batchSize: 4,
      onBatch: async (batch) => {
        if (!dropped) {
          dropped = true;
          fake.dropSubscriptions(new Error('drop during batch'));
          await sleep(100); // the resubscription happens meanwhile, from the previous resume point
        }
        received.push(...batch.map((event) => event.id));
      },
    });
    const events = makeEvents(10);
    await store.append('x-1', events, { expectedVersion: 'no_stream' });
    for (let waited = 0; received.length < 10 && waited < 5_000; waited += 20) await sleep(20);
    await sleep(100);
    expect(received).toEqual(events.map((event) => event.id));
    await subscription.stop();
    await store.close();
  });

  it('keeps commit positions beyond 2^53 exact (bigint end to end)', async () => {
    // 2^60 + 1 and a stride of 137: every position is odd and above Number.MAX_SAFE_INTEGER,
    // where a detour through `number` would round it to an even neighbour.
    const fake = new FakeEventStoreDbClient({ startPosition: 2n ** 60n + 1n });
    const store = createEventStoreDbEventStore({ client: fake.asClient(), warn: () => undefined });
    const first = await store.append('big-1', makeEvents(2), { expectedVersion: 'no_stream' });
    const second = await store.append('big-2', makeEvents(1), { expectedVersion: 'no_stream' });
    expect(first.position).toBe(2n ** 60n + 1n + 137n);
    expect(second.position).toBe(2n ** 60n + 1n + 2n * 137n);
    expect(first.position > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(await store.lastPosition()).toBe(second.position);
    expect((await store.readAll({ after: first.position, limit: 10 })).map((event) => event.position)).toEqual([second.position]);
    const collector = startCollector(store, { after: 0n, prefix: 'big-' });
    await collector.subscription.caughtUp;
    expect(collector.events.map((event) => event.position)).toEqual([2n ** 60n + 1n, first.position, second.position]);
    await collector.stop();
    await store.close();
  });

  it('maps versions to revisions and WrongExpectedVersionError to ConcurrencyError with the actual version', async () => {
    const fake = new FakeEventStoreDbClient();
    const store = createEventStoreDbEventStore({ client: fake.asClient(), warn: () => undefined });
    await store.append('v-1', makeEvents(3), { expectedVersion: 0 });
    expect(fake.log.map((entry) => entry.revision)).toEqual([0n, 1n, 2n]);
    await expect(store.append('v-1', makeEvents(1), { expectedVersion: 2 })).rejects.toMatchObject({
      name: 'ConcurrencyError',
      expected: 2,
      actual: 3,
    });
    await expect(store.append('v-2', makeEvents(1), { expectedVersion: 'stream_exists' })).rejects.toMatchObject({
      name: 'ConcurrencyError',
      actual: 0,
    });
    await store.close();
  });
});
