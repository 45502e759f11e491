import { createHash } from 'node:crypto';
import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import { createIndexSql, createTableSql, definitionSql, replayIndexing, type ReadModel } from './read-model.ts';

/** Queries always read this schema; a replay builds a fresh one and renames it into place. */
export const ACTIVE_SCHEMA = 'read_models';
/** Notified with the new checkpoint after every applied batch; query-api waits on it. */
export const CHECKPOINT_CHANNEL = 'mathdaily_checkpoint';
/** Held by a batch transaction and by the replay's switch, so the switch never splits a batch. */
export const BATCH_LOCK_KEY = 4_242_001;
/** Held for the whole life of the one active projector. */
export { PROJECTOR_LOCK_KEY } from '@mathdaily/api-kit';
/** application_name of the session holding that lock (visible in pg_stat_activity). */
export const PROJECTOR_APPLICATION_NAME = 'mathdaily-projector';

/**
 * The projector's own tables (projection_state, change_feed), versioned like a model: a change
 * to them rebuilds the schema too.
 */
const PROJECTOR_TABLES_VERSION = 2;

/** Identifies the set of read models and their versions; a change means the schema must be rebuilt. */
export function fingerprintOf(models: readonly ReadModel[]): string {
  const hash = createHash('sha256');
  hash.update(`projector-tables:${PROJECTOR_TABLES_VERSION}\n`);
  for (const model of [...models].sort((a, b) => a.name.localeCompare(b.name))) {
    const ddl = model.tables.flatMap((table) => [createTableSql(table), ...createIndexSql(table)]);
    hash.update(`${model.name}:${model.version}\n${ddl.join('\n')}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Creates the schema with every model's tables. A replay passes `bulkLoad: true`: the tables come
 * with only the indexes `replayIndexing` creates first; it builds the others once the rows are in
 * (rebuild.ts).
 */
export async function createReadModelSchema(pool: DatabasePool, schema: string, models: readonly ReadModel[], options: { bulkLoad?: boolean } = {}) {
  await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`CREATE SCHEMA ${sql.identifier([schema])}`);
    await useSchema(tx, schema);
    await tx.query(sql.unsafe`
      CREATE TABLE projection_state (
        id int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        fingerprint text NOT NULL,
        position bigint NOT NULL DEFAULT 0,
        events_applied bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- The change feed's number of the last batch applied (change-feed.ts).
        batch_seq bigint NOT NULL DEFAULT 0,
        -- The active projector's look at the event store, every few seconds (heartbeat.ts): the
        -- store's last position, when it looked, and since when events have waited beyond the checkpoint.
        store_position bigint,
        store_checked_at timestamptz,
        waiting_since timestamptz
      )`);
    await tx.query(sql.unsafe`
      CREATE TABLE change_feed (
        seq bigint PRIMARY KEY,
        position bigint NOT NULL,
        -- NULL with reset: a replay put new read models in place, so anything may have changed.
        changes jsonb,
        reset boolean NOT NULL DEFAULT false,
        committed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await tx.query(sql.unsafe`INSERT INTO projection_state (fingerprint) VALUES (${fingerprintOf(models)})`);
    for (const table of models.flatMap((model) => model.tables)) {
      const replay = options.bulkLoad ? replayIndexing(table) : undefined;
      await tx.query(sql.unsafe`${definitionSql(createTableSql(table, { primaryKey: replay?.keyFirst ?? true }))}`);
      for (const index of replay?.first ?? createIndexSql(table)) await tx.query(sql.unsafe`${definitionSql(index)}`);
    }
  });
}

export async function useSchema(tx: DatabaseTransactionConnection, schema: string) {
  await tx.query(sql.unsafe`SELECT set_config('search_path', ${`${schema}, public`}, true)`);
}

const stateRow = z.object({ fingerprint: z.string(), position: z.string(), batch_seq: z.string().optional() });

/** The schema's fingerprint, checkpoint and last batch number, or null when it does not exist. */
export async function schemaState(
  db: Pick<DatabasePool, 'maybeOne'>,
  schema: string,
): Promise<{ fingerprint: string; position: bigint; batchSeq: bigint } | null> {
  const exists = await db.maybeOne(sql.unsafe`SELECT 1 FROM pg_namespace WHERE nspname = ${schema}`);
  if (!exists) return null;
  const table = sql.identifier([schema, 'projection_state']);
  // A schema from before the change feed has no batch_seq: its fingerprint differs, so it is rebuilt.
  const hasSeq = await db.maybeOne(sql.unsafe`
    SELECT 1 FROM information_schema.columns WHERE table_schema = ${schema} AND table_name = 'projection_state' AND column_name = 'batch_seq'`);
  const row = await db.maybeOne(
    sql.type(stateRow)`SELECT fingerprint, position::text AS position ${hasSeq ? sql.fragment`, batch_seq::text AS batch_seq` : sql.fragment``} FROM ${table}`,
  );
  return row ? { fingerprint: row.fingerprint, position: BigInt(row.position), batchSeq: BigInt(row.batch_seq ?? 0) } : null;
}
