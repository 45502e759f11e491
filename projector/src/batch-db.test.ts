import { sql, type QuerySqlToken } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_APPLICATION_NAME, preparedBatchDb } from './batch-db.ts';
import { projectorFixture, type ProjectorFixture } from './testing/projector-fixture.ts';

let fixture: ProjectorFixture;
let db: ReturnType<typeof preparedBatchDb>;
const warnings: string[] = [];

beforeAll(async () => {
  fixture = await projectorFixture();
  await fixture.pool.query(sql.unsafe`CREATE TABLE batch_db_probe (id int PRIMARY KEY, label text NOT NULL)`);
  db = preparedBatchDb(fixture.databaseUrl, (line) => warnings.push(line));
});

afterAll(async () => {
  await db.end();
  await fixture.close();
});

const OPEN = sql.unsafe`SELECT 1`;

/** One value read through the batch connection (its prepared statements are per connection). */
const read = (token: QuerySqlToken) => db.transaction(OPEN, (tx) => tx.oneFirst(token));
const preparedNames = async () =>
  (await read(sql.unsafe`SELECT coalesce(array_agg(name ORDER BY name), '{}') FROM pg_prepared_statements WHERE name LIKE 'projector_batch_%'`)) as string[];

describe('the live projector’s batch connection (prepared statements)', () => {
  it('prepares each distinct statement once and reuses it: the same batch again adds no statement', async () => {
    const batch = (ids: number[]) =>
      db.transaction(OPEN, async (tx) => {
        await tx.query(sql.unsafe`INSERT INTO batch_db_probe (id, label) SELECT * FROM ${sql.unnest(ids.map((id) => [id, `row ${id}`]), ['int4', 'text'])}`);
        return tx.oneFirst(sql.unsafe`SELECT count(*)::text FROM batch_db_probe`);
      });
    expect(await batch([1, 2])).toBe('2');
    const after = await preparedNames();
    // Another batch of the same shape (other values, another length) runs the same statements.
    expect(await batch([3, 4, 5])).toBe('5');
    expect(await preparedNames()).toEqual(after);
    expect(after.length).toBeGreaterThanOrEqual(2);
  });

  it('plans its prepared statements once (generic plans), not on every batch', async () => {
    expect(await read(sql.unsafe`SELECT current_setting('plan_cache_mode')`)).toBe('force_generic_plan');
  });

  it('sends the opening statement with BEGIN, inside the transaction, and refuses one with parameters', async () => {
    const opened = await db.transaction(sql.unsafe`SELECT set_config('mathdaily.batch_probe', ${sql.literalValue('opened')}, true)`, (tx) =>
      tx.oneFirst(sql.unsafe`SELECT current_setting('mathdaily.batch_probe')`),
    );
    expect(opened).toBe('opened');
    // Transaction-local: gone once the batch committed.
    expect(await read(sql.unsafe`SELECT coalesce(current_setting('mathdaily.batch_probe', true), '')`)).toBe('');
    await expect(db.transaction(sql.unsafe`SELECT ${1}`, (tx) => tx.oneFirst(sql.unsafe`SELECT 1`))).rejects.toThrow(/literal values only/);
  });

  it('rolls a failed batch back whole and keeps working', async () => {
    await expect(
      db.transaction(OPEN, async (tx) => {
        await tx.query(sql.unsafe`INSERT INTO batch_db_probe (id, label) VALUES (${100}, ${'kept only if the batch commits'})`);
        await tx.query(sql.unsafe`INSERT INTO batch_db_probe (id, label) VALUES (${1}, ${'a duplicate key'})`);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await read(sql.unsafe`SELECT count(*)::int FROM batch_db_probe WHERE id = ${100}`)).toBe(0);
  });

  it('survives its connection dying in the middle of a batch: the batch fails, nothing is left unhandled, the next batch reconnects', async () => {
    await expect(
      db.transaction(OPEN, async (tx) => {
        await tx.query(sql.unsafe`INSERT INTO batch_db_probe (id, label) VALUES (${300}, ${'lost with its connection'})`);
        await fixture.pool.query(sql.unsafe`
          SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = ${BATCH_APPLICATION_NAME}`);
        // The connection's 'error' arrives between two queries of the batch (as when PostgreSQL is killed).
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.query(sql.unsafe`SELECT 1`);
      }),
    ).rejects.toThrow();
    expect(await read(sql.unsafe`SELECT count(*)::int FROM batch_db_probe WHERE id = ${300}`)).toBe(0);
  });

  it('reconnects after its connection was ended by the server', async () => {
    await fixture.pool.query(sql.unsafe`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = ${BATCH_APPLICATION_NAME}`);
    // The pool notices the dead idle connection (a warning), and the next batch gets a new one.
    await expect.poll(() => warnings.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(await read(sql.unsafe`SELECT count(*)::int FROM batch_db_probe`)).toBe(5);
    expect(warnings[0]).toMatch(/idle batch connection lost/);
  });
});
