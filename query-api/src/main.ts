// Production query-api: every GET route, alone in its process, reading the read models.
import { createApiServer, createSlonikPool, migrateRuntimeSchema, POOL_IDLE_TIMEOUT_MS, readSettingsOrExit, streamPrincipalLoader } from '@mathdaily/api-kit';
import { createEventStorePool, createEventStoreDbEventStore, createPostgresEventStore, openPersonalDataVault, PersonalDataOpener, protectPersonalData, streamStateCacheOf } from '@mathdaily/event-store';
import { childrenOfParent } from './families/family-access.ts';
import { queryApi } from './plugin.ts';
import { createPreparedQueries } from './prepared-queries.ts';
import { PositionWaiter } from './wait-for-position.ts';

const settings = readSettingsOrExit('query-api');
const databaseUrl = settings.databaseUrl!;
const jwtSecret = settings.jwtSecret!;
const pool = await createSlonikPool(databaseUrl);
await migrateRuntimeSchema(pool);
// The event store's pool, and the personal data vault's (in this database whichever store holds the events).
const eventPool = createEventStorePool(databaseUrl, { max: 4, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS });
const vault = await openPersonalDataVault(eventPool);
// For /api/health's "last position", the caller's principal (user and session streams) and a
// parent's children (their stream); every other read comes from the read models.
const store = protectPersonalData(
  settings.eventStoreUrl ? createEventStoreDbEventStore(settings.eventStoreUrl) : createPostgresEventStore({ pool: eventPool, connectionString: databaseUrl }),
  vault,
);
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
    personalData: new PersonalDataOpener(vault),
    childrenOf: childrenOfParent(streamStateCacheOf(store)),
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
  await eventPool.end().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
