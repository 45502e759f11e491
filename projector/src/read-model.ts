import { sql, type FragmentSqlToken } from 'slonik';
import { UUID_PATTERN, type RecordedEvent } from '@mathdaily/domain';
import type { BatchContext } from './batch-context.ts';
import type { TableState } from './table-state.ts';

/**
 * PostgreSQL types the projector writes (names usable in `unnest($1::type[])` and in DDL). `json`
 * keeps the text as written: for documents node sends and SQL only reads whole or with `->`, it
 * costs PostgreSQL half of what `jsonb` does to take in (the event log's COPY, when node wrote it:
 * 1.7-1.9 s → 0.8-1.0 s per 243k events). `jsonb` where SQL compares, groups or calls jsonb
 * functions on the value, or copies it from a `jsonb` column (the event log from the store).
 */
export type ColumnType = 'uuid' | 'text' | 'int2' | 'int4' | 'int8' | 'float8' | 'bool' | 'date' | 'timestamptz' | 'json' | 'jsonb';

export interface Column {
  name: string;
  type: ColumnType;
  nullable?: boolean;
}

/**
 * A read-model table as the projector writes it: columns in order, the primary key that rows are
 * loaded and upserted by, and secondary indexes. A replay creates tables without their indexes and
 * builds them at the end; live batches run with them.
 */
export interface TableDef {
  name: string;
  columns: readonly Column[];
  primaryKey: readonly string[];
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

export type Row = Record<string, unknown>;

/** The tables of one model during a batch, by name. */
export type Tables = Record<string, TableState>;

/**
 * One read model, batch-oriented (DESIGN.md §5): for each batch the projector asks which rows the
 * batch touches (`keys`), loads them (every table's in one query), folds every event in memory
 * (`apply`, synchronous) and writes the changed rows with one multi-row upsert per table.
 * `apply` must be deterministic: time only from `event.metadata.at`. Models see each other's
 * results only through the batch context (`BatchContext`), never through another model's table.
 */
export interface ReadModel {
  name: string;
  /** Bump when `apply` changes meaning: a new version (or new tables) rebuilds every read model from event 0. */
  version: number;
  tables: readonly TableDef[];
  /** Event types it reacts to; 'all' for every event in the log (the audit log, event counts). */
  handles: readonly string[] | 'all';
  /** Primary keys (in column order) of the rows this batch's events read or change, per table name. */
  keys?(events: readonly RecordedEvent[], context: BatchContext): Record<string, unknown[][]>;
  /**
   * `keys` reads facts earlier models put in the batch context (a time zone, a rating's topic). The
   * keys of every such model are asked at the turn of the first of them, so the facts must come
   * from models listed before that one (BatchContext throws otherwise), and their rows come in one
   * query. Every other model's rows are loaded together, in one query before the first model runs.
   */
  keysFromContext?: true;
  apply(event: RecordedEvent, tables: Tables, context: BatchContext): void;
}

/** `CREATE TABLE` for a table definition, unqualified (search_path names the schema). */
/** `primaryKey: false` leaves the key to `addPrimaryKeySql`, for a bulk load (a replay) to build it once at the end. */
export function createTableSql(table: TableDef, options: { primaryKey?: boolean } = {}): string {
  const columns = table.columns.map((column) => `${column.name} ${column.type}${column.nullable ? '' : ' NOT NULL'}`);
  const key = options.primaryKey === false ? [] : [`PRIMARY KEY (${table.primaryKey.join(', ')})`];
  return `CREATE TABLE ${table.name} (${[...columns, ...(table.generated ?? []), ...key].join(', ')})`;
}

/** The same constraint (and name, `<table>_pkey`) as createTableSql's, added to a loaded table. */
export function addPrimaryKeySql(table: TableDef): string {
  return `ALTER TABLE ${table.name} ADD PRIMARY KEY (${table.primaryKey.join(', ')})`;
}

export function createIndexSql(table: TableDef, which: (name: string) => boolean = () => true): string[] {
  return (table.indexes ?? []).flatMap((index) => {
    const [name, columns] = index.split(/ ON /) as [string, string];
    return which(name) ? [`CREATE INDEX ${name} ON ${table.name} ${columns}`] : [];
  });
}

/**
 * How a replay indexes a table: what it creates with the table, before any row, and what it
 * builds once the rows are in (much faster than maintaining an index row by row, except where rows
 * arrive in the index's order: a per-event table's key and `inPositionOrder`).
 */
export function replayIndexing(table: TableDef): { keyFirst: boolean; first: string[]; last: string[] } {
  const ordered = new Set(table.perEvent ? table.inPositionOrder : []);
  return {
    keyFirst: table.perEvent === true,
    first: createIndexSql(table, (name) => ordered.has(name)),
    last: [...(table.perEvent ? [] : [addPrimaryKeySql(table)]), ...createIndexSql(table, (name) => !ordered.has(name))],
  };
}

/** SQL text built from the models' own definitions (never from input: DDL, `fromStoredEvent`), as a fragment. */
export function definitionSql(text: string): FragmentSqlToken {
  const parts = Object.assign([text], { raw: Object.freeze([text]) });
  return sql.fragment(Object.freeze(parts) as unknown as TemplateStringsArray);
}

/** Ids that passed, up to a bound (students and problems number in the thousands). */
const knownUuids = new Set<string>();
const MAX_KNOWN_UUIDS = 100_000;

/**
 * True for a canonical UUID; the practice read models skip events whose ids are not (their
 * columns are uuid). Ids that passed are remembered: every model asks about the same event's
 * user and problem ids, and the regular expression was 6 % of a replay's fold, where a set
 * lookup reuses the hash the tables' key maps compute on the same string anyway.
 */
export function isUuid(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (knownUuids.has(value)) return true;
  if (!UUID_PATTERN.test(value)) return false;
  if (knownUuids.size >= MAX_KNOWN_UUIDS) knownUuids.clear();
  knownUuids.add(value);
  return true;
}
