import type { EventFact, EventMetadata, NewEvent } from './envelope.ts';
import { parseEventData } from './registry.ts';
import { currentSchemaVersion } from './upcasters.ts';

/** Who and what caused an event: the request (correlation) and the command or event before it. */
export interface EventContext {
  actorId: string | null;
  /** The request (or process) every event of one flow shares. */
  correlationId: string;
  /** The command or event that caused this one; a command's own id when a request causes it. */
  causationId: string;
  at: Date | string;
  /** The caller's own request id (X-Request-Id), kept beside the server's correlation id. */
  clientRequestId?: string;
}

/**
 * The one envelope builder: commands, seeding and reactors all append through it. The id is
 * given (random for commands, derived for seeding) so the domain stays free of randomness; the
 * data is checked against the event's schema and written at the type's current version.
 */
export function newEvent(fact: EventFact, context: EventContext, id: string): NewEvent {
  const metadata: EventMetadata = {
    actorId: context.actorId,
    correlationId: context.correlationId,
    causationId: context.causationId,
    at: typeof context.at === 'string' ? context.at : context.at.toISOString(),
    schemaVersion: currentSchemaVersion(fact.type),
    ...(context.clientRequestId ? { clientRequestId: context.clientRequestId } : {}),
  };
  return { id, type: fact.type, data: parseEventData(fact.type, fact.data), metadata };
}

/** The context of events that one recorded event causes (a reactor's or a process's next step). */
export function causedBy(event: { id: string; metadata: EventMetadata }, at: Date | string, actorId: string | null = null): EventContext {
  return { actorId, correlationId: event.metadata.correlationId, causationId: event.id, at };
}
