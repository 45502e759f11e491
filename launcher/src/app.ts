import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { sql } from 'slonik';
import {
  closeServer,
  importLegacyUploads,
  migrateUploads,
  postgresUploadStore,
  countAppendedEvents,
  createLogger,
  createApiServer,
  createMetricsRegistry,
  createSlonikPool,
  migrateRuntimeSchema,
  pgPoolUse,
  POOL_IDLE_TIMEOUT_MS,
  registerHealthEndpoints,
  registerPoolGauges,
  slonikPoolUse,
  streamPrincipalLoader,
} from '@mathdaily/api-kit';
import { commandApi, seedOnStart, type CommandApiDeps } from '@mathdaily/command-api';
import { createEventStorePool, createPostgresEventStore, createEventStoreDbEventStore, migratePostgresEventStore, streamStateCacheOf, type EventStore } from '@mathdaily/event-store';
import { Projector, ProjectorThread, readModels, type ProjectorHandle } from '@mathdaily/projector';
import { createPreparedQueries, PositionWaiter, queryApi, type QueryApiDeps } from '@mathdaily/query-api';
import { registerStaticWeb } from './static-web.ts';

export interface AppOptions {
  databaseUrl: string;
  eventStoreUrl?: string | undefined;
  jwtSecret: string;
  demoAccounts: boolean;
  dataDir: string;
  publicUrl?: string;
  port: number;
  host?: string;
  /** Built web app to serve; skipped when absent. */
  webDist?: string;
  log?: (line: string) => void;
  /** Log every request (level info); otherwise only warnings and errors, a 500 above all, are logged. */
  logRequests?: boolean;
  /** Where the API's log lines go (JSON, one a line): standard output by default. */
  logStream?: NodeJS.WritableStream;
  clock?: () => Date;
  /**
   * Run the projector on its own worker thread (npm start) instead of this thread's event loop.
   * Off by default for tests that boot many apps: a thread from TypeScript sources takes seconds.
   */
  projectorThread?: boolean;
  /** Proxies trusted to name the client (TRUST_PROXY, `parseTrustProxy`); none by default. */
  trustProxy?: number | string[] | undefined;
  /** Outgoing mail (SMTP_URL, MAIL_FROM); without them mail goes to the development mailbox. */
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  /** PROJECTOR_STALL_SECONDS: /api/health's limit for a projector that holds its lock but does not advance (30 when absent). */
  projectorStallSeconds?: number;
  /** LIVE_PING_SECONDS: how often /api/live pings each socket (30 when absent). */
  livePingSeconds?: number;
  /** Called for every route as it is registered (the role × route access test collects them). */
  onRoute?: (route: RouteOptions) => void;
}

export interface RunningApp {
  url: string;
  server: FastifyInstance;
  store: EventStore;
  projector: ProjectorHandle;
  stop(): Promise<void>;
}

/** web/dist beside this file's package, whether it runs from src/ (tsx) or dist/ (bundle). */
function findWebDist(): string {
  const candidates = [path.resolve(import.meta.dirname, '../../web/dist'), path.resolve(process.cwd(), 'web/dist')];
  return candidates.find((candidate) => existsSync(path.join(candidate, 'index.html'))) ?? candidates[0]!;
}

/**
 * The whole product in one process: event store, projector, both APIs in one fastify server,
 * and the built web app. Used by `npm start` and by the end-to-end tests.
 */
