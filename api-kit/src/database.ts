import { createPool, type DatabasePool, type QuerySqlToken } from 'slonik';

/**
 * How long the product keeps an unused pooled connection (node-pg closes one after 10 s, slonik
 * after 5 s). After a busy minute the pools had grown to their maximum; ten seconds into a quiet
 * one they closed the extra connections, and the next burst opened them again: a PostgreSQL
 * process start, a SCRAM handshake (PBKDF2 on both sides) and its named statements planned anew,
 * all while the burst waited. Under `npm run bench` that showed as a cluster of 100–230 slow due
 * queue reads (up to 110 ms) ~9.6 s into the phase, with new backends in `authentication`.
 */
export const POOL_IDLE_TIMEOUT_MS = 60_000;

/**
 * A slonik pool with JSON-friendly type parsers: counts (int8) as numbers, timestamps as ISO
 * strings, numeric as numbers. Global positions are stored as bigint and read with `::text`.
 *
 * No reset when a connection goes back to the pool: slonik's default runs `DISCARD ALL` after
 * every pooled query, a second round trip each. Nothing needs resetting: queries name their
 * tables with the schema (`read_models.…`), and whoever changes session settings does it for the
 * transaction only (`set_config(…, true)`, as the projector does for search_path). Keep it so:
 * a plain SET or a temporary table would now outlive the query that made it.
 */
export function createSlonikPool(url: string, options: { maximumPoolSize?: number } = {}): Promise<DatabasePool> {
  return createPool(url, {
    maximumPoolSize: options.maximumPoolSize ?? 10,
    idleTimeout: POOL_IDLE_TIMEOUT_MS,
    resetConnection: async () => {},
    statementTimeout: 30_000,
    typeParsers: [
      { name: 'int8', parse: (value: string) => Number(value) },
      { name: 'numeric', parse: (value: string) => Number(value) },
      { name: 'timestamptz', parse: (value: string) => new Date(value).toISOString() },
      { name: 'timestamp', parse: (value: string) => new Date(`${value}Z`).toISOString() },
    ],
  });
}

/**
 * A slonik query's text as node-pg takes it, for the hot statements sent as named prepared
 * statements on a plain pg connection (slonik 47 sends every query unnamed). slonik numbers its
 * placeholders $slonik_1, $slonik_2, … and rewrites them just before sending (executeQuery.js).
 */
export function pgQueryText(token: QuerySqlToken): string {
  return token.sql.replaceAll('$slonik_', '$');
}
