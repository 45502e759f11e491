import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isUuid } from './read-model.ts';
import { readModels } from './read-models/index.ts';
import { tableRows } from './tables/index.ts';

describe('isUuid', () => {
  it('accepts canonical UUIDs in either case and rejects everything else, also after remembering ids', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    for (let round = 0; round < 2; round += 1) {
      expect(isUuid(id)).toBe(true);
      expect(isUuid(id.toUpperCase())).toBe(true);
      expect(isUuid(`${id} `)).toBe(false);
      expect(isUuid(id.slice(1))).toBe(false);
      expect(isUuid(id.replace('f', 'g'))).toBe(false);
      expect(isUuid('')).toBe(false);
      expect(isUuid(undefined)).toBe(false);
      expect(isUuid(42)).toBe(false);
    }
  });
});

describe('the tables readers import (@mathdaily/projector/tables)', () => {
  it('hold the row schema of every table of every read model, the same definition the model writes', () => {
    const written = readModels.flatMap((model) => model.tables);
    expect(Object.keys(tableRows).sort()).toEqual(written.map((table) => table.name).sort());
    for (const table of written) expect(tableRows[table.name as keyof typeof tableRows]).toBe(table.row);
  });

  it('derive the columns from the row schema: same names, in order, nullable exactly where the schema is', () => {
    for (const table of readModels.flatMap((model) => model.tables)) {
      expect(table.columns.map((column) => column.name)).toEqual(Object.keys(table.row.shape));
      for (const column of table.columns) expect(table.row.shape[column.name] instanceof z.ZodNullable, `${table.name}.${column.name}`).toBe(column.nullable === true);
    }
  });
});
