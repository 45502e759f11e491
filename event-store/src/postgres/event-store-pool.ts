import pg from 'pg';

/**
 * The pool an event store runs on. Its named statements (append, stream read, notify) keep one
 * generic plan per connection: PostgreSQL kept re-planning the stream read on every call (its
 * custom plans looked cheaper), and planning cost 3× its execution on every request's principal
 * check (pg_stat_statements under `npm run bench`). Set at connection start-up: a query sent from
 * the pool's 'connect' event would race the caller's first query. Unnamed queries are planned
 * once per run anyway, so nothing else on the pool changes.
 * `idleTimeoutMillis`: how long an unused connection stays open (node-pg's default 10 s otherwise).
 */
export function createEventStorePool(connectionString: string, options: { max?: number; idleTimeoutMillis?: number } = {}): pg.Pool {
  return new pg.Pool({
    connectionString,
    ...(options.max ? { max: options.max } : {}),
    ...(options.idleTimeoutMillis ? { idleTimeoutMillis: options.idleTimeoutMillis } : {}),
    options: '-c plan_cache_mode=force_generic_plan',
  });
}
