import { afterAll, beforeAll, expect, test } from 'vitest';
import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';
import { createSlonikPool } from '@mathdaily/api-kit';
import { openPersonalDataVault, type PersonalDataVault } from '@mathdaily/event-store';
import { createTestDatabase } from '@mathdaily/testing';
import { RetentionSweep } from './retention-sweep.ts';

/**
 * Data minimisation (docs/childrens-code.md): the hourly sweep deletes every expired row that
 * holds a network address (rate-limit counters, signed-out callers' idempotency keys) whatever
 * the traffic, keeps the live ones, and destroys the personal-data keys whose retention ended.
 */

let pool: DatabasePool;
let vaultPool: pg.Pool;
let vault: PersonalDataVault;

beforeAll(async () => {
  const databaseUrl = await createTestDatabase('retention');
  pool = await createSlonikPool(databaseUrl);
  vaultPool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  vault = await openPersonalDataVault(vaultPool);
});

afterAll(async () => {
  await pool?.end();
  await vaultPool?.end();
});

test('deletes expired address-bearing rows and retention-ended keys, and keeps the rest', async () => {
  const sweep = new RetentionSweep({ pool, vault });
  expect(await sweep.sweepNow()).toEqual({ rateLimits: 0, idempotencyKeys: 0, keysDestroyed: 0 });
  await pool.query(sql.unsafe`
    INSERT INTO runtime.rate_limits (key, count, resets_at) VALUES
      ('sign-in:abc|203.0.113.7', 3, now() - interval '2 hours'),
      ('sign-in:def|203.0.113.8', 1, now() + interval '10 minutes')`);
  await pool.query(sql.unsafe`
    INSERT INTO runtime.idempotency_keys (scope, key, fingerprint, status, response, locked_until, expires_at) VALUES
      ('address:203.0.113.7', 'k1', 'f', 201, '{}', now() - interval '3 days', now() - interval '2 days'),
      ('address:203.0.113.8', 'k2', 'f', 201, '{}', now(), now() + interval '20 hours')`);
  await vault.keysFor([
    { ownerId: 'retention-owner', purpose: 'sign-in-address', destroyAfter: new Date(Date.now() - 60_000).toISOString() },
    { ownerId: 'retention-owner', purpose: 'account' },
  ]);

  expect(await sweep.sweepNow()).toEqual({ rateLimits: 1, idempotencyKeys: 1, keysDestroyed: 1 });
  expect(await pool.anyFirst(sql.unsafe`SELECT key FROM runtime.rate_limits`)).toEqual(['sign-in:def|203.0.113.8']);
  expect(await pool.anyFirst(sql.unsafe`SELECT scope FROM runtime.idempotency_keys`)).toEqual(['address:203.0.113.8']);
  expect(await pool.anyFirst(sql.unsafe`SELECT purpose FROM privacy.personal_data_keys WHERE owner_id = 'retention-owner'`)).toEqual(['account']);
  expect(await pool.anyFirst(sql.unsafe`SELECT reason FROM privacy.destroyed_keys`)).toEqual(['retention']);
});
