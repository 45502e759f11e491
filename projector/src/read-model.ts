import type { DatabaseTransactionConnection, QuerySqlToken } from 'slonik';
import type { RecordedEvent } from '@mathdaily/domain';

/**
 * One read model: its tables and how each event changes them. `apply` runs inside the batch
 * transaction with search_path set to the read-model schema, so SQL names tables unqualified.
 * It must be deterministic: time comes from `event.metadata.at`, never from now().
 */
export interface ReadModel {
  name: string;
  /** Bump when `apply` changes meaning: a new version (or new tables) rebuilds every read model from event 0. */
  version: number;
  /** DDL creating this model's tables in a fresh schema, written with sql.unsafe. */
  tables: readonly QuerySqlToken[];
  /** Event types it reacts to. */
  handles: readonly string[];
  apply(tx: DatabaseTransactionConnection, event: RecordedEvent): Promise<void>;
}
