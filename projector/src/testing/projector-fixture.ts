import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { sql, type DatabasePool } from 'slonik';
import { createSlonikPool } from '@mathdaily/api-kit';
import { newEvent, type EventFact, type NewEvent } from '@mathdaily/domain';
import { createPostgresEventStore, migratePostgresEventStore, openPersonalDataVault, protectPersonalData, type EventStore, type PersonalDataVault } from '@mathdaily/event-store';
import { createTestDatabase } from '@mathdaily/testing';
import { Projector } from '../projector.ts';
import { rebuildReadModels } from '../rebuild.ts';
import { ACTIVE_SCHEMA } from '../schema.ts';
import type { ReadModel } from '../read-model.ts';

export interface ProjectorFixture {
  databaseUrl: string;
  eventPool: pg.Pool;
  /** The store as the product has it: personal data sealed with the vault's keys. */
  store: EventStore;
  vault: PersonalDataVault;
  pool: DatabasePool;
  close(): Promise<void>;
}

export async function projectorFixture(): Promise<ProjectorFixture> {
  const databaseUrl = await createTestDatabase('projector');
  const eventPool = new pg.Pool({ connectionString: databaseUrl, max: 6 });
  await migratePostgresEventStore(eventPool);
  const vault = await openPersonalDataVault(eventPool);
  const store = protectPersonalData(createPostgresEventStore({ pool: eventPool, connectionString: databaseUrl }), vault);
  const pool = await createSlonikPool(databaseUrl, { maximumPoolSize: 6 });
  return {
    databaseUrl,
    eventPool,
    store,
    vault,
    pool,
    async close() {
      await store.close();
      await pool.end();
      await eventPool.end().catch(() => {});
    },
  };
}

/**
 * A projection spec's fixture: one database for the file's tests, made before them and closed
 * after them. The object is filled in by the file's beforeAll, so tests read its fields then.
 */
export function projectorFixtureForFile(): ProjectorFixture {
  const fixture = {} as ProjectorFixture;
  beforeAll(async () => {
    Object.assign(fixture, await projectorFixture());
  });
  afterAll(async () => {
    await fixture.close?.();
  });
  return fixture;
}

/**
 * A replay from event 0 rebuilds exactly the rows the live projector wrote. `holds` checks the
 * live rows first (that there is something to compare: an empty table equals an empty table).
 */
export async function expectReplayRebuildsSameRows(fixture: ProjectorFixture, models: readonly ReadModel[], holds?: (live: Record<string, string[]>) => void): Promise<void> {
  const live = await dumpSchema(fixture.pool, ACTIVE_SCHEMA);
  holds?.(live);
  await rebuildReadModels({ pool: fixture.pool, store: fixture.store, models });
  expect(await dumpSchema(fixture.pool, ACTIVE_SCHEMA)).toEqual(live);
}

/** Runs a projector over every event stored so far (in batches of `batchSize`), then stops it. */
export async function projectAll(fixture: ProjectorFixture, models: readonly ReadModel[], batchSize: number): Promise<void> {
  const projector = new Projector({ pool: fixture.pool, databaseUrl: fixture.databaseUrl, store: fixture.store, models, batchSize });
  await projector.start();
  const last = await fixture.store.lastPosition();
  const deadline = Date.now() + 20_000;
  while (projector.checkpoint < last) {
    if (Date.now() > deadline) throw new Error(`projector stuck at ${projector.checkpoint}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await projector.stop();
}

/** An event to append in a projection spec, at a given time (epoch ms), with a fresh id and correlation. */
export const eventAt = (type: string, data: unknown, at: number): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actorId: null, correlationId: randomUUID(), causationId: null, at: new Date(at).toISOString(), schemaVersion: 1 },
});

/** Like eventAt, but built by the domain's `newEvent`: the data must pass its event's schema. */
export const factAt = (fact: EventFact, at: number): NewEvent =>
  newEvent(fact, { actorId: null, correlationId: randomUUID(), causationId: randomUUID(), at: new Date(at) }, randomUUID());

export function contactEvent(index: number, at: Date): NewEvent {
  const requestId = randomUUID();
  return {
    id: randomUUID(),
    type: 'ContactRequested',
    data: {
      requestId,
      source: index % 3 === 0 ? 'help' : 'contact',
      name: `Person ${index}`,
      email: `person${index}@example.com`,
      organization: index % 2 === 0 ? `School ${index % 7}` : null,
      plan: index % 3 === 0 ? null : 'school',
      subject: index % 3 === 0 ? 'bug' : null,
      message: `Message number ${index}`,
    },
    metadata: { actorId: null, correlationId: randomUUID(), causationId: null, at: at.toISOString(), schemaVersion: 1 },
  };
}

/** Every row of every table in a schema, sorted, for exact comparison of two projections. */
export async function dumpSchema(pool: DatabasePool, schema: string): Promise<Record<string, string[]>> {
  const tables = await pool.anyFirst(
    sql.unsafe`SELECT table_name FROM information_schema.tables WHERE table_schema = ${schema} AND table_name NOT IN ('projection_state', 'change_feed') ORDER BY 1`,
  );
  const dump: Record<string, string[]> = {};
  for (const table of tables as readonly string[]) {
    const rows = await pool.anyFirst(
      sql.unsafe`SELECT row_to_json(t)::text FROM ${sql.identifier([schema, table])} t`,
    );
    dump[table] = [...(rows as readonly string[])].sort();
  }
  return dump;
}
