import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DomainError, type Decider } from '@mathdaily/domain';
import type { ContactRequested } from '@mathdaily/domain/contact/events';
import { createEventStoreDbEventStore, createPostgresEventStore, migratePostgresEventStore, type EventStore } from '@mathdaily/event-store';
import { createTestDatabase } from '@mathdaily/testing';
import { startEventStoreDbTestServer } from '@mathdaily/testing/eventstoredb-server';
import { handleCommand, type CommandMeta } from './handle-command.ts';

/** A stream that accepts at most `limit` requests; `bad` produces data that fails the event schema. */
type Command = { limit: number; bad?: boolean };
const decider: Decider<number, Command, ContactRequested> = {
  initialState: () => 0,
  evolve: (count) => count + 1,
  decide: (command, count) => {
    if (count >= command.limit) return [];
    return [
      {
        type: 'ContactRequested',
        data: {
          requestId: randomUUID(),
          source: 'contact',
          name: command.bad ? '' : `Request ${count + 1}`,
          email: 'someone@example.com',
          organization: null,
          plan: 'school',
          subject: null,
          message: 'Hello',
        },
      },
    ];
  },
};

let pool: pg.Pool;
let store: EventStore;
let url: string;
const meta = (): CommandMeta => {
  const id = randomUUID();
  return { actorId: null, correlationId: id, causationId: id, at: new Date('2026-03-01T10:00:00Z') };
};

beforeAll(async () => {
  url = await createTestDatabase('pipeline');
  pool = new pg.Pool({ connectionString: url, max: 4 });
  await migratePostgresEventStore(pool);
  store = createPostgresEventStore({ pool, connectionString: url });
});
afterAll(async () => {
  await store.close();
  await pool.end();
});

/** The store, with `sneak` run before each of the first `times` appends (a concurrent writer). */
function withInterloper(times: number, sneak: () => Promise<unknown>): EventStore & { appends: number } {
  const wrapped = {
    ...store,
    appends: 0,
    async append(...args: Parameters<EventStore['append']>) {
      wrapped.appends += 1;
      if (wrapped.appends <= times) await sneak();
      return store.append(...args);
    },
  };
  return wrapped;
}

