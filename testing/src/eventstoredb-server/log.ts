/*
 * The transaction log of the test server: one ordered list of records, an index of streams, and
 * the write check that EventStoreDB's IndexWriter.CheckCommit makes (expected version and
 * idempotency by event id). It survives a stop/restart of the gRPC server, like a database folder.
 *
 * Positions. Every event is one prepare record of its own, implicitly committed (that is what a
 * gRPC append writes since EventStoreDB 20), so its commit and prepare positions are both the
 * record's offset in the log. Offsets grow by the record's size, as in the real file, so
 * positions are unique and increasing but not consecutive.
 */

/** EventStoreDB's expected-version constants (ExpectedVersion.cs). A revision is >= 0. */
export const EXPECTED_ANY = -2n;
export const EXPECTED_NO_STREAM = -1n;
export const EXPECTED_STREAM_EXISTS = -4n;

export interface ProposedEvent {
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  metadata: Uint8Array;
}

export interface LogEvent extends ProposedEvent {
  streamId: string;
  /** 0-based index in its stream. */
  revision: bigint;
  /** The record's offset: commit position = prepare position. */
  position: bigint;
  /** .NET ticks (100 ns) since the Unix epoch, as the server sends them in `created`. */
  created: bigint;
}

export type WriteOutcome =
  | { kind: 'written' | 'idempotent'; lastRevision: bigint; position: bigint }
  /** currentRevision -1n: the stream does not exist. */
  | { kind: 'wrong-expected-version'; currentRevision: bigint };

/** What every read of $all leaves out unless asked by name (EventFilter.DefaultAllFilter). */
export function hiddenFromAll(event: LogEvent): boolean {
  if (!event.streamId.startsWith('$')) return false;
  if (event.streamId === '$epoch-information') return true;
  return event.streamId.startsWith('$persistentsubscription-$all::') && /-(checkpoint|parked)$/.test(event.streamId);
}

const encoder = new TextEncoder();
/** Fixed part of a prepare record (lengths, flags, positions, ids, timestamp), roughly as in LogV2. */
const RECORD_OVERHEAD = 88n;

export class EventLog {
  private readonly events: LogEvent[] = [];
  private readonly streams = new Map<string, LogEvent[]>();
  /** Event id → the last event written with it (the server's committed-events cache; unbounded here). */
  private readonly byId = new Map<string, LogEvent>();
  private nextPosition: bigint;
  private readonly waiters = new Set<() => void>();

  constructor(firstPosition = 0n) {
    this.nextPosition = firstPosition;
  }

  /** Position just past the last record (where the next one goes). */
  get end(): bigint {
    return this.nextPosition;
  }

  /** Position of the last event, or -1n when the log is empty. */
  get lastPosition(): bigint {
    return this.events.at(-1)?.position ?? -1n;
  }

  streamRevision(streamId: string): bigint {
    const stream = this.streams.get(streamId);
    return stream ? BigInt(stream.length - 1) : -1n;
  }

  stream(streamId: string): readonly LogEvent[] | undefined {
    return this.streams.get(streamId);
  }

  /** Index of the first event at or after `position` in log order. */
  indexAtOrAfter(position: bigint): number {
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.events[middle]!.position < position) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  at(index: number): LogEvent | undefined {
    return this.events[index];
  }

  get length(): number {
    return this.events.length;
  }

  /**
   * One append, checked as IndexWriter.CheckCommit checks it (EventStoreDB 24.10):
   * - 'any' / 'stream_exists': if the first event id is already in this stream, every id must be
   *   (then the original result comes back and nothing is written), else it is a wrong expected
   *   version ("corrupted idempotency"); a first id that is not there means a normal write.
   * - an expected revision below the stream's: the events at expected+1, expected+2, … must carry
   *   exactly these ids (idempotent), otherwise wrong expected version.
   * - above the stream's revision: wrong expected version; equal: a normal write.
   */
  write(streamId: string, expected: bigint, proposed: readonly ProposedEvent[]): WriteOutcome {
    const stream = this.streams.get(streamId) ?? [];
    const current = BigInt(stream.length - 1);
    if (expected === EXPECTED_STREAM_EXISTS && current < 0n) return { kind: 'wrong-expected-version', currentRevision: current };
    if (expected === EXPECTED_ANY || expected === EXPECTED_STREAM_EXISTS) {
      let first: LogEvent | undefined;
      let last: LogEvent | undefined;
      for (const event of proposed) {
        const stored = this.byId.get(event.id);
        if (!stored || stored.streamId !== streamId) {
          if (first) return { kind: 'wrong-expected-version', currentRevision: current };
          return this.append(streamId, stream, proposed);
        }
        first ??= stored;
        last = stored;
      }
      if (!last) return this.append(streamId, stream, proposed);
      return { kind: 'idempotent', lastRevision: last.revision, position: last.position };
    }
    if (expected < current) {
      let revision = expected;
      for (const event of proposed) {
        revision += 1n;
        if (stream[Number(revision)]?.id === event.id) continue;
        return { kind: 'wrong-expected-version', currentRevision: current };
      }
      if (revision === expected) return { kind: 'wrong-expected-version', currentRevision: current };
      const last = stream[Number(revision)]!;
      return { kind: 'idempotent', lastRevision: last.revision, position: last.position };
    }
    if (expected > current) return { kind: 'wrong-expected-version', currentRevision: current };
    return this.append(streamId, stream, proposed);
  }

  /** Writes without any check: the server's own system events. */
  writeSystemEvent(streamId: string, type: string, data: unknown): LogEvent {
    const stream = this.streams.get(streamId) ?? [];
    this.append(streamId, stream, [
      { id: crypto.randomUUID(), type, contentType: 'application/json', data: encoder.encode(JSON.stringify(data)), metadata: new Uint8Array() },
    ]);
    return stream.at(-1)!;
  }

  private append(streamId: string, stream: LogEvent[], proposed: readonly ProposedEvent[]): WriteOutcome {
    if (proposed.length === 0) {
      // An empty append writes a record with no event; the position moves on, no event appears.
      const position = this.nextPosition;
      this.nextPosition += RECORD_OVERHEAD;
      return { kind: 'written', lastRevision: BigInt(stream.length - 1), position };
    }
    if (stream.length === 0) this.streams.set(streamId, stream);
    const created = BigInt(Date.now()) * 10_000n;
    for (const event of proposed) {
      const position = this.nextPosition;
      const size = RECORD_OVERHEAD + BigInt(encoder.encode(streamId).length + encoder.encode(event.type).length + event.data.length + event.metadata.length);
      this.nextPosition += size;
      const stored: LogEvent = { ...event, streamId, revision: BigInt(stream.length), position, created };
      stream.push(stored);
      this.events.push(stored);
      this.byId.set(stored.id, stored);
    }
    const last = stream.at(-1)!;
    for (const wake of [...this.waiters]) wake();
    return { kind: 'written', lastRevision: last.revision, position: last.position };
  }

  /** Resolves at the next write (or when `signal` aborts). */
  nextWrite(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      this.waiters.add(done);
      signal.addEventListener('abort', done);
    });
  }
}
