import type { NewEvent, RecordedEvent } from '@mathdaily/domain';
import pg from 'pg';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  HistoryPage,
  ReadStreamOptions,
  ReadStreamResult,
  StreamAppend,
  SubscribeOptions,
  Subscription,
} from '../event-store.ts';
import { UnknownPositionError } from '../errors.ts';
import { caughtUpSignal } from '../internal/caught-up.ts';
import { Backoff, Waiter } from '../internal/timing.ts';
import { appendManyToPostgres, appendToPostgres, type OnAppended } from './append.ts';
import { PostgresNotificationListener, type Warn } from './listener.ts';
import { AppendNotifier } from './notifier.ts';
import { createEventStorePool } from './event-store-pool.ts';
import { cursorAt, lastVisiblePosition, readHistory, readPage, readStreams, type ReadCursor } from './read.ts';
import { POSTGRES_EVENTS_TABLE } from './schema.ts';

export interface PostgresEventStoreOptions {
  /** Pool for appends and reads. When absent, one is made from `connectionString` and ended by close(). */
  pool?: pg.Pool;
  /** Connection for the dedicated LISTEN client (default: the pool's own settings). */
  connectionString?: string;
  /**
   * Told of each single-stream append this store commits, with the transaction id it committed in
   * (the launcher hands it to the query API's waiter: a read right after its own write then needs
   * no lookup of that id).
   */
  onAppended?: OnAppended;
  /** Default subscription batch size (500). */
  batchSize?: number;
  /** Idle subscriptions re-read this often even without a NOTIFY, as a safety net (30 s). */
  idlePollMs?: number;
  /** While the LISTEN connection is down, subscriptions poll this often (1 s). */
  disconnectedPollMs?: number;
  /**
   * While committed events wait behind an older open transaction, subscriptions re-read at the
   * next NOTIFY or after these delays, doubling (25 ms to 200 ms).
   */
  horizonPollMs?: { firstMs: number; maxMs: number };
  /** Recoverable problems (lost connections, failed reads that are retried). Default console.warn. */
  warn?: Warn;
}

const DEFAULT_BATCH_SIZE = 500;

/**
 * EventStore on PostgreSQL (see docs/event-store.md). Call migratePostgresEventStore(pool) first.
 */
export function createPostgresEventStore(options: PostgresEventStoreOptions): EventStore {
  const ownsPool = !options.pool;
  if (!options.pool && !options.connectionString) throw new Error('createPostgresEventStore needs a pool or a connectionString');
  const pool = options.pool ?? createEventStorePool(options.connectionString!);
  const warn: Warn = options.warn ?? ((message, error) => console.warn(message, error instanceof Error ? error.message : (error ?? '')));
  // An idle pooled connection that dies emits 'error' on the pool; unhandled, it would end the
  // process (a database restart killed the production APIs), so listen on a caller's pool too.
  pool.on('error', (error) => warn('event store: idle database connection lost', error));
  const listenerConfig: pg.ClientConfig = options.connectionString ? { connectionString: options.connectionString } : { ...pool.options };
  const listener = new PostgresNotificationListener(listenerConfig, warn);
  const notifier = new AppendNotifier(pool, warn);
  const subscriptions = new Set<Subscription>();
  const idlePollMs = options.idlePollMs ?? 30_000;
  const disconnectedPollMs = options.disconnectedPollMs ?? 1_000;
  const horizonPollMs = options.horizonPollMs ?? { firstMs: 25, maxMs: 200 };
  let closed = false;

  function subscribeToAll(subscribeOptions: SubscribeOptions): Subscription {
    if (closed) throw new Error('The event store is closed');
    const batchSize = subscribeOptions.batchSize ?? options.batchSize ?? DEFAULT_BATCH_SIZE;
    const waiter = new Waiter();
    let stopped = false;
    /** Set by every NOTIFY (and reconnect); cleared just before each read. */
    let dirty = true;
    const { caughtUp, settle: settleCaughtUp } = caughtUpSignal();

    const unregister = listener.register(() => {
      dirty = true;
      waiter.wake();
    });

    const run = async (): Promise<void> => {
      await listener.start();
      let cursor: ReadCursor | undefined;
      const horizonBackoff = new Backoff(horizonPollMs.firstMs, horizonPollMs.maxMs);
      const errorBackoff = new Backoff(100, 5_000);
      while (!stopped) {
        let page;
        try {
          cursor ??= await cursorAt(pool, subscribeOptions.after);
          dirty = false;
          page = await readPage(pool, cursor, batchSize);
          errorBackoff.reset();
        } catch (error) {
          if (stopped) break;
          if (error instanceof UnknownPositionError) {
            fail(error);
            break;
          }
          warn('event store: subscription read failed, retrying', error);
          await waiter.wait(errorBackoff.next(), false);
          continue;
        }
        if (stopped) break;
        if (page.events.length > 0) {
          try {
            await subscribeOptions.onBatch(page.events);
          } catch (error) {
            fail(error);
            break;
          }
          cursor = page.cursor;
          horizonBackoff.reset();
          continue;
        }
        settleCaughtUp();
        if (page.beyondHorizon) {
          // Committed events hide behind an older open transaction. An append's commit is followed
          // by its NOTIFY, which ends this wait; any other transaction may never NOTIFY: poll, gently.
          if (!dirty) await waiter.wait(horizonBackoff.next(), true);
          continue;
        }
        horizonBackoff.reset();
        if (dirty) continue;
        await waiter.wait(listener.connected ? idlePollMs : disconnectedPollMs, true);
      }
    };

    const fail = (error: unknown) => {
      stopped = true;
      unregister();
      subscriptions.delete(subscription);
      settleCaughtUp(error);
      if (subscribeOptions.onError) subscribeOptions.onError(error);
      else warn('event store: subscription stopped by an error', error);
    };

    const running = run().catch((error: unknown) => fail(error));

    const subscription: Subscription = {
      caughtUp,
      async stop() {
        stopped = true;
        waiter.cancel();
        await running;
        unregister();
        subscriptions.delete(subscription);
        settleCaughtUp(new Error('Subscription stopped before it caught up'));
      },
    };
    subscriptions.add(subscription);
    return subscription;
  }

  return {
    sqlTable: POSTGRES_EVENTS_TABLE,
    append(streamId: string, events: NewEvent[], appendOptions: AppendOptions): Promise<AppendResult> {
      return appendToPostgres(pool, notifier, streamId, events, appendOptions.expectedVersion, {
        unchanged: appendOptions.unchangedStreams,
        onAppended: options.onAppended,
      });
    },
    appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
      return appendManyToPostgres(pool, notifier, appends);
    },

    async readStream(streamId: string, readOptions?: ReadStreamOptions): Promise<ReadStreamResult> {
      return (await readStreams(pool, [{ streamId, ...readOptions }]))[0]!;
    },
    readStreams(reads): Promise<ReadStreamResult[]> {
      return readStreams(pool, reads);
    },

    async readAll({ after, limit }: { after: bigint; limit: number }): Promise<RecordedEvent[]> {
      const cursor = await cursorAt(pool, after);
      return (await readPage(pool, cursor, limit)).events;
    },

    subscribeToAll,

    lastPosition(): Promise<bigint> {
      return lastVisiblePosition(pool);
    },

    readHistory(options): Promise<HistoryPage> {
      return readHistory(pool, options);
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await listener.close();
      await notifier.idle();
      if (ownsPool) await pool.end();
    },
  };
}
