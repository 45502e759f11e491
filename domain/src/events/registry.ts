import type { z } from 'zod';
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
export const eventSchemas: Record<string, z.ZodType> = {
  ...contactEventSchemas,
  ...accountEventSchemas,
  ...clientErrorEventSchemas,
  ...practiceEventSchemas,
  ...placementEventSchemas,
  ...problemEventSchemas,
  ...tutoringEventSchemas,
  ...familyEventSchemas,
};

export function isKnownEventType(type: string): boolean {
  return Object.hasOwn(eventSchemas, type);
}

/** Parses event data against its schema; throws for unknown types or invalid data. */
export function parseEventData(type: string, data: unknown): unknown {
  const schema = eventSchemas[type];
  if (!schema) throw new Error(`Unknown event type ${type}`);
  return schema.parse(data);
}
