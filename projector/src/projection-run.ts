import type pg from 'pg';
import { sql } from 'slonik';
import type { RecordedEvent } from '@mathdaily/domain';
import { BatchContext } from './batch-context.ts';
import { CHANGE_FEED_KEPT, CHANGE_FEED_PRUNE_EVERY, type BatchChanges } from './change-feed.ts';
import { CHECKPOINT_CHANNEL } from './schema.ts';
import type { BatchQueries } from './batch-db.ts';
import type { ReadModel, Tables } from './read-model.ts';
import { loadTables, TableState } from './table-state.ts';

/**
 * Applies batches of events to a set of read models in memory and writes the result: per model,
 * load the rows the batch touches (every table's in one query), fold each event, then flush
 * every changed row (one statement). A live batch uses a fresh run inside its transaction; a
 * replay keeps one `complete` run for the whole history and writes once at the end.
 */
export class ProjectionRun {
  private readonly tables = new Map<ReadModel, Tables>();
  private readonly handled = new Map<ReadModel, ReadonlySet<string> | 'all'>();
  private readonly complete: boolean;

  /** `storedEventsTable`: the event store's table when it is in this database (see TableState). */
  constructor(
    private readonly models: readonly ReadModel[],
    options: { complete: boolean; storedEventsTable?: string | undefined },
  ) {
    this.complete = options.complete;
    for (const model of models) {
      this.tables.set(model, Object.fromEntries(model.tables.map((table) => [table.name, new TableState(table, options)])));
      this.handled.set(model, model.handles === 'all' ? 'all' : new Set(model.handles));
    }
  }

  async apply(db: BatchQueries, events: readonly RecordedEvent[]): Promise<void> {
    const context = new BatchContext();
    const batch = this.models.flatMap((model) => {
      const types = this.handled.get(model)!;
      const handled = types === 'all' ? events : events.filter((event) => types.has(event.type));
      return handled.length === 0 ? [] : [{ model, handled }];
    });
    // A complete run already holds every row there is: nothing to load.
    const load = !this.complete;
    if (load) await loadTables(db, batch.flatMap(({ model, handled }) => (model.keysFromContext ? [] : this.loadsOf(model, handled, context))));
    let contextLoaded = !load;
    for (const { model, handled } of batch) {
      if (model.keysFromContext && !contextLoaded) {
        // Every such model's rows at the first one's turn: their facts come from models listed before it.
        await loadTables(db, batch.flatMap((later) => (later.model.keysFromContext ? this.loadsOf(later.model, later.handled, context) : [])));
        contextLoaded = true;
      }
      const tables = this.tables.get(model)!;
      for (const event of handled) model.apply(event, tables, context);
      // A replay's fold is otherwise one synchronous stretch per page: let the previous page's
      // COPY (rebuild.ts) send its next chunk to PostgreSQL between models.
      if (this.complete) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** The model's tables with the keys of the rows these events touch. */
  private loadsOf(model: ReadModel, events: readonly RecordedEvent[], context: BatchContext) {
    if (!model.keys) return [];
    const tables = this.tables.get(model)!;
    return Object.entries(model.keys(events, context)).map(([name, keys]) => {
      const table = tables[name];
      if (!table) throw new Error(`read model ${model.name} has no table ${name}`);
      return { table, keys: keys ?? [] };
    });
  }

  /**
   * Moves the checkpoint from `checkpoint.after` to `checkpoint.position` and writes every changed
   * row of every table, in one statement: the checkpoint's compare-and-set is a data-modifying CTE,
   * and each table's write is another that writes only if the checkpoint moved (each touches its
   * own rows once, so their order does not matter). One round trip instead of one per table, and
   * none to read the stored checkpoint first: a live batch, which a read with x-min-position waits
   * for, was two round trips shorter. With `feed`, the batch takes the next `batch_seq`, its
   * change_feed row is written (rows 10,000 batches old are pruned every 100th batch) and, when
   * `notificationTail` is given, the checkpoint NOTIFY is sent, all only if the checkpoint moved.
   * Resolves with null, or with the stored checkpoint when it was not `after` (nothing written).
   */
  async flush(
    db: BatchQueries,
    checkpoint: { after: bigint; position: bigint; events: number },
    feed?: { changes: BatchChanges; notificationTail: string | null },
  ): Promise<bigint | null> {
    const moved = sql.fragment`EXISTS (SELECT 1 FROM batch_checkpoint)`;
    const writes = [...this.tables.values()].flatMap((tables) => Object.values(tables).flatMap((table) => table.takeWrites(moved)));
    const parts = [
      sql.fragment`batch_checkpoint AS (
        UPDATE projection_state
        SET position = ${checkpoint.position.toString()}::bigint, events_applied = events_applied + ${checkpoint.events}, updated_at = now(),
            batch_seq = batch_seq + ${feed ? 1 : 0}
        WHERE position = ${checkpoint.after.toString()}::bigint
        RETURNING position, batch_seq)`,
      ...writes.map((write, index) => sql.fragment`${sql.identifier([`write_${index}`])} AS (${write})`),
      ...(feed
        ? [
            sql.fragment`batch_feed AS (
              INSERT INTO change_feed (seq, position, changes) SELECT batch_seq, position, ${JSON.stringify(feed.changes)}::jsonb FROM batch_checkpoint)`,
            sql.fragment`feed_pruned AS (
              DELETE FROM change_feed
              WHERE (SELECT batch_seq % ${CHANGE_FEED_PRUNE_EVERY} = 0 FROM batch_checkpoint)
                AND seq <= (SELECT batch_seq - ${CHANGE_FEED_KEPT} FROM batch_checkpoint))`,
          ]
        : []),
    ];
    const notify = feed?.notificationTail
      ? sql.fragment`, (SELECT pg_notify(${CHECKPOINT_CHANNEL}, '{"seq":' || batch_seq::text || ',' || ${feed.notificationTail}) FROM batch_checkpoint) AS notified`
      : sql.fragment``;
    // The stored checkpoint as the statement found it (a CTE's update is not visible to the query).
    const result = (await db.one(sql.unsafe`
      WITH ${sql.join(parts, sql.fragment`, `)}
      SELECT ${moved} AS moved, (SELECT position::text FROM projection_state) AS stored ${notify}`)) as { moved: boolean; stored: string };
    return result.moved ? null : BigInt(result.stored);
  }

  /** Every table's rows, in the models' order (the replay writes each with COPY at the end). */
  tableStates(): TableState[] {
    return [...this.tables.values()].flatMap((tables) => Object.values(tables));
  }

  /** The replay's write during the fold: the rows of per-event tables so far, with COPY, then forgotten. */
  async copyPerEventInto(client: pg.ClientBase): Promise<void> {
    for (const table of this.tableStates()) if (table.def.perEvent) await table.copyInto(client);
  }

  /** Rows waiting to be written, per table that has any. */
  pendingWritesByTable(): Map<string, number> {
    return new Map(this.tableStates().flatMap((table) => (table.pendingWrites > 0 ? [[table.def.name, table.pendingWrites] as const] : [])));
  }

  /** Rows waiting to be written, over every table. */
  get pendingWrites(): number {
    return this.tableStates().reduce((count, table) => count + table.pendingWrites, 0);
  }
}
