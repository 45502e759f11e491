import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { Backoff, LruMap } from '@mathdaily/event-store';

const CHECKPOINT_CHANNEL = 'mathdaily_checkpoint';
/** application_name of the LISTEN connection (visible in pg_stat_activity). */
export const POSITION_WAITER_APPLICATION_NAME = 'mathdaily-position-waiter';
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;
/** Positions whose batch is remembered (a client sends the same x-min-position on every read until its next command). */
const APPLIED_POSITIONS_KEPT = 10_000;
/** Recent batches whose position ranges are kept, so a read finds its position without a query. */
const BATCHES_KEPT = 512;

/** What one projector batch changed (projector/src/change-feed.ts, the JSON of change_feed.changes). */
interface BatchChanges {
  learners: Record<string, { problems: string[]; other: boolean }>;
  everyone: boolean;
  problemsCreated: string[];
  problemsAnswered: string[];
  questionSets: string[];
  users: string[];
  /** Learners with practice events, and classes with events (the live class view). Absent in batches from before they were named: anyone may have changed. */
  practising?: string[];
  classes?: string[];
}

/**
 * One batch of the change feed, in order: its number, the checkpoint after it and what it
 * changed. `reset`: anything may have changed (a replay put new read models in place, or the
 * batches in between are no longer in the feed); `changes` is then null.
 */
export interface FeedBatch {
  seq: number;
  position: bigint;
  changes: BatchChanges | null;
  reset: boolean;
}

/** Where the read models are: the last batch applied and its checkpoint. */
export interface Checkpoint {
  seq: number;
  position: bigint;
}

const notification = z.object({
  seq: z.number().int().nonnegative(),
  position: z.string().regex(/^\d{1,20}$/),
  ranges: z.array(z.tuple([z.string(), z.string()])).nullish(),
  changes: z.unknown().nullish(),
  reset: z.boolean().optional(),
});
const feedRow = z.object({ seq: z.string(), position: z.string(), changes: z.unknown().nullable(), reset: z.boolean() });
const stateRow = z.object({ seq: z.string(), position: z.string() });
const lookupRow = z.object({ seq: z.string(), applied: z.boolean() });

interface Recent {
  seq: number;
  /** The batch's positions, ascending inclusive ranges; null when the notification left them out. */
  ranges: [bigint, bigint][] | null;
}

/**
 * The query side's view of the projector's change feed (docs/change-feed.md), from read models
 * alone whatever the event store: the checkpoint, every batch in order with what it changed (for
 * the caches and the live feed), and reads waiting for their `x-min-position`.
 *
 * The projector's NOTIFY on `mathdaily_checkpoint` carries each batch: `{seq, position, ranges,
 * changes}`, ranges and changes left out (null) when too long. Batches are handed on in `seq`
 * order: a missing one (a NOTIFY lost while reconnecting) and left-out changes are read from
 * `change_feed`; a batch no longer there is handed on as a reset. The checkpoint is read once at
 * start and after every reconnect.
 *
 * A read waits for the batch that applied its position: found in memory among the recent batches'
 * ranges, else looked up once in the event log read model (one row per applied event) with the
 * batch number in the same snapshot, and then on each batch whose ranges were left out. Waiters
 * sleep until a batch arrives, never poll.
 */
export class PositionWaiter {
  private listener: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly waiting = new Set<() => void>();
  private closed = false;
  private current: Checkpoint = { seq: 0, position: 0n };
  private readonly recent: Recent[] = [];
  private readonly applied = new LruMap<bigint, number>(APPLIED_POSITIONS_KEPT);
  private readonly lookups = new Map<bigint, Promise<number | null>>();
  private readonly advanceListeners = new Set<(batch: FeedBatch) => void>();
  /** Notifications are handled one after another, so batches go out in order whatever a read costs. */
  private queue: Promise<void> = Promise.resolve();
  private started = false;
  private readonly reconnects = new Backoff(RECONNECT_MIN_MS, RECONNECT_MAX_MS);

  constructor(private readonly options: { pool: DatabasePool; databaseUrl: string }) {}

  /** Its LISTEN connection is up (readiness: without it, reads wait out their 2 s). */
  get listening(): boolean {
    return this.listener !== undefined;
  }

  /** The latest batch this waiter handed on. */
  get checkpoint(): Checkpoint {
    return this.current;
  }

