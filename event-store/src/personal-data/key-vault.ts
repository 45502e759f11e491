import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { PersonalDataKeyRef } from '@mathdaily/domain';
import { LruMap } from '../lru.ts';

/**
 * The keys of personal data (docs/personal-data.md), in PostgreSQL's `privacy` schema: outside the
 * event store, whichever store holds the events, and deletable. One key per owner (a person, or a
 * guest's contact request) and purpose; destroying an owner's keys puts every sealed copy of their
 * data beyond use, in events, read models and exports alike. A destroyed key leaves its id in
 * `destroyed_keys`, so a missing key is told apart from a damaged vault: the first reads as
 * erased, the second is an error, never a silent erasure.
 */
export async function migratePersonalDataVault(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Processes starting together would race on CREATE … IF NOT EXISTS.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('mathdaily personal data vault'))`);
    await client.query('CREATE SCHEMA IF NOT EXISTS privacy');
    await client.query(`
      CREATE TABLE IF NOT EXISTS privacy.personal_data_keys (
        key_id uuid PRIMARY KEY,
        owner_id text NOT NULL,
        purpose text NOT NULL,
        secret bytea NOT NULL,
        -- Retention: destroyed by destroyExpired() once this has passed.
        destroy_after timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (owner_id, purpose)
      )`);
    await client.query(`
      CREATE TABLE IF NOT EXISTS privacy.destroyed_keys (
        key_id uuid PRIMARY KEY,
        reason text NOT NULL,
        destroyed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** The vault on this database, its schema made if needed. */
export async function openPersonalDataVault(pool: pg.Pool): Promise<PersonalDataVault> {
  await migratePersonalDataVault(pool);
  return new PersonalDataVault(pool);
}

export interface VaultKey {
  keyId: string;
  secret: Buffer;
}

/** A key of the vault has gone missing without being destroyed: the vault was damaged or restored without it. */
export class MissingKeyError extends Error {
  override readonly name = 'MissingKeyError';
  constructor(readonly keyIds: readonly string[]) {
    super(`Personal data keys ${keyIds.join(', ')} are missing from the vault but were never destroyed: restore privacy.personal_data_keys from a backup`);
  }
}

/** How long a process trusts a key it read: another process's erasure counts here within this time. */
const KEY_TTL_MS = 30_000;

export class PersonalDataVault {
  /** keyId → key and when it was read; null: destroyed (for good). */
  private readonly byId = new LruMap<string, { secret: Buffer; readAt: number } | null>(20_000);
  /** owner|purpose → key, for sealing. */
  private readonly byRef = new LruMap<string, VaultKey & { readAt: number }>(20_000);

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number = Date.now,
  ) {}

  /** The keys to seal with, made (and committed) first when an owner has none for the purpose. */
  async keysFor(refs: readonly PersonalDataKeyRef[]): Promise<Map<string, VaultKey>> {
    const result = new Map<string, VaultKey>();
    const missing = new Map<string, PersonalDataKeyRef>();
    for (const ref of refs) {
      const name = refName(ref);
      const cached = this.byRef.get(name);
      if (cached && this.now() - cached.readAt < KEY_TTL_MS) result.set(name, cached);
      else missing.set(name, ref);
    }
    if (missing.size === 0) return result;
    // A key made by another process at the same moment is not in this statement's snapshot: ask again.
    for (let attempt = 0; missing.size > 0; attempt++) {
      if (attempt === 3) throw new Error(`Could not make personal data keys for ${[...missing.keys()].join(', ')}`);
      for (const key of await this.makeOrRead([...missing.values()])) {
        const name = refName(key);
        result.set(name, key);
        missing.delete(name);
      }
    }
    return result;
  }

  /** One statement: inserts a key for each owner and purpose without one, then reads them all. */
  private async makeOrRead(wanted: readonly PersonalDataKeyRef[]): Promise<(VaultKey & { ownerId: string; purpose: string })[]> {
    const { rows } = await this.pool.query<{ key_id: string; owner_id: string; purpose: string; secret: Buffer }>(
      `WITH wanted AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::uuid[], $5::bytea[]) AS w(owner_id, purpose, destroy_after, key_id, secret)
       ), inserted AS (
         INSERT INTO privacy.personal_data_keys (key_id, owner_id, purpose, secret, destroy_after)
         SELECT w.key_id, w.owner_id, w.purpose, w.secret, w.destroy_after FROM wanted w
         ON CONFLICT (owner_id, purpose) DO NOTHING
         RETURNING key_id::text, owner_id, purpose, secret
       )
       SELECT key_id, owner_id, purpose, secret FROM inserted
       UNION ALL
       SELECT k.key_id::text, k.owner_id, k.purpose, k.secret FROM privacy.personal_data_keys k JOIN wanted w USING (owner_id, purpose)`,
      [
        wanted.map((ref) => ref.ownerId),
        wanted.map((ref) => ref.purpose),
        wanted.map((ref) => ref.destroyAfter ?? null),
        wanted.map(() => randomUUID()),
        wanted.map(() => randomBytes(32)),
      ],
    );
    return rows.map((row) => {
      const key = { keyId: row.key_id, secret: row.secret, ownerId: row.owner_id, purpose: row.purpose, readAt: this.now() };
      this.byRef.set(refName(key), key);
      this.byId.set(row.key_id, { secret: row.secret, readAt: key.readAt });
      return key;
    });
  }

  /** The keys with these ids; null for a destroyed one. A key neither here nor destroyed is a MissingKeyError. */
  async keysById(keyIds: Iterable<string>): Promise<Map<string, Buffer | null>> {
    const result = new Map<string, Buffer | null>();
    const missing: string[] = [];
    for (const keyId of new Set(keyIds)) {
      const cached = this.byId.get(keyId);
      if (cached === null) result.set(keyId, null);
      else if (cached && this.now() - cached.readAt < KEY_TTL_MS) result.set(keyId, cached.secret);
      else if (UUID.test(keyId)) missing.push(keyId);
      else throw new MissingKeyError([keyId]);
    }
    if (missing.length === 0) return result;
    const { rows } = await this.pool.query<{ key_id: string; secret: Buffer | null; destroyed: boolean }>(
      `SELECT w.key_id::text, k.secret, d.key_id IS NOT NULL AS destroyed
       FROM unnest($1::uuid[]) AS w(key_id)
       LEFT JOIN privacy.personal_data_keys k ON k.key_id = w.key_id
       LEFT JOIN privacy.destroyed_keys d ON d.key_id = w.key_id`,
      [missing],
    );
    const lost: string[] = [];
    for (const row of rows) {
      if (row.secret) {
        this.byId.set(row.key_id, { secret: row.secret, readAt: this.now() });
        result.set(row.key_id, row.secret);
      } else if (row.destroyed) {
        this.byId.set(row.key_id, null);
        result.set(row.key_id, null);
      } else {
        lost.push(row.key_id);
      }
    }
    if (lost.length > 0) throw new MissingKeyError(lost);
    return result;
  }

  /** Destroys every key of the owner (crypto-shredding); returns how many there were. */
  async destroyOwner(ownerId: string): Promise<number> {
    const { rows } = await this.pool.query<{ key_id: string }>(
      `WITH gone AS (DELETE FROM privacy.personal_data_keys WHERE owner_id = $1 RETURNING key_id)
       INSERT INTO privacy.destroyed_keys (key_id, reason) SELECT key_id, 'erasure' FROM gone
       ON CONFLICT (key_id) DO NOTHING RETURNING key_id`,
      [ownerId],
    );
    this.forget(rows.map((row) => row.key_id));
    await this.vacuum();
    return rows.length;
  }

  /** Destroys one key of an owner (a single contact request); returns whether there was one. */
  async destroyKey(ref: Pick<PersonalDataKeyRef, 'ownerId' | 'purpose'>): Promise<boolean> {
    const { rows } = await this.pool.query<{ key_id: string }>(
      `WITH gone AS (DELETE FROM privacy.personal_data_keys WHERE owner_id = $1 AND purpose = $2 RETURNING key_id)
       INSERT INTO privacy.destroyed_keys (key_id, reason) SELECT key_id, 'erasure' FROM gone
       ON CONFLICT (key_id) DO NOTHING RETURNING key_id`,
      [ref.ownerId, ref.purpose],
    );
    this.forget(rows.map((row) => row.key_id));
    this.byRef.delete(refName(ref));
    await this.vacuum();
    return rows.length > 0;
  }

  /** Destroys the keys whose retention ended (sign-in addresses after 90 days); returns how many. */
  async destroyExpired(): Promise<number> {
    const { rows } = await this.pool.query<{ key_id: string }>(
      `WITH gone AS (DELETE FROM privacy.personal_data_keys WHERE destroy_after < now() RETURNING key_id)
       INSERT INTO privacy.destroyed_keys (key_id, reason) SELECT key_id, 'retention' FROM gone
       ON CONFLICT (key_id) DO NOTHING RETURNING key_id`,
    );
    this.forget(rows.map((row) => row.key_id));
    if (rows.length > 0) await this.vacuum();
    return rows.length;
  }

  private forget(keyIds: readonly string[]) {
    for (const keyId of keyIds) this.byId.set(keyId, null);
    // Sealing caches by owner: drop them all rather than keep a map back from ids.
    if (keyIds.length > 0) this.byRef.clear();
  }

  /**
   * A deleted row stays in the table's file until VACUUM reclaims it: reclaim now, so a destroyed
   * key is not left readable on disk (best effort: a failure leaves it to autovacuum).
   */
  private async vacuum() {
    await this.pool.query('VACUUM privacy.personal_data_keys').catch(() => {});
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const refName = (ref: Pick<PersonalDataKeyRef, 'ownerId' | 'purpose'>) => `${ref.ownerId}|${ref.purpose}`;
