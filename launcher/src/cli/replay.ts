// `npm run replay`: rebuilds every read model from event 0 into a fresh schema and switches to it.
// Works beside a running server (it finds the database in DATA_DIR/runtime.json) or alone.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createSlonikPool } from '@mathdaily/api-kit';
import { createEventStoreDbEventStore, createPostgresEventStore, migratePostgresEventStore } from '@mathdaily/event-store';
import { readModels, rebuildReadModels, ReplayStoppedError } from '@mathdaily/projector';
import { loadConfig } from './config.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded-postgres.ts';

async function resolveDatabase(): Promise<{ url: string; embedded?: EmbeddedPostgresHandle }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL };
  const config = await loadConfig();
  const runtime = path.join(config.dataDir, 'runtime.json');
  if (existsSync(runtime)) {
    const { pid, databaseUrl } = JSON.parse(readFileSync(runtime, 'utf8')) as { pid: number; databaseUrl: string };
    const alive = (() => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    })();
    if (alive) {
      console.log(`replay: using the running server's database (pid ${pid})`);
      return { url: databaseUrl };
    }
  }
  console.log(`replay: starting the embedded PostgreSQL server (data in ${config.dataDir})`);
  const embedded = await startEmbeddedPostgres({ clusterDir: path.join(config.dataDir, 'postgres'), password: config.embeddedPassword });
  const url = new URL(embedded.url);
  url.pathname = '/mathdaily';
  return { url: url.toString(), embedded };
}

/** Ctrl-C (or SIGTERM) stops the replay between pages; the schema in use stays as it was. */
const stopping = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping.signal.aborted) return;
    console.log(`\nreplay: ${signal}, stopping…`);
    stopping.abort();
  });
}

async function main() {
  const { url, embedded } = await resolveDatabase();
  const eventPool = new pg.Pool({ connectionString: url });
  const store = process.env.EVENTSTORE_URL
    ? createEventStoreDbEventStore(process.env.EVENTSTORE_URL)
    : (await migratePostgresEventStore(eventPool), createPostgresEventStore({ pool: eventPool, connectionString: url }));
  const pool = await createSlonikPool(url);
  try {
    const result = await rebuildReadModels({
      pool,
      store,
      models: readModels,
      log: (line) => console.log(line),
      signal: stopping.signal,
      eventsInPostgres: !process.env.EVENTSTORE_URL,
    });
    console.log(`replay: ${result.events} events, ${result.seconds.toFixed(2)} s, ${result.eventsPerSecond} events/s`);
  } catch (error) {
    if (!(error instanceof ReplayStoppedError)) throw error;
    console.log(`replay: ${error.message}`);
    process.exitCode = 130;
  } finally {
    await store.close();
    await pool.end();
    await eventPool.end().catch(() => {});
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`replay failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
