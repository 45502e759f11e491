import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sql, type FragmentSqlToken } from 'slonik';
import type { BatchQueries } from './batch-db.ts';
import { KeyMap } from './key-map.ts';
import { definitionSql, type ColumnType, type KeyOf, type Row, type RowInputOf, type TableDef } from './read-model.ts';

/** Rows per statement when writing; keeps parameter arrays and statement memory moderate. */
const WRITE_CHUNK = 10_000;

/**
 * The rows of one read-model table that a batch (or a whole replay) works on, in memory:
 * loaded by primary key in one query, changed by the model's `apply`, written back with one
 * multi-row upsert per chunk. `complete` means the table holds nothing the map does not know
 * about (a replay into a fresh schema), so nothing is ever loaded from the database. Rows are
 * typed by the table's definition (`def.row`); inside, they are plain records.
 */
export class TableState<Def extends TableDef = TableDef> {
  private rows: KeyMap<Row | null>;
  /** Keys of the rows to write (a live batch's), by their parts joined. */
  private readonly dirty = new Map<string, string[]>();
  /** Positions of stored events whose rows are written in SQL from the store (`copyFromStore`). */
  private fromStore: string[] = [];
  private copied = 0;
  private readonly keyIsUuid: boolean[];
  private readonly keyTypes: ColumnType[];
  private readonly complete: boolean;
  /** The event store's table in this database (`EventStore.sqlTable`), when it is here. */
  private readonly storedEventsTable: string | undefined;

  constructor(
    readonly def: Def,
    options: { complete: boolean; storedEventsTable?: string | undefined },
  ) {
    this.complete = options.complete;
    this.storedEventsTable = options.storedEventsTable;
    this.keyTypes = def.primaryKey.map((name) => def.columns.find((column) => column.name === name)!.type);
    this.keyIsUuid = this.keyTypes.map((type) => type === 'uuid');
    this.rows = new KeyMap(def.primaryKey.length);
  }

  /** The key's parts as the map keeps them, in place (uuids compared case-insensitively, as PostgreSQL does). */
  private keyOf(values: unknown[]): string[] {
    for (let index = 0; index < values.length; index += 1) {
      const value = String(values[index]);
      values[index] = this.keyIsUuid[index] ? value.toLowerCase() : value;
    }
    return values as string[];
  }

  private markDirty(key: string[]): void {
    this.dirty.set(key.join('\u0000'), key);
  }

  get(...key: KeyOf<Def>): RowInputOf<Def> | undefined {
    return (this.rows.get(this.keyOf(key)) ?? undefined) as RowInputOf<Def> | undefined;
  }

  /**
   * Stores the row (whole, every written column) and marks it for writing. A complete table marks
   * nothing: every row it holds is written (a replay's tables hold up to a million rows, and a
   * second set of their keys cost time and memory).
   */
  put(typed: RowInputOf<Def>): void {
    const row = typed as Row;
    const key = this.keyOf(this.def.primaryKey.map((name) => row[name]));
    // Insert-only rows keep their first version, as ON CONFLICT DO NOTHING does in the table.
    if ((this.def.insertOnly || this.def.perEvent) && this.rows.get(key) !== undefined) return;
    this.rows.set(key, row);
    if (!this.complete) this.markDirty(key);
  }

  /**
   * The row of this stored event is to be written in SQL from the store (`def.fromStoredEvent`),
   * not from node. False when that cannot be (the events are elsewhere, or the table has no such
   * SQL): the caller then puts the row itself.
   */
  copyFromStore(position: bigint): boolean {
    if (this.storedEventsTable === undefined || this.def.fromStoredEvent === undefined) return false;
    this.fromStore.push(position.toString());
    return true;
  }

  /** Removes the row (a row that was never there stays absent); the flush deletes it from the table. */
  delete(...key: KeyOf<Def>): void {
    if (this.def.insertOnly || this.def.perEvent) throw new Error(`${this.def.name}: rows of an insert-only table are never deleted`);
    const mapKey = this.keyOf(key);
    if (this.complete) {
      // Nothing to delete from a fresh table: the row is simply not written.
      this.rows.delete(mapKey);
      return;
    }
    this.rows.set(mapKey, null);
    this.markDirty(mapKey);
  }

