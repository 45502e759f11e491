import { createHash } from 'node:crypto';
import { eventSchemas } from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';
import type { TableState } from '../table-state.ts';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

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
export const digestReadModel: ReadModel = {
  name: 'test-digest',
  version: 2,
  tables: [
    {
      name: 'global_digest',
      columns: [
        { name: 'id', type: 'int4' },
        { name: 'events', type: 'int4' },
        { name: 'digest', type: 'text' },
      ],
      primaryKey: ['id'],
    },
    {
      name: 'stream_digest',
      columns: [
        { name: 'stream_id', type: 'text' },
        { name: 'events', type: 'int4' },
        { name: 'digest', type: 'text' },
      ],
      primaryKey: ['stream_id'],
    },
  ],
  handles: Object.keys(eventSchemas),
  keys: (events) => ({ global_digest: [[1]], stream_digest: events.map((event) => [event.streamId]) }),
  apply(event, tables) {
    chain(tables.global_digest!, 1, 'id', event.id);
    chain(tables.stream_digest!, event.streamId, 'stream_id', event.id);
  },
};
