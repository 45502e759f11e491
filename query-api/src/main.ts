// Production query-api: every GET route, alone in its process, reading the read models.
import { sql } from 'slonik';
import {
  closeServer,
  createApiServer,
  migrateUploads,
  postgresUploadStore,
  queryApiPools,
  createLogger,
  createMetricsRegistry,
  createSlonikPool,
  migrateRuntimeSchema,
  pgPoolUse,
  POOL_IDLE_TIMEOUT_MS,
  readSettingsOrExit,
  registerHealthEndpoints,
  registerPoolGauges,
  slonikPoolUse,
  stopOnSignals,
  streamPrincipalLoader,
} from '@mathdaily/api-kit';
import { createEventStorePool, createEventStoreDbEventStore, createPostgresEventStore, streamStateCacheOf } from '@mathdaily/event-store';
import { queryApi } from './plugin.ts';
import { createPreparedQueries } from './prepared-queries.ts';
import { PositionWaiter } from './wait-for-position.ts';

const settings = readSettingsOrExit('query-api');
const logger = createLogger('query-api');
const databaseUrl = settings.databaseUrl!;
const jwtSecret = settings.jwtSecret!;
const pools = queryApiPools(settings.databaseConnections, !settings.eventStoreUrl);
const pool = await createSlonikPool(databaseUrl, { maximumPoolSize: pools.readModels });
await migrateRuntimeSchema(pool);
await migrateUploads(pool);
const eventPool = !settings.eventStoreUrl ? createEventStorePool(databaseUrl, { max: pools.events, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS }) : undefined;
// For /api/health's "last position" and the caller's principal (user and session streams);
// every other read comes from the read models.
const warn = (message: string, error?: unknown) => logger.warn({ err: error }, message);
const store = settings.eventStoreUrl
  ? createEventStoreDbEventStore({ connectionString: settings.eventStoreUrl, warn })
  : createPostgresEventStore({ pool: eventPool!, connectionString: databaseUrl, warn });
const prepared = createPreparedQueries(databaseUrl, { max: pools.prepared, warn });
const waiter = new PositionWaiter({ pool, databaseUrl });
await waiter.start();
const metrics = createMetricsRegistry('query-api');
registerPoolGauges(metrics, 'query-read-models', slonikPoolUse(pool));
registerPoolGauges(metrics, 'query-prepared', pgPoolUse(prepared.pool!));
if (eventPool) registerPoolGauges(metrics, 'query-events', pgPoolUse(eventPool));
const clock = () => new Date();
const loadPrincipal = streamPrincipalLoader(streamStateCacheOf(store), clock);
const server = await createApiServer({
  jwtSecret,
  loadPrincipal,
  logger,
  logRequests: true,
  trustProxy: settings.trustProxy,
  runtimePool: pool,
  metrics,
});
registerHealthEndpoints(server, [
  { name: 'postgres', check: () => pool.query(sql.unsafe`SELECT 1`) },
  { name: 'eventStore', check: () => store.lastPosition() },
  {
    name: 'changeFeed',
    check: async () => {
      if (!waiter.listening) throw new Error('not listening for the projector (reconnecting)');
    },
  },
]);
await server.register(async (scope) =>
  queryApi(scope, {
    pool,
    prepared,
    waiter,
    clock,
    loadPrincipal,
    lastEventPosition: () => store.lastPosition(),
    metrics,
    uploads: postgresUploadStore(pool),
    config: {
      demoAccounts: settings.demoAccounts,
      jwtSecret,
      dataDir: settings.dataDir,
      projectorStallSeconds: settings.projectorStallSeconds,
      ...(settings.livePingSeconds ? { livePingSeconds: settings.livePingSeconds } : {}),
    },
  }),
);
await server.listen({ port: settings.port, host: settings.host });

stopOnSignals(logger, async () => {
  await closeServer(server);
  await waiter.close();
  await store.close();
  await pool.end();
  await prepared.end();
  await eventPool?.end().catch(() => {});
});
