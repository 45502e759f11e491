import {
  BACKWARDS,
  END,
  eventTypeFilter,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  KurrentDBClient,
  START,
  streamNameFilter,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type Filter,
  type Position,
  type ReadPosition,
} from '@kurrent/kurrentdb-client';
import { startEventStoreDbTestServer, type EventStoreDbTestServer } from '@mathdaily/testing/eventstoredb-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortId, sleep } from '../conformance/scenario.ts';

/*
 * The test server's own semantics, through the client directly: what the adapter relies on has
 * to match EventStoreDB 24.10 (testing/src/eventstoredb-server/server.ts says what is modelled).
 */

const events = (count: number, type = 'Tested') => Array.from({ length: count }, (_, index) => jsonEvent({ type, data: { index } }));

describe('EventStoreDB test server (gRPC, through @kurrent/kurrentdb-client)', () => {
  let server: EventStoreDbTestServer;
  let client: KurrentDBClient;

  beforeAll(async () => {
    server = await startEventStoreDbTestServer();
    client = KurrentDBClient.connectionString(server.url.replace('esdb://', 'kurrentdb://'));
  });
  afterAll(async () => {
    await client.dispose();
    await server.close();
  });

  async function subscription(fromPosition: ReadPosition, filter?: Filter) {
    const received: AllStreamResolvedEvent[] = [];
    const checkpoints: Position[] = [];
    const caughtUp: (Position | undefined)[] = [];
    const withCheckpoints = filter && { ...filter, checkpointReached: (_: unknown, position: Position) => void checkpoints.push(position) };
    const handle = client.subscribeToAll({ fromPosition, filter: withCheckpoints });
    handle.on('data', (event: AllStreamResolvedEvent) => received.push(event));
    handle.on('caughtUp', (info: { position?: Position }) => caughtUp.push(info.position));
    const until = async (condition: () => boolean) => {
      for (let waited = 0; !condition(); waited += 20) {
        if (waited > 10_000) throw new Error('timed out');
        await sleep(20);
      }
    };
    return { received, checkpoints, caughtUp, until, stop: () => handle.unsubscribe() };
  }

  it('answers wrong expected versions with the current revision, for every kind of expectation', async () => {
    const stream = `${shortId()}-wev`;
    const wrong = async (streamState: 'no_stream' | 'stream_exists' | bigint, name = stream) => {
      const error = await client.appendToStream(name, events(1), { streamState }).then(() => undefined, (caught: unknown) => caught);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      return (error as WrongExpectedVersionError).actualState;
    };
    expect(await wrong('stream_exists')).toBe('no_stream');
    expect(await wrong(0n)).toBe('no_stream');
    await client.appendToStream(stream, events(2), { streamState: 'no_stream' });
    expect(await wrong('no_stream')).toBe(1n);
    expect(await wrong(5n)).toBe(1n);
    expect(await wrong(0n)).toBe(1n);
    expect((await client.appendToStream(stream, events(1), { streamState: 1n })).nextExpectedRevision).toBe(2n);
  });

  it('is idempotent by event id as CheckCommit decides, on BatchAppend and on Append (per-call credentials)', async () => {
    for (const credentials of [undefined, { username: 'admin', password: 'changeit' }]) {
      const stream = `${shortId()}-idem`;
      const sent = events(3);
      const first = await client.appendToStream(stream, sent, { streamState: 'no_stream', credentials });
      await client.appendToStream(stream, events(1), { streamState: 2n, credentials });
      // Exact expectation below the head: the same ids at those revisions → the original result, nothing written.
      expect(await client.appendToStream(stream, sent, { streamState: 'no_stream', credentials })).toEqual(first);
      expect(await client.appendToStream(stream, sent.slice(0, 2), { streamState: 'no_stream', credentials })).toMatchObject({ nextExpectedRevision: 1n });
      // 'any': found by id in this stream → original result; some found, some not → wrong expected version.
      expect(await client.appendToStream(stream, sent, { streamState: 'any', credentials })).toEqual(first);
      await expect(client.appendToStream(stream, [sent[0]!, ...events(1)], { streamState: 'any', credentials })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(client.appendToStream(stream, [...events(1), sent[0]!], { streamState: 1n, credentials })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(server.log.stream(stream)).toHaveLength(4);
      // Ids are not unique across streams: the same events go into another stream.
      await client.appendToStream(`${stream}-other`, sent, { streamState: 'any', credentials });
      expect(server.log.stream(`${stream}-other`)).toHaveLength(3);
    }
  });

  it('gives every event a unique, increasing commit = prepare position, not consecutive', async () => {
    const stream = `${shortId()}-pos`;
    await client.appendToStream(stream, events(3), { streamState: 'no_stream' });
    const positions: Position[] = [];
    for await (const resolved of client.readStream(stream)) positions.push(resolved.event!.position!);
    expect(positions.every((position) => position.commit === position.prepare)).toBe(true);
    expect(positions[1]!.commit - positions[0]!.commit).toBeGreaterThan(1n);
    expect(positions[2]!.commit).toBeGreaterThan(positions[1]!.commit);
  });

  it('reads a stream forwards and backwards from a revision with a count, and a missing stream as not found', async () => {
    const stream = `${shortId()}-read`;
    await client.appendToStream(stream, events(5), { streamState: 'no_stream' });
    const revisions = async (options: Parameters<KurrentDBClient['readStream']>[1]) => {
      const out: bigint[] = [];
      for await (const resolved of client.readStream(stream, options)) out.push(resolved.event!.revision);
      return out;
    };
    expect(await revisions({ fromRevision: 2n, maxCount: 2 })).toEqual([2n, 3n]);
    expect(await revisions({ fromRevision: 9n })).toEqual([]);
    expect(await revisions({ direction: BACKWARDS, fromRevision: END, maxCount: 2 })).toEqual([4n, 3n]);
    expect(await revisions({ direction: BACKWARDS, fromRevision: 1n })).toEqual([1n, 0n]);
    await expect(revisions({ fromRevision: START }).then(() => client.readStream(`${stream}-missing`).next())).rejects.toMatchObject({ type: 'stream-not-found' });
  });

  it('reads $all forwards from a position inclusive and backwards exclusive, hiding $epoch-information', async () => {
    const stream = `${shortId()}-all`;
    await client.appendToStream(stream, events(3), { streamState: 'no_stream' });
    const mine: Position[] = [];
    for await (const resolved of client.readStream(stream)) mine.push(resolved.event!.position!);
    const read = async (fromPosition: ReadPosition, direction: typeof FORWARDS | typeof BACKWARDS, maxCount: number) => {
      const out: { streamId: string; position: bigint }[] = [];
      for await (const resolved of client.readAll({ fromPosition, direction, maxCount })) out.push({ streamId: resolved.event!.streamId, position: resolved.event!.position.commit });
      return out;
    };
    expect((await read(mine[1]!, FORWARDS, 2)).map((event) => event.position)).toEqual([mine[1]!.commit, mine[2]!.commit]);
    expect((await read(mine[1]!, BACKWARDS, 1)).map((event) => event.position)).toEqual([mine[0]!.commit]);
    const everything = await read(START, FORWARDS, 100_000);
    expect(everything.map((event) => event.streamId)).toContain('$settings');
    expect(everything.map((event) => event.streamId)).not.toContain('$epoch-information');
    expect(server.log.stream('$epoch-information')).toHaveLength(1);
  });

  it('filters reads and subscriptions by event type or stream name, by prefix or regex', async () => {
    const prefix = shortId();
    const start = await client.appendToStream(`${prefix}-a-1`, events(1, 'Alpha'), { streamState: 'no_stream' });
    await client.appendToStream(`${prefix}-b-1`, events(1, 'Beta'), { streamState: 'no_stream' });
    await client.appendToStream(`${prefix}-a-2`, events(1, 'AlphaTwo'), { streamState: 'no_stream' });
    const from = start.position!;
    const readWith = async (filter: Filter) => {
      const out: string[] = [];
      for await (const resolved of client.readAll({ fromPosition: from, filter, maxCount: 100 })) out.push(`${resolved.event!.streamId}:${resolved.event!.type}`);
      return out;
    };
    expect(await readWith(streamNameFilter({ prefixes: [`${prefix}-a-`] }))).toEqual([`${prefix}-a-1:Alpha`, `${prefix}-a-2:AlphaTwo`]);
    expect(await readWith(streamNameFilter({ regex: `^${prefix}-b-` }))).toEqual([`${prefix}-b-1:Beta`]);
    expect(await readWith(eventTypeFilter({ prefixes: ['Beta', 'AlphaT'] }))).toEqual([`${prefix}-b-1:Beta`, `${prefix}-a-2:AlphaTwo`]);
    expect(await readWith(eventTypeFilter({ regex: '^Alpha$' }))).toEqual([`${prefix}-a-1:Alpha`]);
    const live = await subscription(START, streamNameFilter({ prefixes: [`${prefix}-b-`] }));
    await live.until(() => live.caughtUp.length === 1);
    await client.appendToStream(`${prefix}-b-2`, events(1, 'Beta'), { streamState: 'no_stream' });
    await client.appendToStream(`${prefix}-a-3`, events(1, 'Alpha'), { streamState: 'no_stream' });
    await live.until(() => live.received.length === 2);
    expect(live.received.map((resolved) => resolved.event!.streamId)).toEqual([`${prefix}-b-1`, `${prefix}-b-2`]);
    await live.stop();
  });

  it('subscriptions: exclusive start position, checkpoints every 32 × multiplier considered events, caughtUp at the end of catch-up, then live', async () => {
    const stream = `${shortId()}-sub`;
    const first = await client.appendToStream(stream, events(1), { streamState: 'no_stream' });
    for (let index = 0; index < 70; index += 1) server.writeSystemEvent('$stats-test', '$statsCollected', { index });
    const last = server.log.lastPosition;
    const caughtUp = await subscription(first.position!, excludeSystemEvents({ checkpointInterval: 2 }));
    await caughtUp.until(() => caughtUp.caughtUp.length === 1);
    expect(caughtUp.received).toEqual([]);
    // 70 considered: one checkpoint at the 64th, one where catch-up ends; caughtUp carries that position.
    expect(caughtUp.checkpoints.map((position) => position.commit)).toEqual([server.log.at(server.log.indexAtOrAfter(first.position!.commit) + 64)!.position, last]);
    expect(caughtUp.caughtUp).toEqual([{ commit: last, prepare: last }]);
    await client.appendToStream(stream, events(2), { streamState: 0n });
    await caughtUp.until(() => caughtUp.received.length === 2);
    expect(caughtUp.received.map((resolved) => resolved.event!.revision)).toEqual([1n, 2n]);
    await caughtUp.stop();

    const fromEnd = await subscription(END);
    await fromEnd.until(() => fromEnd.caughtUp.length === 1);
    await client.appendToStream(stream, events(1), { streamState: 2n });
    await fromEnd.until(() => fromEnd.received.length === 1);
    expect(fromEnd.received[0]!.event!.revision).toBe(3n);
    await fromEnd.stop();
  });

  it('keeps its log across stop and restart on the same port, writing a new epoch', async () => {
    const stream = `${shortId()}-restart`;
    await client.appendToStream(stream, events(2), { streamState: 'no_stream' });
    const port = server.port;
    await server.stop();
    await expect(client.appendToStream(stream, events(1), { streamState: 1n })).rejects.toThrow();
    await server.restart();
    expect(server.port).toBe(port);
    expect((await client.appendToStream(stream, events(1), { streamState: 1n })).nextExpectedRevision).toBe(2n);
    expect(server.log.stream('$epoch-information')!.length).toBeGreaterThanOrEqual(2);
  });
});
