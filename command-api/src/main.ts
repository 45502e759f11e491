// Production command-api: every POST/PUT/DELETE route, alone in its process.
import { sql } from 'slonik';
import {
  closeServer,
  commandApiPools,
  countAppendedEvents,
  importLegacyUploads,
  migrateUploads,
  postgresUploadStore,
  createLogger,
  lineLogger,
  createApiServer,
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
import { createEventStorePool, createEventStoreDbEventStore, createPostgresEventStore, migratePostgresEventStore, streamStateCacheOf } from '@mathdaily/event-store';
import { commandApi } from './plugin.ts';
import { seedOnStart } from './seed-on-start.ts';

const settings = readSettingsOrExit('command-api');
const { eventStoreUrl } = settings;
const databaseUrl = settings.databaseUrl!;
const jwtSecret = settings.jwtSecret!;
const metrics = createMetricsRegistry('command-api');
const pools = commandApiPools(settings.databaseConnections, !eventStoreUrl);
const eventPool = !eventStoreUrl ? createEventStorePool(databaseUrl, { max: pools.events, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS }) : undefined;
const logger = createLogger('command-api');
const warn = (message: string, error?: unknown) => logger.warn({ err: error }, message);
const store = countAppendedEvents(
  eventStoreUrl
    ? createEventStoreDbEventStore({ connectionString: eventStoreUrl, warn })
    : (await migratePostgresEventStore(eventPool!), createPostgresEventStore({ pool: eventPool!, connectionString: databaseUrl, warn })),
  metrics,
);
if (eventPool) registerPoolGauges(metrics, 'command-events', pgPoolUse(eventPool));
// Rate-limit counters, idempotency keys and uploads, shared by every instance.
const runtimePool = await createSlonikPool(databaseUrl, { maximumPoolSize: pools.runtime });
await migrateRuntimeSchema(runtimePool);
await migrateUploads(runtimePool);
registerPoolGauges(metrics, 'command-runtime', slonikPoolUse(runtimePool));
const uploads = postgresUploadStore(runtimePool);
await importLegacyUploads(uploads, settings.dataDir, lineLogger(logger));
const deps = {
  store,
  clock: () => new Date(),
  uploads,
  config: {
    jwtSecret,
    demoAccounts: settings.demoAccounts,
  },
};
await seedOnStart(deps, lineLogger(logger));
const server = await createApiServer({
  jwtSecret,
  loadPrincipal: streamPrincipalLoader(streamStateCacheOf(store), deps.clock),
  logger,
  logRequests: true,
  trustProxy: settings.trustProxy,
  runtimePool,
  // The router sends GET /api/docs to query-api; this API's document lives beside it.
  docsPrefix: '/api/docs/commands',
  metrics,
});
registerHealthEndpoints(server, [
  { name: 'eventStore', check: () => store.lastPosition() },
  { name: 'postgres', check: () => runtimePool.query(sql.unsafe`SELECT 1`) },
]);
await server.register(async (scope) => commandApi(scope, deps));
await server.listen({ port: settings.port, host: settings.host });
// E-mail requested by commands (EmailRequested) is sent by the projector's mail reactor.

stopOnSignals(logger, async () => {
  await closeServer(server);
  await store.close();
  await runtimePool.end();
  await eventPool?.end().catch(() => {});
});
