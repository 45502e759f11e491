import { EventEmitter } from 'node:events';
import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AppendExpectedRevision,
  type AppendResult,
  type EventData,
  type EventStoreDBClient,
  type Filter,
  type Position,
  type ReadPosition,
} from '@eventstore/db-client';

/**
 * TEST-ONLY: an in-memory stand-in for the parts of EventStoreDBClient the adapter uses, with the
 * server behaviour as documented (expected revisions, WrongExpectedVersionError, id-based
 * idempotency, inclusive $all reads, exclusive subscription start, server-side event-type filter,
 * 'caughtUp'). It lets the adapter's own logic (mapping, batching, resubscription) run in every
 * test run; the real server is exercised by the conformance suite when EVENTSTORE_URL is set.
 */

interface LogEntry {
  streamId: string;
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  revision: bigint;
  position: Position;
}

const START_POSITION = 1_000n;
/** Log offsets grow by record size; any stride shows that positions need not be contiguous. */
const RECORD_SIZE = 137n;

class FakeSubscription extends EventEmitter {
  paused = false;
  closed = false;
  private buffer: LogEntry[] = [];

  constructor(
    private readonly filter: Filter | undefined,
    private readonly onClose: (subscription: FakeSubscription) => void,
  ) {
    super();
  }

  offer(entry: LogEntry): void {
    if (this.closed) return;
    if (this.filter && 'regex' in this.filter && this.filter.filterOn === 'eventType' && !new RegExp(this.filter.regex).test(entry.type)) return;
    this.buffer.push(entry);
    this.flush();
  }

  private flush(): void {
    while (!this.paused && !this.closed && this.buffer.length > 0) {
      const entry = this.buffer.shift()!;
      this.emit('data', { event: { ...entry, isJson: true, created: new Date() }, commitPosition: entry.position.commit });
    }
  }

  pause(): this {
    this.paused = true;
    return this;
  }

  resume(): this {
    this.paused = false;
    this.flush();
    return this;
  }

  async unsubscribe(): Promise<void> {
    this.close();
  }

  /** Test hook: the connection breaks. */
  drop(error: Error): void {
    if (this.closed) return;
    this.emit('error', error);
    this.close();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClose(this);
    this.emit('end');
    this.emit('close');
  }
}

export class FakeEventStoreDbClient {
  readonly log: LogEntry[] = [];
  readonly subscriptions = new Set<FakeSubscription>();
  /** fromPosition of every subscribeToAll call, in order. */
  readonly subscribeCalls: ReadPosition[] = [];
  private nextPosition: bigint;

  /** `startPosition`: where the log starts (a large one shows positions beyond 2^53 survive). */
  constructor(options: { startPosition?: bigint } = {}) {
    this.nextPosition = options.startPosition ?? START_POSITION;
  }
  private refusals = 0;

  /** Test hook: the next `count` subscribeToAll calls fail at once (server unavailable). */
  refuseSubscriptions(count: number): void {
    this.refusals = count;
  }

  asClient(): EventStoreDBClient {
    return this as unknown as EventStoreDBClient;
  }

  private streamEntries(streamId: string): LogEntry[] {
    return this.log.filter((entry) => entry.streamId === streamId);
  }

  private write(streamId: string, event: { id: string; type: string; data: unknown; metadata: unknown }, revision: bigint): LogEntry {
    const position = { commit: this.nextPosition, prepare: this.nextPosition };
    this.nextPosition += RECORD_SIZE;
    const entry: LogEntry = { streamId, ...event, revision, position };
    this.log.push(entry);
    for (const subscription of this.subscriptions) subscription.offer(entry);
    return entry;
  }

  /** Test hook: a system event (stream metadata, statistics…) lands in $all. */
  writeSystemEvent(): void {
    this.write('$stats-127.0.0.1:2113', { id: crypto.randomUUID(), type: '$statsCollected', data: {}, metadata: undefined }, 0n);
  }

