import { afterEach, beforeEach, expect, test } from 'vitest';
import { sql } from 'slonik';
import { applyBatch } from '../apply-batch.ts';
import { transactionBatchDb } from '../batch-db.ts';
import { rebuildReadModels } from '../rebuild.ts';
import { ACTIVE_SCHEMA, createReadModelSchema } from '../schema.ts';
import { appendMixedHistory } from '../testing/mixed-history.ts';
import { dumpSchema, projectorFixture, type ProjectorFixture } from '../testing/projector-fixture.ts';
import { eventLog } from './event-log.ts';

let fixture: ProjectorFixture;
let appended: number;
beforeEach(async () => {
  fixture = await projectorFixture();
  // Registrations, sign-ins and refreshed sessions (secrets, an upcaster) among answers and the rest.
  appended = await appendMixedHistory(fixture.store, { students: 3, answersPerStudent: 6, seed: 20261125 });
});
afterEach(async () => {
  await fixture.close();
});

/** Every event through live batches of 7 into a fresh schema, the rows copied from the store or not. */
async function projectLive(schema: string, copyFromStore: boolean) {
  await createReadModelSchema(fixture.pool, schema, [eventLog]);
  let after = 0n;
  for (;;) {
    const events = await fixture.store.readAll({ after, limit: 7 });
    if (events.length === 0) return dumpSchema(fixture.pool, schema);
    after = await fixture.pool.transaction((tx) =>
      applyBatch({ db: transactionBatchDb(tx), schema, models: [eventLog], events, after, notify: false, storedEventsTable: copyFromStore ? fixture.store.sqlTable : undefined }),
    );
  }
}

async function noSecrets(schema: string) {
  return fixture.pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM ${sql.identifier([schema, 'event_log'])} WHERE data::text ~ '\\$argon2|[0-9a-f]{64}'`);
}

test('rows copied in SQL from the store equal the rows node writes: redacted, upcast, one per event', async () => {
  const copied = await projectLive('log_copied', true);
  const written = await projectLive('log_written', false);
  expect(copied.event_log).toHaveLength(appended);
  expect(copied).toEqual(written);
  expect(await noSecrets('log_copied')).toBe(0);
  // The upcast shape (AuthSessionRefreshed v1 gains refreshedAt) is in the log, not the stored one.
  const refreshed = await fixture.pool.oneFirst(
    sql.unsafe`SELECT count(*)::int FROM log_copied.event_log WHERE type = 'AuthSessionRefreshed' AND data ? 'refreshedAt' AND (metadata->>'schemaVersion')::int = 2`,
  );
  expect(refreshed).toBeGreaterThan(0);
});

test('a replay copies the same rows from the store as it writes through node, and the same as live batches', async () => {
  const live = await projectLive('log_live', true);
  await rebuildReadModels({ pool: fixture.pool, store: fixture.store, models: [eventLog], batchSize: 9, storedEventsTable: fixture.store.sqlTable });
  const copied = await dumpSchema(fixture.pool, ACTIVE_SCHEMA);
  await rebuildReadModels({ pool: fixture.pool, store: fixture.store, models: [eventLog], batchSize: 9 });
  const written = await dumpSchema(fixture.pool, ACTIVE_SCHEMA);
  expect(copied.event_log).toHaveLength(appended);
  expect(copied).toEqual(written);
  expect(copied).toEqual(live);
  expect(await noSecrets(ACTIVE_SCHEMA)).toBe(0);
});
