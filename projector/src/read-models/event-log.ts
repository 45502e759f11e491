import { auditFormIsStoredForm, redactEventData, type RecordedEvent } from '@mathdaily/domain';
import { sealedDataOf } from '@mathdaily/event-store';
import { isUuid, type ReadModel } from '../read-model.ts';

/** The data fields that name the person an event is about, in order of preference. */
const SUBJECT_FIELDS = ['userId', 'studentId', 'childId'] as const;

/** Whom the event is about (a person's data export reads their events by it, with those they caused). */
function subjectOf(event: RecordedEvent): string | null {
  const data = event.data as Record<string, unknown>;
  for (const field of SUBJECT_FIELDS) if (isUuid(data?.[field])) return (data[field] as string).toLowerCase();
  return null;
}
const UUID_SQL = `'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'`;
/** subjectOf in SQL, over a stored event `e` (only events without personal data are copied in SQL, so nothing sealed). */
const SUBJECT_SQL = `(SELECT lower(v)::uuid FROM unnest(ARRAY[${SUBJECT_FIELDS.map((field) => `e.data->>'${field}'`).join(', ')}]) WITH ORDINALITY AS s(v, n) WHERE v ~ ${UUID_SQL} ORDER BY n LIMIT 1)`;

/**
 * `event_log`: every event, whole, for the admins' audit (GET /api/admin/events) — with its
 * secret fields redacted by schema (domain/src/events/redaction.ts), so password and token hashes
 * are never stored here. Newest first is `position DESC`; each filter has an index that ends in
 * position, so a filtered page is an index range read, never a scan of the log. An event stored as
 * the audit shows it (most are) is copied in SQL from the store when the store is this database.
 * Personal fields are kept sealed, as the store keeps them (docs/personal-data.md): the admin API
 * opens them when it shows a page, and once the person is erased they read "[erased]" there with
 * no change to this table. `subject_id` is the person the event is about (their data export).
 */
export const eventLog: ReadModel = {
  name: 'event-log',
  version: 4,
  tables: [
    {
      name: 'event_log',
      columns: [
        { name: 'position', type: 'int8' },
        { name: 'event_id', type: 'uuid' },
        { name: 'type', type: 'text' },
        { name: 'stream_id', type: 'text' },
        { name: 'version', type: 'int4' },
        { name: 'actor_id', type: 'text', nullable: true },
        { name: 'correlation_id', type: 'text' },
        { name: 'at', type: 'timestamptz' },
        // jsonb, as the store keeps them: the copy from the store takes the values as they are.
        { name: 'data', type: 'jsonb' },
        { name: 'metadata', type: 'jsonb' },
        { name: 'subject_id', type: 'uuid', nullable: true },
      ],
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
    },
  ],
  handles: 'all',
  apply(event, tables) {
    const table = tables.event_log!;
    if (auditFormIsStoredForm(event.type) && table.copyFromStore(event.position)) return;
    table.put({
      position: event.position,
      event_id: event.id,
      type: event.type,
      stream_id: event.streamId,
      version: event.version,
      actor_id: event.metadata.actorId,
      correlation_id: event.metadata.correlationId,
      at: event.metadata.at,
      data: redactEventData(event.type, sealedDataOf(event) ?? event.data),
      metadata: event.metadata,
      subject_id: subjectOf(event),
    });
  },
};
