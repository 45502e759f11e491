import { upcast, type NewEvent, type RecordedEvent } from '@mathdaily/domain';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type CurrentRevision,
  type JSONType,
  type Position,
  type ReadPosition,
} from '@eventstore/db-client';
import {
  ConcurrencyError,
  StreamsChangedError,
  type AppendResult,
  type StreamAppend,
  type EventStore,
  type AppendOptions,
  type ExpectedVersion,
  type ReadStreamOptions,
  type ReadStreamResult,
  type SubscribeOptions,
  type Subscription,
} from '../event-store.ts';
import { Backoff, Waiter } from '../internal/timing.ts';

/*
 * Positions. EventStoreDB gives every record in its transaction log a (commit, prepare) pair of
 * byte offsets. Events appended through gRPC (EventStoreDB 20+) are implicitly committed, one log
 * record each, so for them commit === prepare === the record's own offset: unique and growing in
 * $all order. We expose the COMMIT position as the event's `position` (a bigint, no precision
 * loss: the client already returns bigints) and rebuild a read/subscribe position from it as
 * { commit: p, prepare: p }. Internally, a subscription resumes from the full (commit, prepare)
 * pair of the last event it delivered, so it would also be exact for events whose pair differs.
 */

export interface EventStoreDbEventStoreOptions {
  /** `esdb://…` connection string; the store makes the client and disposes of it on close(). */
  connectionString?: string;
  /** An existing client (not disposed by close()). */
  client?: EventStoreDBClient;
  /** Default subscription batch size (500). */
  batchSize?: number;
  /** Resubscription delays: doubling from `resubscribeMinMs` (100) up to `resubscribeMaxMs` (5,000). */
  resubscribeMinMs?: number;
  resubscribeMaxMs?: number;
  warn?: (message: string, error?: unknown) => void;
}

const DEFAULT_BATCH_SIZE = 500;
/** Page size when reading $all (system events are skipped client-side, so pages may hold fewer). */
const READ_PAGE = 500;
/** EventStoreDB before 22.6 reports "no position" as the largest unsigned 64-bit value. */
const NO_POSITION = 18446744073709551615n;

