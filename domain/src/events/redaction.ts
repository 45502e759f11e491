import type { z } from 'zod';
import type { RecordedEvent } from './envelope.ts';
import { MarkedFields } from './marked-fields.ts';
import { PERSONAL_DATA_HIDDEN, personalMarkOf } from './personal.ts';
import { eventSchemas } from './registry.ts';
import { isSecret } from './secret.ts';
import { currentSchemaVersion } from './upcasters.ts';

export const REDACTED = '[redacted]';

const secretFields = new MarkedFields(isSecret);
/** Fields marked personal() (events/personal.ts): sealed in the store, hidden from analysts. */
export const personalFields = new MarkedFields((schema: z.ZodType) => personalMarkOf(schema) !== undefined);

/** Event data with its secret fields hidden, as its type's schema marks them (unknown types unchanged). */
export function redactEventData(type: string, data: unknown): unknown {
  const schema = eventSchemas[type];
  return schema ? secretFields.map(schema, data, () => REDACTED) : data;
}

/**
 * Event data with its personal fields hidden too: what an analyst's export shows (they never need
 * who). A field that is both secret and personal (the password hash) stays `[redacted]`, as in the
 * admin's event log and the person's own export: a secret is shown to nobody, the person included.
 */
function withoutPersonalData(type: string, data: unknown): unknown {
  const schema = eventSchemas[type];
  return schema ? personalFields.map(schema, redactEventData(type, data), (field) => (isSecret(field) ? REDACTED : PERSONAL_DATA_HIDDEN)) : data;
}

/** Whether events of this type can hold personal data (a field marked personal()). */
export function holdsPersonalData(type: string): boolean {
  const schema = eventSchemas[type];
  return schema !== undefined && personalFields.holdsMark(schema);
}

/**
 * Whether every event of this type is stored exactly as the audit shows it: no secret field to
 * hide, no personal field (stored sealed, docs/personal-data.md) and no upcaster to apply. The
 * event log copies such events in SQL straight from the store
 * (projector/src/read-models/event-log.ts) instead of reading, redacting and writing them back.
 */
export function auditFormIsStoredForm(type: string): boolean {
  const schema = eventSchemas[type];
  return currentSchemaVersion(type) === 1 && !(schema && (secretFields.holdsMark(schema) || personalFields.holdsMark(schema)));
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

/** The event for an analyst's export: secrets redacted and personal data hidden. */
export function auditEventOf(event: RecordedEvent): AuditEvent {
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    version: event.version,
    position: event.position.toString(),
    data: withoutPersonalData(event.type, event.data),
    metadata: event.metadata,
  };
}
