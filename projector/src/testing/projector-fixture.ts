import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';
import { createSlonikPool } from '@mathdaily/api-kit';
import { newEvent, type EventFact, type NewEvent } from '@mathdaily/domain';
import { createPostgresEventStore, migratePostgresEventStore, openPersonalDataVault, protectPersonalData, type EventStore, type PersonalDataVault } from '@mathdaily/event-store';
import { createTestDatabase } from '@mathdaily/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import { Projector } from '../projector.ts';
import type { ReadModel } from '../read-model.ts';
import { rebuildReadModels } from '../rebuild.ts';
import { ACTIVE_SCHEMA } from '../schema.ts';
import { tableRows } from '../tables/index.ts';

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
 * One fixture for a test file's specs: made before the first, closed after the last. The object
 * is filled in by the beforeAll hook, so the specs can name it at the top of the file.
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
 * A replay from the log rebuilds exactly the rows the live projection wrote (the property every
 * projection spec ends on); resolves with those live rows, by table.
 */
export async function expectReplayToRebuildTheSameRows(fixture: ProjectorFixture, models: readonly ReadModel[]): Promise<Record<string, string[]>> {
  const live = await dumpSchema(fixture.pool, ACTIVE_SCHEMA);
  await rebuildReadModels({ pool: fixture.pool, store: fixture.store, models });
  expect(await dumpSchema(fixture.pool, ACTIVE_SCHEMA)).toEqual(live);
  return live;
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

/** Events on a clock of their own: each `next` event `stepMs` after the one before; `now`, the last one's time. */
export function eventClock(start: number, stepMs: number): { next(type: string, data: unknown): NewEvent; readonly now: number } {
  let now = start;
  return {
    next: (type, data) => eventAt(type, data, (now += stepMs)),
    get now() {
      return now;
    },
  };
}

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

/** A student's rows of ability_student_topics (the knowledge model per topic), by topic id, dates as 'YYYY-MM-DD'. */
export const abilityTopicsOf = (fixture: ProjectorFixture, userId: string) =>
  fixture.pool.any(sql.type(tableRows.ability_student_topics.omit({ user_id: true, topic: true }))`
    SELECT topic_id, answers, correct, state, predicted_success, mastered, problems, solved, problems_mastered, first_answer_at, first_mastered_at, success_days,
           to_char(last_success_date, 'YYYY-MM-DD') AS last_success_date, to_char(first_answer_date, 'YYYY-MM-DD') AS first_answer_date,
           to_char(first_mastered_date, 'YYYY-MM-DD') AS first_mastered_date
    FROM read_models.ability_student_topics WHERE user_id = ${userId} ORDER BY topic_id`);
