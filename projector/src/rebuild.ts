import pg from 'pg';
import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import type { EventStore } from '@mathdaily/event-store';
import { announceReset, applyBatch } from './apply-batch.ts';
import { transactionBatchDb } from './batch-db.ts';
import { ProjectionRun } from './projection-run.ts';
import { replayIndexing, type ReadModel } from './read-model.ts';
import type { TableState } from './table-state.ts';
import { ACTIVE_SCHEMA, BATCH_LOCK_KEY, createReadModelSchema, schemaState, useSchema } from './schema.ts';

export interface RebuildOptions {
  pool: DatabasePool;
  store: EventStore;
  models: readonly ReadModel[];
  /** Events read per page (default 10,000). */
  batchSize?: number;
  log?: (line: string) => void;
  /** Name of the schema to build; the active one is replaced by it at the end. */
  buildSchema?: string;
  /** Aborting stops the replay between pages; the half-built schema is dropped and the active one stays. */
  signal?: AbortSignal;
  /** The event store's table when it is in this database (`EventStore.sqlTable`); see ApplyBatchOptions. */
  storedEventsTable?: string | undefined;
  /** Told after every page folded: the last position, the log's end when the replay began, the events so far. */
  onProgress?: (position: bigint, target: bigint, events: number) => void;
}

export interface RebuildResult {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  position: bigint;
}

export class ReplayStoppedError extends Error {
  constructor() {
    super('replay stopped before it finished; the read models in use were not changed');
  }
}

/**
 * Replays every event from position 0 into a fresh schema, then swaps it in for the active one:
 * 1. tables without primary keys or secondary indexes; every event folded in memory (one
 *    ProjectionRun that knows the whole fresh schema, so nothing is loaded back), the next page
 *    read while one is folded;
 * 2. every row written once (COPY), then each table's indexes built and the table analysed, two
 *    tables at a time; rows of per-event tables (the event log) are written page by page during
 *    the fold instead;
 * 3. the swap holds the batch lock and applies the events that arrived meanwhile in the same
 *    transaction, so a running projector never has a batch split across schemas; it notices the
 *    moved checkpoint and resumes from the new schema's.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildResult> {
  const { pool, store, models } = options;
  const log = options.log ?? (() => {});
  const pageSize = options.batchSize ?? 10_000;
  const schema = options.buildSchema ?? `read_models_build_${process.pid}_${Date.now()}`;
  const started = performance.now();
  const target = await store.lastPosition();
  await createReadModelSchema(pool, schema, models, { bulkLoad: true });
  try {
    const run = new ProjectionRun(models, { complete: true, storedEventsTable: options.storedEventsTable });
    let position = 0n;
    let events = 0;
    let lastLog = started;
    const progress = (phase: string) => {
      const now = performance.now();
      const rate = Math.round(events / Math.max((now - started) / 1000, 0.001));
      const percent = target > 0n ? Math.min(100, Number((position * 100n) / target)) : 100;
      log(`replay: ${phase} ${events.toLocaleString('en-GB')} events (${percent}%), ${rate.toLocaleString('en-GB')} events/s`);
    };
    // Per-event tables (the event log) go to the fresh schema page by page, not held to the end.
    const perEvent = models.some((model) => model.tables.some((table) => table.perEvent)) ? await schemaClient(pool, schema) : null;
    let next = store.readAll({ after: 0n, limit: pageSize });
    // The previous page's event-log COPY runs in PostgreSQL while this page is folded in node.
    let copying: Promise<void> = Promise.resolve();
    try {
      for (;;) {
        const page = await next;
        if (options.signal?.aborted) throw new ReplayStoppedError();
        if (page.length === 0) break;
        position = page.at(-1)!.position;
        next = store.readAll({ after: position, limit: pageSize });
        await run.apply(pool, page);
        if (perEvent) {
          await copying;
          copying = run.copyPerEventInto(perEvent);
          copying.catch(() => {}); // awaited before the next page or at the end
        }
        events += page.length;
        options.onProgress?.(position, target, events);
        if (performance.now() - lastLog > 1000) {
          lastLog = performance.now();
          progress('folded');
        }
      }
      await copying;
    } finally {
      await copying.catch(() => {});
      await perEvent?.end();
    }
    log(`replay: writing ${run.pendingWrites.toLocaleString('en-GB')} rows and building indexes (${FINISH_CONNECTIONS} connections)`);
    await writeTablesAndIndexes(pool, schema, run, { position, events, signal: options.signal });
    await pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(${BATCH_LOCK_KEY})`);
      const active = await schemaState(tx, ACTIVE_SCHEMA);
      // The change feed's batch numbers only grow, across replays too (listeners compare them).
      if (active) await tx.query(sql.unsafe`UPDATE ${sql.identifier([schema, 'projection_state'])} SET batch_seq = ${active.batchSeq.toString()}::bigint`);
      // Events committed while we replayed; the live projector cannot move while we hold the lock.
      // They are applied in this transaction: a batch on another connection would wait for our lock forever.
      const caughtUp = await catchUp(tx, { ...options, schema, after: position, pageSize: 1000 });
      events += caughtUp.events;
      position = caughtUp.position;
      const old = `${ACTIVE_SCHEMA}_old_${process.pid}_${Date.now()}`;
      if (active) await tx.query(sql.unsafe`ALTER SCHEMA ${sql.identifier([ACTIVE_SCHEMA])} RENAME TO ${sql.identifier([old])}`);
      await tx.query(sql.unsafe`ALTER SCHEMA ${sql.identifier([schema])} RENAME TO ${sql.identifier([ACTIVE_SCHEMA])}`);
      if (active) await tx.query(sql.unsafe`DROP SCHEMA ${sql.identifier([old])} CASCADE`);
      await useSchema(tx, ACTIVE_SCHEMA);
      await announceReset(tx, position);
    });
    const seconds = (performance.now() - started) / 1000;
    const eventsPerSecond = Math.round(events / Math.max(seconds, 0.001));
    log(`replay: done, ${events.toLocaleString('en-GB')} events in ${seconds.toFixed(1)} s (${eventsPerSecond.toLocaleString('en-GB')} events/s), now serving from position ${position}`);
    return { events, seconds, eventsPerSecond, position };
  } catch (error) {
    await pool.query(sql.unsafe`DROP SCHEMA IF EXISTS ${sql.identifier([schema])} CASCADE`).catch(() => {});
    throw error;
  }
}

/** A connection whose search_path names the schema being built. */
async function schemaClient(pool: DatabasePool, schema: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: pool.configuration.connectionUri });
  await client.connect();
  await client.query(`SELECT set_config('search_path', $1, false)`, [`${schema}, public`]);
  return client;
}

