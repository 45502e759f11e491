import type { EventMetadata } from '@mathdaily/domain';
import { column, defineTable } from './define-table.ts';

const UUID_SQL = `'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'`;
/** The data fields that name the person an event is about, in order of preference. */
export const SUBJECT_FIELDS = ['userId', 'studentId', 'childId'] as const;
/** The model's subjectOf in SQL, over a stored event `e` (only events without personal data are copied in SQL, so nothing sealed). */
const SUBJECT_SQL = `(SELECT lower(v)::uuid FROM unnest(ARRAY[${SUBJECT_FIELDS.map((field) => `e.data->>'${field}'`).join(', ')}]) WITH ORDINALITY AS s(v, n) WHERE v ~ ${UUID_SQL} ORDER BY n LIMIT 1)`;

/** read-models/event-log.ts */
export const eventLogTables = [
  defineTable({
    name: 'event_log',
    columns: {
      position: column.position(),
      event_id: column.uuid(),
      type: column.text(),
      stream_id: column.text(),
      version: column.int4(),
      actor_id: column.text().nullable(),
      correlation_id: column.text(),
      at: column.timestamptz(),
      // jsonb, as the store keeps them: the copy from the store takes the values as they are.
      /** The event's data with its secret fields redacted and personal ones sealed. */
      data: column.jsonb<unknown>(),
      metadata: column.jsonb<EventMetadata>(),
      subject_id: column.uuid().nullable(),
    },
    fromStoredEvent: `e.position, e.event_id, e.type, e.stream_id, e.version, e.metadata->>'actorId', e.metadata->>'correlationId',
        (e.metadata->>'at')::timestamptz, e.data, e.metadata, ${SUBJECT_SQL}`,
    primaryKey: ['position'],
    insertOnly: true,
    perEvent: true,
    indexes: [
      'event_log_type ON (type, position)',
      'event_log_stream ON (stream_id, position)',
      'event_log_actor ON (actor_id, position)',
      'event_log_correlation ON (correlation_id, position)',
      'event_log_at ON (at, position)',
      'event_log_subject ON (subject_id, position)',
    ],
    // Within a type the position grows; event times grow with it (near enough: a right-edge insert).
    inPositionOrder: ['event_log_type', 'event_log_at'],
  }),
] as const;
