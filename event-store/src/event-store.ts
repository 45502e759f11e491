import type { NewEvent, RecordedEvent } from '@mathdaily/domain';

/**
 * Expected stream version for optimistic concurrency.
 * - 'any': no check
 * - 'no_stream': the stream must not exist yet
 * - 'stream_exists': the stream must have at least one event
 * - number: the stream's current version (number of events, the first event has version 1) must equal it
 */
export type ExpectedVersion = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendResult {
  /** Version of the stream after the append (the version of its last event). */
  nextExpectedVersion: number;
  /** Global position of the last appended event. */
  position: bigint;
}

export interface ReadStreamResult {
  /** The stream's events from `fromVersion` on (all of them by default), in version order. */
  events: RecordedEvent[];
  /** Current version of the stream; 0 when it does not exist. */
  version: number;
  exists: boolean;
}

export interface ReadStreamOptions {
  /**
   * First version to return (default 1, the whole stream). A caller that has folded a stream up
   * to version v passes v + 1 and folds in only the newer events; `version` and `exists` still
   * describe the whole stream.
   */
  fromVersion?: number;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this position (0n = from the beginning). */
  after: bigint;
  /** Maximum events per batch. */
  batchSize?: number;
  /** Called with each batch in position order; the next batch waits for the returned promise. */
  onBatch: (events: RecordedEvent[]) => Promise<void>;
  /** Called when the subscription stops because of an error that it cannot recover from. */
  onError?: (error: unknown) => void;
}

export interface Subscription {
  /** Stops delivering; resolves when the current batch (if any) has been handled. */
  stop(): Promise<void>;
  /** Resolves when the subscription has caught up with every event stored when it started. */
  caughtUp: Promise<void>;
}

/** Which stored events a history read wants: every field given must hold. */
export interface EventFilter {
  /** Any of these types. */
  types?: readonly string[];
  streamId?: string;
  /** metadata.actorId */
  actorId?: string;
  /** metadata.correlationId */
  correlationId?: string;
  /** metadata.at at or after `from` and before `to` (ISO 8601 instants). */
  from?: string;
  to?: string;
}

export interface HistoryPage {
  /** The matching events of the page, in position order. */
  events: RecordedEvent[];
  /** The `after` of the next page, or null: nothing up to `until` is left. */
  next: bigint | null;
}

/** One stream's part of an appendMany. */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedVersion: ExpectedVersion;
}

/** Streams an append depends on without writing them: each must still be at this version (0: no stream). */
export type UnchangedStreams = readonly { streamId: string; version: number }[];

export interface AppendOptions {
  expectedVersion: ExpectedVersion;
  /**
   * Append only if these other streams are still at these versions, else StreamsChangedError and
   * nothing is written (e.g. the caller's user and session streams, so a sign-out committed before
   * the append refuses it). PostgreSQL checks them in the append's own statement; EventStoreDB has
   * no multi-stream condition and reads them just before appending.
   */
  unchangedStreams?: UnchangedStreams;
}

export interface EventStore {
  append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /**
   * Appends to several streams. PostgreSQL: one transaction, all or nothing, one wake-up for
   * subscribers (bulk seeding). EventStoreDB has no multi-stream transactions: stream by stream,
   * stopping at the first failure. A ConcurrencyError or DuplicateEventIdError names the first
   * stream that failed; idempotent re-sends are the single-stream `append`'s job.
   */
  appendMany(appends: StreamAppend[]): Promise<AppendResult[]>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<ReadStreamResult>;
  /** Several streams at once, results in the order asked: one query on PostgreSQL, parallel reads on EventStoreDB. */
  readStreams(reads: readonly ({ streamId: string } & ReadStreamOptions)[]): Promise<ReadStreamResult[]>;
  /** Up to `limit` events strictly after `after`, in the order subscribers receive them; never skips a late-committing event. */
  readAll(options: { after: bigint; limit: number }): Promise<RecordedEvent[]>;
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Position of the last event a reader can see (0n when empty). */
  lastPosition(): Promise<bigint>;
  /**
   * History for analysts (export, what-if): the events after `after` and at or before `until`
   * (the store's end when the reading began, so new events do not make it chase the log) that
   * match `filter`, a page at a time, in position order. Each store filters where it can: in SQL
   * on PostgreSQL; on EventStoreDB the server filters by type or stream and the adapter the rest.
   */
  readHistory(options: { after: bigint; until: bigint; limit: number; filter?: EventFilter }): Promise<HistoryPage>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: the stored events as a table of the store's database, readable in SQL as
   * `FROM <sqlTable> e` with the columns position, event_id, type, stream_id, version, data and
   * metadata (as stored: not upcast). A projector whose read models live in that same database
   * copies such columns in SQL instead of sending them back (the event log); undefined on
   * EventStoreDB. Nothing outside event-store/ names the table itself.
   */
  readonly sqlTable?: string;
}

/** An append's `unchangedStreams` did not hold: one of them moved on; nothing was appended. */
export class StreamsChangedError extends Error {
  override readonly name = 'StreamsChangedError';
  constructor(readonly streamIds: readonly string[]) {
    super(`Streams ${streamIds.join(', ')} changed since the versions the append depended on`);
  }
}

/** The expected version did not match: exactly one of two conflicting appends wins, the other gets this. */
export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
  }
}
