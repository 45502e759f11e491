import { sql } from 'slonik';
import { z } from 'zod';
import { LruMap } from '@mathdaily/event-store';
import type { QueryApiDeps } from '../deps.ts';
import type { FeedBatch } from '../wait-for-position.ts';
import { activitySince, type ActivityItem } from '../tutors/activity-view.ts';

/**
 * The live feed's fan-out in one query-api instance (docs/tutor-live.md). After every projector
 * batch (the checkpoint NOTIFY the PositionWaiter already listens to), one query reads the
 * activity rows the batch changed, each with the tutors it concerns, and each connected tutor
 * gets only their rows. Admins get every row.
 *
 * Rows are found by position. PostgreSQL commits appends out of position order now and then
 * (two transactions), so a row can land a little behind the cursor: each read looks back
 * LOOKBACK positions and a bounded memory of what was sent keeps a row from going out twice.
 */

export const LOOKBACK = 1000n;
const ROWS_PER_READ = 2000;
const SENT_MEMORY = 50_000;

export interface LiveClient {
  send(items: readonly ActivityItem[]): void;
  /** Reads the socket's principal again (a batch changed its user): the socket ends when it lost its rights. */
  recheck(): void;
}

export class LiveHub {
  private readonly tutors = new Map<string, Set<LiveClient>>();
  private readonly admins = new Set<LiveClient>();
  /** Every socket by its user, tutors and admins alike: whose principal a batch may have changed. */
  private readonly byUser = new Map<string, Set<LiveClient>>();
  private readonly sent = new LruMap<string, true>(SENT_MEMORY);
  private cursor = 0n;
  private pumping: Promise<void> | null = null;
  private again = false;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: QueryApiDeps) {}

  async start(): Promise<void> {
    this.cursor = await this.latestPosition();
    this.unsubscribe = this.deps.waiter.onAdvance((batch) => {
      this.recheck(batch);
      void this.pump();
    });
  }

  stop(): void {
    this.unsubscribe?.();
    this.tutors.clear();
    this.admins.clear();
    this.byUser.clear();
  }

  /**
   * The sockets of users a batch changed (a role change, a sign-out, a password change: the
   * change feed's `users`), or all of them after a reset, check their principal again, on every
   * query-api instance, as soon as the batch is applied.
   */
  private recheck(batch: FeedBatch) {
    const users = batch.reset || !batch.changes ? [...this.byUser.keys()] : batch.changes.users;
    for (const user of users) for (const client of this.byUser.get(user) ?? []) client.recheck();
  }

  get connections(): number {
    let count = this.admins.size;
    for (const clients of this.tutors.values()) count += clients.size;
    return count;
  }

  add(userId: string, role: 'tutor' | 'admin', client: LiveClient): () => void {
    const user = userId.toLowerCase();
    const leave = role === 'admin' ? this.join(this.admins, client) : this.joinKeyed(this.tutors, userId, client);
    const leaveUser = this.joinKeyed(this.byUser, user, client);
    return () => {
      leave();
      leaveUser();
    };
  }

  private join(set: Set<LiveClient>, client: LiveClient): () => void {
    set.add(client);
    return () => set.delete(client);
  }

  private joinKeyed(map: Map<string, Set<LiveClient>>, key: string, client: LiveClient): () => void {
    let clients = map.get(key);
    if (!clients) map.set(key, (clients = new Set()));
    clients.add(client);
    return () => {
      clients.delete(client);
      if (clients.size === 0 && map.get(key) === clients) map.delete(key);
    };
  }

  private latestPosition(): Promise<bigint> {
    return this.deps.pool
      .oneFirst(sql.type(z.object({ position: z.string() }))`SELECT coalesce(max(position), 0)::text AS position FROM read_models.tutor_activity`)
      .then(BigInt)
      .catch(() => 0n);
  }

  /** One read at a time; a batch that lands during a read gets one more read after it. */
  pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return this.pumping;
    }
    this.pumping = (async () => {
      do {
        this.again = false;
        await this.deliver().catch(() => undefined);
      } while (this.again);
    })().finally(() => (this.pumping = null));
    return this.pumping;
  }

  private async deliver(): Promise<void> {
    if (this.connections === 0) {
      // Nobody to tell: keep up without a query (every row so far is at or before the checkpoint,
      // or within LOOKBACK of it); a socket that connects later reads its own resume.
      this.cursor = this.deps.waiter.checkpoint.position;
      return;
    }
    for (;;) {
      const from = this.cursor > LOOKBACK ? this.cursor - LOOKBACK : 0n;
      const rows = await activitySince(this.deps.pool, from.toString(), ROWS_PER_READ);
      const perTutor = new Map<string, ActivityItem[]>();
      const forAdmins = new Map<string, ActivityItem>();
      for (const row of rows) {
        const position = BigInt(row.position);
        if (position > this.cursor) this.cursor = position;
        const key = `${row.tutorId}:${row.id}:${row.position}`;
        if (this.sent.get(key)) continue;
        this.sent.set(key, true);
        const { tutorId, ...item } = row;
        if (this.tutors.has(tutorId)) perTutor.set(tutorId, [...(perTutor.get(tutorId) ?? []), item]);
        forAdmins.set(`${item.id}:${item.position}`, item);
      }
      for (const [tutorId, items] of perTutor) for (const client of this.tutors.get(tutorId) ?? []) client.send(items);
      if (forAdmins.size > 0) for (const client of this.admins) client.send([...forAdmins.values()]);
      if (rows.length < ROWS_PER_READ) return;
    }
  }
}
