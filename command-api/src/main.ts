// Production command-api: every POST/PUT/DELETE route, alone in its process.
import { sql } from 'slonik';
import {
  closeServer,
  countAppendedEvents,
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
const { databaseUrl, eventStoreUrl } = settings;
const jwtSecret = settings.jwtSecret!;
const metrics = createMetricsRegistry('command-api');
const eventPool = databaseUrl ? createEventStorePool(databaseUrl, { idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS }) : undefined;
const store = countAppendedEvents(
  eventStoreUrl
    ? createEventStoreDbEventStore(eventStoreUrl)
    : (await migratePostgresEventStore(eventPool!), createPostgresEventStore({ pool: eventPool!, connectionString: databaseUrl! })),
  metrics,
);
if (eventPool) registerPoolGauges(metrics, 'command-events', pgPoolUse(eventPool));
const deps = {
  store,
  clock: () => new Date(),
  config: {
    jwtSecret,
    demoAccounts: settings.demoAccounts,
    dataDir: settings.dataDir,
  },
};
const logger = createLogger('command-api');
await seedOnStart(deps, lineLogger(logger));
// Rate-limit counters (and idempotency keys) shared by every instance.
const runtimePool = databaseUrl ? await createSlonikPool(databaseUrl, { maximumPoolSize: 4 }) : undefined;
if (runtimePool) {
  await migrateRuntimeSchema(runtimePool);
  registerPoolGauges(metrics, 'command-runtime', slonikPoolUse(runtimePool));
}
const server = await createApiServer({
  jwtSecret,
  loadPrincipal: streamPrincipalLoader(streamStateCacheOf(store), deps.clock),
  logger,
  logRequests: true,
  trustProxy: settings.trustProxy,
  ...(runtimePool ? { runtimePool } : {}),
  // The router sends GET /api/docs to query-api; this API's document lives beside it.
  docsPrefix: '/api/docs/commands',
  metrics,
});
registerHealthEndpoints(server, [
  { name: 'eventStore', check: () => store.lastPosition() },
  ...(runtimePool ? [{ name: 'postgres', check: () => runtimePool.query(sql.unsafe`SELECT 1`) }] : []),
]);
await server.register(async (scope) => commandApi(scope, deps));
await server.listen({ port: settings.port, host: settings.host });
// E-mail requested by commands (EmailRequested) is sent by the projector's mail reactor.

stopOnSignals(logger, async () => {
  await closeServer(server);
  await store.close();
  await runtimePool?.end();
  await eventPool?.end().catch(() => {});
});
