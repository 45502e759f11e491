/**
 * PostgreSQL connections: each production process opens at most DATABASE_CONNECTIONS, shared
 * among its pools as below, so an operator can size PostgreSQL's max_connections from the number
 * of processes (docs/operations.md, "Connection budget"). One client library per purpose: `pg`
 * for the event store, the hot prepared reads and LISTEN sessions; slonik for read-model queries.
 */

export type BudgetedService = 'command-api' | 'query-api' | 'projector';

/** The defaults: 4 query-apis, 2 command-apis and 2 projectors open at most 72 connections. */
export const DEFAULT_DATABASE_CONNECTIONS: Record<BudgetedService, number> = { 'command-api': 8, 'query-api': 10, projector: 8 };

/** The fewest a process can work with (each pool at least what it needs). */
export const MIN_DATABASE_CONNECTIONS: Record<BudgetedService, number> = { 'command-api': 3, 'query-api': 5, projector: 7 };

export interface CommandApiPools {
  /** Appends and stream reads (PostgreSQL's event store only). */
  events: number;
  /** Rate limits, idempotency keys, uploads. */
  runtime: number;
}

export interface QueryApiPools {
  /** The change feed's LISTEN session (PositionWaiter). */
  listen: 1;
  /** Principal checks and /api/health's position (PostgreSQL's event store only). */
  events: number;
  /** The due queue's named statements. */
  prepared: number;
  /** Every other read-model query. */
  readModels: number;
}

export interface ProjectorPools {
  /** The session holding the single-projector lock. */
  lock: 1;
  /** The batch transaction. */
  batch: 1;
  /** The event store's LISTEN session and its reads (PostgreSQL's event store only). */
  eventsListen: number;
  events: number;
  /** Checkpoints, the alert check, the mail reactor, readiness. */
  readModels: number;
}

export function commandApiPools(total: number, eventsInPostgres: boolean): CommandApiPools {
  const runtime = eventsInPostgres ? 2 : total;
  return { events: total - runtime, runtime };
}

export function queryApiPools(total: number, eventsInPostgres: boolean): QueryApiPools {
  const events = eventsInPostgres ? 2 : 0;
  const rest = total - 1 - events;
  const prepared = Math.ceil(rest / 2);
  return { listen: 1, events, prepared, readModels: rest - prepared };
}

export function projectorPools(total: number, eventsInPostgres: boolean): ProjectorPools {
  const eventsListen = eventsInPostgres ? 1 : 0;
  const events = eventsInPostgres ? 2 : 0;
  return { lock: 1, batch: 1, eventsListen, events, readModels: total - 2 - eventsListen - events };
}
