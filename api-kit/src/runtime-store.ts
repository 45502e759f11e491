import type { DatabasePool } from 'slonik';
import { sql } from 'slonik';
import { z } from 'zod';

/**
 * The `runtime` schema: short-lived operational state that every API instance must see alike —
 * rate-limit counters and idempotency keys. It is not business data: never in the event log,
 * never rebuilt by a replay, and every row expires.
 */
export async function migrateRuntimeSchema(pool: DatabasePool): Promise<void> {
  await pool.transaction(async (tx) => {
    // Two instances starting at once would race on CREATE … IF NOT EXISTS (duplicate pg_type).
    await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(hashtext('mathdaily runtime schema'))`);
    await tx.query(sql.unsafe`CREATE SCHEMA IF NOT EXISTS runtime`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS runtime.rate_limits (
        key text PRIMARY KEY,
        count integer NOT NULL,
        resets_at timestamptz NOT NULL
      )`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS runtime.idempotency_keys (
        scope text NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        status integer,
        response text,
        -- While the first request runs; a crash mid-request frees the key when this passes.
        locked_until timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (scope, key)
      )`);
  });
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

const counterRow = z.object({ count: z.number(), ttl: z.number() });

/** Expired counters are swept now and then by whichever instance counts; no timer to stop. */
const SWEEP_EVERY = 500;

/**
 * A store for @fastify/rate-limit that keeps its counters in `runtime.rate_limits`, so replicas
 * share one count per client instead of each allowing the full limit. One upsert per counted
 * request; the database clock decides windows, so instances' clocks need not agree.
 */
export function postgresRateLimitStore(pool: DatabasePool) {
  let counted = 0;
  return class PostgresRateLimitStore {
    constructor(
      _params?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, _max?: number): void {
      counted += 1;
      if (counted % SWEEP_EVERY === 0) void pool.query(sql.unsafe`DELETE FROM runtime.rate_limits WHERE resets_at < now()`).catch(() => {});
      const window = sql.fragment`make_interval(secs => ${timeWindow / 1000})`;
      pool
        .one(
          sql.type(counterRow)`
            INSERT INTO runtime.rate_limits AS r (key, count, resets_at) VALUES (${this.prefix + key}, 1, now() + ${window})
            ON CONFLICT (key) DO UPDATE SET
              count = CASE WHEN r.resets_at <= now() THEN 1 ELSE r.count + 1 END,
              resets_at = CASE WHEN r.resets_at <= now() THEN now() + ${window} ELSE r.resets_at END
            RETURNING count, (extract(epoch FROM resets_at - now()) * 1000)::float8 AS ttl`,
        )
        .then((row) => callback(null, { current: row.count, ttl: Math.max(0, Math.ceil(row.ttl)) }), callback);
    }

    read(key: string, callback: Callback): void {
      pool
        .maybeOne(
          sql.type(counterRow)`
            SELECT count, (extract(epoch FROM resets_at - now()) * 1000)::float8 AS ttl
            FROM runtime.rate_limits WHERE key = ${this.prefix + key} AND resets_at > now()`,
        )
        .then((row) => callback(null, row ? { current: row.count, ttl: Math.ceil(row.ttl) } : { current: 0, ttl: 0 }), callback);
    }

    /** A route's own limit counts apart from every other route's (as the plugin's own stores do). */
    child(params: unknown) {
      // At run time the plugin passes the merged route options with `routeInfo` (its types say otherwise).
      const { routeInfo } = params as RouteParams;
      const method = routeInfo?.method;
      const route = routeInfo?.url ? `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${routeInfo.url}|` : '';
      return new PostgresRateLimitStore(undefined, this.prefix + route);
    }
  };
}
