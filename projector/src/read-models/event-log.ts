import { auditFormIsStoredForm, redactEventData } from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';

/**
 * `event_log`: every event, whole, for the admins' audit (GET /api/admin/events) — with its
 * secret fields redacted by schema (domain/src/events/redaction.ts), so password and token hashes
 * are never stored here. Newest first is `position DESC`; each filter has an index that ends in
 * position, so a filtered page is an index range read, never a scan of the log. An event stored as
 * the audit shows it (most are) is copied in SQL from the store when the store is this database.
 */
export const eventLog: ReadModel = {
  name: 'event-log',
  version: 3,
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
      ],
      fromStoredEvent: `e.position, e.event_id, e.type, e.stream_id, e.version, e.metadata->>'actorId', e.metadata->>'correlationId',
        (e.metadata->>'at')::timestamptz, e.data, e.metadata`,
      primaryKey: ['position'],
      insertOnly: true,
      perEvent: true,
      indexes: [
        'event_log_type ON (type, position)',
        'event_log_stream ON (stream_id, position)',
        'event_log_actor ON (actor_id, position)',
        'event_log_correlation ON (correlation_id, position)',
        'event_log_at ON (at, position)',
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
      data: redactEventData(event.type, event.data),
      metadata: event.metadata,
    });
  },
};
