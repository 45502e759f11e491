import type { NewEvent } from '@mathdaily/domain';
import type pg from 'pg';
import { DuplicateEventIdError } from '../errors.ts';
import { ConcurrencyError, type AppendResult, type ExpectedVersion, type StreamAppend } from '../event-store.ts';
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

const MANY_INSERT_SQL = `
WITH inserted AS (
  INSERT INTO events (stream_id, version, event_id, type, data, metadata)
  SELECT t.stream_id, t.version, t.id, t.type, t.data::jsonb, t.metadata::jsonb
  FROM unnest($1::text[], $2::integer[], $3::uuid[], $4::text[], $5::text[], $6::text[])
       WITH ORDINALITY AS t(stream_id, version, id, type, data, metadata, ord)
  ORDER BY t.ord
  RETURNING stream_id, position, version
)
SELECT stream_id, max(position)::text AS position, max(version) AS version FROM inserted GROUP BY stream_id`;

/**
 * Appends to many streams in one transaction: stream locks in a fixed order (no deadlocks between
 * two bulk appends), every expectation checked, one INSERT and one NOTIFY for the whole batch.
 */
export async function appendManyToPostgres(pool: pg.Pool, appends: StreamAppend[]): Promise<AppendResult[]> {
  const streamIds = appends.map((part) => part.streamId);
  if (new Set(streamIds).size !== streamIds.length) throw new Error('appendMany: each stream may appear once');
  if (appends.length === 0) return [];
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext(s)) FROM unnest($2::text[]) AS s ORDER BY hashtext(s), s', [
        ADVISORY_LOCK_STREAM_CLASS,
        [...streamIds].sort(),
      ]);
      const ids = appends.flatMap((part) => part.events.map((event) => event.id));
      const duplicates = await client.query<ExistingRow>(EXISTING_SQL, [ids]);
      const firstDuplicate = duplicates.rows[0];
      if (firstDuplicate) throw new DuplicateEventIdError(firstDuplicate.stream_id, duplicates.rows.map((row) => row.stream_id));
      const versions = await client.query<{ stream_id: string; version: number; position: string }>(
        `SELECT stream_id, max(version) AS version, max(position)::text AS position FROM events WHERE stream_id = ANY($1::text[]) GROUP BY stream_id`,
        [streamIds],
      );
      const current = new Map(versions.rows.map((row) => [row.stream_id, row]));
      const columns: [string[], number[], string[], string[], string[], string[]] = [[], [], [], [], [], []];
      for (const part of appends) {
        const version = current.get(part.streamId)?.version ?? 0;
        if (!expectationHolds(part.expectedVersion, version)) throw new ConcurrencyError(part.streamId, part.expectedVersion, version);
        part.events.forEach((event, index) => {
          columns[0].push(part.streamId);
          columns[1].push(version + index + 1);
          columns[2].push(event.id);
          columns[3].push(event.type);
          columns[4].push(JSON.stringify(event.data ?? null));
          columns[5].push(JSON.stringify(event.metadata ?? null));
        });
      }
      const inserted = await client.query<{ stream_id: string; position: string; version: number }>(MANY_INSERT_SQL, columns);
      const byStream = new Map(inserted.rows.map((row) => [row.stream_id, row]));
      const last = inserted.rows.reduce((max, row) => (BigInt(row.position) > max ? BigInt(row.position) : max), 0n);
      if (last > 0n) await client.query(`SELECT pg_notify('${POSTGRES_EVENTS_CHANNEL}', $1)`, [last.toString()]);
      await client.query('COMMIT');
      return appends.map((part) => {
        const row = byStream.get(part.streamId) ?? current.get(part.streamId);
        return { nextExpectedVersion: row?.version ?? 0, position: BigInt(row?.position ?? 0) };
      });
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (error instanceof ConcurrencyError || error instanceof DuplicateEventIdError) throw error;
      if (!isDatabaseError(error)) {
        broken = error instanceof Error ? error : new Error(String(error));
        throw error;
      }
      // A racing single-stream append slipped past the locks (same id or version): report it typed.
      if (error.code === '23505') throw new ConcurrencyError(appends[0]!.streamId, appends[0]!.expectedVersion, -1);
      throw error;
    }
  } finally {
    client.release(broken);
  }
}
