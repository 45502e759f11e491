import { sql, type FragmentSqlToken } from 'slonik';
import type { RecordedEvent } from '@mathdaily/domain';
import type { BatchDb, BatchQueries } from './batch-db.ts';
import { CheckpointMovedError } from './checkpointed-subscription.ts';
import { ProjectionRun } from './projection-run.ts';
import type { ReadModel } from './read-model.ts';
import { BATCH_LOCK_KEY, CHECKPOINT_CHANNEL } from './schema.ts';

export interface ApplyBatchOptions {
  /**
   * The live projector's prepared-statement connection (batch-db.ts), a slonik pool, or a
   * transaction that already holds the batch lock (the replay's switch): the batch then runs in a savepoint.
   */
  db: BatchDb;
  schema: string;
  models: readonly ReadModel[];
  events: readonly RecordedEvent[];
  /** The checkpoint this batch follows; the stored one must still equal it (else CheckpointMovedError: a replay moved it). */
  after: bigint;
  /** Test hook: called before each event is applied; throwing aborts the batch. */
  beforeEach?: (event: RecordedEvent, index: number) => void;
  notify?: boolean;
  /**
   * Events live in this database's `public.events` (the PostgreSQL event store): the checkpoint
   * NOTIFY then carries the last event's transaction id too (`<position>:<xid>`), so waiters
   * compare (transaction id, position) pairs in memory. EventStoreDB positions need no pair.
   */
  eventsInPostgres?: boolean;
}

/** Applies a batch to every read model and moves the checkpoint, all in one transaction. */
export async function applyBatch(options: ApplyBatchOptions): Promise<bigint> {
  const { events, models } = options;
  const last = events.at(-1);
  if (!last) return options.after;
  return options.db.transaction(async (tx) => {
    // The lock and the batch's settings (for this transaction only) in one round trip. The commit
    // does not wait for its WAL flush (2-4 ms of an idle batch here): read models and checkpoint
    // commit together, so a crash can only lose a suffix of whole batches, which the projector
    // applies again from the checkpoint that survived.
    await tx.query(sql.unsafe`
      SELECT pg_advisory_xact_lock(${BATCH_LOCK_KEY}), set_config('search_path', ${`${options.schema}, public`}, true),
             set_config('synchronous_commit', 'off', true)`);
    const stored = BigInt(String(await tx.oneFirst(sql.unsafe`SELECT position::text FROM projection_state FOR UPDATE`)));
    if (stored !== options.after) throw new CheckpointMovedError(stored);
    if (options.beforeEach) events.forEach((event, index) => options.beforeEach!(event, index));
    const run = new ProjectionRun(models, { complete: false });
    await run.apply(tx, events);
    // The rows, the checkpoint and its NOTIFY (sent at commit) in one statement.
    const checkpoint = sql.fragment`
      UPDATE projection_state
      SET position = ${last.position.toString()}::bigint, events_applied = events_applied + ${events.length}, updated_at = now()`;
    await run.flush(tx, [checkpoint], options.notify === false ? undefined : notifyCheckpointSelect(last.position, options.eventsInPostgres !== false));
    return last.position;
  });
}

/** Tells waiters (query-api) the new checkpoint: `<position>` or, with events in PostgreSQL, `<position>:<transaction id>`. */
export async function notifyCheckpoint(db: BatchQueries, position: bigint, eventsInPostgres: boolean): Promise<void> {
  await db.query(sql.unsafe`${notifyCheckpointSelect(position, eventsInPostgres)}`);
}

function notifyCheckpointSelect(position: bigint, eventsInPostgres: boolean): FragmentSqlToken {
  const text = position.toString();
  const payload = eventsInPostgres
    ? sql.fragment`${text} || coalesce(':' || (SELECT transaction_id::text FROM public.events WHERE position = ${text}::bigint), '')`
    : sql.fragment`${text}`;
  return sql.fragment`SELECT pg_notify(${CHECKPOINT_CHANNEL}, ${payload})`;
}
