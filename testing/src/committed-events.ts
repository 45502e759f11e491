import pg from 'pg';
import { openPersonalDataVault, PersonalDataOpener } from '@mathdaily/event-store';
import { readAllNaive } from '@mathdaily/event-store/postgres/read';

/**
 * Every event committed in a PostgreSQL event store, in position order. Read naively on purpose:
 * the store's readAll holds back events committed while any older transaction is still open (a
 * projector batch, a seeding chunk), so a "nothing appended" count taken through it could miss an
 * event before a request and see it after.
 *
 * As stored: personal fields sealed (docs/personal-data.md). `{ opened: true }` opens them through
 * the database's key vault, as every reader above the event store sees them (an erased person's
 * fields read as erased).
 */
export async function committedEvents(databaseUrl: string, options: { opened?: boolean } = {}) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const events = await readAllNaive(pool, { after: 0n, limit: 1_000_000 });
    if (!options.opened) return events;
    return await new PersonalDataOpener(await openPersonalDataVault(pool)).openEvents(events);
  } finally {
    await pool.end();
  }
}
