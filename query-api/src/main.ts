// Production query-api: every GET route, alone in its process, reading the read models.
import { createApiServer, createSlonikPool, migrateRuntimeSchema, POOL_IDLE_TIMEOUT_MS, readSettingsOrExit, streamPrincipalLoader } from '@mathdaily/api-kit';
import { createEventStorePool, createEventStoreDbEventStore, createPostgresEventStore, streamStateCacheOf } from '@mathdaily/event-store';
import { queryApi } from './plugin.ts';
import { createPreparedQueries } from './prepared-queries.ts';
import { PositionWaiter } from './wait-for-position.ts';

const settings = readSettingsOrExit('query-api');
const databaseUrl = settings.databaseUrl!;
const jwtSecret = settings.jwtSecret!;
const pool = await createSlonikPool(databaseUrl);
await migrateRuntimeSchema(pool);
const eventPool = !settings.eventStoreUrl ? createEventStorePool(databaseUrl, { max: 4, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS }) : undefined;
// For /api/health's "last position" and the caller's principal (user and session streams);
// every other read comes from the read models.
const store = settings.eventStoreUrl
  ? createEventStoreDbEventStore(settings.eventStoreUrl)
  : createPostgresEventStore({ pool: eventPool!, connectionString: databaseUrl });
const prepared = createPreparedQueries(databaseUrl);
const waiter = new PositionWaiter({ pool, databaseUrl });
await waiter.start();
const clock = () => new Date();
const loadPrincipal = streamPrincipalLoader(streamStateCacheOf(store), clock);
const server = await createApiServer({
  jwtSecret,
  loadPrincipal,
  logger: { level: 'info' },
  trustProxy: settings.trustProxy,
  runtimePool: pool,
});
await server.register(async (scope) =>
  queryApi(scope, {
    pool,
    prepared,
    waiter,
    clock,
    loadPrincipal,
    lastEventPosition: () => store.lastPosition(),
    config: {
      demoAccounts: settings.demoAccounts,
      jwtSecret,
      dataDir: settings.dataDir,
      projectorStallSeconds: settings.projectorStallSeconds,
    },
  }),
);
await server.listen({ port: settings.port, host: settings.host });

const stop = async () => {
  await server.close();
  await waiter.close();
  await store.close();
  await pool.end();
  await prepared.end();
  await eventPool?.end().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
