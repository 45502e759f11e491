import type { RecordedEvent } from '@mathdaily/domain';
import { Backoff, type EventStore, type Subscription } from '@mathdaily/event-store';

/** Another process moved the stored checkpoint: resubscribe from it at once (no failure, no pause). */
export class CheckpointMovedError extends Error {
  constructor(readonly stored: bigint) {
    super(`checkpoint moved to ${stored}`);
  }
}

export interface CheckpointedSubscriptionOptions {
  store: EventStore;
  /** Names it in log lines: `projector`, `mail`. */
  name: string;
  batchSize: number;
  /** The stored checkpoint; every (re)subscription follows events after it. */
  load(): Promise<bigint>;
  /** Handles a batch that follows `after`, stores the new checkpoint and resolves with it. */
  handle(events: RecordedEvent[], after: bigint): Promise<bigint>;
  /** Pause after the first failed batch in a row; it doubles with every further failure, up to `maxMs`. */
  backoff: { firstMs: number; maxMs: number };
  log: (line: string) => void;
}

/**
 * The one subscription engine of the projector: follows all events from a stored checkpoint;
 * a batch that throws is retried from the stored checkpoint after a backoff. The read models run
 * on one (projector.ts), every reactor on its own (reactor.ts), so none holds back another.
 * `start` and `stop` may alternate (the projector stops everything while it lost its lock).
 */
export class CheckpointedSubscription {
  private subscription: Subscription | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  /** Changes with every start and stop, so a retry scheduled before a stop never subscribes after it. */
  private generation = 0;
  private running = false;
  /** Delays after failed batches (reset once a batch goes through). */
  private readonly failures: Backoff;
  /** True from a failed batch until one goes through: readiness says so (docs/operations.md). */
  failing = false;
  private current = 0n;
  private markCaughtUp!: () => void;
  /** Resolves the first time a subscription has handled every event stored when it started. */
  readonly caughtUp = new Promise<void>((resolve) => (this.markCaughtUp = resolve));

  constructor(private readonly options: CheckpointedSubscriptionOptions) {
    this.failures = new Backoff(options.backoff.firstMs, options.backoff.maxMs);
  }

  /** The checkpoint of the last handled batch (or the stored one it started from). */
  get position(): bigint {
    return this.current;
  }

  /** Subscribes from the stored checkpoint; a failure to read it is retried like a failed batch. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const generation = ++this.generation;
    await this.subscribe(generation).catch((error: unknown) => this.retryAfter(error, generation));
  }

  /** Stops following; resolves once the batch in hand (if any) is done. */
  async stop(): Promise<void> {
    this.running = false;
    this.generation += 1;
    clearTimeout(this.retryTimer);
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.stop().catch(() => {});
  }

  private async subscribe(generation: number): Promise<void> {
    const position = await this.options.load();
    if (generation !== this.generation) return;
    this.current = position;
    const subscription = this.options.store.subscribeToAll({
      after: position,
      batchSize: this.options.batchSize,
      onBatch: async (events) => {
        this.current = await this.options.handle(events, this.current);
        this.failures.reset();
        this.failing = false;
      },
      onError: (error) => this.retryAfter(error, generation),
    });
    this.subscription = subscription;
    // A failed first batch rejects caughtUp; the retry's subscription reports catching up instead.
    subscription.caughtUp.then(() => this.markCaughtUp(), () => {});
  }

  /** Resubscribes from the stored checkpoint, backing off while batches keep failing. */
  private retryAfter(error: unknown, generation: number) {
    if (generation !== this.generation) return;
    const moved = error instanceof CheckpointMovedError;
    let delay = 0;
    if (!moved) {
      delay = this.failures.next();
      this.failing = true;
      const reason = error instanceof Error ? error.message : String(error);
      this.options.log(`${this.options.name}: batch failed (${reason}); retrying from checkpoint ${this.current} in ${delay} ms`);
    }
    const previous = this.subscription;
    this.subscription = undefined;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      void (async () => {
        await previous?.stop().catch(() => {});
        if (generation !== this.generation) return;
        await this.subscribe(generation).catch((e: unknown) => this.retryAfter(e, generation));
      })();
    }, delay);
  }
}
