// Production projector: the single active projector (others stand by on the advisory lock).
import pg from 'pg';
import { createSlonikPool } from '@mathdaily/api-kit';
import { createEventStoreDbEventStore, createPostgresEventStore, migratePostgresEventStore } from '@mathdaily/event-store';
import { Projector } from './projector.ts';
import { readModels } from './read-models/index.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('projector: DATABASE_URL is required (the read-model database).');
  process.exit(1);
}
const eventPool = new pg.Pool({ connectionString: databaseUrl });
const store = process.env.EVENTSTORE_URL
  ? createEventStoreDbEventStore(process.env.EVENTSTORE_URL)
  : (await migratePostgresEventStore(eventPool), createPostgresEventStore({ pool: eventPool, connectionString: databaseUrl }));
const pool = await createSlonikPool(databaseUrl);
const projector = new Projector({ pool, databaseUrl, store, models: readModels, log: (line) => console.log(line) });
await projector.start();
console.log(`projector: running from position ${projector.checkpoint}`);

const stop = async () => {
  await projector.stop();
  await store.close();
  await pool.end();
  await eventPool.end().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
