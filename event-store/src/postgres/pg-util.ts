import pg from 'pg';

export function isDatabaseError(error: unknown): error is pg.DatabaseError {
  return error instanceof pg.DatabaseError;
}

/** Returns a client to the pool; a client that failed for a non-SQL reason (lost connection…) is destroyed. */
export function releaseAfter(client: pg.PoolClient, failure: unknown): void {
  if (failure === undefined || isDatabaseError(failure)) client.release();
  else client.release(failure instanceof Error ? failure : true);
}
