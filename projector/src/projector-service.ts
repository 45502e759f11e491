import { createSlonikPool, POOL_IDLE_TIMEOUT_MS } from '@mathdaily/api-kit';
import { createEventStorePool, createEventStoreDbEventStore, createPostgresEventStore, migratePostgresEventStore } from '@mathdaily/event-store';
import { Projector } from './projector.ts';
import { readModels } from './read-models/index.ts';
import type { MailSettings } from './reactors/mail.ts';
import { IdleSessionCheck } from './idle-session-check.ts';
import { TutorAlertCheck } from './tutor-alert-check.ts';

export interface ProjectorServiceOptions {
  /** The read-model database (and the event store's, unless eventStoreUrl is set). */
  databaseUrl: string;
  eventStoreUrl?: string | undefined;
  log: (line: string) => void;
  onCheckpoint?: (position: bigint) => void;
  /** Send e-mail from the start (the production process); the embedded launcher starts it later. */
  mail?: MailSettings;
}

export interface ProjectorService {
  projector: Projector;
  stop(): Promise<void>;
}

/**
 * The projector with its own connections, as it runs on its own: the production process
 * (projector/src/main.ts) and the embedded launcher's worker thread (projector-worker.ts).
 */
export async function startProjectorService(options: ProjectorServiceOptions): Promise<ProjectorService> {
  const eventPool = createEventStorePool(options.databaseUrl, { max: 4, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS });
  const warn = (message: string, error?: unknown) =>
    options.log(`${message} ${error instanceof Error ? error.message : String(error ?? '')}`.trim());
  const store = options.eventStoreUrl
    ? createEventStoreDbEventStore({ connectionString: options.eventStoreUrl, warn })
    : (await migratePostgresEventStore(eventPool), createPostgresEventStore({ pool: eventPool, connectionString: options.databaseUrl, warn }));
  const pool = await createSlonikPool(options.databaseUrl, { maximumPoolSize: 4 });
  const projector = new Projector({
    pool,
    databaseUrl: options.databaseUrl,
    store,
    models: readModels,
    log: options.log,
    // The PostgreSQL store is in this very database (databaseUrl): its rows can be copied in SQL.
    storedEventsTable: store.sqlTable,
    ...(options.onCheckpoint ? { onCheckpoint: options.onCheckpoint } : {}),
  });
  // The scheduled checks append events; they run beside the projector: "fell behind"
  // (docs/tutor-area.md) and abandoned practice sessions (docs/practice-loop.md "Sessions").
  const alertCheck = new TutorAlertCheck({ pool, store, log: options.log });
  const idleCheck = new IdleSessionCheck({ pool, store, log: options.log });
  const stop = async () => {
    alertCheck.stop();
    idleCheck.stop();
    await projector.stop();
    await store.close();
    await pool.end();
    await eventPool.end().catch(() => {});
  };
  if (options.mail) projector.startMail(options.mail);
  try {
    await projector.start();
    alertCheck.start();
    idleCheck.start();
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return { projector, stop };
}
