import { sql, type FragmentSqlToken } from 'slonik';
import type { RecordedEvent } from '@mathdaily/domain';
import type { BatchDb, BatchQueries } from './batch-db.ts';
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
  notify?: boolean;
  /**
   * Events live in this database's `public.events` (the PostgreSQL event store): the checkpoint
   * NOTIFY then carries the last event's transaction id too (`<position>:<xid>`), so waiters
   * compare (transaction id, position) pairs in memory. EventStoreDB positions need no pair.
   */
  eventsInPostgres?: boolean;
  /** Told, once the batch committed, how many rows it wrote to each table. */
  onWritten?: (rowsByTable: ReadonlyMap<string, number>) => void;
}

/**
 * Applies a batch to every read model and moves the checkpoint, all in one transaction: the
 * transaction's first statement takes the batch lock and sets the batch's settings, then the rows
 * the batch touches are loaded, and one statement writes them with the checkpoint's
 * compare-and-set (ProjectionRun.flush). The commit does not wait for its WAL flush (2-4 ms of an
 * idle batch here): read models and checkpoint commit together, so a crash can only lose a suffix
 * of whole batches, which the projector applies again from the checkpoint that survived.
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
  const committed = await options.db.transaction(opening, async (tx) => {
    if (options.beforeEach) events.forEach((event, index) => options.beforeEach!(event, index));
    const run = new ProjectionRun(models, { complete: false, eventsInDatabase: options.eventsInPostgres !== false });
    await run.apply(tx, events);
    const notify = options.notify === false ? undefined : notifyCheckpointCall(last.position, options.eventsInPostgres !== false);
    const written = run.pendingWritesByTable();
    const stored = await run.flush(tx, { after: options.after, position: last.position, events: events.length }, notify);
    if (stored !== null) throw new CheckpointMovedError(stored);
    return { position: last.position, written };
  });
  options.onWritten?.(committed.written);
  return committed.position;
}

/** Tells waiters (query-api) the new checkpoint: `<position>` or, with events in PostgreSQL, `<position>:<transaction id>`. */
export async function notifyCheckpoint(db: BatchQueries, position: bigint, eventsInPostgres: boolean): Promise<void> {
  await db.query(sql.unsafe`SELECT ${notifyCheckpointCall(position, eventsInPostgres)}`);
}

function notifyCheckpointCall(position: bigint, eventsInPostgres: boolean): FragmentSqlToken {
  const text = position.toString();
  const payload = eventsInPostgres
    ? sql.fragment`${text} || coalesce(':' || (SELECT transaction_id::text FROM public.events WHERE position = ${text}::bigint), '')`
    : sql.fragment`${text}`;
  return sql.fragment`pg_notify(${CHECKPOINT_CHANNEL}, ${payload})`;
}
