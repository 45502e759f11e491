import pg from 'pg';
import type { DatabasePool } from 'slonik';
import type { MetricsRegistry } from '@mathdaily/api-kit';
import type { RecordedEvent } from '@mathdaily/domain';
import { Backoff, type EventStore } from '@mathdaily/event-store';
import { AnalyzeGrowingTables } from './analyze-growing-tables.ts';
import { applyBatch } from './apply-batch.ts';
import { preparedBatchDb } from './batch-db.ts';
import { CheckpointedSubscription } from './checkpointed-subscription.ts';
import type { ReadModel } from './read-model.ts';
import { migrateReactorCheckpoints, reactorSubscription, type Reactor } from './reactor.ts';
import { mailReactor, type MailSettings } from './reactors/mail.ts';
import { ProjectorMetrics } from './projector-metrics.ts';
import { rebuildReadModels } from './rebuild.ts';
import { StoreWatch } from './store-watch.ts';
import { ACTIVE_SCHEMA, fingerprintOf, PROJECTOR_APPLICATION_NAME, PROJECTOR_LOCK_KEY, schemaState } from './schema.ts';

/** A standby asks for the lock every 1–2 s: it takes over within ~2 s of the active projector's end. */
const STANDBY_POLL = new Backoff(2_000, 2_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ProjectorOptions {
  pool: DatabasePool;
  /** For the session that holds the single-projector lock. */
  databaseUrl: string;
  store: EventStore;
  models: readonly ReadModel[];
  batchSize?: number;
  log?: (line: string) => void;
  /** The event store's table when it is in the read models' database (`EventStore.sqlTable`); see ApplyBatchOptions. */
  storedEventsTable?: string | undefined;
  /** Called after every committed batch with the new checkpoint (the worker thread reports it to the launcher). */
  onCheckpoint?: (position: bigint) => void;
  /** Test hook: called before each event is applied; throwing aborts that batch's transaction. */
  beforeEach?: (event: RecordedEvent, index: number) => void;
  /** How often it writes what it sees of the event store's end for /api/health (store-watch.ts; 5 s). */
  storeWatchIntervalMs?: number;
  /** Where its batches, activity and lag are counted (projector-metrics.ts). */
  metrics?: MetricsRegistry;
}

/**
 * The one active projector: holds an advisory lock (others wait as standbys), rebuilds the
 * read models when their definitions changed, then follows all events from its checkpoint.
 * A failed batch rolls back whole; the projector resubscribes from the stored checkpoint.
 * Its reactors (mail) run only while it holds the lock, each on its own checkpoint.
 */
export class Projector {
  private lockClient: pg.Client | undefined;
  private stopped = false;
  private readonly log: (line: string) => void;
  private readonly readModels: CheckpointedSubscription;
  private readonly reactors: { reactor: Reactor; subscription: CheckpointedSubscription }[] = [];
  private readonly batchDb: ReturnType<typeof preparedBatchDb>;
  private readonly analyzer: AnalyzeGrowingTables;
  private readonly storeWatch: StoreWatch;

  constructor(private readonly options: ProjectorOptions) {
    this.log = options.log ?? (() => {});
    const { pool } = options;
    const batchDb = (this.batchDb = preparedBatchDb(options.databaseUrl, this.log));
    const analyzer = (this.analyzer = new AnalyzeGrowingTables(pool, ACTIVE_SCHEMA, this.log));
    this.storeWatch = new StoreWatch(pool, options.store, this.log, options.storeWatchIntervalMs);
    const metrics = options.metrics
      ? new ProjectorMetrics(options.metrics, { store: options.store, active: () => this.active, checkpoint: () => this.checkpoint, now: () => new Date() })
      : undefined;
    this.readModels = new CheckpointedSubscription({
      store: options.store,
      name: 'projector',
      batchSize: options.batchSize ?? 500,
      backoff: { firstMs: 200, maxMs: 5000 },
      log: this.log,
      load: async () => (await schemaState(pool, ACTIVE_SCHEMA))?.position ?? 0n,
      handle: async (events, after) => {
        const started = performance.now();
        const position = await applyBatch({
          db: batchDb,
          schema: ACTIVE_SCHEMA,
          models: options.models,
          events,
          after,
          beforeEach: options.beforeEach,
          storedEventsTable: options.storedEventsTable,
          onWritten: (rows) => analyzer.record(rows),
        });
        metrics?.applied(events.length, (performance.now() - started) / 1000);
        options.onCheckpoint?.(position);
        return position;
      },
    });
  }

  get checkpoint(): bigint {
    return this.readModels.position;
  }

  /** Its batches keep failing (it retries from its checkpoint meanwhile). */
  get failing(): boolean {
    return this.readModels.failing;
  }

  /** True while this projector holds the single-projector lock. */
  get active(): boolean {
    return this.lockClient !== undefined;
  }

  /** Runs the reactor whenever this projector is active: from now on if it is, else from when it takes over. */
  addReactor(reactor: Reactor): void {
    const subscription = reactorSubscription(reactor, { store: this.options.store, pool: this.options.pool, log: this.log });
    this.reactors.push({ reactor, subscription });
    if (this.active && !this.stopped) void subscription.start();
  }

  /** Sends e-mail (EmailRequested) while this projector is active: the product's one mailer. */
  startMail(settings: MailSettings): void {
    this.addReactor(mailReactor({ ...settings, log: this.log }));
  }

  /** Resolves once this projector is active and has caught up with the events stored at start. */
  async start(): Promise<void> {
    await this.activate();
    await Promise.race([this.readModels.caughtUp, this.stoppedSignal]);
  }

  /** Takes the lock (standing by while another projector holds it), starts the reactors, rebuilds if needed, follows events. */
  private async activate(): Promise<void> {
    if (!(await this.acquireLock())) return;
    await migrateReactorCheckpoints(this.options.pool);
    if (this.stopped || !this.active) return;
    // Reactors before the rebuild: rebuilding the read models must not hold back mail.
    for (const { subscription } of this.reactors) await subscription.start();
    const state = await schemaState(this.options.pool, ACTIVE_SCHEMA);
    if (!state || state.fingerprint !== fingerprintOf(this.options.models)) {
      this.log(state ? 'projector: read-model definitions changed, rebuilding from event 0' : 'projector: creating read models');
      await rebuildReadModels({
        pool: this.options.pool,
        store: this.options.store,
        models: this.options.models,
        log: this.log,
        storedEventsTable: this.options.storedEventsTable,
      });
    }
    if (!this.stopped && this.active) {
      await this.readModels.start();
      this.storeWatch.start();
    }
  }

  private signalStopped!: () => void;
  private readonly stoppedSignal = new Promise<void>((resolve) => (this.signalStopped = resolve));

  async stop(): Promise<void> {
    this.stopped = true;
    this.signalStopped();
    await this.deactivate();
    for (const { reactor } of this.reactors) reactor.close?.();
    await this.analyzer.idle();
    await this.batchDb.end().catch(() => {});
  }

  /** Stops every subscription (each finishes the batch in hand), then gives the lock back. */
  private async deactivate() {
    const client = this.lockClient;
    this.lockClient = undefined;
    await this.storeWatch.stop();
    await Promise.all([this.readModels.stop(), ...this.reactors.map(({ subscription }) => subscription.stop())]);
    await client?.end().catch(() => {});
  }

  /** False when the projector was stopped before it got the lock. */
  private async acquireLock(): Promise<boolean> {
    let announced = false;
    let unreachable = false;
    // Every standby and every process that lost the database tries at its own moment.
    const retry = new Backoff(500, 5_000);
    while (!this.stopped) {
      const client = new pg.Client({ connectionString: this.options.databaseUrl, application_name: PROJECTOR_APPLICATION_NAME });
      client.on('error', (error) => void this.lockLost(client, error));
      let locked = false;
      try {
        await client.connect();
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [PROJECTOR_LOCK_KEY]);
        locked = rows[0]?.locked === true;
      } catch (error) {
        await client.end().catch(() => {});
        // A standby outlives a database outage: keep trying (one line, not one per attempt).
        if (!unreachable) this.log(`projector: database unreachable (${error instanceof Error ? error.message : String(error)}); retrying`);
        unreachable = true;
        await sleep(retry.next());
        continue;
      }
      if (unreachable) this.log('projector: database reachable again');
      unreachable = false;
      retry.reset();
      if (locked && !this.stopped) {
        this.lockClient = client;
        return true;
      }
      await client.end();
      if (this.stopped) break;
      if (!announced) this.log('projector: another projector is active; standing by');
      announced = true;
      await sleep(STANDBY_POLL.next());
    }
    return false;
  }

  /**
   * The session holding the lock is gone, so the lock is too: another projector may take over at
   * once. Stop applying and reacting, then compete for the lock again (retrying while the database is away).
   */
  private async lockLost(client: pg.Client, error: Error) {
    if (this.lockClient !== client || this.stopped) return;
    this.log(`projector: lock connection lost (${error.message}); pausing until the lock is ours again`);
    await this.deactivate();
    const retry = new Backoff(100, 5_000);
    while (!this.stopped && !this.active) {
      try {
        await this.activate();
        if (this.active) this.log(`projector: lock regained, following events from position ${this.checkpoint}`);
      } catch {
        await this.deactivate(); // never half active: give the lock back before trying again
        await sleep(retry.next());
      }
    }
  }
}
