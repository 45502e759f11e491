import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migratePostgresEventStore } from './schema.ts';

/**
 * Loads a history into an empty PostgreSQL event store with COPY, for the bench: a file of rows in
 * COPY's text format (stream id, version, event id, type, data, metadata), as bench/history.ts
 * writes it. Checks the count, then VACUUM ANALYZE so the first reads see a planned table.
 */
export async function bulkLoadPostgresEvents(pool: pg.Pool, file: string, rows: number): Promise<{ seconds: number; vacuumSeconds: number }> {
  await migratePostgresEventStore(pool);
  const client = await pool.connect();
  let seconds: number;
  try {
    const started = performance.now();
    await pipeline(createReadStream(file, { highWaterMark: 1 << 20 }), client.query(copyFrom('COPY events (stream_id, version, event_id, type, data, metadata) FROM STDIN')));
    seconds = (performance.now() - started) / 1000;
  } finally {
    client.release();
  }
  const { rows: counted } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM events');
  if (Number(counted[0]!.n) !== rows) throw new Error(`COPY stored ${counted[0]!.n} rows, expected ${rows}`);
  const vacuumStarted = performance.now();
  await pool.query('VACUUM (ANALYZE) events');
  return { seconds, vacuumSeconds: (performance.now() - vacuumStarted) / 1000 };
}
