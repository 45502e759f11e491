import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';

const CHECKPOINT_CHANNEL = 'mathdaily_checkpoint';
/** application_name of the LISTEN connection (visible in pg_stat_activity). */
export const POSITION_WAITER_APPLICATION_NAME = 'mathdaily-position-waiter';
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;

/**
 * Lets a read wait until the projector has applied the event at a position the client saw
 * (the `x-min-position` header). Waiters sleep until the projector's NOTIFY, never poll.
 * With the PostgreSQL event store the projector applies events in (transaction id, position)
 * order, so "reached" compares that pair; EventStoreDB positions are commit-ordered already.
 */
export class PositionWaiter {
  private listener: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly waiting = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly options: { pool: DatabasePool; databaseUrl: string; eventsInPostgres: boolean },
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl, application_name: POSITION_WAITER_APPLICATION_NAME });
    client.on('notification', () => this.wakeAll());
    client.on('error', () => {
      if (this.listener !== client) return;
      this.listener = undefined;
      void client.end().catch(() => {});
      this.reconnectAfter(RECONNECT_MIN_MS);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) return void (await client.end().catch(() => {}));
    this.listener = client;
    // Checkpoints moved while nobody listened send no NOTIFY again: let every waiter look.
    this.wakeAll();
  }

  /** Meanwhile waiters still end at their time limit, so a read is slow but never stuck. */
  private reconnectAfter(delayMs: number) {
    if (this.closed) return;
    this.reconnectTimer = setTimeout(() => {
      this.start().catch(() => this.reconnectAfter(Math.min(delayMs * 2, RECONNECT_MAX_MS)));
    }, delayMs);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.wakeAll();
    await this.listener?.end().catch(() => {});
  }

  private wakeAll() {
    for (const wake of [...this.waiting]) wake();
  }

  async reached(position: bigint): Promise<boolean> {
    if (position <= 0n) return true;
    const p = position.toString();
    const query = this.options.eventsInPostgres
      ? sql.unsafe`
          SELECT EXISTS (
            SELECT 1 FROM read_models.projection_state c
            JOIN public.events ce ON ce.position = c.position
            JOIN public.events e ON e.position = ${p}::bigint
            WHERE (e.transaction_id, e.position) <= (ce.transaction_id, ce.position)
          ) AS reached`
      : sql.unsafe`SELECT EXISTS (SELECT 1 FROM read_models.projection_state WHERE position >= ${p}::bigint) AS reached`;
    return Boolean(await this.options.pool.oneFirst(query).catch(() => false));
  }

  /** Resolves true once the position is projected, false when the time limit passes first. */
  async waitFor(position: bigint, timeoutMs = 2000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (await this.reached(position)) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiting.add(wake);
      });
    }
    return false;
  }
}
