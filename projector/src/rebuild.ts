import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import type { EventStore } from '@mathdaily/event-store';
import { applyBatch } from './apply-batch.ts';
import type { ReadModel } from './read-model.ts';
import { ACTIVE_SCHEMA, BATCH_LOCK_KEY, CHECKPOINT_CHANNEL, createReadModelSchema, schemaState } from './schema.ts';

export interface RebuildOptions {
  pool: DatabasePool;
  store: EventStore;
  models: readonly ReadModel[];
  batchSize?: number;
  log?: (line: string) => void;
  /** Name of the schema to build; the active one is replaced by it at the end. */
  buildSchema?: string;
}

export interface RebuildResult {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  position: bigint;
}

/**
 * Replays every event from position 0 into a fresh schema, then swaps it in for the active one.
 * The swap holds the batch lock, so a running projector never has a batch split across schemas;
 * it notices the moved checkpoint and resumes from the new schema's.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildResult> {
  const { pool, store, models } = options;
  const log = options.log ?? (() => {});
  const batchSize = options.batchSize ?? 1000;
  const schema = options.buildSchema ?? `read_models_build_${process.pid}_${Date.now()}`;
  const started = performance.now();
  const target = await store.lastPosition();
  await createReadModelSchema(pool, schema, models);
  let position = 0n;
  let events = 0;
  let lastLog = started;
  const catchUp = async (db: CommonQueryMethods) => {
    for (;;) {
      const batch = await store.readAll({ after: position, limit: batchSize });
      if (batch.length === 0) return;
      position = await applyBatch({ db, schema, models, events: batch, after: position, notify: false });
      events += batch.length;
      const now = performance.now();
      if (now - lastLog > 1000) {
        lastLog = now;
        const rate = Math.round(events / ((now - started) / 1000));
        const percent = target > 0n ? Math.min(100, Number((position * 100n) / target)) : 100;
        log(`replay: ${events} events, position ${position} (${percent}%), ${rate} events/s`);
      }
    }
  };
  await catchUp(pool);
  await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(${BATCH_LOCK_KEY})`);
    // Events committed while we replayed; the live projector cannot move while we hold the lock.
    // They are applied in this transaction: a batch on another connection would wait for our lock forever.
    await catchUp(tx);
    const old = `${ACTIVE_SCHEMA}_old_${process.pid}_${Date.now()}`;
    const active = await schemaState(tx, ACTIVE_SCHEMA);
    if (active) await tx.query(sql.unsafe`ALTER SCHEMA ${sql.identifier([ACTIVE_SCHEMA])} RENAME TO ${sql.identifier([old])}`);
    await tx.query(sql.unsafe`ALTER SCHEMA ${sql.identifier([schema])} RENAME TO ${sql.identifier([ACTIVE_SCHEMA])}`);
    if (active) await tx.query(sql.unsafe`DROP SCHEMA ${sql.identifier([old])} CASCADE`);
    await tx.query(sql.unsafe`SELECT pg_notify(${CHECKPOINT_CHANNEL}, ${position.toString()})`);
  });
  const seconds = (performance.now() - started) / 1000;
  const eventsPerSecond = Math.round(events / Math.max(seconds, 0.001));
  log(`replay: done, ${events} events in ${seconds.toFixed(1)} s (${eventsPerSecond} events/s), now serving from position ${position}`);
  return { events, seconds, eventsPerSecond, position };
}
