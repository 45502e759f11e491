import pg from 'pg';
import { readAllNaive } from '@mathdaily/event-store/postgres/read';

/**
 * Every event committed in a PostgreSQL event store, in position order. Read naively on purpose:
 * the store's readAll holds back events committed while any older transaction is still open (a
 * projector batch, a seeding chunk), so a "nothing appended" count taken through it could miss an
 * event before a request and see it after.
 */
export async function committedEvents(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    return await readAllNaive(pool, { after: 0n, limit: 1_000_000 });
  } finally {
    await pool.end();
  }
}
