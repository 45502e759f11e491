import { randomUUID } from 'node:crypto';
import {
  DomainError,
  foldEvents,
  parseEventData,
  type Decider,
  type EventFact,
  type NewEvent,
} from '@mathdaily/domain';
import { ConcurrencyError, type EventStore } from '@mathdaily/event-store';

export interface CommandMeta {
  actorId: string | null;
  correlationId: string;
  /** Command time: the only clock a decider sees. */
  at: Date;
}

export interface CommandResult<Event extends EventFact> {
  /** Position of the last appended event, or null when the command changed nothing. */
  position: bigint | null;
  events: Event[];
  version: number;
}

const MAX_ATTEMPTS = 5;

/**
 * Load stream → decide → append with the expected version; on a concurrent write, reload and
 * decide again. Events are validated against their schema before they are appended.
 */
export async function handleCommand<State, Command, Event extends EventFact>(options: {
  store: EventStore;
  streamId: string;
  decider: Decider<State, Command, Event>;
  command: Command;
  meta: CommandMeta;
}): Promise<CommandResult<Event>> {
  const { store, streamId, decider, command, meta } = options;
  for (let attempt = 1; ; attempt += 1) {
    const stream = await store.readStream(streamId);
    const state = foldEvents(decider, stream.events);
    const facts = decider.decide(command, state);
    if (facts.length === 0) return { position: null, events: [], version: stream.version };
    const events: NewEvent[] = facts.map((fact) => ({
      id: randomUUID(),
      type: fact.type,
      data: parseEventData(fact.type, fact.data),
      metadata: {
        actorId: meta.actorId,
        correlationId: meta.correlationId,
        causationId: null,
        at: meta.at.toISOString(),
        schemaVersion: 1,
      },
    }));
    try {
      const result = await store.append(streamId, events, {
        expectedVersion: stream.exists ? stream.version : 'no_stream',
      });
      return { position: result.position, events: facts, version: result.nextExpectedVersion };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt >= MAX_ATTEMPTS) {
        throw new DomainError('CONFLICT', 'Someone else changed this at the same moment. Please try again.');
      }
    }
  }
}

/** Appends events that need no decision (e.g. a new stream whose id was just generated). */
export async function appendNew(options: {
  store: EventStore;
  streamId: string;
  facts: EventFact[];
  meta: CommandMeta;
  expectedVersion?: 'no_stream' | 'any';
}): Promise<bigint> {
  const events: NewEvent[] = options.facts.map((fact) => ({
    id: randomUUID(),
    type: fact.type,
    data: parseEventData(fact.type, fact.data),
    metadata: {
      actorId: options.meta.actorId,
      correlationId: options.meta.correlationId,
      causationId: null,
      at: options.meta.at.toISOString(),
      schemaVersion: 1,
    },
  }));
  const result = await options.store.append(options.streamId, events, { expectedVersion: options.expectedVersion ?? 'no_stream' });
  return result.position;
}
