import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { LruMap } from '@mathdaily/event-store';

const CHECKPOINT_CHANNEL = 'mathdaily_checkpoint';
/** application_name of the LISTEN connection (visible in pg_stat_activity). */
export const POSITION_WAITER_APPLICATION_NAME = 'mathdaily-position-waiter';
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;
/** Positions whose transaction id is remembered (a client sends the same x-min-position on every read until its next command). */
const TRANSACTION_ID_CACHE = 10_000;

/** Where the projector is, or where a read wants it to be: an event's position and, with the PostgreSQL store, its transaction id. */
export interface Point {
  position: bigint;
  transactionId: bigint;
}

const START: Point = { position: 0n, transactionId: 0n };

/** A checkpoint as SQL reads it (`position::text`, the event's `transaction_id::text`, NULL with EventStoreDB). */
export const pointOfRow = (row: { position: string; transaction_id: string | null }): Point => ({
  position: BigInt(row.position),
  transactionId: BigInt(row.transaction_id ?? 0),
});

/** PostgreSQL reading order is (transaction id, position); EventStoreDB positions carry transaction id 0 and compare alone. */
export const atOrBefore = (a: Point, b: Point) => a.transactionId < b.transactionId || (a.transactionId === b.transactionId && a.position <= b.position);

const checkpointRow = z.object({ position: z.string(), transaction_id: z.string().nullable() });

/**
 * Lets a read wait until the projector has applied the event at a position the client saw
 * (the `x-min-position` header). Waiters sleep until the projector's NOTIFY, never poll.
 *
 * The latest checkpoint lives in memory. The projector's NOTIFY on `mathdaily_checkpoint` carries
 * `<position>:<transactionId>` of the last applied event (just `<position>` with EventStoreDB);
 * projection_state is read once at start and after every reconnect. A bare `<position>` from the
 * PostgreSQL store (an older projector) is answered by reading projection_state again: one query
 * per NOTIFY, shared by every waiter. A read looks up the transaction id of the event it waits
 * for once (primary key, remembered in an LRU since positions never change), and every wake-up
 * compares (transaction id, position) pairs in memory: no query per wake-up per waiting read.
 */
export class PositionWaiter {
  private listener: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly waiting = new Set<() => void>();
  private closed = false;
  private checkpointAt: Point = START;
  private readonly transactionIds = new LruMap<bigint, Promise<bigint | null>>(TRANSACTION_ID_CACHE);
  private refreshing: Promise<void> | undefined;
  private refreshAgain = false;
  private readonly advanceListeners = new Set<(point: Point) => void>();

  constructor(
    private readonly options: { pool: DatabasePool; databaseUrl: string; eventsInPostgres: boolean },
  ) {}

  /** The latest checkpoint this waiter knows (from NOTIFY payloads or projection_state). */
  get checkpoint(): Point {
    return this.checkpointAt;
  }

  /** Called each time the checkpoint moves (the live feed reads what the batch changed); returns the unsubscribe. */
  onAdvance(listener: (point: Point) => void): () => void {
    this.advanceListeners.add(listener);
    return () => this.advanceListeners.delete(listener);
  }

  get eventsInPostgres(): boolean {
    return this.options.eventsInPostgres;
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl, application_name: POSITION_WAITER_APPLICATION_NAME });
    client.on('notification', (message) => this.notified(message.payload ?? ''));
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
    // Checkpoints moved while nobody listened send no NOTIFY again: read where the projector is.
    await this.refresh();
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

  private notified(payload: string) {
    const full = /^(\d{1,20}):(\d{1,20})$/.exec(payload);
    if (full) this.advance({ position: BigInt(full[1]!), transactionId: BigInt(full[2]!) });
    else if (/^\d{1,20}$/.test(payload) && !this.options.eventsInPostgres) this.advance({ position: BigInt(payload), transactionId: 0n });
    else void this.refresh();
  }

  /** Checkpoints only move forward (a replay's switch lands at or after the live one), whatever order reads finish in. */
  private advance(point: Point) {
    if (atOrBefore(point, this.checkpointAt)) return;
    this.checkpointAt = point;
    this.wakeAll();
    for (const listener of this.advanceListeners) listener(point);
  }

  /** Reads projection_state; concurrent calls share one read, and a call during a read gets one more after it. */
  private refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.refreshAgain = false;
        const row = await this.options.pool.maybeOne(this.checkpointQuery()).catch(() => null);
        if (row) this.advance(pointOfRow(row));
      } while (this.refreshAgain && !this.closed);
    })().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private checkpointQuery() {
    return this.options.eventsInPostgres
      ? sql.type(checkpointRow)`
          SELECT c.position::text AS position, e.transaction_id::text AS transaction_id
          FROM read_models.projection_state c LEFT JOIN public.events e ON e.position = c.position`
      : sql.type(checkpointRow)`SELECT position::text AS position, NULL::text AS transaction_id FROM read_models.projection_state`;
  }

  /**
   * An event this process appended, with the transaction id it committed in (the store's
   * `onAppended`): a read with that position then needs no lookup.
   */
  remember(position: bigint, transactionId: bigint): void {
    if (this.options.eventsInPostgres) this.transactionIds.set(position, Promise.resolve(transactionId));
  }

  /** The point to wait for; null when the position is not a stored event (then it is never reached). */
  async pointOf(position: bigint): Promise<Point | null> {
    if (!this.options.eventsInPostgres) return { position, transactionId: 0n };
    let transactionId = this.transactionIds.get(position);
    if (!transactionId) {
      transactionId = this.options.pool
        .maybeOneFirst(sql.type(z.object({ transaction_id: z.string() }))`
          SELECT transaction_id::text AS transaction_id FROM public.events WHERE position = ${position.toString()}::bigint`)
        .then((value) => (value === null ? null : BigInt(value)));
      this.transactionIds.set(position, transactionId);
      // Only stored positions are remembered: a failed or empty lookup is tried again next time.
      transactionId.then(
        (value) => value === null && this.transactionIds.delete(position),
        () => this.transactionIds.delete(position),
      );
    }
    const value = await transactionId.catch(() => null);
    return value === null ? null : { position, transactionId: value };
  }

  async reached(position: bigint): Promise<boolean> {
    if (position <= 0n) return true;
    const target = await this.pointOf(position);
    return target !== null && atOrBefore(target, this.checkpointAt);
  }

  /** Resolves true once the position is projected, false when the time limit passes first. */
  async waitFor(position: bigint, timeoutMs = 2000): Promise<boolean> {
    if (position <= 0n) return true;
    const deadline = Date.now() + timeoutMs;
    const target = await this.pointOf(position);
    while (!this.closed) {
      if (target && atOrBefore(target, this.checkpointAt)) return true;
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
