import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';

const CHECKPOINT_CHANNEL = 'mathdaily_checkpoint';

/**
 * Lets a read wait until the projector has applied the event at a position the client saw
 * (the `x-min-position` header). Waiters sleep until the projector's NOTIFY, never poll.
 * With the PostgreSQL event store the projector applies events in (transaction id, position)
 * order, so "reached" compares that pair; EventStoreDB positions are commit-ordered already.
 */
export class PositionWaiter {
  private listener: pg.Client | undefined;
  private readonly waiting = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly options: { pool: DatabasePool; databaseUrl: string; eventsInPostgres: boolean },
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    client.on('notification', () => this.wakeAll());
    client.on('error', () => {
      // Reconnect; meanwhile waiters fall back to their time limit.
      this.listener = undefined;
      if (!this.closed) setTimeout(() => void this.start().catch(() => {}), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
    this.listener = client;
  }

  async close(): Promise<void> {
    this.closed = true;
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
