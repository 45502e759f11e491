import type { NewEvent } from '@mathdaily/domain';
import type pg from 'pg';
import { DuplicateEventIdError } from '../errors.ts';
import { ConcurrencyError, StreamsChangedError, type AppendResult, type ExpectedVersion, type StreamAppend, type UnchangedStreams } from '../event-store.ts';
import { checkOut, isDatabaseError, releaseAfter } from './pg-util.ts';
import type { AppendNotifier } from './notifier.ts';
import { ADVISORY_LOCK_STREAM_CLASS } from './schema.ts';

/**
 * Test-only: when given, the append runs in BEGIN … COMMIT and this runs after the rows are
 * inserted (their positions taken) and before COMMIT.
 */
export type BeforeCommitHook = (pending: AppendResult) => Promise<void>;

interface ExistingRow {
  stream_id: string;
  version: number;
  position: string;
}

const EXISTING_SQL = `
SELECT stream_id, version, position::text AS position FROM events WHERE event_id = ANY($1::uuid[])`;

/*
 * The whole append in one statement, in autocommit. `head` is the stream's version in the
 * statement's snapshot; rows are inserted only when the expectation holds on it ($2 is 'any',
 * 'stream_exists' or 'exact' with the version in $7), numbered head + 1, head + 2, … (identity
 * positions follow the ORDER BY, so they grow with the version). UNIQUE (stream_id, version) is
 * the concurrency guard: of two appends that read the same head, the second waits for the first
 * to commit and then fails with a unique violation. An append that reads head v was started
 * after the append of v committed, so it gets a later transaction id: a stream's versions keep
 * their order in readAll. Subscribers are woken after the commit (notifier.ts says why not from
 * inside the statement). `unchanged` is the caller's other streams ($8 ids, $9 versions): rows are
 * inserted only if each is still at its version in the same snapshot.
 */
const APPEND_SQL = `
WITH head AS MATERIALIZED (
  SELECT COALESCE((SELECT version FROM events WHERE stream_id = $1 ORDER BY version DESC LIMIT 1), 0) AS version
), unchanged AS MATERIALIZED (
  SELECT COALESCE(bool_and(COALESCE((SELECT e.version FROM events e WHERE e.stream_id = g.id ORDER BY e.version DESC LIMIT 1), 0) = g.version), true) AS holds
  FROM unnest($8::text[], $9::integer[]) AS g(id, version)
), inserted AS (
  INSERT INTO events (stream_id, version, event_id, type, data, metadata)
  SELECT $1, head.version + t.ord::integer, t.id, t.type, t.data::jsonb, t.metadata::jsonb
  FROM head, unchanged, unnest($3::uuid[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS t(id, type, data, metadata, ord)
  WHERE unchanged.holds AND ($2::text = 'any' OR ($2::text = 'stream_exists' AND head.version > 0) OR head.version = $7::integer)
  ORDER BY t.ord
  RETURNING position, version, transaction_id
)
SELECT (SELECT version FROM head) AS head, (SELECT holds FROM unchanged) AS unchanged, max(position)::text AS position, max(version) AS version,
       (SELECT transaction_id::text FROM inserted LIMIT 1) AS transaction_id
FROM inserted`;

const UNCHANGED_SQL = `
SELECT g.id FROM unnest($1::text[], $2::integer[]) AS g(id, version)
WHERE COALESCE((SELECT e.version FROM events e WHERE e.stream_id = g.id ORDER BY e.version DESC LIMIT 1), 0) <> g.version`;

/** Throws StreamsChangedError when any of these streams is no longer at its version. */
async function checkUnchanged(pool: pg.Pool, unchanged: UnchangedStreams): Promise<void> {
  if (unchanged.length === 0) return;
  const moved = await pool.query<{ id: string }>(UNCHANGED_SQL, [unchanged.map((stream) => stream.streamId), unchanged.map((stream) => stream.version)]);
  if (moved.rows.length > 0) throw new StreamsChangedError(moved.rows.map((row) => row.id));
}

const HEAD_SQL = `
SELECT version, position::text AS position FROM events WHERE stream_id = $1 ORDER BY version DESC LIMIT 1`;

/** Told of every append this store committed: its last position and the transaction id it committed in. */
export type OnAppended = (position: bigint, transactionId: bigint) => void;

/** 'any' and 'stream_exists' appends that keep losing the race for the next version give up after this many tries. */
const MAX_VERSION_RACES = 100;

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

/** An earlier append's result when some of these ids are stored already (see originalResult); null when none are. */
async function storedAppend(pool: pg.Pool, streamId: string, ids: string[]): Promise<AppendResult | null> {
  const existing = await pool.query<ExistingRow>(EXISTING_SQL, [ids]);
  return existing.rows.length > 0 ? originalResult(streamId, ids, existing.rows) : null;
}

