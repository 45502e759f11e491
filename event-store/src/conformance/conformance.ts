import type { NewEvent, RecordedEvent } from '@mathdaily/domain';
import { ConcurrencyError, StreamsChangedError, type AppendResult, type EventStore, type ExpectedVersion } from '../event-store.ts';
import {
  checkDelivery,
  makeEvent,
  makeEvents,
  readAllFrom,
  shortId,
  sleep,
  startCollector,
  writeConcurrently,
} from './scenario.ts';

/**
 * The test functions the suite needs. Pass the vitest module (`import * as vitest from 'vitest'`):
 * taking it as a parameter keeps vitest out of production imports of this package.
 */
export type ConformanceTestApi = Pick<typeof import('vitest'), 'describe' | 'it' | 'expect' | 'beforeAll' | 'afterAll'>;

export interface ConformanceStore {
  store: EventStore;
  /**
   * Optional: a second store on the same events through connections of its own (another process
   * of the product). Cases about other writers use it; without it they use `store`.
   */
  otherStore?: EventStore;
  cleanup(): Promise<void>;
  /**
   * TEST-ONLY and optional: append so that the events take their global position at once but
   * become visible only `holdMs` later (PostgreSQL: a transaction that inserts, waits, then
   * commits). Adapters without such transactions may leave it out.
   */
  appendSlowly?(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion; holdMs: number }): Promise<AppendResult>;
}

