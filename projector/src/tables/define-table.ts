import { z } from 'zod';

/**
 * PostgreSQL types the projector writes (names usable in `unnest($1::type[])` and in DDL). `json`
 * keeps the text as written: for documents node sends and SQL only reads whole or with `->`, it
 * costs PostgreSQL half of what `jsonb` does to take in (the event log's COPY, when node wrote it:
 * 1.7-1.9 s → 0.8-1.0 s per 243k events). `jsonb` where SQL compares, groups or calls jsonb
 * functions on the value, or copies it from a `jsonb` column (the event log from the store).
 */
export type ColumnType = 'uuid' | 'text' | 'int2' | 'int4' | 'int8' | 'float8' | 'bool' | 'date' | 'timestamptz' | 'json' | 'jsonb';

/** A column as the DDL and the writes see it, in table order (derived from the row schema's columns). */
interface Column {
  name: string;
  type: ColumnType;
  nullable?: boolean;
}

/**
 * One column: its PostgreSQL type and the zod schema of its value. The schema's output is the value
 * as a reader gets it (the runtime pool's type parsers, api-kit/src/database.ts, and the projector's
 * load alike: timestamps as ISO strings, int8 as numbers; dates as 'YYYY-MM-DD', which the pool
 * gives only when the query selects them as text, `to_char(…)`: it has no parser for `date`); its
 * input is what `apply` may put (the same, but for an event's position, put as the event's bigint).
 */
class ColumnSpec<Schema extends z.ZodType = z.ZodType> {
  constructor(
    readonly type: ColumnType,
    readonly schema: Schema,
    readonly isNullable = false,
  ) {}

  nullable(): ColumnSpec<z.ZodNullable<Schema>> {
    return new ColumnSpec(this.type, this.schema.nullable(), true);
  }
}

const columnOf = <Schema extends z.ZodType>(type: ColumnType, schema: Schema) => new ColumnSpec(type, schema);

/**
 * Column builders. A document column (`json`, `jsonb`) names the type it holds; nothing checks it
 * at run time (slonik's `sql.type` does not parse rows here, and `apply` writes what it built).
 */
export const column = {
  uuid: () => columnOf('uuid', z.string()),
  text: () => columnOf('text', z.string()),
  int2: () => columnOf('int2', z.number()),
  int4: () => columnOf('int4', z.number()),
  int8: () => columnOf('int8', z.number()),
  /** An event's global position (int8): put as `event.position` (bigint), read back as a number. */
  position: () => columnOf('int8', z.union([z.bigint(), z.number()]).transform(Number)),
  float8: () => columnOf('float8', z.number()),
  bool: () => columnOf('bool', z.boolean()),
  /** A calendar day, 'YYYY-MM-DD' (select it with to_char(…) in a query: the pool would give a Date). */
  date: () => columnOf('date', z.string()),
  /** An instant, an ISO string (read back in UTC). */
  timestamptz: () => columnOf('timestamptz', z.string()),
  json: <Document>() => columnOf('json', z.custom<Document>()),
  jsonb: <Document>() => columnOf('jsonb', z.custom<Document>()),
};

type ColumnSpecs = Record<string, ColumnSpec>;
type RowShape<Columns extends ColumnSpecs> = { [Name in keyof Columns]: Columns[Name]['schema'] };

/**
 * A read-model table as the projector writes it: columns in order, the primary key that rows are
 * loaded and upserted by, and secondary indexes. A replay creates tables without their indexes and
 * builds them at the end; live batches run with them. `row` is the zod schema of a whole row, the
 * one declaration of its columns: the projection's `get`/`put` and query-api's `sql.type` reads
 * take their types from it (docs/projector.md "One definition of a table's rows").
 */
export interface TableDef<
  Name extends string = string,
  Columns extends ColumnSpecs = ColumnSpecs,
  Key extends readonly (keyof Columns & string)[] = readonly string[],
> {
  name: Name;
  columns: readonly Column[];
  primaryKey: Key;
  row: z.ZodObject<RowShape<Columns>>;
  /** Rows are written once and never change (ON CONFLICT DO NOTHING); nothing is loaded for them. */
  insertOnly?: boolean;
  /**
   * One row per event, keyed by the event, never read back (implies insertOnly): a replay writes
   * them page by page and forgets them instead of holding the whole log in memory (the event log).
   */
  perEvent?: boolean;
  /**
   * This table's columns, in order, as SQL over a stored event `e` of the store's table (`EventStore.sqlTable`). With the
   * events in this database, `TableState.copyFromStore` then writes an event's row in SQL straight
   * from the store: node neither parses nor formats nor sends it back (the event log, one row per
   * event: in a replay of 1,000,000 events, 37 of 83 CPU-seconds went to writing it through node).
   */
  fromStoredEvent?: string;
  /** Columns PostgreSQL computes (e.g. a generated tsvector), written as DDL; the projector never writes them. */
  generated?: readonly string[];
  /** Secondary indexes as `name ON (columns)` fragments: `CREATE INDEX <fragment-with-table>`. */
  indexes?: readonly string[];
  /**
   * Of a per-event table: the secondary indexes (names) whose keys grow with the event's position,
   * as its primary key does, so every new row lands at their right edge. A replay, which writes
   * such a table page by page while node folds, creates these and the key before it starts:
   * PostgreSQL keeps them up on its otherwise idle core for less than building them at the end
   * costs on the end's busy ones. Indexes that take rows at random places are built at the end.
   */
  inPositionOrder?: readonly string[];
}

/** A table as `defineTable` takes it: the columns as builders, in table order. */
type TableSpec<Name extends string, Columns extends ColumnSpecs, Key extends readonly (keyof Columns & string)[]> = Omit<
  TableDef<Name, Columns, Key>,
  'columns' | 'row'
> & { columns: Columns };

/** A table definition from its columns: the DDL's column list and the row schema come from the same builders. */
export function defineTable<const Name extends string, Columns extends ColumnSpecs, const Key extends readonly (keyof Columns & string)[]>(
  spec: TableSpec<Name, Columns, Key>,
): TableDef<Name, Columns, Key> {
  const entries = Object.entries(spec.columns);
  const shape = Object.fromEntries(entries.map(([name, spec]) => [name, spec.schema])) as RowShape<Columns>;
  return {
    ...spec,
    columns: entries.map(([name, column]) => (column.isNullable ? { name, type: column.type, nullable: true } : { name, type: column.type })),
    row: z.object(shape),
  };
}

/** A row as `apply` holds and puts it (an event's position may still be the event's bigint). */
export type RowInputOf<Def extends TableDef> = z.input<Def['row']>;
/** A row's primary key, its columns' values in key order (`tables.x.get(...key)`). */
export type KeyOf<Def extends TableDef> = KeyValues<RowInputOf<Def>, Def['primaryKey']>;
type KeyValues<Row, Key extends readonly PropertyKey[]> = { -readonly [Index in keyof Key]: Row[Key[Index] & keyof Row] };

/** Each table's row schema by table name (`rows.users`), for readers of the tables. */
export function rowsOf<const Defs extends readonly TableDef[]>(defs: Defs): { [Def in Defs[number] as Def['name']]: Def['row'] } {
  return Object.fromEntries(defs.map((def) => [def.name, def.row])) as { [Def in Defs[number] as Def['name']]: Def['row'] };
}
