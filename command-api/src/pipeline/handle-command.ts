import { randomUUID } from 'node:crypto';
import {
  DomainError,
  newEvent,
  type Decider,
  type EventFact,
  type NewEvent,
} from '@mathdaily/domain';
import type { PrincipalCheck } from '@mathdaily/api-kit';
import { ConcurrencyError, StreamsChangedError, streamStateCacheOf, type EventStore, type StreamAppend } from '@mathdaily/event-store';

export interface CommandMeta {
  actorId: string | null;
  /** The request every event of this flow shares. */
  correlationId: string;
  /** What caused these events: the command (request) itself, or the event a process reacts to. */
  causationId: string;
  /** Command time: the only clock a decider sees. */
  at: Date;
  /** The caller's X-Request-Id, a label beside the correlation id (never the correlation id itself). */
  clientRequestId?: string;
}

export interface CommandResult<Event extends EventFact> {
  /** Position of the last appended event, or null when the command changed nothing. */
  position: bigint | null;
  events: Event[];
  /** Ids of the appended events, in order: the causation id of whatever they cause next. */
  eventIds: string[];
  version: number;
}

const MAX_ATTEMPTS = 5;

/**
 * Load stream → decide → append with the expected version; on a concurrent write, catch up and
 * decide again. Events are validated against their schema before they are appended.
 *
 * The stream comes from the per-store cache (event-store's stream-cache.ts): a cold stream is read once, after
 * which this process keeps its state. A decision taken on a cached state is only trusted when the
 * append confirms it: the append's expected version is the cached one, so a state that missed
 * another writer's events fails with ConcurrencyError and is caught up (reading only the newer
 * events). A refusal or a "nothing to do" is only answered on a state just caught up, since a
 * cached state may be behind. So the usual command costs one round trip, the append.
 */
export async function handleCommand<State, Command, Event extends EventFact>(options: {
  store: EventStore;
  streamId: string;
  decider: Decider<State, Command, Event>;
  command: Command;
  meta: CommandMeta;
  /**
   * New streams written in the same transaction as the decided events, and only when the decision
   * produced some (e.g. a question set's new problem: the set and the problem exist together or
   * not at all). Each must not exist yet.
   */
  alongside?: readonly { streamId: string; facts: EventFact[] }[];
  /**
   * The caller's principal when it came from the cache unconfirmed (`principalCheckOf(request)`):
   * the append depends on its streams, so a sign-out or a role change committed before it refuses
   * the append, and the principal is read again (401 / 403, or the command goes ahead).
   */
  principal?: PrincipalCheck | null;
}): Promise<CommandResult<Event>> {
  const { store, streamId, decider, command, meta, alongside = [], principal = null } = options;
  // Made once: a retry sends the same ids, so a stream written before a failure is not written twice.
  const newStreams = alongside.map((extra) => ({ streamId: extra.streamId, events: toNewEvents(extra.facts, meta), expectedVersion: 'no_stream' as const }));
  const cache = streamStateCacheOf(store);
  let current = cache.peek(streamId, decider);
  let fresh = current === undefined;
  current ??= await cache.catchUp(streamId, decider);
  for (let attempt = 1; ; ) {
    let facts: Event[];
    let events: NewEvent[];
    try {
      facts = decider.decide(command, current.state);
      events = toNewEvents(facts, meta);
    } catch (error) {
      if (fresh) throw error;
      current = await cache.catchUp(streamId, decider);
      fresh = true;
      continue;
    }
    if (facts.length === 0) {
      if (fresh) return { position: null, events: [], eventIds: [], version: current.version };
      current = await cache.catchUp(streamId, decider);
      fresh = true;
      continue;
    }
    try {
      const expectedVersion = current.version > 0 ? current.version : 'no_stream';
      // appendMany takes no such condition: the principal is read first there.
      if (principal?.pending && alongside.length > 0) await principal.verify();
      const unchangedStreams = principal?.pending ? principal.streams : undefined;
      const result =
        alongside.length === 0
          ? await store.append(streamId, events, { expectedVersion, unchangedStreams })
          : await appendAlongside(store, { streamId, events, expectedVersion }, newStreams);
      principal?.confirm();
      // Folded as a read would return them (JSON, as stored), so the cached state equals a fresh fold.
      const stored = events.map((event) => ({ type: event.type, data: JSON.parse(JSON.stringify(event.data)) as unknown }));
      cache.remember(streamId, decider, {
        state: stored.reduce((state, event) => decider.evolve(state, event as Event), current.state),
        version: result.nextExpectedVersion,
      });
      return { position: result.position, events: facts, eventIds: events.map((event) => event.id), version: result.nextExpectedVersion };
    } catch (error) {
      if (error instanceof StreamsChangedError && principal) {
        // The principal's streams moved on: read it again (this rejects when it no longer allows the request).
        await principal.verify();
        continue;
      }
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt >= MAX_ATTEMPTS) {
        throw new DomainError('CONFLICT', 'Someone else changed this at the same moment. Please try again.');
      }
      attempt += 1;
      current = await cache.catchUp(streamId, decider);
      fresh = true;
    }
  }
}

/**
 * The new streams, then the decided events that name them (a question set's event names its new
 * problem), so no reader ever finds a reference before its target: on PostgreSQL in one
 * transaction, on EventStoreDB stream by stream (docs/event-store.md, "appendMany"). The position is
 * the last of them: a read waiting for it sees them all.
 */
async function appendAlongside(
  store: EventStore,
  decided: { streamId: string; events: NewEvent[]; expectedVersion: number | 'no_stream' },
  newStreams: readonly StreamAppend[],
): Promise<{ nextExpectedVersion: number; position: bigint }> {
  const results = await store.appendMany([...newStreams, decided]);
  const position = results.reduce((latest, result) => (result.position > latest ? result.position : latest), results[0]!.position);
  return { nextExpectedVersion: results.at(-1)!.nextExpectedVersion, position };
}

/** Appends events that need no decision (e.g. a new stream whose id was just generated). */
export async function appendNew(options: {
  store: EventStore;
  streamId: string;
  facts: EventFact[];
  meta: CommandMeta;
  expectedVersion?: 'no_stream' | 'any';
}): Promise<bigint> {
  const result = await options.store.append(options.streamId, toNewEvents(options.facts, options.meta), {
    expectedVersion: options.expectedVersion ?? 'no_stream',
  });
  return result.position;
}

/** Facts as events to append: a new id each, through the one envelope builder. */
function toNewEvents(facts: readonly EventFact[], meta: CommandMeta): NewEvent[] {
  return facts.map((fact) => newEvent(fact, meta, randomUUID()));
}
