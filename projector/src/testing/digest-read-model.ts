import { sql } from 'slonik';
import { eventSchemas } from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';

/**
 * A test read model that notices any lost, repeated or reordered event: it chains an md5 over
 * every event it sees, globally and per stream.
 */
export const digestReadModel: ReadModel = {
  name: 'test-digest',
  version: 1,
  tables: [
    sql.unsafe`CREATE TABLE global_digest (id int PRIMARY KEY, events int NOT NULL, digest text NOT NULL)`,
    sql.unsafe`CREATE TABLE stream_digest (stream_id text PRIMARY KEY, events int NOT NULL, digest text NOT NULL)`,
  ],
  handles: Object.keys(eventSchemas),
  async apply(tx, event) {
    await tx.query(sql.unsafe`
      INSERT INTO global_digest (id, events, digest) VALUES (1, 1, md5(${event.id}))
      ON CONFLICT (id) DO UPDATE SET events = global_digest.events + 1, digest = md5(global_digest.digest || ${event.id})`);
    await tx.query(sql.unsafe`
      INSERT INTO stream_digest (stream_id, events, digest) VALUES (${event.streamId}, 1, md5(${event.id}))
      ON CONFLICT (stream_id) DO UPDATE SET events = stream_digest.events + 1, digest = md5(stream_digest.digest || ${event.id})`);
  },
};