  /**
   * A subquery giving the rows of these keys that are not in memory yet, as a JSON array of
   * column-value arrays; undefined when there is nothing to fetch. `loadTables` runs the
   * subqueries of every table a batch needs as the columns of one SELECT (one round trip, not one
   * per table) and hands each result to `absorb`.
   */
  loadQuery(keys: readonly unknown[][]): FragmentSqlToken | undefined {
    if (this.def.insertOnly || this.def.perEvent) return undefined;
    const missing = new Map<string, string[]>();
    for (const key of keys) {
      const mapKey = this.keyOf([...key]);
      if (this.rows.get(mapKey) === undefined) missing.set(mapKey.join('\u0000'), mapKey);
    }
    if (missing.size === 0) return undefined;
    for (const mapKey of missing.values()) this.rows.set(mapKey, null);
    if (this.complete) return undefined;
    const pk = this.def.primaryKey;
    const values = sql.join(this.def.columns.map((column) => sql.identifier([column.name])), sql.fragment`, `);
    return sql.fragment`(
      SELECT coalesce(json_agg(json_build_array(${values})), '[]'::json) FROM ${sql.identifier([this.def.name])}
      WHERE (${sql.join(pk.map((name) => sql.identifier([name])), sql.fragment`, `)}) IN (
        SELECT * FROM ${sql.unnest([...missing.values()], this.keyTypes)}))`;
  }

  /** Keeps the rows a `loadQuery` subquery found, with values as the runtime pool's parsers give them. */
  absorb(rows: readonly unknown[][]): void {
    const { columns, primaryKey } = this.def;
    for (const values of rows) {
      const row: Row = {};
      columns.forEach((column, index) => (row[column.name] = fromJson(values[index], column.type)));
      this.rows.set(this.keyOf(primaryKey.map((name) => row[name])), row);
    }
  }

  get pendingWrites(): number {
    return (this.complete ? this.rows.size : this.dirty.size) + this.fromStore.length;
  }

  /** Rows written with COPY so far plus those waiting: what a replay's index build on this table will sort. */
  get copiedAndPending(): number {
    return this.copied + this.pendingWrites;
  }

  /**
   * The statements that write every changed row — one DELETE for the removed ones, one
   * INSERT … ON CONFLICT per chunk of the others, one INSERT … SELECT for the rows copied from the
   * store — and the rows count as written. The caller runs them (ProjectionRun.flush sends a
   * batch's statements of every table as one, each writing only if `onlyIf` holds: the batch's
   * checkpoint moved as it expected).
   */
  takeWrites(onlyIf: FragmentSqlToken): FragmentSqlToken[] {
    if (this.dirty.size === 0 && this.fromStore.length === 0) return [];
    const pk = this.def.primaryKey;
    const pkNames = sql.join(pk.map((name) => sql.identifier([name])), sql.fragment`, `);
    const table = sql.identifier([this.def.name]);
    const statements: FragmentSqlToken[] = [];
    const removed = [...this.dirty.values()].filter((key) => this.rows.get(key) === null);
    if (removed.length > 0) {
      statements.push(sql.fragment`
        DELETE FROM ${table}
        WHERE (${pkNames}) IN (SELECT * FROM ${sql.unnest(removed, this.keyTypes)}) AND ${onlyIf}`);
    }
    const columns = this.def.columns;
    const names = sql.join(columns.map((column) => sql.identifier([column.name])), sql.fragment`, `);
    const conflict = this.def.insertOnly
      ? sql.fragment`DO NOTHING`
      : sql.fragment`DO UPDATE SET ${sql.join(
          columns
            .filter((column) => !pk.includes(column.name))
            .map((column) => sql.fragment`${sql.identifier([column.name])} = EXCLUDED.${sql.identifier([column.name])}`),
          sql.fragment`, `,
        )}`;
    const keys = [...this.dirty.values()].filter((key) => this.rows.get(key) !== null);
    this.dirty.clear();
    for (let start = 0; start < keys.length; start += WRITE_CHUNK) {
      const tuples = keys.slice(start, start + WRITE_CHUNK).map((key) => {
        const row = this.rows.get(key)!;
        return columns.map((column) => toParameter(row[column.name], column.type));
      });
      statements.push(sql.fragment`
        INSERT INTO ${table} (${names})
        SELECT * FROM ${sql.unnest(tuples, columns.map((column) => column.type))} WHERE ${onlyIf}
        ON CONFLICT (${pkNames}) ${conflict}`);
    }
    if (this.fromStore.length > 0) {
      statements.push(sql.fragment`
        INSERT INTO ${table} (${names})
        SELECT ${definitionSql(this.def.fromStoredEvent!)} FROM ${definitionSql(this.storedEventsTable!)} e
        WHERE e.position = ANY(${sql.array(this.fromStore, 'int8')}) AND ${onlyIf}
        ON CONFLICT (${pkNames}) ${conflict}`);
      this.fromStore = [];
    }
    return statements;
  }