  async appendToStream(streamName: string, events: EventData | EventData[], options: { expectedRevision?: AppendExpectedRevision } = {}): Promise<AppendResult> {
    await new Promise((resolve) => setImmediate(resolve));
    const list = Array.isArray(events) ? events : [events];
    const existing = this.streamEntries(streamName);
    const current = existing.at(-1)?.revision;
    const expected = options.expectedRevision ?? ANY;

    // Idempotency: the same ids already written as consecutive events of this stream.
    const firstIndex = existing.findIndex((entry) => entry.id === list[0]?.id);
    if (list.length > 0 && firstIndex !== -1 && list.every((event, index) => existing[firstIndex + index]?.id === event.id)) {
      // Like older servers, no position on an idempotent write: the adapter must look it up.
      return { success: true, nextExpectedRevision: existing[firstIndex + list.length - 1]!.revision };
    }

    const ok =
      expected === ANY ||
      (expected === NO_STREAM && current === undefined) ||
      (expected === STREAM_EXISTS && current !== undefined) ||
      (typeof expected === 'bigint' && current === expected);
    if (!ok) {
      throw new WrongExpectedVersionError(undefined, { streamName, expected, current: current ?? NO_STREAM });
    }
    let revision = current ?? -1n;
    let last: LogEntry | undefined;
    for (const event of list) {
      revision += 1n;
      last = this.write(streamName, { id: event.id, type: event.type, data: event.data, metadata: event.metadata }, revision);
    }
    return { success: true, nextExpectedRevision: revision, position: last?.position };
  }

  readStream(
    streamName: string,
    options: { direction?: 'forwards' | 'backwards'; fromRevision?: 'start' | 'end' | bigint; maxCount?: number | bigint } = {},
  ) {
    const backwards = options.direction === 'backwards';
    const entries = backwards ? this.streamEntries(streamName).reverse() : this.streamEntries(streamName);
    const from = options.fromRevision ?? (backwards ? 'end' : 'start');
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    return (async function* () {
      await new Promise((resolve) => setImmediate(resolve));
      if (entries.length === 0) throw new StreamNotFoundError(undefined, streamName);
      let count = 0;
      for (const entry of entries) {
        // Both directions include the revision they start from.
        if (typeof from === 'bigint' && (backwards ? entry.revision > from : entry.revision < from)) continue;
        if (from === 'end' && !backwards) continue;
        if (count >= max) break;
        count += 1;
        yield { event: { ...entry, isJson: true, created: new Date() } };
      }
    })();
  }

  readAll(options: { fromPosition?: ReadPosition; maxCount?: number | bigint; direction?: 'forwards' | 'backwards' } = {}) {
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const from = options.fromPosition ?? (options.direction === 'backwards' ? 'end' : 'start');
    const log = this.log;
    return (async function* () {
      await new Promise((resolve) => setImmediate(resolve));
      const ordered = options.direction === 'backwards' ? [...log].reverse() : log;
      let count = 0;
      for (const entry of ordered) {
        if (count >= max) return;
        if (typeof from === 'object') {
          // Forwards from a position includes it; backwards from a position excludes it.
          if (options.direction === 'backwards' ? entry.position.commit >= from.commit : entry.position.commit < from.commit) continue;
        }
        count += 1;
        yield { event: { ...entry, isJson: true, created: new Date() }, commitPosition: entry.position.commit };
      }
    })();
  }

  subscribeToAll(options: { fromPosition?: ReadPosition; filter?: Filter } = {}) {
    const from = options.fromPosition ?? 'start';
    this.subscribeCalls.push(from);
    const subscription = new FakeSubscription(options.filter, (closed) => this.subscriptions.delete(closed));
    if (this.refusals > 0) {
      this.refusals -= 1;
      setImmediate(() => subscription.drop(new Error('14 UNAVAILABLE: server unavailable')));
      return subscription;
    }
    setImmediate(() => {
      if (subscription.closed) return;
      // Subscriptions start after the given position (exclusive), catch up, then go live.
      for (const entry of this.log) {
        if (from === 'end') break;
        if (typeof from === 'object' && entry.position.commit <= from.commit) continue;
        subscription.offer(entry);
      }
      this.subscriptions.add(subscription);
      subscription.emit('caughtUp');
    });
    return subscription;
  }

  /** Test hook: every open subscription breaks. */
  dropSubscriptions(error: Error): void {
    for (const subscription of [...this.subscriptions]) subscription.drop(error);
  }

  async dispose(): Promise<void> {
    this.dropSubscriptions(new Error('disposed'));
  }
}
