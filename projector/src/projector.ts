import pg from 'pg';
import type { DatabasePool } from 'slonik';
import type { RecordedEvent } from '@mathdaily/domain';
import type { EventStore, Subscription } from '@mathdaily/event-store';
import { applyBatch, CheckpointMovedError } from './apply-batch.ts';
import type { ReadModel } from './read-model.ts';
import { rebuildReadModels } from './rebuild.ts';
import { ACTIVE_SCHEMA, fingerprintOf, PROJECTOR_APPLICATION_NAME, PROJECTOR_LOCK_KEY, schemaState } from './schema.ts';

export interface ProjectorOptions {
  pool: DatabasePool;
  /** For the session that holds the single-projector lock. */
  databaseUrl: string;
  store: EventStore;
  models: readonly ReadModel[];
  batchSize?: number;
  log?: (line: string) => void;
  /** Events live in this PostgreSQL (default) rather than EventStoreDB; see ApplyBatchOptions. */
  eventsInPostgres?: boolean;
  /** Called after every committed batch with the new checkpoint (the worker thread reports it to the launcher). */
  onCheckpoint?: (position: bigint) => void;
  /** Test hook: called before each event is applied; throwing aborts that batch's transaction. */
  beforeEach?: (event: RecordedEvent, index: number) => void;
}

/**
 * The one active projector: holds an advisory lock (others wait as standbys), rebuilds the
 * read models when their definitions changed, then follows all events from its checkpoint.
 * A failed batch rolls back whole; the projector resubscribes from the stored checkpoint.
 */
export class Projector {
  private lockClient: pg.Client | undefined;
  private subscription: Subscription | undefined;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private position = 0n;
  private failures = 0;
  private readonly log: (line: string) => void;
  private markCaughtUp!: () => void;
  /** Resolves the first time a subscription has applied every event stored when it started. */
  private readonly caughtUp = new Promise<void>((resolve) => (this.markCaughtUp = resolve));

  constructor(private readonly options: ProjectorOptions) {
    this.log = options.log ?? (() => {});
  }

  get checkpoint(): bigint {
    return this.position;
  }

  /** True while this projector holds the single-projector lock. */
  get active(): boolean {
    return this.lockClient !== undefined;
  }

  /** Resolves once this projector is active and has caught up with the events stored at start. */
  async start(): Promise<void> {
    await this.activate();
    await Promise.race([this.caughtUp, this.stoppedSignal]);
  }

  /** Takes the lock (standing by while another projector holds it), rebuilds if needed, follows events. */
  private async activate(): Promise<void> {
    if (!(await this.acquireLock())) return;
    const state = await schemaState(this.options.pool, ACTIVE_SCHEMA);
    if (!state || state.fingerprint !== fingerprintOf(this.options.models)) {
      this.log(state ? 'projector: read-model definitions changed, rebuilding from event 0' : 'projector: creating read models');
      await rebuildReadModels({
        pool: this.options.pool,
        store: this.options.store,
        models: this.options.models,
        log: this.log,
        eventsInPostgres: this.options.eventsInPostgres,
      });
    }
    if (!this.stopped && this.active) await this.subscribe();
  }

  private signalStopped!: () => void;
  private readonly stoppedSignal = new Promise<void>((resolve) => (this.signalStopped = resolve));

  async stop(): Promise<void> {
    this.stopped = true;
    this.signalStopped();
    clearTimeout(this.retryTimer);
    await this.subscription?.stop();
    this.subscription = undefined;
    await this.releaseLock();
  }

  private async releaseLock() {
    const client = this.lockClient;
    this.lockClient = undefined;
    await client?.end().catch(() => {});
  }

  /** False when the projector was stopped before it got the lock. */
  private async acquireLock(): Promise<boolean> {
    let announced = false;
    let unreachable = false;
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
        await new Promise((resolve) => setTimeout(resolve, 2000));
        continue;
      }
      if (unreachable) this.log('projector: database reachable again');
      unreachable = false;
      if (locked && !this.stopped) {
        this.lockClient = client;
        return true;
      }
      await client.end();
      if (this.stopped) break;
      if (!announced) this.log('projector: another projector is active; standing by');
      announced = true;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    return false;
  }

  /**
   * The session holding the lock is gone, so the lock is too: another projector may take over at
   * once. Stop applying, then compete for the lock again (retrying while the database is away).
   */
  private async lockLost(client: pg.Client, error: Error) {
    if (this.lockClient !== client || this.stopped) return;
    this.log(`projector: lock connection lost (${error.message}); pausing until the lock is ours again`);
    this.lockClient = undefined;
    clearTimeout(this.retryTimer);
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.stop().catch(() => {});
    await client.end().catch(() => {});
    for (let delay = 100; !this.stopped && !this.active; delay = Math.min(delay * 2, 5000)) {
      try {
        await this.activate();
        if (this.active) this.log(`projector: lock regained, following events from position ${this.position}`);
      } catch {
        await this.releaseLock(); // never half active: give the lock back before trying again
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async subscribe(): Promise<void> {
    const state = await schemaState(this.options.pool, ACTIVE_SCHEMA);
    this.position = state?.position ?? 0n;
    const subscription = this.options.store.subscribeToAll({
      after: this.position,
      batchSize: this.options.batchSize ?? 500,
      onBatch: async (events) => {
        this.position = await applyBatch({
          db: this.options.pool,
          schema: ACTIVE_SCHEMA,
          models: this.options.models,
          events,
          after: this.position,
          beforeEach: this.options.beforeEach,
          eventsInPostgres: this.options.eventsInPostgres,
        });
        this.failures = 0;
        this.options.onCheckpoint?.(this.position);
      },
      onError: (error) => this.restartAfter(error),
    });
    this.subscription = subscription;
    // A failed first batch rejects caughtUp; the retry's subscription reports catching up instead.
    subscription.caughtUp.then(() => this.markCaughtUp(), () => {});
  }

  /** Resubscribes from the stored checkpoint, backing off while batches keep failing. */
  private restartAfter(error: unknown) {
    if (this.stopped) return;
    const moved = error instanceof CheckpointMovedError;
    if (!moved) {
      this.failures += 1;
      this.log(`projector: batch failed (${error instanceof Error ? error.message : String(error)}); retrying from checkpoint`);
    }
    const delay = moved ? 0 : Math.min(5000, 100 * 2 ** Math.min(this.failures, 6));
    const previous = this.subscription;
    this.subscription = undefined;
    this.retryTimer = setTimeout(() => {
      void (async () => {
        await previous?.stop().catch(() => {});
        if (!this.stopped && this.active) await this.subscribe().catch((e: unknown) => this.restartAfter(e));
      })();
    }, delay);
  }
}
