import { sql, type FragmentSqlToken } from 'slonik';
import { UUID_PATTERN, type EventType, type RecordedEvent, type RecordedEventOf } from '@mathdaily/domain';
import type { BatchContext } from './batch-context.ts';
import type { TableDef } from './tables/define-table.ts';
import type { TableState } from './table-state.ts';

export { column, defineTable, type ColumnType, type KeyOf, type RowInputOf, type TableDef } from './tables/define-table.ts';

export type Row = Record<string, unknown>;

/** The event types a model handles, or every event in the log. */
export type Handles = readonly EventType[] | 'all';
/** The events a model with these `handles` is given: typed by their type, or any event for 'all'. */
type EventsOf<H extends Handles> = H extends 'all' ? RecordedEvent : H extends readonly (infer Type extends EventType)[] ? RecordedEventOf<Type> : never;

/** The tables of one model during a batch, by name, each typed by its definition's row. */
export type TablesOf<Defs extends readonly TableDef[]> = { [Def in Defs[number] as Def['name']]: TableState<Def> };
/** The tables of some model, untyped (the projection run's view). */
export type Tables = Record<string, TableState>;
/** Primary keys (in column order) per table name. */
type KeysOf<Defs extends readonly TableDef[]> = { [Def in Defs[number] as Def['name']]?: unknown[][] };

/**
 * One read model, batch-oriented (DESIGN.md §5): for each batch the projector asks which rows the
 * batch touches (`keys`), loads them (every table's in one query), folds every event in memory
 * (`apply`, synchronous) and writes the changed rows with one multi-row upsert per table.
 * `apply` must be deterministic: time only from `event.metadata.at`. Models see each other's
 * results only through the batch context (`BatchContext`), never through another model's table.
 * Declared with `defineReadModel`, `apply` and `keys` get the events typed by `handles` and the
 * tables typed by their definitions (projector/src/tables/).
 */
export interface ReadModel<H extends Handles = Handles, Defs extends readonly TableDef[] = readonly TableDef[]> {
  name: string;
  /** Bump when `apply` changes meaning: a new version (or new tables) rebuilds every read model from event 0. */
  version: number;
  tables: Defs;
  /** Event types it reacts to; 'all' for every event in the log (the audit log, event counts). */
  handles: H;
  /** Primary keys (in column order) of the rows this batch's events read or change, per table name. */
  keys?(events: readonly EventsOf<H>[], context: BatchContext): KeysOf<Defs>;
  /**
   * `keys` reads facts earlier models put in the batch context (a time zone, a rating's topic). The
   * keys of every such model are asked at the turn of the first of them, so the facts must come
   * from models listed before that one (BatchContext throws otherwise), and their rows come in one
   * query. Every other model's rows are loaded together, in one query before the first model runs.
   */
  keysFromContext?: true;
  apply(event: EventsOf<H>, tables: TablesOf<Defs>, context: BatchContext): void;
}

/** A read model with its events and tables typed (the identity: it only guides inference). */
export function defineReadModel<const H extends Handles, const Defs extends readonly TableDef[]>(model: ReadModel<H, Defs>): ReadModel<H, Defs> {
  return model;
}

/** `CREATE TABLE` for a table definition, unqualified (search_path names the schema). */
/** `primaryKey: false` leaves the key to `addPrimaryKeySql`, for a bulk load (a replay) to build it once at the end. */
export function createTableSql(table: TableDef, options: { primaryKey?: boolean } = {}): string {
  const columns = table.columns.map((column) => `${column.name} ${column.type}${column.nullable ? '' : ' NOT NULL'}`);
  const key = options.primaryKey === false ? [] : [`PRIMARY KEY (${table.primaryKey.join(', ')})`];
  return `CREATE TABLE ${table.name} (${[...columns, ...(table.generated ?? []), ...key].join(', ')})`;
}

/** The same constraint (and name, `<table>_pkey`) as createTableSql's, added to a loaded table. */
function addPrimaryKeySql(table: TableDef): string {
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
