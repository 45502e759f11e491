import pg from 'pg';
import type { DatabaseTransactionConnection, QuerySqlToken } from 'slonik';
import { pgQueryText } from '@mathdaily/api-kit';

/**
 * What a batch runs its statements on inside its transaction (ProjectionRun, loadTables): a
 * slonik transaction fits, and so does `preparedBatchDb`'s. Rows come back with text and JSON
 * values only, which both parse alike.
 */
export interface BatchQueries {
  query(token: QuerySqlToken): Promise<unknown>;
  one(token: QuerySqlToken): Promise<unknown>;
  oneFirst(token: QuerySqlToken): Promise<unknown>;
}

/**
 * Where applyBatch opens its transaction: the live projector's `preparedBatchDb`, or a slonik
 * transaction that already holds the batch lock (the replay's switch: `transactionBatchDb`).
 * `opening` is the transaction's first statement, with literal values only (no parameters).
 */
export interface BatchDb {
  transaction<T>(opening: QuerySqlToken, work: (tx: BatchQueries) => Promise<T>): Promise<T>;
}

/** A batch inside a transaction the caller holds: a savepoint, opened with `opening`. */
export function transactionBatchDb(transaction: DatabaseTransactionConnection): BatchDb {
  return {
    transaction: (opening, work) =>
      transaction.transaction(async (tx) => {
        await tx.query(opening);
        return work(tx);
      }),
  };
}

/** How the batch connection shows in pg_stat_activity. */
export const BATCH_APPLICATION_NAME = 'mathdaily-projector-batches';

/** Distinct statement texts kept prepared per connection; a batch of answers repeats a handful. */
const MAX_PREPARED = 200;

/**
 * The live projector's connection: every statement of a batch as a named prepared statement, so
 * PostgreSQL plans each distinct text once per connection instead of on every batch. slonik sends
 * every query unnamed: under the bench's read-your-write load the batch's one write statement
 * spent 3.4 ms planning for 5.6 ms running, and its loads 1.5 ms planning for 1.4 ms running
 * (pg_stat_statements). A batch's statement texts repeat (the arrays of rows are parameters), so a
 * few dozen names cover them; past MAX_PREPARED distinct texts the rest run unnamed. Named
 * statements use their generic plan (as the event store's pool does): with custom plans, which
 * PostgreSQL kept choosing, the two loads were still planned on every batch (0.44 and 0.2 ms of
 * planning for 0.37 and 0.41 ms of running).
 */
export function preparedBatchDb(connectionString: string, warn: (message: string) => void): BatchDb & { end(): Promise<void> } {
  // One connection: batches run one at a time, and its prepared statements stay warm.
  const pool = new pg.Pool({ connectionString, max: 1, application_name: BATCH_APPLICATION_NAME, options: '-c plan_cache_mode=force_generic_plan' });
  // An idle connection that dies must not end the process (the next batch reconnects).
  pool.on('error', (error) => warn(`projector: idle batch connection lost (${error.message})`));
  const names = new Map<string, string>();
  const run = async (client: pg.ClientBase, token: QuerySqlToken) => {
    const text = pgQueryText(token);
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) names.set(text, (name = `projector_batch_${names.size}`));
    return client.query({ text, values: token.values as unknown[], ...(name ? { name } : {}) });
  };
  const one = async (client: pg.ClientBase, token: QuerySqlToken) => {
    const { rows } = await run(client, token);
    if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}`);
    return rows[0] as Record<string, unknown>;
  };
  const session = (client: pg.ClientBase): BatchQueries => ({
    query: (token) => run(client, token),
    one: (token) => one(client, token),
    oneFirst: async (token) => Object.values(await one(client, token))[0],
  });
  return {
    /**
     * While the connection is checked out it can die between two queries (PostgreSQL killed): the
     * error is kept rather than left unhandled (it ended the projector's thread), the next query
     * fails, and the connection is dropped, not reused.
     */
    transaction: async (opening, work) => {
      if (opening.values.length > 0) throw new Error('a batch transaction opens with literal values only');
      const client = await pool.connect();
      let lost: Error | undefined;
      const fail = (error: Error) => (lost ??= error);
      client.on('error', fail);
      try {
        // One round trip: a query without parameters goes as a simple query, which may hold two statements.
        await client.query(`BEGIN; ${pgQueryText(opening)}`);
        const result = await work(session(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is in no known state.
        await client.query('ROLLBACK').catch(fail);
        throw error;
      } finally {
        client.off('error', fail);
        client.release(lost);
      }
    },
    end: () => pool.end(),
  };
}
