// Production query-api: every GET route, alone in its process, reading the read models.
import pg from 'pg';
import { createApiServer, createSlonikPool, migrateRuntimeSchema, parseTrustProxy } from '@mathdaily/api-kit';
import { createEventStoreDbEventStore, createPostgresEventStore } from '@mathdaily/event-store';
import { loadPrincipalFromReadModels } from './auth/load-principal.ts';
import { queryApi } from './plugin.ts';
import { PositionWaiter } from './wait-for-position.ts';

const env = process.env;
const databaseUrl = env.DATABASE_URL;
const jwtSecret = env.JWT_SECRET;
if (!databaseUrl) {
  console.error('query-api: DATABASE_URL (the read-model database) is required.');
  process.exit(1);
}
if (!jwtSecret || jwtSecret.length < 32) {
  console.error('query-api: JWT_SECRET (at least 32 characters) is required.');
  process.exit(1);
}
const pool = await createSlonikPool(databaseUrl);
await migrateRuntimeSchema(pool);
const eventsInPostgres = !env.EVENTSTORE_URL;
const eventPool = eventsInPostgres ? new pg.Pool({ connectionString: databaseUrl, max: 2 }) : undefined;
// Only for /api/health's "last position"; reads never touch events otherwise.
const store = env.EVENTSTORE_URL
  ? createEventStoreDbEventStore(env.EVENTSTORE_URL)
  : createPostgresEventStore({ pool: eventPool!, connectionString: databaseUrl });
const waiter = new PositionWaiter({ pool, databaseUrl, eventsInPostgres });
await waiter.start();
const clock = () => new Date();
const server = await createApiServer({
  jwtSecret,
  loadPrincipal: (claims) => loadPrincipalFromReadModels(pool, claims, { now: clock }),
  logger: { level: 'info' },
  trustProxy: parseTrustProxy(env.TRUST_PROXY),
  runtimePool: pool,
});
await server.register(async (scope) =>
  queryApi(scope, {
    pool,
    waiter,
    clock,
    lastEventPosition: () => store.lastPosition(),
    config: {
      demoAccounts: ['1', 'true', 'on'].includes((env.DEMO_ACCOUNTS ?? '').toLowerCase()),
      dataDir: env.DATA_DIR ?? '/var/lib/mathdaily',
    },
  }),
);
await server.listen({ port: Number(env.PORT ?? 3002), host: env.HOST ?? '0.0.0.0' });

const stop = async () => {
  await server.close();
  await waiter.close();
  await store.close();
  await pool.end();
  await eventPool?.end().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
