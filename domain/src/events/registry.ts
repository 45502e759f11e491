import type { z } from 'zod';
import type { RecordedEvent } from './envelope.ts';
import { contactEventSchemas } from '../contact/events.ts';
import { accountEventSchemas } from '../accounts/events.ts';
import { clientErrorEventSchemas } from '../client-errors/events.ts';
import { placementEventSchemas, practiceEventSchemas } from '../learning/events.ts';
import { problemEventSchemas } from '../problems/events.ts';
import { tutoringEventSchemas } from '../tutoring/events.ts';
import { familyEventSchemas } from '../families/events.ts';

/**
 * Every event type with its zod schema. An event whose data fails its schema is never appended.
 * Each feature keeps its schemas next to its decider and adds one spread here.
 */
const schemasByType = {
  ...contactEventSchemas,
  ...accountEventSchemas,
  ...clientErrorEventSchemas,
  ...practiceEventSchemas,
  ...placementEventSchemas,
  ...problemEventSchemas,
  ...tutoringEventSchemas,
  ...familyEventSchemas,
};
export const eventSchemas: Record<string, z.ZodType> = schemasByType;

/** Each event type's data as its schema gives it (what a reader of the log gets, upcast and opened). */
type EventDataByType = { [Type in keyof typeof schemasByType]: z.output<(typeof schemasByType)[Type]> };
export type EventType = keyof EventDataByType;
/** A stored event of one of these types, its data typed by its type: `switch (event.type)` narrows `event.data`. */
export type RecordedEventOf<Type extends EventType = EventType> = { [T in Type]: RecordedEvent<T, EventDataByType[T]> }[Type];

export function isKnownEventType(type: string): boolean {
  return Object.hasOwn(eventSchemas, type);
}

/** Parses event data against its schema; throws for unknown types or invalid data. */
export function parseEventData(type: string, data: unknown): unknown {
  const schema = eventSchemas[type];
  if (!schema) throw new Error(`Unknown event type ${type}`);
  return schema.parse(data);
}
