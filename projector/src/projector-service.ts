import { sql } from 'slonik';
import {
  createMetricsRegistry,
  DEFAULT_DATABASE_CONNECTIONS,
  projectorPools,
  createSlonikPool,
  pgPoolUse,
  POOL_IDLE_TIMEOUT_MS,
  registerPoolGauges,
  slonikPoolUse,
  startServiceEndpoints,
  type MetricsRegistry,
} from '@mathdaily/api-kit';
import { createEventStorePool, createEventStoreDbEventStore, createPostgresEventStore, migratePostgresEventStore, openPersonalDataVault, protectPersonalData } from '@mathdaily/event-store';
import { Projector } from './projector.ts';
import { readModels } from './read-models/index.ts';
import type { MailSettings } from './reactors/mail.ts';
import { RetentionSweep } from './retention-sweep.ts';
import { IdleSessionCheck } from './idle-session-check.ts';
import { TutorAlertCheck } from './tutor-alert-check.ts';
import { WeeklySummaryCheck } from './weekly-summary-check.ts';

export interface ProjectorServiceOptions {
  /** The read-model database (and the event store's, unless eventStoreUrl is set). */
  databaseUrl: string;
  eventStoreUrl?: string | undefined;
  log: (line: string) => void;
  onCheckpoint?: (position: bigint) => void;
  /** Send e-mail from the start (the production process); the embedded launcher starts it later. */
  mail?: MailSettings;
  /**
   * The production process's own HTTP port: /metrics, /health/live and /health/ready (a standby
   * is ready when it could take over). The embedded launcher's thread has none: the launcher
   * serves this projector's metrics beside its own.
   */
  endpoints?: { port: number; host: string };
  /** The most PostgreSQL connections it opens (DATABASE_CONNECTIONS; api-kit's connection budget). */
  databaseConnections?: number;
}

export interface ProjectorService {
  projector: Projector;
  /** Its metrics (batches, lag, pools): Prometheus text. */
  metrics: MetricsRegistry;
  stop(): Promise<void>;
}

/**
 * The projector with its own connections, as it runs on its own: the production process
 * (projector/src/main.ts) and the embedded launcher's worker thread (projector-worker.ts).
 */
export async function startProjectorService(options: ProjectorServiceOptions): Promise<ProjectorService> {
  const pools = projectorPools(options.databaseConnections ?? DEFAULT_DATABASE_CONNECTIONS.projector, !options.eventStoreUrl);
  // With EventStoreDB it holds only the key vault's connection: the projector reads its events there.
  const eventPool = createEventStorePool(options.databaseUrl, { max: pools.events, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS });
  const warn = (message: string, error?: unknown) =>
    options.log(`${message} ${error instanceof Error ? error.message : String(error ?? '')}`.trim());
  const rawStore = options.eventStoreUrl
    ? createEventStoreDbEventStore({ connectionString: options.eventStoreUrl, warn })
    : (await migratePostgresEventStore(eventPool), createPostgresEventStore({ pool: eventPool, connectionString: options.databaseUrl, warn }));
  // The keys of personal data live in this database whichever store holds the events (docs/personal-data.md).
  const vault = await openPersonalDataVault(eventPool);
  const store = protectPersonalData(rawStore, vault);
  const pool = await createSlonikPool(options.databaseUrl, { maximumPoolSize: pools.readModels });
  // On a thread of the launcher, process figures are the launcher's to report.
  const metrics = createMetricsRegistry('projector', { processFigures: options.endpoints !== undefined });
  registerPoolGauges(metrics, 'projector-events', pgPoolUse(eventPool));
  registerPoolGauges(metrics, 'projector-read-models', slonikPoolUse(pool));
  const projector = new Projector({
    metrics,
    pool,
    databaseUrl: options.databaseUrl,
    store,
    models: readModels,
    log: options.log,
    // The PostgreSQL store is in this very database (databaseUrl): its rows can be copied in SQL.
    storedEventsTable: store.sqlTable,
    vault,
    ...(options.onCheckpoint ? { onCheckpoint: options.onCheckpoint } : {}),
  });
  // The scheduled checks append events; they run beside the projector: "fell behind"
  // (docs/tutor-area.md) and abandoned practice sessions (docs/practice-loop.md "Sessions").
  const alertCheck = new TutorAlertCheck({ pool, store, log: options.log });
  const idleCheck = new IdleSessionCheck({ pool, store, log: options.log });
  // Expired address-bearing rows and retention-ended keys, hourly (retention-sweep.ts).
  const retention = new RetentionSweep({ pool, vault, log: options.log });
  // Each parent's weekly e-mail, asked for hourly, sent once a week (weekly-summary-check.ts).
  const weeklySummaries = new WeeklySummaryCheck({ pool, store, log: options.log });
  const endpoints = options.endpoints
    ? await startServiceEndpoints({
        ...options.endpoints,
        metrics,
        checks: [
          { name: 'postgres', check: () => pool.query(sql.unsafe`SELECT 1`) },
          { name: 'eventStore', check: () => store.lastPosition() },
          {
            name: 'projector',
            check: async () => {
              if (projector.active && projector.failing) throw new Error('its batches keep failing (see its log); it retries from its checkpoint');
            },
          },
        ],
      })
    : undefined;
  const stop = async () => {
    await endpoints?.close();
    alertCheck.stop();
    retention.stop();
    idleCheck.stop();
    weeklySummaries.stop();
    await projector.stop();
    await store.close();
    await pool.end();
    await eventPool.end().catch(() => {});
  };
  if (options.mail) projector.startMail(options.mail);
  try {
    await projector.start();
    alertCheck.start();
    retention.start();
    idleCheck.start();
    weeklySummaries.start();
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return { projector, metrics, stop };
}
