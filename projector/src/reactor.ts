import { sql, type DatabasePool } from 'slonik';
import type { RecordedEvent } from '@mathdaily/domain';
import type { EventStore } from '@mathdaily/event-store';
import { CheckpointedSubscription, CheckpointMovedError } from './checkpointed-subscription.ts';

/**
 * A reactor does something outside the read models for certain events (sends an e-mail). It runs
 * in the active projector on its own checkpointed subscription (docs/projector.md, "Reactors").
 */
export interface Reactor {
  /** Its checkpoint's key in `reactors.checkpoints`; never rename one that has run. */
  readonly name: string;
  /** The event types it reacts to; its checkpoint passes every other event without a call. */
  readonly eventTypes: readonly string[];
  /**
   * Does the work for one event and resolves when it is done; the checkpoint then moves past the
   * event. Throwing retries this event (after a backoff) without moving on: delivery is at least
   * once, so the work should be safe to repeat.
   */
  react(event: RecordedEvent): Promise<void>;
  /** Frees what it holds (an SMTP connection pool) when the projector stops. */
  close?(): void;
}

/** The schema of reactor checkpoints: apart from `read_models`, so a replay never resets them. */
const CHECKPOINTS = sql.identifier(['reactors', 'checkpoints']);

/** Creates the checkpoint table (once per activation of the projector, before any reactor starts). */
export async function migrateReactorCheckpoints(pool: DatabasePool): Promise<void> {
  await pool.query(sql.unsafe`CREATE SCHEMA IF NOT EXISTS reactors`);
  await pool.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS ${CHECKPOINTS} (
      name text PRIMARY KEY,
      position bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  // Mail used to be sent by an engine of its own in command-api (these two tables): start the
  // mail reactor where that one stopped, so an upgrade does not send every e-mail again.
  const legacy = await pool.oneFirst(sql.unsafe`SELECT to_regclass('public.mail_reactor_checkpoint') IS NOT NULL`);
  if (legacy) {
    await pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`
        INSERT INTO ${CHECKPOINTS} (name, position)
        SELECT 'mail', position::bigint FROM public.mail_reactor_checkpoint ON CONFLICT (name) DO NOTHING`);
      await tx.query(sql.unsafe`DROP TABLE public.mail_reactor_checkpoint, public.mail_deliveries`);
    });
  }
}

/** A reactor's stored checkpoint; a new reactor starts from the first event. */
export async function reactorCheckpoint(pool: DatabasePool, name: string): Promise<bigint> {
  await pool.query(sql.unsafe`INSERT INTO ${CHECKPOINTS} (name) VALUES (${name}) ON CONFLICT (name) DO NOTHING`);
  return BigInt(String(await pool.oneFirst(sql.unsafe`SELECT position::text FROM ${CHECKPOINTS} WHERE name = ${name}`)));
}

/**
 * Moves a reactor's checkpoint from `from` to `to`. Someone else moved it meanwhile (a projector
 * that took over while this one lost its lock): CheckpointMovedError, and the subscription goes
 * on from where the other one got to.
 */
async function moveReactorCheckpoint(pool: DatabasePool, name: string, from: bigint, to: bigint): Promise<bigint> {
  const moved = await pool.query(sql.unsafe`
    UPDATE ${CHECKPOINTS} SET position = ${to.toString()}::bigint, updated_at = now()
    WHERE name = ${name} AND position = ${from.toString()}::bigint`);
  if (moved.rowCount === 0) throw new CheckpointMovedError(await reactorCheckpoint(pool, name));
  return to;
}

/**
 * The reactor on its own checkpointed subscription. The checkpoint moves after every event the
 * reactor handled, so a crash repeats at most the one event in hand, and once per batch past the
 * events it ignores. A failed `react` is retried from the checkpoint after 1 s, 2 s, 4 s … 1 min.
 */
export function reactorSubscription(reactor: Reactor, options: { store: EventStore; pool: DatabasePool; log: (line: string) => void }): CheckpointedSubscription {
  const { pool } = options;
  const types = new Set(reactor.eventTypes);
  return new CheckpointedSubscription({
    store: options.store,
    name: reactor.name,
    batchSize: 200,
    backoff: { firstMs: 1000, maxMs: 60_000 },
    log: options.log,
    load: () => reactorCheckpoint(pool, reactor.name),
    async handle(events, after) {
      let position = after;
      for (const event of events) {
        if (!types.has(event.type)) continue;
        await reactor.react(event);
        position = await moveReactorCheckpoint(pool, reactor.name, position, event.position);
      }
      const last = events.at(-1)!.position;
      return last > position ? moveReactorCheckpoint(pool, reactor.name, position, last) : position;
    },
  });
}
