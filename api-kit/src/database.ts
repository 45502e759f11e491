import { createPool, type DatabasePool } from 'slonik';

/**
 * A slonik pool with JSON-friendly type parsers: counts (int8) as numbers, timestamps as ISO
 * strings, numeric as numbers. Global positions are stored as bigint and read with `::text`.
 */
export function createSlonikPool(url: string, options: { maximumPoolSize?: number } = {}): Promise<DatabasePool> {
  return createPool(url, {
    maximumPoolSize: options.maximumPoolSize ?? 10,
    statementTimeout: 30_000,
    typeParsers: [
      { name: 'int8', parse: (value: string) => Number(value) },
      { name: 'numeric', parse: (value: string) => Number(value) },
      { name: 'timestamptz', parse: (value: string) => new Date(value).toISOString() },
      { name: 'timestamp', parse: (value: string) => new Date(`${value}Z`).toISOString() },
    ],
  });
}
