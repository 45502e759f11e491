import pg from 'pg';
import type { DatabasePool } from 'slonik';
import type { RecordedEvent } from '@mathdaily/domain';
import type { EventStore, Subscription } from '@mathdaily/event-store';
import { applyBatch, CheckpointMovedError } from './apply-batch.ts';
import type { ReadModel } from './read-model.ts';
import { rebuildReadModels } from './rebuild.ts';
import { ACTIVE_SCHEMA, fingerprintOf, PROJECTOR_LOCK_KEY, schemaState } from './schema.ts';

export interface ProjectorOptions {
  pool: DatabasePool;
  /** For the session that holds the single-projector lock. */
  databaseUrl: string;
  store: EventStore;
  models: readonly ReadModel[];
  batchSize?: number;
  log?: (line: string) => void;
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

  /** Resolves once this projector is active and has caught up with the events stored at start. */
  async start(): Promise<void> {
    await this.acquireLock();
    if (this.stopped) return;
    const state = await schemaState(this.options.pool, ACTIVE_SCHEMA);
    if (!state || state.fingerprint !== fingerprintOf(this.options.models)) {
      this.log(state ? 'projector: read-model definitions changed, rebuilding from event 0' : 'projector: creating read models');
      await rebuildReadModels({ pool: this.options.pool, store: this.options.store, models: this.options.models, log: this.log });
    }
    await this.subscribe();
    await Promise.race([this.caughtUp, this.stoppedSignal]);
  }

  private signalStopped!: () => void;
  private readonly stoppedSignal = new Promise<void>((resolve) => (this.signalStopped = resolve));

  async stop(): Promise<void> {
    this.stopped = true;
    this.signalStopped();
    clearTimeout(this.retryTimer);
    await this.subscription?.stop();
    this.subscription = undefined;
    await this.lockClient?.end().catch(() => {});
    this.lockClient = undefined;
  }

  private async acquireLock() {
    let announced = false;
    while (!this.stopped) {
      const client = new pg.Client({ connectionString: this.options.databaseUrl });
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [PROJECTOR_LOCK_KEY]);
      if (rows[0]?.locked) {
        client.on('error', (error) => this.log(`projector: lock connection lost (${error.message})`));
        this.lockClient = client;
        return;
      }
      await client.end();
      if (!announced) this.log('projector: another projector is active; standing by');
      announced = true;
      await new Promise((resolve) => setTimeout(resolve, 2000));
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
        });
        this.failures = 0;
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
        if (!this.stopped) await this.subscribe().catch((e: unknown) => this.restartAfter(e));
      })();
    }, delay);
  }
}
