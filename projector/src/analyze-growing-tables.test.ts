import { sql } from 'slonik';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AnalyzeGrowingTables } from './analyze-growing-tables.ts';
import { projectorFixture, type ProjectorFixture } from './testing/projector-fixture.ts';

let fixture: ProjectorFixture;

beforeAll(async () => {
  fixture = await projectorFixture();
  await fixture.pool.query(sql.unsafe`CREATE SCHEMA growth_probe`);
  await fixture.pool.query(sql.unsafe`CREATE TABLE growth_probe.rows (id int PRIMARY KEY)`);
});

afterAll(async () => {
  await fixture.close();
});

const insertRows = (from: number, to: number) => fixture.pool.query(sql.unsafe`INSERT INTO growth_probe.rows SELECT generate_series(${from}::int, ${to}::int)`);
/** What the planner believes: -1 until the table was first analysed. */
const plannerRows = async () => Number(await fixture.pool.oneFirst(sql.unsafe`SELECT reltuples::int8 FROM pg_class WHERE oid = 'growth_probe.rows'::regclass`));

test('a table is analysed once the rows written since its last ANALYZE reach what that ANALYZE counted (500 at first)', async () => {
  const log: string[] = [];
  const analyzer = new AnalyzeGrowingTables(fixture.pool, 'growth_probe', (line) => log.push(line));

  await insertRows(1, 1200);
  analyzer.record(new Map([['rows', 400]]));
  await analyzer.idle();
  expect(await plannerRows()).toBe(-1);

  analyzer.record(new Map([['rows', 100]]));
  await analyzer.idle();
  expect(await plannerRows()).toBe(1200);

  // Next after 1,200 more rows written, not 500.
  await insertRows(1201, 3000);
  analyzer.record(new Map([['rows', 1100]]));
  await analyzer.idle();
  expect(await plannerRows()).toBe(1200);
  analyzer.record(new Map([['rows', 100]]));
  await analyzer.idle();
  expect(await plannerRows()).toBe(3000);
  expect(log).toEqual([]);
});

test('a failed ANALYZE is logged, not thrown', async () => {
  const log: string[] = [];
  const analyzer = new AnalyzeGrowingTables(fixture.pool, 'growth_probe', (line) => log.push(line));
  analyzer.record(new Map([['no_such_table', 600]]));
  await analyzer.idle();
  expect(log).toEqual([expect.stringMatching(/ANALYZE no_such_table failed/)]);
});
