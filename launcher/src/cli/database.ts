import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eventStoreConnectionString, EventStoreSettingsError } from '@mathdaily/api-kit';
import pg from 'pg';
import { createEventStoreDbEventStore, createPostgresEventStore, openPersonalDataVault, protectPersonalData, type EventStore } from '@mathdaily/event-store';
import { loadConfig } from '../config.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../embedded-postgres.ts';

/**
 * The database an analyst CLI works on: DATABASE_URL when set; else the running server's (found
 * in DATA_DIR/runtime.json while its process lives); else the embedded PostgreSQL under DATA_DIR,
 * started for the command and stopped by the caller (`embedded.stop()`).
 */
export async function resolveCliDatabase(log: (line: string) => void): Promise<{ url: string; embedded?: EmbeddedPostgresHandle }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL };
  const config = await loadConfig();
  const runtime = path.join(config.dataDir, 'runtime.json');
  if (existsSync(runtime)) {
    const { pid, databaseUrl } = JSON.parse(readFileSync(runtime, 'utf8')) as { pid: number; databaseUrl: string };
    if (isAlive(pid)) {
      log(`using the running server's database (pid ${pid})`);
      return { url: databaseUrl };
    }
  }
  log(`starting the embedded PostgreSQL server (data in ${config.dataDir})`);
  const embedded = await startEmbeddedPostgres({ clusterDir: path.join(config.dataDir, 'postgres'), password: config.embeddedPassword });
  const url = new URL(embedded.url);
  url.pathname = '/mathdaily';
  return { url: url.toString(), embedded };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The event store whose history an analyst tool reads: EventStoreDB when EVENTSTORE_URL is set
 * (with EVENTSTORE_CA_FILE and the credentials, as the product reads them; a bad value is a
 * UsageError naming it), else the PostgreSQL store in `databaseUrl`; either way with personal data
 * opened through the vault in `databaseUrl` (the tools then hide it: docs/personal-data.md).
 */
export async function cliEventStore(databaseUrl: string, log: (line: string) => void): Promise<EventStore> {
  const raw = rawCliEventStore(databaseUrl, log);
  const vaultPool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const store = protectPersonalData(raw, await openPersonalDataVault(vaultPool));
  return { ...store, close: async () => (await store.close(), await vaultPool.end()) };
}

/** The event store as it is, personal data sealed (the one-time migration copies it so). */
export function rawCliEventStore(databaseUrl: string, log: (line: string) => void): EventStore {
  let eventStoreUrl: string | undefined;
  try {
    eventStoreUrl = eventStoreConnectionString(process.env);
  } catch (error) {
    if (error instanceof EventStoreSettingsError) throw new UsageError(error.message);
    throw error;
  }
  const warn = (message: string, error?: unknown) => log(`${message} ${error instanceof Error ? error.message : String(error ?? '')}`.trim());
  return eventStoreUrl ? createEventStoreDbEventStore({ connectionString: eventStoreUrl, warn }) : createPostgresEventStore({ connectionString: databaseUrl, warn });
}

/** A mistake in how the command was called: its message is printed and the exit code is 2. */
export class UsageError extends Error {}

/** An ISO 8601 date or date-time (a date alone, or a time without offset, is UTC), for --from/--to. */
export function parseIsoFlag(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  // Date.parse would roll 2026-02-30 over into March: the calendar day must exist.
  const [year, month, day] = [Number(match?.[1]), Number(match?.[2]), Number(match?.[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  const time = Date.parse(match?.[4] && !match[7] ? `${value}Z` : value);
  if (!match || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day || Number.isNaN(time)) {
    throw new UsageError(`--${name} must be an ISO date or date-time such as 2026-03-01 or 2026-03-01T09:00:00Z, not '${value}'.`);
  }
  return new Date(time).toISOString();
}

/** A failure as a sentence for the person at the terminal (a DATA_DIR the product never ran in has no database yet). */
export function describeFailure(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === '3D000' || code === '42P01') return 'there is no MathDaily history here yet: start the product once (npm start) with this DATA_DIR, or set DATABASE_URL.';
  return error instanceof Error ? error.message : String(error);
}
