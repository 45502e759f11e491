import { createHash } from 'node:crypto';
import { eventSchemas, type EventType } from '@mathdaily/domain';
import { column, defineReadModel, defineTable } from '../read-model.ts';
import type { TableState } from '../table-state.ts';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const digestColumns = { events: column.int4(), digest: column.text() };
const globalDigest = defineTable({ name: 'global_digest', columns: { id: column.int4(), ...digestColumns }, primaryKey: ['id'] });
const streamDigest = defineTable({ name: 'stream_digest', columns: { stream_id: column.text(), ...digestColumns }, primaryKey: ['stream_id'] });

function chain(table: TableState, key: string | number, keyColumn: string, eventId: string) {
  const current = table.get(key);
  table.put(
    current
      ? { [keyColumn]: key, events: (current.events as number) + 1, digest: md5(`${current.digest as string}${eventId}`) }
      : { [keyColumn]: key, events: 1, digest: md5(eventId) },
  );
}

/**
 * A test read model that notices any lost, repeated or reordered event: it chains an md5 over
 * every event it sees, globally and per stream.
 */
export const digestReadModel = defineReadModel({
  name: 'test-digest',
  version: 2,
  tables: [globalDigest, streamDigest],
  handles: Object.keys(eventSchemas) as EventType[],
  keys: (events) => ({ global_digest: [[1]], stream_digest: events.map((event) => [event.streamId]) }),
  apply(event, tables) {
    chain(tables.global_digest, 1, 'id', event.id);
    chain(tables.stream_digest, event.streamId, 'stream_id', event.id);
  },
});
