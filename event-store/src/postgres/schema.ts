import type pg from 'pg';
import { checkOut, releaseAfter } from './pg-util.ts';

/** NOTIFY channel: every append sends its last position here, delivered when the append commits. */
export const POSTGRES_EVENTS_CHANNEL = 'mathdaily_events';

/** The events table, as SQL outside the store may read it (EventStore.sqlTable): the connection's default schema. */
export const POSTGRES_EVENTS_TABLE = 'public.events';

/** application_name of the dedicated LISTEN connection (visible in pg_stat_activity). */
export const POSTGRES_LISTENER_APPLICATION_NAME = 'mathdaily-event-store-listener';

/**
 * Advisory lock keys, two-int form (which never overlaps the single-bigint form).
 * Class 1: the schema migration. Class 2: one lock per stream (key hashtext(stream_id)).
 */
const ADVISORY_LOCK_MIGRATION: readonly [number, number] = [0x4d44_4553, 1];
export const ADVISORY_LOCK_STREAM_CLASS = 0x4d44_4553 + 1;

const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS events (
  position       bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  stream_id      text        NOT NULL,
  version        integer     NOT NULL CHECK (version > 0),
  event_id       uuid        NOT NULL,
  type           text        NOT NULL,
  data           jsonb       NOT NULL,
  metadata       jsonb       NOT NULL,
  transaction_id xid8        NOT NULL DEFAULT pg_current_xact_id(),
  created_at     timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT events_stream_version_unique UNIQUE (stream_id, version),
  CONSTRAINT events_event_id_unique UNIQUE (event_id)
);
CREATE INDEX IF NOT EXISTS events_transaction_id_position_idx ON events (transaction_id, position);
`;

/**
 * Creates the event store schema if it is missing. Safe to run at every start and from several
 * processes at once: a transaction-scoped advisory lock serialises concurrent migrations.
 */
export async function migratePostgresEventStore(pool: pg.Pool): Promise<void> {
  const client = await checkOut(pool);
  let failure: unknown;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [...ADVISORY_LOCK_MIGRATION]);
    await client.query(SCHEMA_SQL);
    await client.query('COMMIT');
  } catch (error) {
    failure = error;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    releaseAfter(client, failure);
  }
}
