// Production command-api: every POST/PUT/DELETE route, alone in its process.
import { createApiServer, createSlonikPool, migrateRuntimeSchema, POOL_IDLE_TIMEOUT_MS, readSettingsOrExit, streamPrincipalLoader } from '@mathdaily/api-kit';
import { createEventStorePool, createEventStoreDbEventStore, createPostgresEventStore, migratePostgresEventStore, openPersonalDataVault, protectPersonalData, streamStateCacheOf } from '@mathdaily/event-store';
import { commandApi } from './plugin.ts';
import { seedOnStart } from './seed-on-start.ts';

const settings = readSettingsOrExit('command-api');
const { databaseUrl, eventStoreUrl } = settings;
const jwtSecret = settings.jwtSecret!;
if (!databaseUrl) {
  console.error('command-api: DATABASE_URL is required: the keys of personal data live in PostgreSQL whichever store holds the events (docs/personal-data.md).');
  process.exit(2);
}
const eventPool = createEventStorePool(databaseUrl, { idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS });
const rawStore = eventStoreUrl
  ? createEventStoreDbEventStore(eventStoreUrl)
  : (await migratePostgresEventStore(eventPool), createPostgresEventStore({ pool: eventPool, connectionString: databaseUrl }));
const store = protectPersonalData(rawStore, await openPersonalDataVault(eventPool));
const deps = {
  store,
  clock: () => new Date(),
  config: {
    jwtSecret,
    demoAccounts: settings.demoAccounts,
    dataDir: settings.dataDir,
  },
};
await seedOnStart(deps, (line) => console.log(line));
// Rate-limit counters (and idempotency keys) shared by every instance.
const runtimePool = await createSlonikPool(databaseUrl, { maximumPoolSize: 4 });
await migrateRuntimeSchema(runtimePool);
const server = await createApiServer({
  jwtSecret,
  loadPrincipal: streamPrincipalLoader(streamStateCacheOf(store), deps.clock),
  logger: { level: 'info' },
  trustProxy: settings.trustProxy,
  runtimePool,
  // The router sends GET /api/docs to query-api; this API's document lives beside it.
  docsPrefix: '/api/docs/commands',
});
await server.register(async (scope) => commandApi(scope, deps));
await server.listen({ port: settings.port, host: settings.host });
// E-mail requested by commands (EmailRequested) is sent by the projector's mail reactor.

const stop = async () => {
  await server.close();
  await store.close();
  await runtimePool.end();
  await eventPool.end().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
