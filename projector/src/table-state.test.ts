import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '@mathdaily/testing';
import { column, createTableSql, defineTable, type RowInputOf } from './read-model.ts';
import { TableState } from './table-state.ts';

let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: await createTestDatabase('table_state') });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
});

const table = defineTable({
  name: 'copy_check',
  columns: {
    id: column.int4(),
    label: column.text().nullable(),
    details: column.jsonb<Record<string, unknown>>().nullable(),
    at: column.timestamptz().nullable(),
    score: column.float8().nullable(),
    done: column.bool().nullable(),
  },
  primaryKey: ['id'],
});
type CopyCheckRow = RowInputOf<typeof table>;

test('COPY writes every row exactly: escapes, characters of 2-4 UTF-8 bytes, nulls, a value larger than a chunk, rows across chunk ends', async () => {
  await client.query(createTableSql(table));
  const state = new TableState(table, { complete: true });
  const texts = ['tab\there', 'line\nbreak\r\nend', 'back\\slash \\N', 'é ü ß', '数学 ∑ √2', 'emoji 🧮 and \u{1F600}', '\\.', ''];
  const expected: CopyCheckRow[] = [];
  // ~1,200 rows of ~2 KB each cross several 1 MiB chunk ends at arbitrary points.
  for (let id = 0; id < 1_200; id += 1) {
    const label = id % 97 === 0 ? null : `${texts[id % texts.length]} ${'ž'.repeat(id % 700)}`;
    const row: CopyCheckRow = {
      id,
      label,
      details: id % 5 === 0 ? null : { text: texts[(id + 3) % texts.length], list: [id, 'x\ty'], pad: 'a'.repeat(id % 1_000) },
      at: id % 7 === 0 ? null : new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
      score: id % 11 === 0 ? null : id / 7,
      done: id % 13 === 0 ? null : id % 2 === 0,
    };
    state.put(row);
    expected.push(row);
  }
  const huge: CopyCheckRow = { id: 5_000, label: `${'🧮'.repeat(400_000)}\t${'x'.repeat(200_000)}`, details: null, at: null, score: null, done: null };
  state.put(huge);
  expected.push(huge);

  await state.copyInto(client);

  const { rows } = await client.query(
    `SELECT id, label, details, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, score, done FROM copy_check ORDER BY id`,
  );
  expect(rows).toHaveLength(expected.length);
  expect(rows).toEqual(expected);
  expect(state.copiedAndPending).toBe(expected.length);
});
