import { randomUUID } from 'node:crypto';
import type { NewEvent, RecordedEvent } from '@mathdaily/domain';
import type { AppendResult, EventStore, ExpectedVersion, Subscription } from '../event-store.ts';

/** Helpers shared by the conformance suite and adapter-specific tests. No test framework imported here. */

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function shortId(): string {
  return randomUUID().slice(0, 8);
}

export function makeEvent(type = 'TestEventHappened', data: unknown = {}): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      actorId: null,
      correlationId: randomUUID(),
      causationId: null,
      at: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

export function makeEvents(count: number, type?: string): NewEvent[] {
  return Array.from({ length: count }, (_, index) => makeEvent(type, { index }));
}

/** Deterministic pseudo-random numbers (mulberry32), so a failing run can be repeated. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pages through readAll from `after`, keeping the events whose stream starts with `prefix`. */
export async function readAllFrom(store: EventStore, after: bigint, prefix: string, pageSize = 1000): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  let cursor = after;
  for (;;) {
    const page = await store.readAll({ after: cursor, limit: pageSize });
    if (page.length === 0) return out;
    for (const event of page) if (event.streamId.startsWith(prefix)) out.push(event);
    cursor = page.at(-1)!.position;
  }
}

export interface Collector {
  /** Every delivered event whose stream starts with the prefix, in delivery order. */
  readonly events: RecordedEvent[];
  readonly batchSizes: number[];
  readonly subscription: Subscription;
  /** Resolves true once at least `count` matching events arrived, false after `timeoutMs`. */
  waitForCount(count: number, timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

export function startCollector(
  store: EventStore,
  options: { after: bigint; prefix: string; batchSize?: number; onError?: (error: unknown) => void },
): Collector {
  const events: RecordedEvent[] = [];
  const batchSizes: number[] = [];
  const subscription = store.subscribeToAll({
    after: options.after,
    batchSize: options.batchSize,
    onError: options.onError,
    onBatch: async (batch) => {
      batchSizes.push(batch.length);
      for (const event of batch) if (event.streamId.startsWith(options.prefix)) events.push(event);
      // A little asynchronous work, like a projector's transaction.
      await new Promise((resolve) => setImmediate(resolve));
    },
  });
  return {
    events,
    batchSizes,
    subscription,
    async waitForCount(count, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (Date.now() > deadline) return false;
        await sleep(20);
      }
      return true;
    },
    stop: () => subscription.stop(),
  };
}

export interface ConcurrentWriteOptions {
  store: EventStore;
  /** Stream-name prefix for this run (every stream it writes starts with it). */
  prefix: string;
  writers: number;
  totalEvents: number;
  seed?: number;
  /**
   * Runs once, concurrently with the writers, after about 10 % of the events were written: the
   * "slow transaction". Receives a fresh stream id and events, returns the append result.
   */
  slowWriter?: (streamId: string, events: NewEvent[]) => Promise<AppendResult>;
  slowEvents?: number;
}

export interface ConcurrentWriteResult {
  /** Every id appended (slow writer's included). */
  ids: string[];
  slowIds: string[];
  slowResult: AppendResult | undefined;
  appends: number;
  durationMs: number;
}

/**
 * `writers` concurrent writers append `totalEvents` events: each owns 5 streams (appended with
 * exact expected versions) and now and then appends to one shared stream with 'any'; batches of
 * 1–9 events.
 */
export async function writeConcurrently(options: ConcurrentWriteOptions): Promise<ConcurrentWriteResult> {
  const { store, prefix, writers, totalEvents } = options;
  const ids: string[] = [];
  const started = performance.now();
  let written = 0;
  let appends = 0;
  let slowStart: () => void = () => undefined;
  const slowGate = new Promise<void>((resolve) => (slowStart = resolve));
  const slowThreshold = Math.floor(totalEvents / 10);

  const writer = async (writerIndex: number, quota: number): Promise<void> => {
    const random = seededRandom((options.seed ?? 42) * 1000 + writerIndex);
    const versions = new Map<string, number>();
    let remaining = quota;
    while (remaining > 0) {
      const shared = random() < 0.1;
      const streamId = shared ? `${prefix}shared` : `${prefix}w${writerIndex}-s${Math.floor(random() * 5)}`;
      const size = Math.min(remaining, 1 + Math.floor(random() * 9));
      const events = makeEvents(size, shared ? 'SharedThingHappened' : 'WriterThingHappened');
      const expectedVersion: ExpectedVersion = shared ? 'any' : (versions.get(streamId) ?? 0);
      const result = await store.append(streamId, events, { expectedVersion });
      if (!shared) versions.set(streamId, result.nextExpectedVersion);
      for (const event of events) ids.push(event.id);
      remaining -= size;
      written += size;
      appends += 1;
      if (written >= slowThreshold) slowStart();
    }
  };

  const quotas = Array.from({ length: writers }, (_, index) => Math.floor(totalEvents / writers) + (index < totalEvents % writers ? 1 : 0));
  let slowIds: string[] = [];
  let slowResult: AppendResult | undefined;
  const slow = async () => {
    if (!options.slowWriter) return;
    await slowGate;
    const events = makeEvents(options.slowEvents ?? 3, 'SlowThingHappened');
    slowResult = await options.slowWriter(`${prefix}slow`, events);
    slowIds = events.map((event) => event.id);
    ids.push(...slowIds);
    appends += 1;
  };
  await Promise.all([...quotas.map((quota, index) => writer(index, quota)), slow()]);
  return { ids, slowIds, slowResult, appends, durationMs: Math.round(performance.now() - started) };
}

export interface DeliveryCheck {
  missing: string[];
  duplicates: string[];
  unexpected: string[];
  /** Index of the first event where the delivery order differs from readAll's order (-1 = same). */
  firstOrderMismatch: number;
  /** Streams whose versions were not delivered as 1, 2, 3, … */
  streamsOutOfOrder: string[];
  /** Positions delivered more than once. */
  repeatedPositions: number;
}

/** Compares what a subscriber received with what was appended and with readAll's order. */
export function checkDelivery(received: RecordedEvent[], appendedIds: string[], readAllOrder: RecordedEvent[]): DeliveryCheck {
  const appended = new Set(appendedIds);
  const seen = new Set<string>();
  const duplicates: string[] = [];
  const unexpected: string[] = [];
  for (const event of received) {
    if (seen.has(event.id)) duplicates.push(event.id);
    seen.add(event.id);
    if (!appended.has(event.id)) unexpected.push(event.id);
  }
  const missing = appendedIds.filter((id) => !seen.has(id));
  let firstOrderMismatch = -1;
  const length = Math.max(received.length, readAllOrder.length);
  for (let index = 0; index < length; index += 1) {
    if (received[index]?.id !== readAllOrder[index]?.id) {
      firstOrderMismatch = index;
      break;
    }
  }
  const lastVersion = new Map<string, number>();
  const streamsOutOfOrder = new Set<string>();
  for (const event of received) {
    const previous = lastVersion.get(event.streamId) ?? 0;
    if (event.version !== previous + 1) streamsOutOfOrder.add(event.streamId);
    lastVersion.set(event.streamId, event.version);
  }
  const positions = new Set(received.map((event) => event.position));
  return {
    missing,
    duplicates,
    unexpected,
    firstOrderMismatch,
    streamsOutOfOrder: [...streamsOutOfOrder],
    repeatedPositions: received.length - positions.size,
  };
}
