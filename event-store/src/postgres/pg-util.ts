import pg from 'pg';

export function isDatabaseError(error: unknown): error is pg.DatabaseError {
  return error instanceof pg.DatabaseError;
}

/** Swallows a lost connection's 'error' event: the statement running or the next one fails with it instead. */
const ignoreLostConnection = () => {};

/**
 * `pool.connect()` for a caller that holds the client across statements; release it with
 * `releaseAfter`. The pool listens for errors only on idle clients, and pg emits the server's
 * FATAL (PostgreSQL killed or restarted) as an 'error' event when no statement is running —
 * between two statements, or in the same packet as the last one's answer. Unhandled, that event
 * ends the process; with this listener, the lost client is dropped on release instead.
 */
export async function checkOut(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect();
  client.on('error', ignoreLostConnection);
  return client;
}

/** Returns a client to the pool; a client that failed for a non-SQL reason (lost connection…) is destroyed. */
export function releaseAfter(client: pg.PoolClient, failure: unknown): void {
  client.removeListener('error', ignoreLostConnection);
  if (failure === undefined || isDatabaseError(failure)) client.release();
  else client.release(failure instanceof Error ? failure : true);
}
