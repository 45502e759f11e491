import pg from 'pg';
import type { QuerySqlToken } from 'slonik';

/**
 * What a batch asks of its database (apply-batch.ts, ProjectionRun, loadTables): a slonik pool or
 * transaction (the replay's switch) fits, and so does `preparedBatchDb`. Rows come back with
 * text and JSON values only, which both parse alike.
 */
export interface BatchDb {
  query(token: QuerySqlToken): Promise<unknown>;
  one(token: QuerySqlToken): Promise<unknown>;
  oneFirst(token: QuerySqlToken): Promise<unknown>;
  transaction<T>(work: (tx: BatchDb) => Promise<T>): Promise<T>;
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
 * few dozen names cover them; past MAX_PREPARED distinct texts the rest run unnamed.
 */
export function preparedBatchDb(connectionString: string, warn: (message: string) => void): BatchDb & { end(): Promise<void> } {
  // One connection: batches run one at a time, and its prepared statements stay warm.
  const pool = new pg.Pool({ connectionString, max: 1, application_name: BATCH_APPLICATION_NAME });
  // An idle connection that dies must not end the process (the next batch reconnects).
  pool.on('error', (error) => warn(`projector: idle batch connection lost (${error.message})`));
  const names = new Map<string, string>();
  const run = async (client: pg.ClientBase, token: QuerySqlToken) => {
    // slonik numbers its placeholders $slonik_1, $slonik_2, … and rewrites them just before sending.
    const text = token.sql.replaceAll('$slonik_', '$');
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) names.set(text, (name = `projector_batch_${names.size}`));
    return client.query({ text, values: token.values as unknown[], ...(name ? { name } : {}) });
  };
  const session = (client: pg.ClientBase, depth: number): BatchDb => ({
    query: (token) => run(client, token),
    one: async (token) => {
      const { rows } = await run(client, token);
      if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}`);
      return rows[0] as unknown;
    },
    oneFirst: async (token) => Object.values((await session(client, depth).one(token)) as Record<string, unknown>)[0],
    transaction: async (work) => {
      const savepoint = `batch_${depth}`;
      await client.query(`SAVEPOINT ${savepoint}`);
      try {
        const result = await work(session(client, depth + 1));
        await client.query(`RELEASE SAVEPOINT ${savepoint}`);
        return result;
      } catch (error) {
        await client.query(`ROLLBACK TO SAVEPOINT ${savepoint}`);
        throw error;
      }
    },
  });
  /**
   * A connection of the pool for `use`. While it is checked out its connection can die between
   * two queries (PostgreSQL killed): the error is kept rather than left unhandled (it ended the
   * projector's thread), the next query fails, and the connection is dropped, not reused.
   */
  const withClient = async <T>(use: (client: pg.PoolClient, fail: (error: Error) => void) => Promise<T>) => {
    const client = await pool.connect();
    let lost: Error | undefined;
    const fail = (error: Error) => (lost ??= error);
    client.on('error', fail);
    try {
      return await use(client, fail);
    } finally {
      client.off('error', fail);
      client.release(lost);
    }
  };
  const outside = <T>(use: (db: BatchDb) => Promise<T>) => withClient((client) => use(session(client, 0)));
  return {
    query: (token) => outside((db) => db.query(token)),
    one: (token) => outside((db) => db.one(token)),
    oneFirst: (token) => outside((db) => db.oneFirst(token)),
    transaction: (work) =>
      withClient(async (client, fail) => {
        try {
          await client.query('BEGIN');
          const result = await work(session(client, 1));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          // A connection that cannot even roll back is in no known state.
          await client.query('ROLLBACK').catch(fail);
          throw error;
        }
      }),
    end: () => pool.end(),
  };
}
