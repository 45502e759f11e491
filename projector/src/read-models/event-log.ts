import { auditFormIsStoredForm, redactEventData, type RecordedEvent } from '@mathdaily/domain';
import { sealedDataOf } from '@mathdaily/event-store';
import { defineReadModel, isUuid } from '../read-model.ts';
import { eventLogTables, SUBJECT_FIELDS } from '../tables/event-log.ts';

/** Whom the event is about (a person's data export reads their events by it, with those they caused). */
function subjectOf(event: RecordedEvent): string | null {
  const data = event.data as Record<string, unknown>;
  for (const field of SUBJECT_FIELDS) {
    const value = data?.[field];
    if (isUuid(value)) return value.toLowerCase();
  }
  return null;
}

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
export const eventLog = defineReadModel({
  name: 'event-log',
  version: 4,
  tables: eventLogTables,
  handles: 'all',
  apply(event, tables) {
    const table = tables.event_log;
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
});