  /**
   * Writes every row of a complete table with COPY (text format) into an empty table on `client`,
   * whose search_path names the schema: the replay's bulk write, several times faster than INSERT.
   * Rows to copy from the store go in with one INSERT … SELECT first.
   * The rows are taken out: a per-event table (the event log) folds the next page into a fresh map
   * while these are still being written, and the others are written once, at the end.
   */
  async copyInto(client: pg.ClientBase): Promise<void> {
    if (!this.complete) throw new Error(`${this.def.name}: only a complete table (a replay's) is written with COPY`);
    const columns = this.def.columns;
    const names = columns.map((column) => column.name).join(', ');
    if (this.fromStore.length > 0) {
      const positions = this.fromStore;
      this.fromStore = [];
      this.copied += positions.length;
      await client.query(`INSERT INTO ${this.def.name} (${names}) SELECT ${this.def.fromStoredEvent} FROM ${this.storedEventsTable} e WHERE e.position = ANY($1::int8[])`, [positions]);
    }
    if (this.rows.size === 0) return;
    const written = this.rows;
    this.rows = new KeyMap(this.def.primaryKey.length);
    this.copied += written.size;
    await pipeline(Readable.from(copyChunks(written.values(), columns)), client.query(copyFrom(`COPY ${this.def.name} (${names}) FROM STDIN`)));
  }
}

const COPY_CHUNK_BYTES = 1 << 20;

/**
 * Rows in COPY's text format, each line written straight into a buffer of about 1 MiB. A chunk
 * built as one string (line after line, then turned into a buffer) was a fifth of a replay's
 * allocations and took 1.6× as long. COPY data may be split anywhere, so a chunk ends where it is full.
 */
function* copyChunks(rows: Iterable<Row | null>, columns: TableDef['columns']): Generator<Buffer> {
  let buffer = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
  let used = 0;
  for (const row of rows) {
    let line = '';
    for (let index = 0; index < columns.length; index += 1) {
      const column = columns[index]!;
      line += (index === 0 ? '' : '\t') + copyText(row![column.name], column.type);
    }
    line += '\n';
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    const room = line.length * 3;
    if (used + room > buffer.length) {
      if (used > 0) yield buffer.subarray(0, used);
      buffer = Buffer.allocUnsafe(Math.max(COPY_CHUNK_BYTES, room));
      used = 0;
    }
    used += buffer.write(line, used);
  }
  if (used > 0) yield buffer.subarray(0, used);
}

/** A value in COPY's text format: \N for null; backslash, tab, newline and carriage return escaped. */
function copyText(value: unknown, type: string): string {
  const parameter = toParameter(value, type);
  if (parameter === null) return '\\N';
  if (typeof parameter === 'boolean') return parameter ? 't' : 'f';
  if (typeof parameter === 'number') return String(parameter);
  return /[\\\t\n\r]/.test(parameter) ? parameter.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : parameter;
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * A column value as JSON gives it, in the form the runtime pool's type parsers give a column
 * (api-kit/src/database.ts): timestamps as ISO strings in UTC, dates as 'YYYY-MM-DD', int8 as
 * numbers. JSON writes the floats NaN and ±Infinity as strings.
 */
function fromJson(value: unknown, type: ColumnType): unknown {
  if (value === null) return null;
  if (type === 'timestamptz') return new Date(value as string).toISOString();
  if (type === 'float8' && typeof value === 'string') return Number(value);
  return value;
}

/** Loads these tables' rows for their keys in one SELECT (see `TableState.loadQuery`). */
export async function loadTables(db: BatchQueries, loads: readonly { table: TableState; keys: readonly unknown[][] }[]): Promise<void> {
  const queries = loads.flatMap(({ table, keys }) => {
    const query = table.loadQuery(keys);
    return query ? [{ table, query }] : [];
  });
  if (queries.length === 0) return;
  const row = await db.one(sql.unsafe`SELECT ${sql.join(queries.map(({ query }, index) => sql.fragment`${query} AS ${sql.identifier([`t${index}`])}`), sql.fragment`, `)}`);
  queries.forEach(({ table }, index) => table.absorb((row as Record<string, unknown[][]>)[`t${index}`]!));
}

type Parameter = string | number | boolean | null;

function toParameter(value: unknown, type: string): Parameter {
  if (value === null || value === undefined) return null;
  if (type === 'json' || type === 'jsonb') return JSON.stringify(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  return value as Parameter;
}
