import { upcast, type NewEvent, type RecordedEvent } from '@mathdaily/domain';
import {
  ANY,
  BACKWARDS,
  END,
  eventTypeFilter,
  streamNameFilter,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type Filter,
  type AppendStreamState,
  type CurrentStreamState,
  type JSONType,
  type Position,
  type ReadPosition,
} from '@kurrent/kurrentdb-client';
import {
  ConcurrencyError,
  StreamsChangedError,
  type AppendResult,
  type EventFilter,
  type HistoryPage,
  type StreamAppend,
  type EventStore,
  type AppendOptions,
  type ExpectedVersion,
  type ReadStreamOptions,
  type ReadStreamResult,
  type SubscribeOptions,
  type Subscription,
} from '../event-store.ts';
import { caughtUpSignal } from '../internal/caught-up.ts';
import { Backoff, Waiter } from '../internal/timing.ts';

/*
 * Positions. EventStoreDB gives every record in its transaction log a (commit, prepare) pair of
 * byte offsets. Events appended through gRPC (EventStoreDB 20+) are implicitly committed, one log
 * record each, so for them commit === prepare === the record's own offset: unique and growing in
 * $all order. We expose the COMMIT position as the event's `position` (a bigint, no precision
 * loss: the client already returns bigints) and rebuild a read/subscribe position from it as
 * { commit: p, prepare: p }. Internally, a subscription resumes from the full (commit, prepare)
 * pair of the last event it delivered (or of the server's last checkpoint after it).
 */

export interface EventStoreDbEventStoreOptions {
  /**
   * `kurrentdb://`, `kurrentdb+discover://`, `esdb://` or `esdb+discover://` connection string
   * (one host, a cluster `a:2113,b:2113,c:2113`, credentials, `tls`, `tlsCAFile`, …).
   */
  connectionString: string;
  /** Default subscription batch size (500). */
  batchSize?: number;
  /** Resubscription delays: doubling from `resubscribeMinMs` (100) up to `resubscribeMaxMs` (5,000), with jitter (`Backoff`). */
  resubscribeMinMs?: number;
  resubscribeMaxMs?: number;
  /** Events considered between two server checkpoints of a subscription, in units of 32 (1). */
  checkpointInterval?: number;
  warn?: (message: string, error?: unknown) => void;
}

const DEFAULT_BATCH_SIZE = 500;
/** Page size when reading $all (what the server's filter lets through; `$` streams are skipped here too). */
const READ_PAGE = 500;
/** How long a replaced client keeps serving what was sent on it before it is closed. */
const RETIRED_CLIENT_GRACE_MS = 30_000;
/** EventStoreDB before 22.6 reports "no position" as the largest unsigned 64-bit value. */
const NO_POSITION = 18446744073709551615n;