export async function startApp(options: AppOptions): Promise<RunningApp> {
  const log = options.log ?? ((line: string) => console.log(line));
  const clock = options.clock ?? (() => new Date());
  // One process, both APIs (and the projector, inline or on its thread): one set of metrics.
  const metrics = createMetricsRegistry('mathdaily');
  const eventPool = createEventStorePool(options.databaseUrl, { max: 10, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS });
  registerPoolGauges(metrics, 'events', pgPoolUse(eventPool));
  const warn = (message: string, error?: unknown) => log(`${message} ${error instanceof Error ? error.message : String(error ?? '')}`.trim());
  let store: EventStore;
  if (options.eventStoreUrl) {
    store = createEventStoreDbEventStore({ connectionString: options.eventStoreUrl, warn });
  } else {
    await migratePostgresEventStore(eventPool);
    store = createPostgresEventStore({
      pool: eventPool,
      connectionString: options.databaseUrl,
      warn,
    });
  }
  store = countAppendedEvents(store, metrics);
  const pool = await createSlonikPool(options.databaseUrl);
  registerPoolGauges(metrics, 'read-models', slonikPoolUse(pool));
  await migrateRuntimeSchema(pool);
  await migrateUploads(pool);
  const uploads = postgresUploadStore(pool);
  await importLegacyUploads(uploads, options.dataDir, log);
  let projector: ProjectorHandle;
  if (options.projectorThread) {
    projector = await ProjectorThread.start({ databaseUrl: options.databaseUrl, eventStoreUrl: options.eventStoreUrl, log });
  } else {
    const inline = new Projector({ pool, databaseUrl: options.databaseUrl, store, models: readModels, log, storedEventsTable: store.sqlTable, metrics });
    await inline.start();
    projector = inline;
  }
  const waiter = new PositionWaiter({ pool, databaseUrl: options.databaseUrl });
  await waiter.start();

  const commandDeps: CommandApiDeps = {
    store,
    clock,
    uploads,
    config: {
      jwtSecret: options.jwtSecret,
      demoAccounts: options.demoAccounts,
    },
  };
  // One process holds both APIs; one loader serves both (and the production processes alike).
  const loadPrincipal = streamPrincipalLoader(streamStateCacheOf(store), clock);
  const prepared = createPreparedQueries(options.databaseUrl, { warn });
  registerPoolGauges(metrics, 'prepared', pgPoolUse(prepared.pool!));
  const queryDeps: QueryApiDeps = {
    pool,
    prepared,
    waiter,
    clock,
    loadPrincipal,
    lastEventPosition: () => store.lastPosition(),
    metrics,
    uploads,
    config: { demoAccounts: options.demoAccounts, dataDir: options.dataDir, jwtSecret: options.jwtSecret, projectorStallSeconds: options.projectorStallSeconds, livePingSeconds: options.livePingSeconds },
  };
  await seedOnStart(commandDeps, log);

  const server = await createApiServer({
    jwtSecret: options.jwtSecret,
    loadPrincipal,
    // Always on: a 500 or an unavailable database must leave a line under `npm start` too.
    // Without request lines, only what went wrong: the launcher says itself where it listens.
    logger: createLogger('mathdaily', options.logStream ?? process.stdout, options.logRequests ? 'info' : 'warn'),
    logRequests: options.logRequests === true,
    runtimePool: pool,
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    metrics,
    ...(projector.metricsText ? { metricsAlso: () => projector.metricsText!() } : {}),
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
  if (options.onRoute) server.addHook('onRoute', options.onRoute);
  await server.register(async (scope) => commandApi(scope, commandDeps));
  await server.register(async (scope) => queryApi(scope, queryDeps));
  const webDist = options.webDist ?? findWebDist();
  if (existsSync(path.join(webDist, 'index.html'))) await registerStaticWeb(server, webDist);
  try {
    await server.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  } catch (error) {
    await Promise.allSettled([waiter.close(), projector.stop(), pool.end(), prepared.end(), store.close()]);
    await eventPool.end().catch(() => {});
    throw error;
  }
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  // The one mailer is the projector's mail reactor (on its thread when there is one). It starts
  // now because e-mail links name the port actually bound (port 0 in tests) unless PUBLIC_URL
  // says otherwise.
  projector.startMail({
    publicUrl: options.publicUrl ?? `http://localhost:${port}`,
    secret: options.jwtSecret,
    dataDir: options.dataDir,
    smtpUrl: options.smtpUrl,
    from: options.mailFrom,
  });
  return {
    url: `http://localhost:${port}`,
    server,
    store,
    projector,
    async stop() {
      await closeServer(server);
      await waiter.close();
      await projector.stop();
      await store.close();
      await pool.end();
      await prepared.end();
      await eventPool.end().catch(() => {});
    },
  };
}