describe('command pipeline: load stream → decide → append with expected version', () => {
  test('a concurrent write makes it reload and decide again on the new state', async () => {
    const streamId = `contact-${randomUUID()}`;
    await handleCommand({ store, streamId, decider, command: { limit: 5 }, meta: meta() });
    const racing = withInterloper(1, () => handleCommand({ store, streamId, decider, command: { limit: 5 }, meta: meta() }));
    const result = await handleCommand({ store: racing, streamId, decider, command: { limit: 5 }, meta: meta() });
    expect(racing.appends).toBe(2);
    expect(result.version).toBe(3);
    const stream = await store.readStream(streamId);
    expect(stream.events.map((event) => (event.data as { name: string }).name)).toEqual(['Request 1', 'Request 2', 'Request 3']);
    expect(result.position).toBe(stream.events[2]!.position);
  });

  test('the new decision may be to do nothing: nothing is appended and the position is null', async () => {
    const streamId = `contact-${randomUUID()}`;
    await handleCommand({ store, streamId, decider, command: { limit: 2 }, meta: meta() });
    const racing = withInterloper(1, () => handleCommand({ store, streamId, decider, command: { limit: 2 }, meta: meta() }));
    const result = await handleCommand({ store: racing, streamId, decider, command: { limit: 2 }, meta: meta() });
    expect(result).toEqual({ position: null, events: [], eventIds: [], version: 2 });
    expect((await store.readStream(streamId)).version).toBe(2);
  });

  test('after five conflicts in a row it answers 409 CONFLICT and has appended nothing of its own', async () => {
    const streamId = `contact-${randomUUID()}`;
    const racing = withInterloper(5, () => handleCommand({ store, streamId, decider, command: { limit: 99 }, meta: meta() }));
    const error = await handleCommand({ store: racing, streamId, decider, command: { limit: 99 }, meta: meta() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'Someone else changed this at the same moment. Please try again.' });
    expect(racing.appends).toBe(5);
    expect((await store.readStream(streamId)).version).toBe(5);
  });

  test('an event that fails its schema is never appended', async () => {
    const streamId = `contact-${randomUUID()}`;
    await expect(handleCommand({ store, streamId, decider, command: { limit: 5, bad: true }, meta: meta() })).rejects.toThrow();
    expect((await store.readStream(streamId)).exists).toBe(false);
  });

  test('events carry the command metadata: actor, correlation and causation ids, the command time', async () => {
    const streamId = `contact-${randomUUID()}`;
    const commandMeta = { actorId: randomUUID(), correlationId: randomUUID(), causationId: randomUUID(), at: new Date('2026-03-02T08:30:00Z') };
    await handleCommand({ store, streamId, decider, command: { limit: 1 }, meta: commandMeta });
    const [event] = (await store.readStream(streamId)).events;
    expect(event!.metadata).toEqual({
      actorId: commandMeta.actorId,
      correlationId: commandMeta.correlationId,
      causationId: commandMeta.causationId,
      at: '2026-03-02T08:30:00.000Z',
      schemaVersion: 1,
    });
  });

  test('a warm stream costs one round trip (the append); a cold one is read once', async () => {
    const streamId = `contact-${randomUUID()}`;
    const counted = counting(store);
    await handleCommand({ store: counted, streamId, decider, command: { limit: 9 }, meta: meta() });
    expect(counted.calls).toEqual(['readStreams', 'append']);
    counted.calls.length = 0;
    for (let n = 0; n < 3; n += 1) await handleCommand({ store: counted, streamId, decider, command: { limit: 9 }, meta: meta() });
    expect(counted.calls).toEqual(['append', 'append', 'append']);
    expect((await store.readStream(streamId)).version).toBe(4);
  });

  test("another writer's events: the cached state fails its append, catches up with only the newer events and decides again", async () => {
    const streamId = `contact-${randomUUID()}`;
    const counted = counting(store);
    await handleCommand({ store: counted, streamId, decider, command: { limit: 9 }, meta: meta() });
    // Another process (its own store, its own cache) appends twice.
    const other = createPostgresEventStore({ pool, connectionString: url });
    try {
      await handleCommand({ store: other, streamId, decider, command: { limit: 9 }, meta: meta() });
      await handleCommand({ store: other, streamId, decider, command: { limit: 9 }, meta: meta() });
    } finally {
      await other.close();
    }
    counted.calls.length = 0;
    counted.fromVersions.length = 0;
    const result = await handleCommand({ store: counted, streamId, decider, command: { limit: 9 }, meta: meta() });
    expect(counted.calls).toEqual(['append', 'readStreams', 'append']);
    expect(counted.fromVersions).toEqual([2]);
    expect(result.version).toBe(4);
    const names = (await store.readStream(streamId)).events.map((event) => (event.data as { name: string }).name);
    expect(names).toEqual(['Request 1', 'Request 2', 'Request 3', 'Request 4']);
  });

  test('a refusal on a cached state is answered only after catching up: newer events may allow the command', async () => {
    const streamId = `contact-${randomUUID()}`;
    await handleCommand({ store, streamId, decider, command: { limit: 9 }, meta: meta() });
    const other = createPostgresEventStore({ pool, connectionString: url });
    try {
      await handleCommand({ store: other, streamId, decider, command: { limit: 9 }, meta: meta() });
    } finally {
      await other.close();
    }
    // Needs two requests on the stream: the cached state has one, the stream two.
    const result = await handleCommand({ store, streamId, decider: needsDecider, command: { needs: 2 }, meta: meta() });
    expect(result.version).toBe(3);
    await expect(handleCommand({ store, streamId, decider: needsDecider, command: { needs: 5 }, meta: meta() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

/** The contact decider, but refusing unless the stream already holds `needs` requests. */
const needsDecider: Decider<number, { needs: number }, ContactRequested> = {
  ...decider,
  decide: (command, count) => {
    if (count < command.needs) throw new DomainError('NOT_FOUND', `Only ${count} requests`);
    return decider.decide({ limit: Number.MAX_SAFE_INTEGER }, count);
  },
};

/** The store, recording which of its methods a command calls (and the versions catch-ups start from). */
function counting(inner: EventStore): EventStore & { calls: string[]; fromVersions: number[] } {
  const calls: string[] = [];
  const fromVersions: number[] = [];
  return {
    ...inner,
    calls,
    fromVersions,
    readStream: (...args) => (calls.push('readStream'), inner.readStream(...args)),
    readStreams: (reads) => {
      calls.push('readStreams');
      fromVersions.push(...reads.map((read) => read.fromVersion ?? 1));
      return inner.readStreams(reads);
    },
    append: (...args) => (calls.push('append'), inner.append(...args)),
  };
}


describe('new streams beside the decided one, on EventStoreDB (no multi-stream transaction: the gRPC test server)', () => {
  test('the new stream is written first and the stream naming it last; a conflict on the last re-sends the same events, so nothing is written twice', async () => {
    const server = await startEventStoreDbTestServer();
    const esdb = createEventStoreDbEventStore({ connectionString: server.url, warn: () => undefined });
    const other = createEventStoreDbEventStore({ connectionString: server.url, warn: () => undefined });
    try {
      const streamId = `contact-${randomUUID()}`;
      await handleCommand({ store: esdb, streamId, decider, command: { limit: 9 }, meta: meta() });
      // Another process appends to the stream: this process's cached state fails its next append.
      await handleCommand({ store: other, streamId, decider, command: { limit: 9 }, meta: meta() });
      const newStream = `contact-new-${randomUUID()}`;
      // Watched on the store itself: its stream cache (per store object) holds the state now behind.
      const sent: string[][] = [];
      const appendMany = esdb.appendMany.bind(esdb);
      (esdb as { appendMany: EventStore['appendMany'] }).appendMany = (appends) => (sent.push(appends.map((part) => part.streamId)), appendMany(appends));
      const [fact] = decider.decide({ limit: 1 }, 0);
      const result = await handleCommand({ store: esdb, streamId, decider, command: { limit: 9 }, meta: meta(), alongside: [{ streamId: newStream, facts: [fact!] }] });
      // Two attempts (the first failed on the decided stream after the new one was written), new stream first each time.
      expect(sent).toEqual([[newStream, streamId], [newStream, streamId]]);
      expect(result.version).toBe(3);
      expect((await esdb.readStream(newStream)).events).toHaveLength(1);
      expect((await esdb.readStream(streamId)).events).toHaveLength(3);
    } finally {
      await Promise.all([esdb.close(), other.close()]);
      await server.close();
    }
  });
});