export interface ConformanceOptions {
  /** Concurrent writers in the big test (default 8). */
  writers?: number;
  /** Events they append together (default 5,000). */
  totalEvents?: number;
  /** How long the slow transaction stays open (default 1,500 ms). */
  slowHoldMs?: number;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

/**
 * The conformance suite every EventStore adapter passes. Streams get a random prefix per test, so
 * it also runs against a shared server (EventStoreDB) that already holds other events.
 */
export function runEventStoreConformance(
  name: string,
  createStore: () => Promise<ConformanceStore>,
  test: ConformanceTestApi,
  options: ConformanceOptions = {},
): void {
  const { describe, it, expect, beforeAll, afterAll } = test;
  const writers = options.writers ?? 8;
  const totalEvents = options.totalEvents ?? 5_000;
  const slowHoldMs = options.slowHoldMs ?? 1_500;

  describe(`EventStore conformance: ${name}`, () => {
    let context: ConformanceStore;
    let store: EventStore;

    beforeAll(async () => {
      context = await createStore();
      store = context.store;
    });
    afterAll(async () => {
      await context?.cleanup();
    });

    const expectConcurrencyError = async (promise: Promise<unknown>, fields: { streamId: string; expected: ExpectedVersion; actual: number }) => {
      const error = await rejection(promise);
      expect(error).toBeInstanceOf(ConcurrencyError);
      expect(error).toMatchObject(fields);
    };

    const expectSameEvent = (recorded: RecordedEvent | undefined, sent: NewEvent) => {
      expect(recorded).toBeDefined();
      expect({ id: recorded!.id, type: recorded!.type, data: recorded!.data, metadata: recorded!.metadata }).toEqual(sent);
    };

    describe('append and readStream', () => {
      it('appends to a new stream and reads it back with versions from 1 and growing positions', async () => {
        const streamId = `${shortId()}-basic`;
        const start = await store.lastPosition();
        const events = [makeEvent('A', { n: 1, nested: { list: [1, 'two', null], ok: true } }), makeEvent('B', 'text'), makeEvent('C', [])];
        const result = await store.append(streamId, events, { expectedVersion: 'no_stream' });
        expect(result.nextExpectedVersion).toBe(3);
        expect(typeof result.position).toBe('bigint');
        expect(result.position).toBeGreaterThan(0n);

        const read = await store.readStream(streamId);
        expect(read.exists).toBe(true);
        expect(read.version).toBe(3);
        expect(read.events.map((event) => event.version)).toEqual([1, 2, 3]);
        expect(read.events.every((event) => event.streamId === streamId)).toBe(true);
        events.forEach((event, index) => expectSameEvent(read.events[index], event));

        const all = await readAllFrom(store, start, streamId);
        expect(all.map((event) => event.id)).toEqual(events.map((event) => event.id));
        const positions = all.map((event) => event.position);
        expect([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(positions);
        expect(new Set(positions).size).toBe(3);
        expect(positions.at(-1)).toBe(result.position);
      });

      it('reads an event stored at an old schema version in the current shape (upcasters), everywhere it is read', async () => {
        const streamId = `${shortId()}-upcast`;
        const start = await store.lastPosition();
        // AuthSessionRefreshed v1 had no refreshedAt; v2 has it, the time the event was written.
        const v1 = makeEvent('AuthSessionRefreshed', { sessionId: 's', userId: 'u', previousTokenHash: 'a', refreshTokenHash: 'b' });
        await store.append(streamId, [v1], { expectedVersion: 'no_stream' });
        const expected = { ...(v1.data as object), refreshedAt: v1.metadata.at };
        const [read] = (await store.readStream(streamId)).events;
        expect(read!.data).toEqual(expected);
        expect(read!.metadata).toEqual({ ...v1.metadata, schemaVersion: 2 });
        const [fromAll] = await readAllFrom(store, start, streamId);
        expect(fromAll!.data).toEqual(expected);
      });

      it('reads a missing stream as version 0, not existing', async () => {
        expect(await store.readStream(`${shortId()}-missing`)).toEqual({ events: [], version: 0, exists: false });
      });

      it('keeps appending to an existing stream', async () => {
        const streamId = `${shortId()}-grow`;
        const first = await store.append(streamId, makeEvents(2), { expectedVersion: 'no_stream' });
        const second = await store.append(streamId, makeEvents(3), { expectedVersion: 2 });
        expect(second.nextExpectedVersion).toBe(5);
        expect(second.position).toBeGreaterThan(first.position);
        const read = await store.readStream(streamId);
        expect(read.events.map((event) => event.version)).toEqual([1, 2, 3, 4, 5]);
      });
    });

    describe('readStream from a version, readStreams', () => {
      it('returns only the events from the version asked for, with the whole stream\'s version', async () => {
        const streamId = `${shortId()}-from`;
        const events = makeEvents(5);
        await store.append(streamId, events, { expectedVersion: 'no_stream' });
        const whole = await store.readStream(streamId);
        const tail = await store.readStream(streamId, { fromVersion: 4 });
        expect(tail.events.map((event) => event.version)).toEqual([4, 5]);
        expect(tail.events).toEqual(whole.events.slice(3));
        expect(tail).toMatchObject({ version: 5, exists: true });
        expect(await store.readStream(streamId, { fromVersion: 1 })).toEqual(whole);
        // Caught up already: nothing new, and still the stream's version.
        expect(await store.readStream(streamId, { fromVersion: 6 })).toEqual({ events: [], version: 5, exists: true });
        expect(await store.readStream(streamId, { fromVersion: 60 })).toEqual({ events: [], version: 5, exists: true });
        expect(await store.readStream(`${shortId()}-from-missing`, { fromVersion: 3 })).toEqual({ events: [], version: 0, exists: false });
      });

      it('readStreams reads several streams at once, in the order asked, each from its own version', async () => {
        const a = `${shortId()}-many-a`;
        const b = `${shortId()}-many-b`;
        await store.append(a, makeEvents(3), { expectedVersion: 'no_stream' });
        await store.append(b, makeEvents(2), { expectedVersion: 'no_stream' });
        const [fromB, missing, fromA, caughtUp] = await store.readStreams([
          { streamId: b },
          { streamId: `${shortId()}-many-missing`, fromVersion: 2 },
          { streamId: a, fromVersion: 3 },
          { streamId: a, fromVersion: 4 },
        ]);
        expect(fromB).toEqual(await store.readStream(b));
        expect(missing).toEqual({ events: [], version: 0, exists: false });
        expect(fromA).toEqual(await store.readStream(a, { fromVersion: 3 }));
        expect(fromA!.events.map((event) => event.version)).toEqual([3]);
        expect(caughtUp).toEqual({ events: [], version: 3, exists: true });
        expect(await store.readStreams([])).toEqual([]);
      });
    });

    describe('unchanged streams', () => {
      it('appends while the streams it depends on are at their versions, and appends nothing once one moved on', async () => {
        const [target, user, session] = [`${shortId()}-guarded`, `${shortId()}-user`, `${shortId()}-session`];
        await store.append(user, makeEvents(2), { expectedVersion: 'no_stream' });
        const depends = [
          { streamId: user, version: 2 },
          { streamId: session, version: 0 },
        ];
        const first = await store.append(target, makeEvents(1), { expectedVersion: 'no_stream', unchangedStreams: depends });
        expect(first.nextExpectedVersion).toBe(1);
        // The session stream starts (e.g. a sign-out elsewhere): the next append depending on version 0 is refused.
        await store.append(session, makeEvents(1), { expectedVersion: 'no_stream' });
        const refused = store.append(target, makeEvents(1), { expectedVersion: 1, unchangedStreams: depends });
        await expect(refused).rejects.toBeInstanceOf(StreamsChangedError);
        await expect(refused).rejects.toMatchObject({ streamIds: [session] });
        expect((await store.readStream(target)).version).toBe(1);
        const again = await store.append(target, makeEvents(1), { expectedVersion: 1, unchangedStreams: [{ streamId: user, version: 2 }, { streamId: session, version: 1 }] });
        expect(again.nextExpectedVersion).toBe(2);
      });

      it('refuses an append once a stream it depends on was changed and acknowledged elsewhere, and writes nothing', async () => {
        const [target, session] = [`${shortId()}-dependent`, `${shortId()}-session`];
        const other = context.otherStore ?? store;
        await store.append(session, makeEvents(1), { expectedVersion: 'no_stream' });
        await store.append(target, makeEvents(2), { expectedVersion: 'no_stream' });
        const start = await store.lastPosition();
        // Another process signs the session out; its append is acknowledged before ours is sent.
        const signOut = makeEvents(1, 'SignedOut');
        await other.append(session, signOut, { expectedVersion: 1 });
        const refused = await rejection(store.append(target, makeEvents(2), { expectedVersion: 2, unchangedStreams: [{ streamId: session, version: 1 }] }));
        expect(refused).toBeInstanceOf(StreamsChangedError);
        expect(refused).toMatchObject({ streamIds: [session] });
        expect((await store.readStream(target)).version).toBe(2);
        expect((await readAllFrom(store, start, '')).map((event) => event.id)).toEqual(signOut.map((event) => event.id));
      });
    });

    describe('expected versions', () => {
      it("'no_stream' succeeds on a new stream and fails with ConcurrencyError on an existing one", async () => {
        const streamId = `${shortId()}-nostream`;
        await store.append(streamId, makeEvents(2), { expectedVersion: 'no_stream' });
        await expectConcurrencyError(store.append(streamId, makeEvents(1), { expectedVersion: 'no_stream' }), {
          streamId,
          expected: 'no_stream',
          actual: 2,
        });
        expect((await store.readStream(streamId)).version).toBe(2);
      });

      it("'stream_exists' fails on a missing stream and succeeds on an existing one", async () => {
        const streamId = `${shortId()}-exists`;
        await expectConcurrencyError(store.append(streamId, makeEvents(1), { expectedVersion: 'stream_exists' }), {
          streamId,
          expected: 'stream_exists',
          actual: 0,
        });
        expect((await store.readStream(streamId)).exists).toBe(false);
        await store.append(streamId, makeEvents(1), { expectedVersion: 'any' });
        const result = await store.append(streamId, makeEvents(1), { expectedVersion: 'stream_exists' });
        expect(result.nextExpectedVersion).toBe(2);
      });

      it('an exact version succeeds when it matches (0 = new stream) and fails otherwise', async () => {
        const streamId = `${shortId()}-exact`;
        expect((await store.append(streamId, makeEvents(2), { expectedVersion: 0 })).nextExpectedVersion).toBe(2);
        await expectConcurrencyError(store.append(streamId, makeEvents(1), { expectedVersion: 1 }), { streamId, expected: 1, actual: 2 });
        await expectConcurrencyError(store.append(streamId, makeEvents(1), { expectedVersion: 3 }), { streamId, expected: 3, actual: 2 });
        await expectConcurrencyError(store.append(streamId, makeEvents(1), { expectedVersion: 0 }), { streamId, expected: 0, actual: 2 });
        expect((await store.append(streamId, makeEvents(1), { expectedVersion: 2 })).nextExpectedVersion).toBe(3);
        const missing = `${shortId()}-exact-missing`;
        await expectConcurrencyError(store.append(missing, makeEvents(1), { expectedVersion: 1 }), { streamId: missing, expected: 1, actual: 0 });
        expect((await store.readStream(streamId)).version).toBe(3);
      });

      it("'any' appends to new and existing streams", async () => {
        const streamId = `${shortId()}-any`;
        expect((await store.append(streamId, makeEvents(1), { expectedVersion: 'any' })).nextExpectedVersion).toBe(1);
        expect((await store.append(streamId, makeEvents(2), { expectedVersion: 'any' })).nextExpectedVersion).toBe(3);
      });

      it('of two (or more) conflicting appends at the same expected version exactly one wins', async () => {
        for (let round = 0; round < 10; round += 1) {
          const streamId = `${shortId()}-race`;
          await store.append(streamId, makeEvents(1), { expectedVersion: 'no_stream' });
          const contenders = [makeEvents(2), makeEvents(1)];
          const outcomes = await Promise.allSettled(contenders.map((events) => store.append(streamId, events, { expectedVersion: 1 })));
          const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
          const losers = outcomes.filter((outcome) => outcome.status === 'rejected');
          expect(winners).toHaveLength(1);
          expect(losers).toHaveLength(1);
          expect((losers[0] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
          const winnerIndex = outcomes.findIndex((outcome) => outcome.status === 'fulfilled');
          const read = await store.readStream(streamId);
          expect(read.events.slice(1).map((event) => event.id)).toEqual(contenders[winnerIndex]!.map((event) => event.id));
        }
        // Six writers racing to create the same stream ('no_stream', like an e-mail reservation).
        const streamId = `${shortId()}-reserve`;
        const outcomes = await Promise.allSettled(
          Array.from({ length: 6 }, () => store.append(streamId, makeEvents(1), { expectedVersion: 'no_stream' })),
        );
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ConcurrencyError);
        expect((await store.readStream(streamId)).version).toBe(1);
      });
      it('of many appends racing with the same expected version exactly one wins each version: no gap, no duplicate', async () => {
        const streamId = `${shortId()}-racers`;
        const first = makeEvents(1);
        let version = (await store.append(streamId, first, { expectedVersion: 'no_stream' })).nextExpectedVersion;
        const expectedIds = first.map((event) => event.id);
        for (let round = 0; round < 6; round += 1) {
          const contenders = Array.from({ length: 8 }, (_, index) => makeEvents(1 + ((round + index) % 3)));
          const outcomes = await Promise.allSettled(contenders.map((events) => store.append(streamId, events, { expectedVersion: version })));
          const winners = outcomes.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [{ index, result: outcome.value }] : []));
          expect(winners).toHaveLength(1);
          for (const outcome of outcomes) {
            if (outcome.status === 'rejected') {
              expect(outcome.reason).toBeInstanceOf(ConcurrencyError);
              expect(outcome.reason).toMatchObject({ streamId, expected: version });
            }
          }
          const winner = winners[0]!;
          expect(winner.result.nextExpectedVersion).toBe(version + contenders[winner.index]!.length);
          version = winner.result.nextExpectedVersion;
          expectedIds.push(...contenders[winner.index]!.map((event) => event.id));
        }
        const read = await store.readStream(streamId);
        expect(read.version).toBe(version);
        expect(read.events.map((event) => event.version)).toEqual(Array.from({ length: version }, (_, index) => index + 1));
        expect(read.events.map((event) => event.id)).toEqual(expectedIds);
      });

      it("racing 'any' and 'stream_exists' appends all succeed, each append's events on consecutive versions", async () => {
        const streamId = `${shortId()}-any-race`;
        await store.append(streamId, makeEvents(1), { expectedVersion: 'no_stream' });
        const batches = Array.from({ length: 8 }, () => makeEvents(2));
        const results = await Promise.all(
          batches.map((events, index) => store.append(streamId, events, { expectedVersion: index % 2 === 0 ? 'any' : 'stream_exists' })),
        );
        const read = await store.readStream(streamId);
        expect(read.events.map((event) => event.version)).toEqual(Array.from({ length: 17 }, (_, index) => index + 1));
        batches.forEach((events, index) => {
          const last = results[index]!.nextExpectedVersion;
          expect(read.events.slice(last - 2, last).map((event) => event.id)).toEqual(events.map((event) => event.id));
          expect(read.events[last - 1]!.position).toBe(results[index]!.position);
        });
      });
    });

    describe('idempotency by event id', () => {
      it('re-sending an append returns the original result and stores nothing twice', async () => {
        const streamId = `${shortId()}-dedup`;
        const start = await store.lastPosition();
        const events = makeEvents(2);
        const original = await store.append(streamId, events, { expectedVersion: 'no_stream' });
        expect(await store.append(streamId, events, { expectedVersion: 'no_stream' })).toEqual(original);
        await store.append(streamId, makeEvents(1), { expectedVersion: 2 });
        // A late retry, after the stream moved on.
        expect(await store.append(streamId, events, { expectedVersion: 'no_stream' })).toEqual(original);
        const read = await store.readStream(streamId);
        expect(read.version).toBe(3);
        expect(read.events.slice(0, 2).map((event) => event.id)).toEqual(events.map((event) => event.id));
        const all = await readAllFrom(store, start, streamId);
        expect(all).toHaveLength(3);
      });

      it('the same append sent several times at once is stored once, every sender gets the same result', async () => {
        const streamId = `${shortId()}-dedup-race`;
        const events = makeEvents(3);
        const results = await Promise.all(Array.from({ length: 4 }, () => store.append(streamId, events, { expectedVersion: 'no_stream' })));
        for (const result of results) expect(result).toEqual(results[0]);
        expect((await store.readStream(streamId)).version).toBe(3);
      });
    });

    describe('readAll and lastPosition', () => {
      it('reads all streams in append order, in pages, after any position', async () => {
        const prefix = `${shortId()}-all-`;
        const start = await store.lastPosition();
        const sent: NewEvent[] = [];
        let last: AppendResult | undefined;
        for (const [stream, count] of [['a', 2], ['b', 1], ['a', 1], ['c', 3], ['b', 2]] as const) {
          const events = makeEvents(count);
          last = await store.append(`${prefix}${stream}`, events, { expectedVersion: 'any' });
          sent.push(...events);
        }
        expect(await store.lastPosition()).toBe(last!.position);

        const all = await readAllFrom(store, start, prefix);
        expect(all.map((event) => event.id)).toEqual(sent.map((event) => event.id));
        sent.forEach((event, index) => expectSameEvent(all[index], event));
        for (let index = 1; index < all.length; index += 1) expect(all[index]!.position).toBeGreaterThan(all[index - 1]!.position);

        const paged: RecordedEvent[] = [];
        let cursor = start;
        for (;;) {
          const page = await store.readAll({ after: cursor, limit: 2 });
          expect(page.length).toBeLessThanOrEqual(2);
          if (page.length === 0) break;
          paged.push(...page.filter((event) => event.streamId.startsWith(prefix)));
          cursor = page.at(-1)!.position;
        }
        expect(paged.map((event) => event.id)).toEqual(sent.map((event) => event.id));

        const middle = all[3]!;
        const rest = await readAllFrom(store, middle.position, prefix);
        expect(rest.map((event) => event.id)).toEqual(sent.slice(4).map((event) => event.id));
      });

      it('reads history up to a position, filtered by types, stream, actor, correlation and time, in pages', async () => {
        const prefix = `${shortId()}-history-`;
        const [typeA, typeB] = [`${prefix.replace(/-/g, '')}A`, `${prefix.replace(/-/g, '')}B`];
        const start = await store.lastPosition();
        const actor = `actor-${shortId()}`;
        const correlation = `correlation-${shortId()}`;
        const at = (day: number) => `2026-03-0${day}T10:00:00.000Z`;
        const event = (type: string, day: number, mine = false): NewEvent => {
          const made = makeEvent(type, { day });
          return { ...made, metadata: { ...made.metadata, at: at(day), ...(mine ? { actorId: actor, correlationId: correlation } : {}) } };
        };
        await store.append(`${prefix}one`, [event(typeA, 1), event(typeB, 2, true), event(typeA, 3)], { expectedVersion: 'no_stream' });
        await store.append(`${prefix}one-more`, [event(typeA, 4, true), event(typeB, 5)], { expectedVersion: 'no_stream' });
        const until = await store.lastPosition();
        // Appended after the history's end was taken: never read.
        await store.append(`${prefix}one`, [event(typeA, 6, true)], { expectedVersion: 'any' });
        const everything = (await readAllFrom(store, start, prefix)).filter((e) => e.position <= until);
        expect(everything).toHaveLength(5);
        const history = async (filter: Parameters<EventStore['readHistory']>[0]['filter'], limit = 2) => {
          const found: RecordedEvent[] = [];
          let after: bigint | null = start;
          while (after !== null) {
            const page = await store.readHistory({ after, until, limit, filter });
            expect(page.events.length).toBeLessThanOrEqual(limit);
            found.push(...page.events);
            after = page.next;
          }
          return found.map((e) => e.id);
        };
        const ids = (keep: (e: RecordedEvent) => boolean) => everything.filter(keep).map((e) => e.id);
        expect(await history({ types: [typeA] })).toEqual(ids((e) => e.type === typeA));
        expect(await history({ types: [typeA, typeB] }, 3)).toEqual(ids(() => true));
        expect(await history({ streamId: `${prefix}one` })).toEqual(ids((e) => e.streamId === `${prefix}one`));
        expect(await history({ types: [typeA, typeB], actorId: actor })).toEqual(ids((e) => e.metadata.actorId === actor));
        expect(await history({ types: [typeB], correlationId: correlation }, 1)).toEqual(ids((e) => e.type === typeB && e.metadata.correlationId === correlation));
        expect(await history({ streamId: `${prefix}one`, from: at(2), to: at(3) })).toEqual(ids((e) => e.streamId === `${prefix}one` && e.metadata.at === at(2)));
        expect(await history({ types: ['NoSuchTypeAnywhere'] })).toEqual([]);
      });
    });

    describe('subscribeToAll', () => {
      it('catches up in batches, resolves caughtUp, then delivers live appends', async () => {
        const prefix = `${shortId()}-sub-`;
        const start = await store.lastPosition();
        const before: string[] = [];
        for (let index = 0; index < 6; index += 1) {
          const events = makeEvents(5);
          await store.append(`${prefix}${index % 2}`, events, { expectedVersion: 'any' });
          before.push(...events.map((event) => event.id));
        }
        const collector = startCollector(store, { after: start, prefix, batchSize: 7 });
        await collector.subscription.caughtUp;
        expect(collector.events.map((event) => event.id)).toEqual(before);
        expect(Math.max(...collector.batchSizes)).toBeLessThanOrEqual(7);

        const live = makeEvents(4);
        await store.append(`${prefix}live`, live, { expectedVersion: 'no_stream' });
        expect(await collector.waitForCount(before.length + live.length, 10_000)).toBe(true);
        expect(collector.events.slice(before.length).map((event) => event.id)).toEqual(live.map((event) => event.id));
        await collector.stop();
      });

      it('stop() resolves after the batch in progress and nothing is delivered after it', async () => {
        const prefix = `${shortId()}-stop-`;
        const start = await store.lastPosition();
        let batches = 0;
        let inBatch = false;
        let finishedBatches = 0;
        let firstBatchStarted!: () => void;
        const started = new Promise<void>((resolve) => (firstBatchStarted = resolve));
        const subscription = store.subscribeToAll({
          after: start,
          batchSize: 2,
          onBatch: async () => {
            batches += 1;
            inBatch = true;
            firstBatchStarted();
            await sleep(300);
            inBatch = false;
            finishedBatches += 1;
          },
        });
        await store.append(`${prefix}x`, makeEvents(6), { expectedVersion: 'no_stream' });
        await started;
        await subscription.stop();
        expect(inBatch).toBe(false);
        expect(finishedBatches).toBe(batches);
        const afterStop = batches;
        await store.append(`${prefix}x`, makeEvents(2), { expectedVersion: 6 });
        await sleep(400);
        expect(batches).toBe(afterStop);
      });

      it('an error thrown by onBatch stops the subscription and reaches onError', async () => {
        const prefix = `${shortId()}-err-`;
        const start = await store.lastPosition();
        let calls = 0;
        const failure = new Error('projection failed');
        let reported: unknown;
        const subscription = store.subscribeToAll({
          after: start,
          onBatch: async () => {
            calls += 1;
            throw failure;
          },
          onError: (error) => {
            reported = error;
          },
        });
        await store.append(`${prefix}x`, makeEvents(1), { expectedVersion: 'no_stream' });
        for (let waited = 0; reported === undefined && waited < 10_000; waited += 20) await sleep(20);
        expect(reported).toBe(failure);
        await store.append(`${prefix}x`, makeEvents(1), { expectedVersion: 1 });
        await sleep(300);
        expect(calls).toBe(1);
        await subscription.stop();
      });

      it(
        `delivers every event exactly once, in readAll order, while ${writers} writers append ${totalEvents} events (one slow transaction)`,
        async () => {
          const prefix = `${shortId()}-load-`;
          const start = await store.lastPosition();
          const errors: unknown[] = [];
          const collector = startCollector(store, { after: start, prefix, batchSize: 250, onError: (error) => errors.push(error) });
          await collector.subscription.caughtUp;

          const began = performance.now();
          const appendSlowly = context.appendSlowly?.bind(context);
          const written = await writeConcurrently({
            store,
            prefix,
            writers,
            totalEvents,
            slowWriter: appendSlowly
              ? (streamId, events) => appendSlowly(streamId, events, { expectedVersion: 'no_stream', holdMs: slowHoldMs })
              : undefined,
          });
          const complete = await collector.waitForCount(written.ids.length, 30_000);
          const deliveredMs = Math.round(performance.now() - began);
          await sleep(300); // a duplicate delivery would show up now
          await collector.stop();

          const readAllOrder = await readAllFrom(store, start, prefix);
          const check = checkDelivery(collector.events, written.ids, readAllOrder);
          console.info(
            `[${name}] ${written.ids.length} events in ${written.appends} appends by ${writers} writers` +
              `${written.slowIds.length ? ` + 1 slow transaction (${written.slowIds.length} events held ${slowHoldMs} ms)` : ''}: ` +
              `written in ${written.durationMs} ms, all delivered after ${deliveredMs} ms; ` +
              `subscriber received ${collector.events.length} in ${collector.batchSizes.length} batches, ` +
              `missing ${check.missing.length}, duplicates ${check.duplicates.length}`,
          );
          expect(errors).toEqual([]);
          expect(complete).toBe(true);
          expect(written.ids.length).toBeGreaterThanOrEqual(totalEvents);
          expect(readAllOrder).toHaveLength(written.ids.length);
          expect(check).toEqual({
            missing: [],
            duplicates: [],
            unexpected: [],
            firstOrderMismatch: -1,
            streamsOutOfOrder: [],
            repeatedPositions: 0,
          });
          if (written.slowResult) {
            const slowEvents = collector.events.filter((event) => written.slowIds.includes(event.id));
            expect(slowEvents.map((event) => event.version)).toEqual([1, 2, 3]);
            expect(slowEvents.at(-1)!.position).toBe(written.slowResult.position);
          }
        },
        120_000,
      );
    });
  });
}
