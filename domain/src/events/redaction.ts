import { z } from 'zod';
import type { RecordedEvent } from './envelope.ts';
import { eventSchemas } from './registry.ts';
import { isSecret } from './secret.ts';
import { currentSchemaVersion } from './upcasters.ts';

export const REDACTED = '[redacted]';

type SchemaDef = { type: string; innerType?: z.ZodType; element?: z.ZodType; options?: z.ZodType[] };
const defOf = (schema: z.ZodType) => (schema as z.ZodType & { _zod: { def: SchemaDef } })._zod.def;

/** Schemas that only wrap another (`innerType`): redaction looks through them. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'readonly']);

/** The schemas redactWith descends into, as it walks them. */
function childSchemas(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return [def.innerType!];
  switch (def.type) {
    case 'array':
      return [def.element!];
    case 'union':
      return def.options!;
    case 'object':
      return Object.values((schema as z.ZodObject).shape) as z.ZodType[];
    default:
      return [];
  }
}

const holdsSecretMemo = new WeakMap<z.ZodType, boolean>();

/**
 * Whether the schema marks a secret anywhere inside, once per schema: most events hold none, and
 * walking their schemas for every event was half the event log model's time in a replay profile.
 */
function holdsSecret(schema: z.ZodType): boolean {
  let holds = holdsSecretMemo.get(schema);
  if (holds === undefined) {
    holds = isSecret(schema) || childSchemas(schema).some(holdsSecret);
    holdsSecretMemo.set(schema, holds);
  }
  return holds;
}

/** The value with every secret field of `schema` replaced by REDACTED (copies only what changes). */
function redactWith(schema: z.ZodType, value: unknown): unknown {
  if (value === null || value === undefined || !holdsSecret(schema)) return value;
  if (isSecret(schema)) return REDACTED;
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return redactWith(def.innerType!, value);
  switch (def.type) {
    case 'array':
      return Array.isArray(value) ? value.map((item) => redactWith(def.element!, item)) : value;
    case 'union':
      // A secret inside any branch is hidden: try each branch that holds one.
      return def.options!.reduce<unknown>((current, option) => redactWith(option, current), value);
    case 'object': {
      if (typeof value !== 'object') return value;
      const shape = (schema as z.ZodObject).shape;
      let copy: Record<string, unknown> | undefined;
      for (const [key, field] of Object.entries(shape)) {
        const before = (value as Record<string, unknown>)[key];
        const after = redactWith(field as z.ZodType, before);
        if (after !== before) (copy ??= { ...(value as Record<string, unknown>) })[key] = after;
      }
      return copy ?? value;
    }
    default:
      return value;
  }
}

/** Event data with its secret fields hidden, as its type's schema marks them (unknown types unchanged). */
export function redactEventData(type: string, data: unknown): unknown {
  const schema = eventSchemas[type];
  return schema ? redactWith(schema, data) : data;
}

/**
 * Whether every event of this type is stored exactly as the audit shows it: no secret field to
 * hide and no upcaster to apply. The event log copies such events in SQL straight from the store
 * (projector/src/read-models/event-log.ts) instead of reading, redacting and writing them back.
 */
export function auditFormIsStoredForm(type: string): boolean {
  const schema = eventSchemas[type];
  return currentSchemaVersion(type) === 1 && !(schema && holdsSecret(schema));
}

/** An event as the audit API and the NDJSON export show it: whole, position as a decimal string, secrets hidden. */
export interface AuditEvent {
  id: string;
  type: string;
  streamId: string;
  version: number;
  position: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
}

export function auditEventOf(event: RecordedEvent): AuditEvent {
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    version: event.version,
    position: event.position.toString(),
    data: redactEventData(event.type, event.data),
    metadata: event.metadata,
  };
}
