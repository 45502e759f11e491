import pg from 'pg';
import type { QuerySqlToken } from 'slonik';
import type { z } from 'zod';
import { pgQueryText, POOL_IDLE_TIMEOUT_MS } from '@mathdaily/api-kit';

/**
 * The hottest reads as named prepared statements with one generic plan per connection. slonik
 * sends every query unnamed, so PostgreSQL plans it on every call: under `npm run bench` the due
 * queue's query spent 3.9 ms planning for 2.2 ms running (pg_stat_statements). Rows come with
 * node-pg's own parsers (int8 as text, json parsed, timestamptz as Date): the token's zod type
 * checks them and converts what it must (e.g. `z.coerce.number()` for counts).
 * No parallel plans: each statement reads one learner's rows or the events between two nearby
 * checkpoints, but a generic plan cannot know how near, and one estimated a tenth of `events` for
 * such a range and gathered workers for it (6.5 ms where the index scan takes 0.4 ms).
 */
export interface PreparedQueries {
  one<T extends z.ZodTypeAny>(name: string, query: QuerySqlToken<T>): Promise<z.infer<T>>;
  end(): Promise<void>;
  /** Its connections' use, for the pool gauges (`pgPoolUse`). */
  readonly pool?: { totalCount: number; idleCount: number; waitingCount: number };
}

export function createPreparedQueries(connectionString: string, options: { max?: number; warn?: (message: string, error: unknown) => void } = {}): PreparedQueries {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
    options: '-c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0 -c statement_timeout=30000',
  });
  // An idle connection that dies must not end the process (the next query reconnects).
  pool.on('error', (error) => (options.warn ?? ((message, cause) => console.warn(message, cause instanceof Error ? cause.message : cause)))('prepared queries: idle database connection lost', error));
  return {
    async one(name, query) {
      const result = await pool.query({ name, text: pgQueryText(query), values: query.values as unknown[] });
      if (result.rows.length !== 1) throw new Error(`${name}: expected one row, got ${result.rows.length}`);
      return query.parser.parse(result.rows[0]) as z.infer<typeof query.parser>;
    },
    end: () => pool.end(),
    pool,
  };
}
