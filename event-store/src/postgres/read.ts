import type { RecordedEvent } from '@mathdaily/domain';
import type pg from 'pg';
import { UnknownPositionError } from '../errors.ts';

/** Where a reader is: the last delivered event's transaction id (xid8 as text) and position. */
export interface ReadCursor {
  transactionId: string;
  position: bigint;
}

export const START_CURSOR: ReadCursor = { transactionId: '0', position: 0n };

export interface EventRow {
  position: string;
  stream_id: string;
  version: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

export const EVENT_COLUMNS = `position::text AS position, stream_id, version, event_id::text AS event_id, type, data, metadata`;

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    streamId: row.stream_id,
    version: row.version,
    position: BigInt(row.position),
    data: row.data,
    metadata: row.metadata as RecordedEvent['metadata'],
  };
}

/*
 * The safe read ("xmin technique", as Beckett and Emmett do it):
 * - rows are ordered by (transaction_id, position), not by position alone;
 * - only rows whose transaction_id is below the snapshot's xmin are returned. Every transaction
 *   with an id below xmin has finished, so no row can ever appear again below that horizon:
 *   a reader that moves its cursor to the last row it saw never skips a late-committing event.
 * The second branch reports, from the same snapshot, whether committed rows exist beyond the
 * horizon (held back only because some older transaction, maybe unrelated, is still running):
 * the subscription then re-reads after a short backoff instead of waiting for a NOTIFY.
 */
const READ_PAGE_SQL = `
WITH horizon AS MATERIALIZED (
  SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin
), page AS MATERIALIZED (
  SELECT e.position, e.stream_id, e.version, e.event_id, e.type, e.data, e.metadata, e.transaction_id
  FROM events e
  WHERE (e.transaction_id, e.position) > ($1::xid8, $2::bigint)
    AND e.transaction_id < (SELECT xmin FROM horizon)
  ORDER BY e.transaction_id, e.position
  LIMIT $3
)
SELECT position::text AS position, stream_id, version, event_id::text AS event_id, type, data, metadata,
       transaction_id::text AS transaction_id, transaction_id AS sort_tx, position AS sort_position, false AS beyond
FROM page
UNION ALL
SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, true
WHERE EXISTS (SELECT 1 FROM events e WHERE e.transaction_id >= (SELECT xmin FROM horizon))
ORDER BY beyond, sort_tx, sort_position`;

export interface Page {
  events: RecordedEvent[];
  /** Cursor after the last event of the page (unchanged when the page is empty). */
  cursor: ReadCursor;
  /** Committed events exist that are not readable yet because an older transaction is still running. */
  beyondHorizon: boolean;
}

export async function readPage(pool: pg.Pool, cursor: ReadCursor, limit: number): Promise<Page> {
  const result = await pool.query<EventRow & { transaction_id: string | null; beyond: boolean }>(READ_PAGE_SQL, [
    cursor.transactionId,
    cursor.position.toString(),
    limit,
  ]);
  const events: RecordedEvent[] = [];
  let next = cursor;
  let beyondHorizon = false;
  for (const row of result.rows) {
    if (row.beyond) {
      beyondHorizon = true;
      continue;
    }
    const event = toRecordedEvent(row);
    events.push(event);
    next = { transactionId: row.transaction_id!, position: event.position };
  }
  return { events, cursor: next, beyondHorizon };
}

/** The cursor of a stored position (0n = the beginning). */
export async function cursorAt(pool: pg.Pool, position: bigint): Promise<ReadCursor> {
  if (position === 0n) return START_CURSOR;
  const result = await pool.query<{ transaction_id: string }>(
    'SELECT transaction_id::text AS transaction_id FROM events WHERE position = $1',
    [position.toString()],
  );
  const row = result.rows[0];
  if (!row) throw new UnknownPositionError(position);
  return { transactionId: row.transaction_id, position };
}

/** The last event a reader can see, in reading order (what readAll's last page ends with). */
export async function lastVisiblePosition(pool: pg.Pool): Promise<bigint> {
  const result = await pool.query<{ position: string }>(
    `SELECT e.position::text AS position FROM events e
     WHERE e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
     ORDER BY e.transaction_id DESC, e.position DESC LIMIT 1`,
  );
  return BigInt(result.rows[0]?.position ?? 0);
}

/**
 * DEMONSTRATION ONLY — DO NOT USE. The naive read `position > after ORDER BY position`: an event
 * whose transaction took its position early and committed late is skipped forever by a reader
 * that has already moved past that position. Kept so a test can show the failure the safe read
 * prevents.
 */
export async function readAllNaive(pool: pg.Pool, options: { after: bigint; limit: number }): Promise<RecordedEvent[]> {
  const result = await pool.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events e WHERE e.position > $1 ORDER BY e.position LIMIT $2`,
    [options.after.toString(), options.limit],
  );
  return result.rows.map(toRecordedEvent);
}
