import pg from 'pg';
import { sql } from 'slonik';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { applyBatch } from './apply-batch.ts';
import { preparedBatchDb } from './batch-db.ts';
import { CheckpointMovedError } from './checkpointed-subscription.ts';
import { contactRequests } from './read-models/contact-requests.ts';
import { ACTIVE_SCHEMA, CHECKPOINT_CHANNEL, createReadModelSchema } from './schema.ts';
import { contactEvent, projectorFixture, type ProjectorFixture } from './testing/projector-fixture.ts';

let fixture: ProjectorFixture;
let db: ReturnType<typeof preparedBatchDb>;
let listener: pg.Client;
const notified: string[] = [];

beforeAll(async () => {
  fixture = await projectorFixture();
  await createReadModelSchema(fixture.pool, ACTIVE_SCHEMA, [contactRequests]);
  db = preparedBatchDb(fixture.databaseUrl, () => {});
  listener = new pg.Client({ connectionString: fixture.databaseUrl });
  await listener.connect();
  listener.on('notification', (message) => notified.push(message.payload ?? ''));
  await listener.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
});

afterAll(async () => {
  await listener.end();
  await db.end();
  await fixture.close();
});

const rows = async () => Number(await fixture.pool.oneFirst(sql.unsafe`SELECT count(*) FROM read_models.contact_requests`));
const stored = async () => BigInt(String(await fixture.pool.oneFirst(sql.unsafe`SELECT position::text FROM read_models.projection_state`)));

test('a batch writes its rows and moves the checkpoint in one go; a batch that expected another checkpoint writes nothing', async () => {
  await fixture.store.append('contact-a', [contactEvent(1, new Date('2026-01-01T10:00:00Z')), contactEvent(2, new Date('2026-01-01T10:01:00Z'))], { expectedVersion: 'no_stream' });
  await fixture.store.append('contact-b', [contactEvent(3, new Date('2026-01-01T10:02:00Z'))], { expectedVersion: 'no_stream' });
  const [first, second, third] = await fixture.store.readAll({ after: 0n, limit: 10 });
  const batch = (events: NonNullable<typeof first>[], after: bigint) =>
    applyBatch({ db, schema: ACTIVE_SCHEMA, models: [contactRequests], events, after });

  expect(await batch([first!, second!], 0n)).toBe(second!.position);
  expect([await rows(), await stored()]).toEqual([2, second!.position]);
  // The NOTIFY tells the batch's number, its checkpoint, its positions and what it changed.
  await expect.poll(() => notified.map((payload) => JSON.parse(payload) as unknown)).toEqual([
    { seq: 1, position: second!.position.toString(), ranges: [[first!.position.toString(), second!.position.toString()]], changes: expect.objectContaining({ users: [] }) },
  ]);

  // As if a replay had moved the checkpoint meanwhile: the stored one is not the batch's `after`.
  const moved = await batch([third!], first!.position).catch((error: unknown) => error);
  expect(moved).toBeInstanceOf(CheckpointMovedError);
  expect((moved as CheckpointMovedError).stored).toBe(second!.position);
  expect([await rows(), await stored()]).toEqual([2, second!.position]);

  expect(await batch([third!], second!.position)).toBe(third!.position);
  expect([await rows(), await stored()]).toEqual([3, third!.position]);
  await expect.poll(() => notified.length).toBe(2);
  expect(JSON.parse(notified[1]!)).toMatchObject({ seq: 2, position: third!.position.toString() });
  // The refused batch took no number and left no change feed row.
  expect(await fixture.pool.anyFirst(sql.unsafe`SELECT seq::int FROM read_models.change_feed ORDER BY seq`)).toEqual([1, 2]);
});
