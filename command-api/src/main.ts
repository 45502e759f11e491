// Production command-api: every POST/PUT/DELETE route, alone in its process.
import pg from 'pg';
import { createApiServer, createSlonikPool, migrateRuntimeSchema, parseTrustProxy } from '@mathdaily/api-kit';
import { createEventStoreDbEventStore, createPostgresEventStore, migratePostgresEventStore } from '@mathdaily/event-store';
import { loadPrincipalFromStreams } from './auth/load-principal.ts';
import { MailReactor } from './mail/mail-reactor.ts';
import { commandApi } from './plugin.ts';
import { seedOnStart } from './seed-on-start.ts';

const env = process.env;
const databaseUrl = env.DATABASE_URL;
const jwtSecret = env.JWT_SECRET;
if (!jwtSecret || jwtSecret.length < 32) {
  console.error('command-api: JWT_SECRET (at least 32 characters) is required.');
  process.exit(1);
}
if (!env.EVENTSTORE_URL && !databaseUrl) {
  console.error('command-api: set EVENTSTORE_URL (EventStoreDB) or DATABASE_URL (PostgreSQL event store).');
  process.exit(1);
}
const eventPool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl }) : undefined;
const store = env.EVENTSTORE_URL
  ? createEventStoreDbEventStore(env.EVENTSTORE_URL)
  : (await migratePostgresEventStore(eventPool!), createPostgresEventStore({ pool: eventPool!, connectionString: databaseUrl! }));
const deps = {
  store,
  clock: () => new Date(),
  config: {
    jwtSecret,
    demoAccounts: ['1', 'true', 'on'].includes((env.DEMO_ACCOUNTS ?? '').toLowerCase()),
    publicUrl: env.PUBLIC_URL ?? 'http://localhost:8080',
    dataDir: env.DATA_DIR ?? '/var/lib/mathdaily',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
  },
};
await seedOnStart(deps, (line) => console.log(line));
// Rate-limit counters (and idempotency keys) shared by every instance.
const runtimePool = databaseUrl ? await createSlonikPool(databaseUrl, { maximumPoolSize: 4 }) : undefined;
if (runtimePool) await migrateRuntimeSchema(runtimePool);
const server = await createApiServer({
  jwtSecret,
  loadPrincipal: (claims) => loadPrincipalFromStreams(store, claims, deps.clock),
  logger: { level: 'info' },
  trustProxy: parseTrustProxy(env.TRUST_PROXY),
  ...(runtimePool ? { runtimePool } : {}),
  // The router sends GET /api/docs to query-api; this API's document lives beside it.
  docsPrefix: '/api/docs/commands',
});
await server.register(async (scope) => commandApi(scope, deps));
await server.listen({ port: Number(env.PORT ?? 3001), host: env.HOST ?? '0.0.0.0' });
// The outbox's delivery side; an advisory lock keeps one active sender among the instances.
const mail = databaseUrl
  ? new MailReactor({
      store,
      databaseUrl,
      publicUrl: deps.config.publicUrl,
      secret: jwtSecret,
      dataDir: deps.config.dataDir,
      smtpUrl: deps.config.smtpUrl,
      from: deps.config.mailFrom,
      log: (line) => console.log(line),
    })
  : undefined;
await mail?.start();

const stop = async () => {
  await server.close();
  await mail?.stop();
  await store.close();
  await runtimePool?.end();
  await eventPool?.end().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