export function isSystemEvent(event: { streamId: string; type: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function toExpectedRevision(expected: ExpectedVersion): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  // Our version counts events (first event = 1); a revision is the 0-based index of the last event.
  return expected === 0 ? NO_STREAM : BigInt(expected - 1);
}

function toVersion(revision: CurrentRevision | AppendExpectedRevision): number {
  return typeof revision === 'bigint' ? Number(revision) + 1 : 0;
}

function positionOf(position: Position | undefined): bigint | undefined {
  if (!position || position.commit < 0n || position.commit === NO_POSITION) return undefined;
  return position.commit;
}

function toReadPosition(after: bigint): ReadPosition {
  return after === 0n ? START : { commit: after, prepare: after };
}

interface StoredEvent {
  id: string;
  type: string;
  streamId: string;
  revision: bigint;
  data: unknown;
  metadata: unknown;
}

function toRecordedEvent(event: StoredEvent, position: bigint): RecordedEvent {
  // Stored as written; read in today's shape (domain/src/events/upcasters.ts).
  return upcast({
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    version: Number(event.revision) + 1,
    position,
    data: event.data,
    metadata: event.metadata as RecordedEvent['metadata'],
  });
}

export function createEventStoreDbEventStore(options: string | EventStoreDbEventStoreOptions): EventStore {
  const settings: EventStoreDbEventStoreOptions = typeof options === 'string' ? { connectionString: options } : options;
  if (!settings.client && !settings.connectionString) throw new Error('createEventStoreDbEventStore needs a client or a connectionString');
  const ownsClient = !settings.client;
  const client = settings.client ?? EventStoreDBClient.connectionString(settings.connectionString!);
  const warn = settings.warn ?? ((message: string, error?: unknown) => console.warn(message, error instanceof Error ? error.message : (error ?? '')));
  const subscriptions = new Set<Subscription>();
  let closed = false;

  /** Position of an event we just appended when the append result does not carry it (idempotent re-sends on some servers). */
  async function positionOfRevision(streamId: string, revision: bigint): Promise<bigint> {
    for await (const resolved of client.readStream(streamId, { fromRevision: revision, maxCount: 1 })) {
      const position = positionOf(resolved.event?.position);
      if (position !== undefined) return position;
    }
    return 0n;
  }

  async function append(streamId: string, events: NewEvent[], appendOptions: AppendOptions): Promise<AppendResult> {
    const expected = appendOptions.expectedVersion;
    // No multi-stream condition here: the streams the append depends on are read just before it.
    const unchanged = appendOptions.unchangedStreams ?? [];
    const heads = await Promise.all(unchanged.map((stream) => readStream(stream.streamId, { fromVersion: stream.version + 1 })));
    const moved = unchanged.filter((stream, index) => heads[index]!.version !== stream.version);
    if (moved.length > 0) throw new StreamsChangedError(moved.map((stream) => stream.streamId));
    try {
      const result = await client.appendToStream(
        streamId,
        events.map((event) =>
          jsonEvent({ id: event.id, type: event.type, data: (event.data ?? null) as JSONType, metadata: event.metadata }),
        ),
        { expectedRevision: toExpectedRevision(expected) },
      );
      const nextExpectedVersion = Number(result.nextExpectedRevision) + 1;
      const position =
        positionOf(result.position) ?? (nextExpectedVersion > 0 ? await positionOfRevision(streamId, result.nextExpectedRevision) : 0n);
      return { nextExpectedVersion, position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) throw new ConcurrencyError(streamId, expected, toVersion(error.actualVersion));
      throw error;
    }
  }

  /** fromVersion v is revision v - 1 (inclusive on the server). */
  async function readStream(streamId: string, readOptions: ReadStreamOptions = {}): Promise<ReadStreamResult> {
    const fromVersion = Math.max(1, readOptions.fromVersion ?? 1);
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamId, { direction: FORWARDS, fromRevision: fromVersion === 1 ? START : BigInt(fromVersion - 1) })) {
        if (!resolved.event) continue;
        events.push(toRecordedEvent(resolved.event, positionOf(resolved.event.position) ?? 0n));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return { events: [], version: 0, exists: false };
      throw error;
    }
    const last = events.at(-1)?.version;
    if (last !== undefined) return { events, version: last, exists: true };
    // Nothing from fromVersion on: the stream's last event says where it is.
    const version = fromVersion === 1 ? 0 : await headVersion(streamId);
    return { events, version, exists: version > 0 };
  }

  async function headVersion(streamId: string): Promise<number> {
    try {
      for await (const resolved of client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (resolved.event) return Number(resolved.event.revision) + 1;
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return 0;
  }

  /** Reads $all forward (fromPosition is inclusive on the server: we keep only positions > after). */
  async function readAll({ after, limit }: { after: bigint; limit: number }): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    let from: ReadPosition = toReadPosition(after);
    let floor = after;
    while (out.length < limit) {
      let count = 0;
      let last: Position | undefined;
      for await (const resolved of client.readAll({ fromPosition: from, maxCount: READ_PAGE, direction: FORWARDS, resolveLinkTos: false })) {
        count += 1;
        const event = resolved.event;
        if (!event) continue;
        last = event.position;
        const position = event.position.commit;
        if (position <= floor) continue;
        floor = position;
        if (isSystemEvent(event)) continue;
        out.push(toRecordedEvent(event, position));
        if (out.length === limit) break;
      }
      if (count < READ_PAGE || !last || out.length === limit) break;
      from = last;
    }
    return out;
  }

  async function lastPosition(): Promise<bigint> {
    let from: ReadPosition = END;
    for (;;) {
      let count = 0;
      let last: Position | undefined;
      for await (const resolved of client.readAll({ fromPosition: from, maxCount: READ_PAGE, direction: BACKWARDS, resolveLinkTos: false })) {
        count += 1;
        const event = resolved.event;
        if (!event) continue;
        if (!isSystemEvent(event)) return event.position.commit;
        last = event.position;
      }
      if (count < READ_PAGE || !last) return 0n;
      from = last;
    }
  }

  function subscribeToAll(subscribeOptions: SubscribeOptions): Subscription {
    if (closed) throw new Error('The event store is closed');
    const batchSize = subscribeOptions.batchSize ?? settings.batchSize ?? DEFAULT_BATCH_SIZE;
    const waiter = new Waiter();
    const resubscribeWaiter = new Waiter();
    const backoff = new Backoff(settings.resubscribeMinMs ?? 100, settings.resubscribeMaxMs ?? 5_000);
    let stopped = false;
    let lastDelivered: bigint = subscribeOptions.after;
    let resumeFrom: ReadPosition = toReadPosition(subscribeOptions.after);
    let queue: RecordedEvent[] = [];
    let queuePositions: Position[] = [];
    let current: AllStreamSubscription | undefined;
    /** Position of the last user event when the subscription started: caught up once delivered (or the server says so). */
    let target: bigint | undefined;
    let serverCaughtUp = false;
    let caughtUpSettled = false;
    let resolveCaughtUp!: () => void;
    let rejectCaughtUp!: (error: unknown) => void;
    const caughtUp = new Promise<void>((resolve, reject) => {
      resolveCaughtUp = resolve;
      rejectCaughtUp = reject;
    });
    caughtUp.catch(() => undefined);
    const settleCaughtUp = (error?: unknown) => {
      if (caughtUpSettled) return;
      caughtUpSettled = true;
      if (error === undefined) resolveCaughtUp();
      else rejectCaughtUp(error);
    };
    const checkCaughtUp = () => {
      if (caughtUpSettled || queue.length > 0) return;
      if (serverCaughtUp || (target !== undefined && lastDelivered >= target)) settleCaughtUp();
    };

    /** Opens a server subscription from `resumeFrom`; resolves when it ends or fails. */
    const follow = (): Promise<unknown> =>
      new Promise((resolve) => {
        const subscription = client.subscribeToAll({ fromPosition: resumeFrom, filter: excludeSystemEvents(), resolveLinkTos: false });
        current = subscription;
        let done = false;
        const finish = (reason: unknown) => {
          if (done) return;
          done = true;
          current = undefined;
          subscription.unsubscribe().catch(() => undefined);
          resolve(reason);
        };
        subscription.on('data', (resolved: AllStreamResolvedEvent) => {
          const event = resolved.event;
          if (!event || isSystemEvent(event)) return;
          const position = event.position.commit;
          const queuedUpTo = queue.at(-1)?.position ?? lastDelivered;
          if (position <= queuedUpTo) return; // already delivered or queued (after a resubscribe)
          queue.push(toRecordedEvent(event, position));
          queuePositions.push(event.position);
          backoff.reset();
          if (queue.length >= batchSize * 2) subscription.pause();
          waiter.wake();
        });
        subscription.on('caughtUp', () => {
          serverCaughtUp = true;
          waiter.wake();
        });
        subscription.on('error', (error) => finish(error));
        subscription.on('end', () => finish(new Error('subscription ended')));
        subscription.on('close', () => finish(new Error('subscription closed')));
      });

    /** Keeps a server subscription open, resubscribing from the last delivered position with backoff. */
    const keepSubscribed = async () => {
      while (!stopped) {
        const reason = await follow();
        if (stopped) break;
        // Drop what was queued but not delivered: the new subscription starts after the last delivered event.
        queue = [];
        queuePositions = [];
        const delay = backoff.next();
        warn(`event store: $all subscription dropped, resubscribing in ${delay} ms`, reason);
        await resubscribeWaiter.wait(delay, false);
      }
    };

    /** Hands queued events to onBatch, one batch at a time. */
    const deliver = async () => {
      while (!stopped) {
        if (queue.length === 0) {
          checkCaughtUp();
          await waiter.wait(1_000, true);
          continue;
        }
        const batch = queue.slice(0, batchSize);
        const positions = queuePositions.slice(0, batchSize);
        try {
          await subscribeOptions.onBatch(batch);
        } catch (error) {
          fail(error);
          return;
        }
        lastDelivered = batch.at(-1)!.position;
        resumeFrom = positions.at(-1)!;
        // Drop everything delivered. A resubscribe during the batch may have queued some of the
        // batch's events again (it started from the previous resume point): they go too.
        const keepFrom = queue.findIndex((event) => event.position > lastDelivered);
        queue = keepFrom === -1 ? [] : queue.slice(keepFrom);
        queuePositions = keepFrom === -1 ? [] : queuePositions.slice(keepFrom);
        if (queue.length < batchSize) current?.resume();
      }
    };

    const fail = (error: unknown) => {
      stopped = true;
      waiter.cancel();
      resubscribeWaiter.cancel();
      subscriptions.delete(handle);
      current?.unsubscribe().catch(() => undefined);
      settleCaughtUp(error);
      if (subscribeOptions.onError) subscribeOptions.onError(error);
      else warn('event store: subscription stopped by an error', error);
    };

    lastPosition()
      .then((position) => {
        target = position;
        waiter.wake();
      })
      .catch((error: unknown) => warn('event store: could not read the last position', error));
    const subscribed = keepSubscribed().catch((error: unknown) => fail(error));
    const delivering = deliver().catch((error: unknown) => fail(error));

    const handle: Subscription = {
      caughtUp,
      async stop() {
        stopped = true;
        waiter.cancel();
        resubscribeWaiter.cancel();
        await current?.unsubscribe().catch(() => undefined);
        await delivering;
        await subscribed;
        subscriptions.delete(handle);
        settleCaughtUp(new Error('Subscription stopped before it caught up'));
      },
    };
    subscriptions.add(handle);
    return handle;
  }

  /** No multi-stream transactions in EventStoreDB: stream by stream, stopping at the first failure. */
  async function appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    const results: AppendResult[] = [];
    for (const part of appends) results.push(await append(part.streamId, part.events, { expectedVersion: part.expectedVersion }));
    return results;
  }

  return {
    append,
    appendMany,
    readStream,
    readStreams: (reads) => Promise.all(reads.map(({ streamId, ...readOptions }) => readStream(streamId, readOptions))),
    readAll,
    subscribeToAll,
    lastPosition,
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      if (ownsClient) await client.dispose();
    },
  };
}
