import { createTestDatabase } from '@mathdaily/testing';
import { expect, test } from 'vitest';
import { createEventStorePool } from './event-store-pool.ts';

test('every connection of an event-store pool plans named statements once (generic plans), from its first query on', async () => {
  const pool = createEventStorePool(await createTestDatabase('event_store_pool'), { max: 3 });
  try {
    // Three connections at once: each answers its first query with the setting already in force.
    const settings = await Promise.all(
      [1, 2, 3].map(async () => (await pool.query<{ plan_cache_mode: string }>({ name: 'plan-mode', text: 'SHOW plan_cache_mode' })).rows[0]!.plan_cache_mode),
    );
    expect(settings).toEqual(['force_generic_plan', 'force_generic_plan', 'force_generic_plan']);
  } finally {
    await pool.end();
  }
});
