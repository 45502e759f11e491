// `npm run replay`: rebuilds every read model from event 0 into a fresh schema and switches to it.
// Works beside a running server (it finds the database in DATA_DIR/runtime.json) or alone.
import { createSlonikPool } from '@mathdaily/api-kit';
import { createEventStorePool, createEventStoreDbEventStore, createPostgresEventStore, migratePostgresEventStore } from '@mathdaily/event-store';
import { readModels, rebuildReadModels, ReplayStoppedError } from '@mathdaily/projector';
import { resolveCliDatabase } from './database.ts';

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
  const { url, embedded } = await resolveCliDatabase((line) => console.log(`replay: ${line}`));
  const eventPool = createEventStorePool(url);
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
      storedEventsTable: store.sqlTable,
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
