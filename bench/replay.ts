// COPY of a generated history into a fresh database's `events` table, then the replay that
// `npm run replay` runs (rebuildReadModels) over it.
import pg from 'pg';
import { createSlonikPool } from '@mathdaily/api-kit';
import { bulkLoadPostgresEvents, createPostgresEventStore } from '@mathdaily/event-store';
import { ACTIVE_SCHEMA, readModels, rebuildReadModels } from '@mathdaily/projector';
import { writeHistory, type HistorySummary } from './history.ts';

export interface CopyResult {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** VACUUM ANALYZE after the load, as autovacuum would have done on a live store (not in either figure). */
  vacuumSeconds: number;
}

export interface ReplayResult {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  /** The replay hit the time cap and was stopped; the figures are its progress until then. */
  capped: boolean;
  /** Seconds until every event was read and folded; the rest wrote the rows, built the indexes and switched. Null if it never got there. */
  foldSeconds: number | null;
  /** Read-model tables after the replay, and those left empty (every one should have rows). */
  tables: number;
  emptyTables: string[];
}

export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function generateHistory(file: string, events: number, seed: number): Promise<HistorySummary> {
  return writeHistory({ events, seed, file });
}

export async function copyHistory(databaseUrl: string, file: string, rows: number): Promise<CopyResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => {});
  try {
    const { seconds, vacuumSeconds } = await bulkLoadPostgresEvents(pool, file, rows);
    return { rows, seconds, rowsPerSecond: rows / seconds, vacuumSeconds };
  } finally {
    await pool.end();
  }
}

/**
 * `rebuildReadModels` over the whole store, as `npm run replay` calls it. With `capSeconds`, a
 * replay still running then is stopped by ending its database sessions, and its rate so far
 * (from its progress log) is reported as capped.
 */
export async function measureReplay(options: { adminUrl: string; databaseUrl: string; database: string; capSeconds: number; log: (line: string) => void }): Promise<ReplayResult> {
  const eventPool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  eventPool.on('error', () => {});
  const store = createPostgresEventStore({ pool: eventPool, connectionString: options.databaseUrl, warn: () => {} });
  const pool = await createSlonikPool(options.databaseUrl);
  let progress: { events: number; seconds: number } | null = null;
  let foldSeconds: number | null = null;
  let lastPrinted = 0;
  const started = performance.now();
  let capped = false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const replay = rebuildReadModels({
      pool,
      store,
      models: readModels,
      // As `npm run replay` runs it: the event log's rows copied in SQL from the store's table.
      storedEventsTable: store.sqlTable,
      log: (line) => {
        const match = /replay: (\d+) events/.exec(line);
        const seconds = (performance.now() - started) / 1000;
        if (match) progress = { events: Number(match[1]), seconds };
        if (line.startsWith('replay: writing ')) foldSeconds = seconds;
        if (seconds - lastPrinted >= 15) {
          lastPrinted = seconds;
          options.log(`  ${line}`);
        }
      },
    });
    const cap = new Promise<'capped'>((resolve) => {
      timer = setTimeout(() => resolve('capped'), options.capSeconds * 1000);
    });
    const outcome = await Promise.race([replay, cap]);
    if (outcome === 'capped') {
      capped = true;
      const admin = new pg.Client({ connectionString: options.adminUrl });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [options.database]);
      await admin.end();
      // The rebuild fails once its connections are gone; do not wait long for it to notice.
      await Promise.race([replay.catch(() => {}), new Promise((resolve) => setTimeout(resolve, 30_000))]);
      const seen = progress as { events: number; seconds: number } | null;
      return {
        events: seen?.events ?? 0,
        seconds: seen?.seconds ?? options.capSeconds,
        eventsPerSecond: seen ? seen.events / seen.seconds : Number.NaN,
        capped,
        foldSeconds,
        tables: 0,
        emptyTables: [],
      };
    }
    const result = outcome;
    const check = new pg.Client({ connectionString: options.databaseUrl });
    await check.connect();
    const tables: string[] = [];
    const emptyTables: string[] = [];
    try {
      const { rows } = await check.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY 1",
        [ACTIVE_SCHEMA],
      );
      for (const { table_name: table } of rows) {
        tables.push(table);
        const { rows: any } = await check.query(`SELECT 1 FROM ${ACTIVE_SCHEMA}.${table} LIMIT 1`);
        if (any.length === 0) emptyTables.push(table);
      }
    } finally {
      await check.end();
    }
    return { events: result.events, seconds: result.seconds, eventsPerSecond: result.events / result.seconds, capped, foldSeconds, tables: tables.length, emptyTables };
  } finally {
    clearTimeout(timer);
    const closing = Promise.allSettled([store.close(), pool.end(), eventPool.end()]);
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  }
}