  /** Called with each batch, in order, once the waiter knows what it changed; returns the unsubscribe. */
  onAdvance(listener: (batch: FeedBatch) => void): () => void {
    this.advanceListeners.add(listener);
    return () => this.advanceListeners.delete(listener);
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl, application_name: POSITION_WAITER_APPLICATION_NAME });
    client.on('notification', (message) => this.enqueue(() => this.notified(message.payload ?? '')));
    client.on('error', () => {
      if (this.listener !== client) return;
      this.listener = undefined;
      void client.end().catch(() => {});
      this.reconnectAfter();
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
    // Batches applied while nobody listened send no NOTIFY again: read where the projector is.
    await this.enqueue(() => this.refresh());
  }

  /** Meanwhile waiters still end at their time limit, so a read is slow but never stuck. */
  private reconnectAfter() {
    if (this.closed) return;
    this.reconnectTimer = setTimeout(() => {
      this.start().then(
        () => this.reconnects.reset(),
        () => this.reconnectAfter(),
      );
    }, this.reconnects.next());
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.wakeAll();
    await this.listener?.end().catch(() => {});
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(step).catch(() => undefined);
    this.queue = next;
    return next;
  }

  private wakeAll() {
    for (const wake of [...this.waiting]) wake();
  }

  private async notified(payload: string) {
    let parsed: z.infer<typeof notification>;
    try {
      parsed = notification.parse(JSON.parse(payload));
    } catch {
      return this.refresh();
    }
    const batch: FeedBatch = { seq: parsed.seq, position: BigInt(parsed.position), changes: (parsed.changes ?? null) as BatchChanges | null, reset: parsed.reset === true };
    const ranges = parsed.ranges ? parsed.ranges.map(([first, last]) => [BigInt(first), BigInt(last)] as [bigint, bigint]) : null;
    // Before the read models existed (a fresh start) the checkpoint could not be read: read it now.
    if (!this.started) return this.refresh();
    if (batch.seq <= this.current.seq) return;
    if (batch.seq > this.current.seq + 1) await this.catchUp(batch.seq - 1);
    if (!batch.reset && batch.changes === null) {
      const row = (await this.feedRows(batch.seq - 1, batch.seq))[0];
      if (!row) return this.handOn({ ...batch, reset: true }, null);
      batch.changes = row.changes;
    }
    this.handOn(batch, ranges);
  }

  /** Where the projector is now, and every batch since the last one handed on. */
  private async refresh(): Promise<void> {
    const state = await this.options.pool.maybeOne(sql.type(stateRow)`
      SELECT batch_seq::text AS seq, position::text AS position FROM read_models.projection_state`).catch(() => null);
    if (!state) return;
    const seq = Number(state.seq);
    if (!this.started) {
      this.started = true;
      this.handOn({ seq, position: BigInt(state.position), changes: null, reset: true }, null);
      return;
    }
    if (seq > this.current.seq) await this.catchUp(seq);
  }

  /** Hands on the batches after the current one up to `seq` from change_feed (a reset when some are gone). */
  private async catchUp(seq: number): Promise<void> {
    const rows = await this.feedRows(this.current.seq, seq);
    if (rows[0]?.seq !== this.current.seq + 1) {
      const last = rows.at(-1);
      return this.handOn({ seq, position: last?.position ?? this.current.position, changes: null, reset: true }, null);
    }
    for (const row of rows) this.handOn(row, null);
  }

  private async feedRows(after: number, upTo: number): Promise<FeedBatch[]> {
    const rows = await this.options.pool.any(sql.type(feedRow)`
      SELECT seq::text AS seq, position::text AS position, changes, reset FROM read_models.change_feed
      WHERE seq > ${after} AND seq <= ${upTo} ORDER BY seq`);
    return rows.map((row) => ({ seq: Number(row.seq), position: BigInt(row.position), changes: (row.changes ?? null) as BatchChanges | null, reset: row.reset }));
  }

  private handOn(batch: FeedBatch, ranges: [bigint, bigint][] | null) {
    this.current = { seq: batch.seq, position: batch.position };
    this.recent.push({ seq: batch.seq, ranges });
    if (this.recent.length > BATCHES_KEPT) this.recent.shift();
    this.wakeAll();
    for (const listener of this.advanceListeners) listener(batch);
  }

  /** The batch at or before which the position was applied, as far as memory tells; undefined when it does not. */
  appliedAt(position: bigint): number | undefined {
    if (position <= 0n) return 0;
    const known = this.applied.get(position);
    if (known !== undefined) return known;
    for (let index = this.recent.length - 1; index >= 0; index -= 1) {
      const { seq, ranges } = this.recent[index]!;
      if (ranges?.some(([first, last]) => position >= first && position <= last)) {
        this.applied.set(position, seq);
        return seq;
      }
    }
    return undefined;
  }

  /**
   * Asks the read models whether the position was applied (the event log has a row per applied
   * event), with the batch number of the same snapshot: the position is in that batch or an
   * earlier one. One lookup per position at a time, shared by every read waiting for it.
   */
  private lookUp(position: bigint): Promise<number | null> {
    let lookup = this.lookups.get(position);
    if (!lookup) {
      lookup = this.options.pool
        .one(sql.type(lookupRow)`
          SELECT s.batch_seq::text AS seq, EXISTS (SELECT 1 FROM read_models.event_log WHERE position = ${position.toString()}::bigint) AS applied
          FROM read_models.projection_state s`)
        .then((row) => {
          if (!row.applied) return null;
          this.applied.set(position, Number(row.seq));
          return Number(row.seq);
        })
        .catch(() => null)
        .finally(() => this.lookups.delete(position));
      this.lookups.set(position, lookup);
    }
    return lookup;
  }

  async reached(position: bigint): Promise<boolean> {
    return (this.appliedAt(position) ?? (await this.lookUp(position))) !== null;
  }

  /**
   * Resolves with the batch at or before which the position was applied (its number), or null
   * when the time limit passes first: an unknown position is never reached.
   */
  async waitFor(position: bigint, timeoutMs = 2000): Promise<number | null> {
    const known = this.appliedAt(position);
    if (known !== undefined) return known;
    const deadline = Date.now() + timeoutMs;
    let seen = this.current.seq;
    let found = await this.lookUp(position);
    while (found === null && !this.closed) {
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiting.add(wake);
      });
      found = this.appliedAt(position) ?? null;
      // Batches whose ranges the NOTIFY left out (or missed ones) may hold it: ask once more.
      if (found === null && this.recent.some((batch) => batch.seq > seen && batch.ranges === null)) found = await this.lookUp(position);
      seen = this.current.seq;
    }
    return found;
  }
}
