import { sql, type DatabasePool } from 'slonik';
import { migrateRuntimeSchema } from '@mathdaily/api-kit';
import type { PersonalDataVault } from '@mathdaily/event-store';
import { RepeatingTask } from './scheduled-check.ts';

const EVERY_MS = 60 * 60_000;

export interface SweepResult {
  rateLimits: number;
  idempotencyKeys: number;
  keysDestroyed: number;
}

/**
 * Data minimisation on a timer: the only rows that hold a network address are the shared
 * rate-limit counters (a sign-in's `address|account digest`, a guest's address) and the
 * idempotency keys of signed-out callers (`address:…`). Each expires within 24 hours (the longest
 * rate-limit window is an hour, an idempotency key lives 24), but the servers delete expired rows
 * only now and then, as traffic comes; this sweep deletes them every hour whatever the traffic,
 * so no address outlives a day and a bit, far inside the 90 days promised. It also destroys the
 * personal-data keys whose retention has ended (`destroy_after`). The projector runs it, beside
 * the tutor alert check; several projectors sweeping at once only delete the same rows.
 */
export class RetentionSweep extends RepeatingTask {
  constructor(private readonly options: { pool: DatabasePool; vault?: PersonalDataVault; log?: (line: string) => void; clock?: () => Date }) {
    super('retention sweep', EVERY_MS, options.log);
  }

  protected runOnce(): Promise<unknown> {
    return this.sweepNow();
  }

  async sweepNow(): Promise<SweepResult> {
    const { pool } = this.options;
    // The tables are the APIs'; a projector may start first.
    await migrateRuntimeSchema(pool);
    const now = (this.options.clock ?? (() => new Date()))().toISOString();
    const rateLimits = await pool.query(sql.unsafe`DELETE FROM runtime.rate_limits WHERE resets_at < ${now}::timestamptz`);
    const idempotencyKeys = await pool.query(sql.unsafe`DELETE FROM runtime.idempotency_keys WHERE expires_at < ${now}::timestamptz`);
    const keysDestroyed = (await this.options.vault?.destroyExpired()) ?? 0;
    return { rateLimits: rateLimits.rowCount, idempotencyKeys: idempotencyKeys.rowCount, keysDestroyed };
  }
}
