import { sql, type DatabasePool } from 'slonik';
import type { EventStore } from '@mathdaily/event-store';
import { ACTIVE_SCHEMA } from './schema.ts';

/** How often the active projector looks at the event store's end. */
const STORE_WATCH_INTERVAL_MS = 5_000;

/**
 * The active projector writes into projection_state what the event store's end is, when it looked,
 * and since when events have waited beyond its checkpoint, every few seconds. /api/health reads
 * it (read models only, either store): a projector that stopped looking, or under which events
 * wait while its checkpoint stays, is stalled (docs/change-feed.md). Times are the database's.
 */
export class StoreWatch {
  private timer: NodeJS.Timeout | undefined;
  private looking: Promise<void> | undefined;

  constructor(
    private readonly pool: DatabasePool,
    private readonly store: EventStore,
    private readonly log: (line: string) => void,
    private readonly intervalMs = STORE_WATCH_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.look(), this.intervalMs);
    this.timer.unref();
    void this.look();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.looking;
  }

  /** One look at a time; a failed one (the store or the database away) is only logged: the next comes soon. */
  look(): Promise<void> {
    this.looking ??= (async () => {
      try {
        const head = await this.store.lastPosition();
        await this.pool.query(sql.unsafe`
          UPDATE ${sql.identifier([ACTIVE_SCHEMA, 'projection_state'])}
          SET store_position = ${head.toString()}::bigint, store_checked_at = now(),
              waiting_since = CASE WHEN ${head.toString()}::bigint > position THEN coalesce(waiting_since, now()) END`);
      } catch (error) {
        this.log(`projector: could not look at the event store's end (${error instanceof Error ? error.message : String(error)})`);
      }
    })().finally(() => (this.looking = undefined));
    return this.looking;
  }
}