/**
 * Connections that write the folded rows and build the indexes at once. A replay of 1,000,000
 * events spent 36 s here on one connection: 17.6 s of COPY, node formatting the rows while
 * PostgreSQL parsed them (review_states' JSON alone 9.7 s), then 18.7 s of index builds, 11 s
 * of them the event log's five (PostgreSQL alone). On two connections one table's indexes are
 * built while another's rows are copied.
 */
const FINISH_CONNECTIONS = 2;

/**
 * The replay's end: per table, its rows with COPY, its primary key and indexes, ANALYZE; the tables shared out
 * over FINISH_CONNECTIONS connections, biggest first. Then the checkpoint. A failure stops the
 * other connections after their current statement and is thrown (the caller drops the schema).
 */
async function writeTablesAndIndexes(
  pool: DatabasePool,
  schema: string,
  run: ProjectionRun,
  options: { position: bigint; events: number; signal?: AbortSignal },
) {
  const weight = (table: TableState) => table.copiedAndPending * (1 + replayIndexing(table.def).last.length);
  const queue = run.tableStates().sort((a, b) => weight(b) - weight(a));
  const clients = await Promise.all(Array.from({ length: FINISH_CONNECTIONS }, () => schemaClient(pool, schema)));
  try {
    let stopped = false;
    const outcomes = await Promise.allSettled(
      clients.map(async (client) => {
        // Index builds sort in memory; a larger budget keeps them off disk for a million-row table.
        await client.query(`SELECT set_config('maintenance_work_mem', '256MB', false)`);
        for (let table = queue.shift(); table && !stopped; table = queue.shift()) {
          if (options.signal?.aborted) throw new ReplayStoppedError();
          try {
            await table.copyInto(client);
            for (const index of replayIndexing(table.def).last) await client.query(index);
            await client.query(`ANALYZE ${table.def.name}`);
          } catch (error) {
            stopped = true;
            throw error;
          }
        }
      }),
    );
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    await clients[0]!.query('UPDATE projection_state SET position = $1::bigint, events_applied = $2, updated_at = now()', [options.position.toString(), options.events]);
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/** Live batches from `after` to the end of the log, into `schema`. */
async function catchUp(
  tx: DatabaseTransactionConnection,
  options: RebuildOptions & { schema: string; after: bigint; pageSize: number },
): Promise<{ events: number; position: bigint }> {
  let position = options.after;
  let events = 0;
  for (;;) {
    const batch = await options.store.readAll({ after: position, limit: options.pageSize });
    if (batch.length === 0) return { events, position };
    position = await applyBatch({
      db: transactionBatchDb(tx),
      schema: options.schema,
      models: options.models,
      events: batch,
      after: position,
      notify: false,
      storedEventsTable: options.storedEventsTable,
    });
    events += batch.length;
  }
}
