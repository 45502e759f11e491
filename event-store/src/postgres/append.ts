import type { NewEvent } from '@mathdaily/domain';
import type pg from 'pg';
import { DuplicateEventIdError } from '../errors.ts';
import { ConcurrencyError, type AppendResult, type ExpectedVersion } from '../event-store.ts';
import { isDatabaseError } from './pg-util.ts';
import { ADVISORY_LOCK_STREAM_CLASS, POSTGRES_EVENTS_CHANNEL } from './schema.ts';

/** Runs inside the append transaction after the rows are inserted and before COMMIT. Test-only. */
export type BeforeCommitHook = (pending: AppendResult) => Promise<void>;

interface ExistingRow {
  stream_id: string;
  version: number;
  position: string;
}

const STATE_SQL = `
SELECT
  COALESCE((SELECT version FROM events WHERE stream_id = $1 ORDER BY version DESC LIMIT 1), 0) AS version,
  (SELECT position::text FROM events WHERE stream_id = $1 ORDER BY version DESC LIMIT 1) AS last_position,
  (SELECT COALESCE(json_agg(json_build_object('stream_id', stream_id, 'version', version, 'position', position::text)), '[]'::json)
     FROM events WHERE event_id = ANY($2::uuid[])) AS existing`;

const EXISTING_SQL = `
SELECT stream_id, version, position::text AS position FROM events WHERE event_id = ANY($1::uuid[])`;

/*
 * One statement inserts the batch (identity positions follow the ORDER BY, so they grow with the
 * stream version) and queues the NOTIFY, which PostgreSQL delivers only if the transaction commits.
 */
const INSERT_SQL = `
WITH inserted AS (
  INSERT INTO events (stream_id, version, event_id, type, data, metadata)
  SELECT $1, $2::integer + t.ord::integer, t.id, t.type, t.data::jsonb, t.metadata::jsonb
  FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS t(id, type, data, metadata, ord)
  ORDER BY t.ord
  RETURNING position, version
)
SELECT max(position)::text AS position, max(version) AS version,
       pg_notify('${POSTGRES_EVENTS_CHANNEL}', max(position)::text) IS NULL AS notified
FROM inserted`;

function expectationHolds(expected: ExpectedVersion, actual: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === 0;
  if (expected === 'stream_exists') return actual > 0;
  return actual === expected;
}

/** The result of the append that stored these ids, or an error when they were not one whole append to this stream. */
function originalResult(streamId: string, ids: string[], existing: ExistingRow[]): AppendResult {
  const sameStream = existing.filter((row) => row.stream_id === streamId);
  if (existing.length !== ids.length || sameStream.length !== existing.length) {
    throw new DuplicateEventIdError(streamId, ids);
  }
  let last = sameStream[0]!;
  for (const row of sameStream) if (row.version > last.version) last = row;
  return { nextExpectedVersion: last.version, position: BigInt(last.position) };
}

/**
 * Appends in one transaction:
 * 1. a transaction-scoped advisory lock on the stream serialises appends to the same stream
 *    (so 'any' appends never collide and a conflicting expectation is seen after the winner commits);
 * 2. ids already stored → the original append's result, nothing written (idempotency);
 * 3. expected version checked against the stream's current version → ConcurrencyError;
 * 4. insert + pg_notify, COMMIT.
 * The UNIQUE (stream_id, version) and UNIQUE (event_id) constraints back this up if anything
 * bypasses the lock: a violation is turned into the original result or a ConcurrencyError.
 */
export async function appendToPostgres(
  pool: pg.Pool,
  streamId: string,
  events: NewEvent[],
  expected: ExpectedVersion,
  beforeCommit?: BeforeCommitHook,
): Promise<AppendResult> {
  const ids = events.map((event) => event.id);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ADVISORY_LOCK_STREAM_CLASS, streamId]);
      const state = await client.query<{ version: number; last_position: string | null; existing: ExistingRow[] }>(STATE_SQL, [
        streamId,
        ids,
      ]);
      const row = state.rows[0]!;
      if (row.existing.length > 0) {
        await client.query('ROLLBACK');
        return originalResult(streamId, ids, row.existing);
      }
      if (!expectationHolds(expected, row.version)) {
        await client.query('ROLLBACK');
        throw new ConcurrencyError(streamId, expected, row.version);
      }
      if (events.length === 0) {
        await client.query('ROLLBACK');
        return { nextExpectedVersion: row.version, position: BigInt(row.last_position ?? 0) };
      }
      const inserted = await client.query<{ position: string; version: number }>(INSERT_SQL, [
        streamId,
        row.version,
        ids,
        events.map((event) => event.type),
        events.map((event) => JSON.stringify(event.data ?? null)),
        events.map((event) => JSON.stringify(event.metadata ?? null)),
      ]);
      const result: AppendResult = {
        nextExpectedVersion: inserted.rows[0]!.version,
        position: BigInt(inserted.rows[0]!.position),
      };
      if (beforeCommit) await beforeCommit(result);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      if (error instanceof ConcurrencyError || error instanceof DuplicateEventIdError) throw error;
      if (!isDatabaseError(error)) {
        broken = error instanceof Error ? error : new Error(String(error));
        throw error;
      }
      await client.query('ROLLBACK').catch(() => undefined);
      if (error.code === '23505') return await resolveUniqueViolation(pool, streamId, ids, expected, error);
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

/** A concurrent append got there first: same ids → its result; same (stream, version) → ConcurrencyError. */
async function resolveUniqueViolation(
  pool: pg.Pool,
  streamId: string,
  ids: string[],
  expected: ExpectedVersion,
  error: pg.DatabaseError,
): Promise<AppendResult> {
  const existing = await pool.query<ExistingRow>(EXISTING_SQL, [ids]);
  if (existing.rows.length > 0) return originalResult(streamId, ids, existing.rows);
  if (error.constraint === 'events_stream_version_unique') {
    const current = await pool.query<{ version: number }>(
      'SELECT COALESCE(max(version), 0) AS version FROM events WHERE stream_id = $1',
      [streamId],
    );
    throw new ConcurrencyError(streamId, expected, current.rows[0]?.version ?? 0);
  }
  throw error;
}
