import { sql } from 'slonik';
import type { RecordedEvent } from '@mathdaily/domain';
import type { BatchDb, BatchQueries } from './batch-db.ts';
import { changesOf, notificationTail, positionRanges } from './change-feed.ts';
import { CheckpointMovedError } from './checkpointed-subscription.ts';
import { ProjectionRun } from './projection-run.ts';
import type { ReadModel } from './read-model.ts';
import { BATCH_LOCK_KEY, CHECKPOINT_CHANNEL } from './schema.ts';

export interface ApplyBatchOptions {
  /**
   * The live projector's prepared-statement connection (batch-db.ts), or a transaction that
   * already holds the batch lock (the replay's switch, `transactionBatchDb`).
   */
  db: BatchDb;
  schema: string;
  models: readonly ReadModel[];
  events: readonly RecordedEvent[];
  /** The checkpoint this batch follows; the stored one must still equal it (else CheckpointMovedError: a replay moved it). */
  after: bigint;
  /** Test hook: called before each event is applied; throwing aborts the batch. */
  beforeEach?: (event: RecordedEvent, index: number) => void;
  /** False: write the change feed row but send no NOTIFY (the replay's catch-up, announced once at its switch). */
  notify?: boolean;
  /** The event store's table when it is in this database (`EventStore.sqlTable`): event-log rows are copied from it in SQL. */
  storedEventsTable?: string | undefined;
  /** Told, once the batch committed, how many rows it wrote to each table. */
  onWritten?: (rowsByTable: ReadonlyMap<string, number>) => void;
}

/**
 * Applies a batch to every read model and moves the checkpoint, all in one transaction: the
 * transaction's first statement takes the batch lock and sets the batch's settings, then the rows
 * the batch touches are loaded, and one statement writes them with the checkpoint's
 * compare-and-set, the batch's change feed row and its NOTIFY (ProjectionRun.flush). The commit
 * does not wait for its WAL flush (2-4 ms of an idle batch here): read models and checkpoint
 * commit together, so a crash can only lose a suffix of whole batches, which the projector
 * applies again from the checkpoint that survived.
 */
export async function applyBatch(options: ApplyBatchOptions): Promise<bigint> {
  const { events, models } = options;
  const last = events.at(-1);
  if (!last) return options.after;
  // Literal values only, so that the live connection sends it with its BEGIN (batch-db.ts).
  const opening = sql.unsafe`
    SELECT pg_advisory_xact_lock(${sql.literalValue(String(BATCH_LOCK_KEY))}::bigint),
           set_config('search_path', ${sql.literalValue(`${options.schema}, public`)}, true),
           set_config('synchronous_commit', 'off', true)`;
  const changes = changesOf(events);
  const notification = options.notify === false ? null : notificationTail(last.position, positionRanges(events), changes);
  const committed = await options.db.transaction(opening, async (tx) => {
    if (options.beforeEach) events.forEach((event, index) => options.beforeEach!(event, index));
    const run = new ProjectionRun(models, { complete: false, storedEventsTable: options.storedEventsTable });
    await run.apply(tx, events);
    const written = run.pendingWritesByTable();
    const stored = await run.flush(tx, { after: options.after, position: last.position, events: events.length }, { changes, notificationTail: notification });
    if (stored !== null) throw new CheckpointMovedError(stored);
    return { position: last.position, written };
  });
  options.onWritten?.(committed.written);
  return committed.position;
}

/**
 * A replay's switch: the new read models continue the live schema's batch numbers and say, in one
 * more change feed row and NOTIFY, that anything may have changed (`reset`): caches start again.
 */
export async function announceReset(db: BatchQueries, position: bigint): Promise<void> {
  await db.query(sql.unsafe`
    WITH next AS (UPDATE projection_state SET batch_seq = batch_seq + 1 RETURNING batch_seq),
    feed AS (INSERT INTO change_feed (seq, position, reset) SELECT batch_seq, ${position.toString()}::bigint, true FROM next)
    SELECT pg_notify(${CHECKPOINT_CHANNEL}, json_build_object('seq', batch_seq, 'position', ${position.toString()}::text, 'reset', true)::text) FROM next`);
}