function isSystemEvent(event: { streamId: string; type: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

/** The client warns on every `esdb` connection string (deprecated name): the same string, renamed. */
export function toKurrentDbConnectionString(connectionString: string): string {
  return connectionString.trim().replace(/^esdb(\+discover)?:\/\//i, 'kurrentdb$1://');
}

function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  // Our version counts events (first event = 1); a revision is the 0-based index of the last event.
  return expected === 0 ? NO_STREAM : BigInt(expected - 1);
}

function toVersion(state: CurrentStreamState): number {
  return typeof state === 'bigint' ? Number(state) + 1 : 0;
}

function positionOf(position: Position | undefined): bigint | undefined {
  if (!position || position.commit < 0n || position.commit === NO_POSITION) return undefined;
  return position.commit;
}

function toReadPosition(after: bigint): ReadPosition {
  return after === 0n ? START : { commit: after, prepare: after };
}

const laterThan = (a: Position, b: Position) => a.commit > b.commit || (a.commit === b.commit && a.prepare > b.prepare);

function expectationHolds(expected: ExpectedVersion, version: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return version === 0;
  if (expected === 'stream_exists') return version > 0;
  return expected === version;
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

/**
 * The client, replaced after an operation finds the server unavailable. Reads go through the
 * client's native (Rust) part, whose connection gives up for good when its first attempt fails
 * (its connection task ends): without a new client, a process that lost the server before it first
 * read would never read again. Appends (grpc-js) reconnect by themselves, but only after a backoff
 * that grows to two minutes, refusing every append meanwhile although the server is back; a new
 * client connects at once. Subscriptions resubscribe on the current client.
 */
class Connection {
  private client: KurrentDBClient;
  private readonly retired = new Set<{ client: KurrentDBClient; timer: NodeJS.Timeout }>();

  constructor(private readonly connectionString: string) {
    this.client = Connection.create(connectionString);
  }

  /** Parse errors may quote the whole string (the native parser's do): the password is masked in them. */
  private static create(connectionString: string): KurrentDBClient {
    try {
      return KurrentDBClient.connectionString(connectionString);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`Invalid EventStoreDB connection string: ${message.replace(/(:\/\/[^:@/\s]*:)[^@\s]*@/g, '$1***@')}`);
    }
  }

  get current(): KurrentDBClient {
    return this.client;
  }

  /** `client` failed to reach the server: the next operation gets a fresh one (once per failing client). */
  unavailable(client: KurrentDBClient): void {
    if (client !== this.client) return;
    this.client = Connection.create(this.connectionString);
    // Appends already sent on it finish there (cancelling them would leave their outcome unknown);
    // then its streams are closed, and a subscription still on it resubscribes on the new client.
    const timer = setTimeout(() => {
      this.retired.delete(retired);
      client.dispose().catch(() => undefined);
    }, RETIRED_CLIENT_GRACE_MS);
    timer.unref();
    const retired = { client, timer };
    this.retired.add(retired);
  }

  async dispose(): Promise<void> {
    for (const { timer } of this.retired) clearTimeout(timer);
    await Promise.all([this.client, ...[...this.retired].map(({ client }) => client)].map((client) => client.dispose().catch(() => undefined)));
    this.retired.clear();
  }
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The part of a history filter the server could not apply (it filters by one thing only). */
function matches(event: RecordedEvent, filter: EventFilter): boolean {
  const { actorId, correlationId, at } = event.metadata;
  return (
    (filter.types === undefined || filter.types.includes(event.type)) &&
    (filter.streamId === undefined || event.streamId === filter.streamId) &&
    (filter.actorId === undefined || actorId === filter.actorId) &&
    (filter.correlationId === undefined || correlationId === filter.correlationId) &&
    (filter.from === undefined || Date.parse(at) >= Date.parse(filter.from)) &&
    (filter.to === undefined || Date.parse(at) < Date.parse(filter.to))
  );
}

export function createEventStoreDbEventStore(options: string | EventStoreDbEventStoreOptions): EventStore {
  const settings: EventStoreDbEventStoreOptions = typeof options === 'string' ? { connectionString: options } : options;
  if (!settings.connectionString) throw new Error('createEventStoreDbEventStore needs a connectionString');
  const connection = new Connection(toKurrentDbConnectionString(settings.connectionString));
  const warn = settings.warn ?? ((message: string, error?: unknown) => console.warn(message, error instanceof Error ? error.message : (error ?? '')));
  const subscriptions = new Set<Subscription>();
  let closed = false;

  /** Runs an operation on the current client; a client that cannot reach the server is replaced for the next one. */
  async function onClient<T>(operation: (client: KurrentDBClient) => Promise<T>): Promise<T> {
    const client = connection.current;
    try {
      return await operation(client);
    } catch (error) {
      if (error instanceof UnavailableError) connection.unavailable(client);
      throw error;
    }
  }

  /** Position of an event we just appended when the append result does not carry it (idempotent re-sends on old servers). */
  function positionOfRevision(streamId: string, revision: bigint): Promise<bigint> {
    return onClient(async (client) => {
      for await (const resolved of client.readStream(streamId, { fromRevision: revision, maxCount: 1, requiresLeader: true })) {
        const position = positionOf(resolved.event?.position);
        if (position !== undefined) return position;
      }
      return 0n;
    });
  }

  /** The stream's last event: its version (0: no stream) and position. */
  function head(streamId: string, requiresLeader: boolean): Promise<{ version: number; position: bigint }> {
    return onClient(async (client) => {
      try {
        for await (const resolved of client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1, requiresLeader })) {
          if (resolved.event) return { version: Number(resolved.event.revision) + 1, position: positionOf(resolved.event.position) ?? 0n };
        }
      } catch (error) {
        if (!(error instanceof StreamNotFoundError)) throw error;
      }
      return { version: 0, position: 0n };
    });
  }

  /**
   * EventStoreDB 24.10 has no multi-stream condition: the streams the append depends on are read
   * just before it, on the leader (a follower may lag behind writes it has acknowledged).
   */
  async function checkUnchanged(unchanged: AppendOptions['unchangedStreams'] = []): Promise<void> {
    const heads = await Promise.all(unchanged.map((stream) => head(stream.streamId, true)));
    const moved = unchanged.filter((stream, index) => heads[index]!.version !== stream.version);
    if (moved.length > 0) throw new StreamsChangedError(moved.map((stream) => stream.streamId));
  }

  async function append(streamId: string, events: NewEvent[], appendOptions: AppendOptions): Promise<AppendResult> {
    const expected = appendOptions.expectedVersion;
    await checkUnchanged(appendOptions.unchangedStreams);
    if (events.length === 0) {
      // Nothing to write: the expectation checked against the stream's head, as on PostgreSQL.
      const current = await head(streamId, true);
      if (!expectationHolds(expected, current.version)) throw new ConcurrencyError(streamId, expected, current.version);
      return { nextExpectedVersion: current.version, position: current.position };
    }
    const send = (client: KurrentDBClient) =>
      client.appendToStream(
        streamId,
        events.map((event) => jsonEvent({ id: event.id, type: event.type, data: (event.data ?? null) as JSONType, metadata: event.metadata })),
        { streamState: toStreamState(expected) },
      );
    try {
      // Sent again once on a fresh client: the same event ids make a re-send of an append that did
      // arrive an idempotent success on the server, never a second copy.
      const result = await onClient(send).catch((error: unknown) => {
        if (error instanceof UnavailableError) return onClient(send);
        throw error;
      });
      const nextExpectedVersion = Number(result.nextExpectedRevision) + 1;
      const position = positionOf(result.position) ?? (await positionOfRevision(streamId, result.nextExpectedRevision));
      return { nextExpectedVersion, position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) throw new ConcurrencyError(streamId, expected, toVersion(error.actualState));
      throw error;
    }
  }

  /** fromVersion v is revision v - 1 (inclusive on the server). */
  async function readStream(streamId: string, readOptions: ReadStreamOptions = {}): Promise<ReadStreamResult> {
    const fromVersion = Math.max(1, readOptions.fromVersion ?? 1);
    const events: RecordedEvent[] = [];
    try {
      await onClient(async (client) => {
        for await (const resolved of client.readStream(streamId, { direction: FORWARDS, fromRevision: fromVersion === 1 ? START : BigInt(fromVersion - 1) })) {
          if (!resolved.event) continue;
          events.push(toRecordedEvent(resolved.event, positionOf(resolved.event.position) ?? 0n));
        }
      });
    } catch (error) {
      if (error instanceof StreamNotFoundError) return { events: [], version: 0, exists: false };
      throw error;
    }
    const last = events.at(-1)?.version;
    if (last !== undefined) return { events, version: last, exists: true };
    // Nothing from fromVersion on: the stream's last event says where it is.
    const version = fromVersion === 1 ? 0 : (await head(streamId, false)).version;
    return { events, version, exists: version > 0 };
  }

  /**
   * Reads $all forward with the server's filter (no `$` event types). The server's position is
   * inclusive: we keep only positions > after. Events in `$` streams with other types are skipped
   * here, so a page may hold fewer: we read on until `limit` or the end.
   */
  async function readAll({ after, limit }: { after: bigint; limit: number }): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    let from: ReadPosition = toReadPosition(after);
    let floor = after;
    while (out.length < limit) {
      let count = 0;
      let last: Position | undefined;
      await onClient(async (client) => {
        for await (const resolved of client.readAll({ fromPosition: from, maxCount: READ_PAGE, direction: FORWARDS, filter: excludeSystemEvents() })) {
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
      });
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
      let found: bigint | undefined;
      await onClient(async (client) => {
        for await (const resolved of client.readAll({ fromPosition: from, maxCount: READ_PAGE, direction: BACKWARDS, filter: excludeSystemEvents() })) {
          count += 1;
          const event = resolved.event;
          if (!event) continue;
          if (!isSystemEvent(event)) {
            found = event.position.commit;
            break;
          }
          last = event.position;
        }
      });
      if (found !== undefined) return found;
      if (count < READ_PAGE || !last) return 0n;
      from = last;
    }
  }

  /**
   * History in position ($all) order up to `until`. The server filters by event type (a regex of
   * the types) or, for one stream, by its name as a prefix; the rest of the filter (the exact
   * stream, metadata: actor, correlation, time) is applied here, page after page of the server's.
   */
  async function readHistory({ after, until, limit, filter = {} }: { after: bigint; until: bigint; limit: number; filter?: EventFilter }): Promise<HistoryPage> {
    const serverFilter: Filter = filter.types
      ? eventTypeFilter({ regex: `^(?:${filter.types.map(escapeRegex).join('|')})$` })
      : filter.streamId !== undefined
        ? streamNameFilter({ prefixes: [filter.streamId] })
        : excludeSystemEvents();
    const events: RecordedEvent[] = [];
    let from: ReadPosition = toReadPosition(after);
    let scanned = after;
    for (;;) {
      let count = 0;
      let last: Position | undefined;
      let past = false;
      await onClient(async (client) => {
        for await (const resolved of client.readAll({ fromPosition: from, maxCount: READ_PAGE, direction: FORWARDS, filter: serverFilter })) {
          count += 1;
          const event = resolved.event;
          if (!event) continue;
          last = event.position;
          const position = event.position.commit;
          if (position <= scanned) continue;
          if (position > until) {
            past = true;
            break;
          }
          scanned = position;
          if (isSystemEvent(event)) continue;
          const recorded = toRecordedEvent(event, position);
          if (matches(recorded, filter)) events.push(recorded);
          if (events.length === limit) break;
        }
      });
      if (past) return { events, next: null };
      if (events.length === limit) return { events, next: scanned };
      if (count < READ_PAGE || !last) return { events, next: null };
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
    /** A server checkpoint that arrived while events before it were still queued: applies once they are delivered. */
    let pendingCheckpoint: { after: bigint; position: Position } | undefined;
    let current: AllStreamSubscription | undefined;
    /** Position of the last user event when the subscription started: caught up once delivered (or the server says so). */
    let target: bigint | undefined;
    let serverCaughtUp = false;
    const caughtUpState = caughtUpSignal();
    const { caughtUp, settle: settleCaughtUp } = caughtUpState;
    const checkCaughtUp = () => {
      if (caughtUpState.settled || queue.length > 0) return;
      if (serverCaughtUp || (target !== undefined && lastDelivered >= target)) settleCaughtUp();
    };
    /** Resuming from a checkpoint skips the system events before it instead of reading them again. */
    const advanceTo = (position: Position) => {
      if (resumeFrom === START || resumeFrom === END || laterThan(position, resumeFrom)) resumeFrom = position;
    };

    /** Opens a server subscription from `resumeFrom`; resolves when it ends or fails. */
    const follow = (): Promise<unknown> =>
      new Promise((resolve) => {
        let done = false;
        const subscription = connection.current.subscribeToAll({
          fromPosition: resumeFrom,
          resolveLinkTos: false,
          filter: excludeSystemEvents({
            checkpointInterval: settings.checkpointInterval ?? 1,
            checkpointReached: (_subscription, position) => {
              if (done) return;
              if (queue.length === 0) advanceTo(position);
              else pendingCheckpoint = { after: queue.at(-1)!.position, position };
            },
          }),
        });
        const finish = (reason: unknown) => {
          if (done) return;
          done = true;
          if (current === subscription) current = undefined;
          subscription.unsubscribe().catch(() => undefined);
          resolve(reason);
        };
        current = subscription;
        subscription.on('data', (resolved: AllStreamResolvedEvent) => {
          const event = resolved.event;
          if (done || !event || isSystemEvent(event)) return;
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
        pendingCheckpoint = undefined;
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
        advanceTo(positions.at(-1)!);
        if (pendingCheckpoint && lastDelivered >= pendingCheckpoint.after) {
          advanceTo(pendingCheckpoint.position);
          pendingCheckpoint = undefined;
        }
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

    // For servers before 23.10, which never say they caught up.
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

  /**
   * No multi-stream transactions in EventStoreDB 24.10: stream by stream in the order given,
   * stopping at the first failure (the caller puts a stream that refers to the others last).
   */
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
    readHistory,
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await connection.dispose();
    },
  };
}