async function headOf(pool: pg.Pool, streamId: string): Promise<{ version: number; position: bigint }> {
  const row = (await pool.query<{ version: number; position: string }>(HEAD_SQL, [streamId])).rows[0];
  return { version: row?.version ?? 0, position: BigInt(row?.position ?? 0) };
}

interface AppendRow {
  head: number;
  unchanged: boolean;
  transaction_id: string | null;
  position: string | null;
  version: number | null;
}

/** One run of APPEND_SQL; with a hook, inside a transaction that the hook holds open. */
async function runAppend(pool: pg.Pool, params: unknown[], beforeCommit: BeforeCommitHook | undefined): Promise<AppendRow> {
  const client = await checkOut(pool);
  let failure: unknown;
  try {
    if (!beforeCommit) return (await client.query<AppendRow>({ name: 'mathdaily-append', text: APPEND_SQL, values: params })).rows[0]!;
    await client.query('BEGIN');
    try {
      const row = (await client.query<AppendRow>(APPEND_SQL, params)).rows[0]!;
      if (row.position !== null) await beforeCommit({ nextExpectedVersion: row.version!, position: BigInt(row.position) });
      await client.query('COMMIT');
      return row;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    releaseAfter(client, failure);
  }
}

/**
 * Appends with one INSERT … RETURNING in autocommit (see APPEND_SQL): one round trip when it
 * succeeds. When it cannot:
 * - some ids are stored already → the original append's result, nothing written (idempotency),
 *   or DuplicateEventIdError when they were not exactly one earlier append to this stream;
 * - the expectation fails on the head it read, or another append took the expected next version
 *   first (unique violation) → ConcurrencyError;
 * - 'any' / 'stream_exists' lost the race for the next version → tries again on the new head.
 */
export async function appendToPostgres(
  pool: pg.Pool,
  notifier: AppendNotifier,
  streamId: string,
  events: NewEvent[],
  expected: ExpectedVersion,
  options: { unchanged?: UnchangedStreams; onAppended?: OnAppended; beforeCommit?: BeforeCommitHook } = {},
): Promise<AppendResult> {
  const { unchanged = [], onAppended, beforeCommit } = options;
  if (events.length === 0) {
    await checkUnchanged(pool, unchanged);
    const head = await headOf(pool, streamId);
    if (!expectationHolds(expected, head.version)) throw new ConcurrencyError(streamId, expected, head.version);
    return { nextExpectedVersion: head.version, position: head.position };
  }
  const ids = events.map((event) => event.id);
  const mode = typeof expected === 'number' || expected === 'no_stream' ? 'exact' : expected;
  const params = [
    streamId,
    mode,
    ids,
    events.map((event) => event.type),
    events.map((event) => JSON.stringify(event.data ?? null)),
    events.map((event) => JSON.stringify(event.metadata ?? null)),
    expected === 'no_stream' ? 0 : typeof expected === 'number' ? expected : null,
    unchanged.map((stream) => stream.streamId),
    unchanged.map((stream) => stream.version),
  ];
  for (let attempt = 1; ; attempt += 1) {
    let row: AppendRow;
    try {
      row = await runAppend(pool, params, beforeCommit);
    } catch (error) {
      if (!isDatabaseError(error) || error.code !== '23505') throw error;
      const original = await storedAppend(pool, streamId, ids);
      if (original) return original;
      if (error.constraint !== 'events_stream_version_unique') throw error;
      if (mode === 'exact' || attempt >= MAX_VERSION_RACES) {
        throw new ConcurrencyError(streamId, expected, (await headOf(pool, streamId)).version);
      }
      continue;
    }
    if (row.position !== null) {
      const result = { nextExpectedVersion: row.version!, position: BigInt(row.position) };
      notifier.notify(result.position);
      onAppended?.(result.position, BigInt(row.transaction_id!));
      return result;
    }
    // Nothing inserted: the expectation failed on the head it read — unless this is a re-send.
    const original = await storedAppend(pool, streamId, ids);
    if (original) return original;
    if (!row.unchanged) {
      // Which of them moved (a second look; they only move forward).
      await checkUnchanged(pool, unchanged);
      throw new StreamsChangedError(unchanged.map((stream) => stream.streamId));
    }
    throw new ConcurrencyError(streamId, expected, row.head);
  }
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
export async function appendManyToPostgres(pool: pg.Pool, notifier: AppendNotifier, appends: StreamAppend[]): Promise<AppendResult[]> {
  const streamIds = appends.map((part) => part.streamId);
  if (new Set(streamIds).size !== streamIds.length) throw new Error('appendMany: each stream may appear once');
  if (appends.length === 0) return [];
  const client = await checkOut(pool);
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
      await client.query('COMMIT');
      if (last > 0n) notifier.notify(last);
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
    releaseAfter(client, broken);
  }
}
