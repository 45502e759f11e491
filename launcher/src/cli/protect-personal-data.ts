// `npm run protect-personal-data -- --writers-stopped [--to NEW_EVENTSTORE_URL]`: the one-time
// migration of a history written before personal data was sealed (docs/personal-data.md).
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createLogger, eventStoreConnectionString, lineLogger } from '@mathdaily/api-kit';
import {
  copyHistoryProtected,
  createEventStoreDbEventStore,
  migratePersonalDataVault,
  openPersonalDataVault,
  protectPostgresHistory,
  ProtectionVerificationError,
  type EventStore,
  type ProtectionReport,
} from '@mathdaily/event-store';
import { describeFailure, resolveCliDatabase, UsageError } from './database.ts';

export const PROTECT_USAGE = `Usage: npm run protect-personal-data -- --writers-stopped [--to NEW_EVENTSTORE_URL]
  Seals the personal data of every event already stored (a one-time migration; docs/personal-data.md).
  Stop every command-api and projector first and say so with --writers-stopped.
  PostgreSQL's store (no EVENTSTORE_URL): copied into a new table, verified, then put in the old one's place.
  EventStoreDB (EVENTSTORE_URL set): copied into the new, empty server --to names, and verified; then point
  EVENTSTORE_URL at it. Either way, run npm run replay afterwards, then start the services.`;

export interface ProtectOptions {
  to?: string;
}

export function parseProtectArgs(args: readonly string[], eventStoreUrl: string | undefined): ProtectOptions {
  let values: { 'writers-stopped'?: boolean; to?: string };
  try {
    ({ values } = parseArgs({ args: [...args], strict: true, allowPositionals: false, options: { 'writers-stopped': { type: 'boolean' }, to: { type: 'string' } } }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!values['writers-stopped']) throw new UsageError('Stop every command-api and projector first, then run it again with --writers-stopped: events appended during the copy would be lost.');
  if (!eventStoreUrl) {
    if (values.to !== undefined) throw new UsageError('--to names a new EventStoreDB server, but EVENTSTORE_URL is not set: PostgreSQL\'s store is migrated within its own database, with no --to.');
    return {};
  }
  if (!values.to) throw new UsageError('With EventStoreDB, --to must name a new, empty EventStoreDB server (e.g. --to esdb://new-host:2113?tls=false): the history is copied there.');
  let to: string;
  try {
    to = eventStoreConnectionString({ EVENTSTORE_URL: values.to })!;
  } catch (error) {
    throw new UsageError(`--to ${values.to}: ${(error as Error).message}`);
  }
  if (to === eventStoreUrl) throw new UsageError('--to names the server EVENTSTORE_URL names: the copy must go to a new, empty server.');
  return { to };
}

export async function runProtectCli(args: readonly string[], io: { stdout: Writable; stderr: Writable } = process): Promise<number> {
  const logger = createLogger('protect-personal-data', io.stderr);
  const log = lineLogger(logger);
  let options: ProtectOptions;
  let eventStoreUrl: string | undefined;
  try {
    eventStoreUrl = eventStoreConnectionString(process.env);
    options = parseProtectArgs(args, eventStoreUrl);
  } catch (error) {
    logger.error(error instanceof Error ? error.message : String(error));
    io.stderr.write(`${PROTECT_USAGE}\n`);
    return 2;
  }
  let database: Awaited<ReturnType<typeof resolveCliDatabase>> | undefined;
  let pool: pg.Pool | undefined;
  const stores: EventStore[] = [];
  try {
    // The keys live in PostgreSQL whichever store holds the events.
    database = await resolveCliDatabase(log);
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    await migratePersonalDataVault(pool);
    const vault = await openPersonalDataVault(pool);
    let report: ProtectionReport;
    if (eventStoreUrl) {
      const warn = (message: string) => log(message);
      const source = createEventStoreDbEventStore({ connectionString: eventStoreUrl, warn });
      const target = createEventStoreDbEventStore({ connectionString: options.to!, warn });
      stores.push(source, target);
      log(`copying ${eventStoreUrl} into ${options.to}`);
      report = await copyHistoryProtected(source, target, vault);
    } else {
      log('copying the events table into a new one');
      report = await protectPostgresHistory(pool, vault);
    }
    log(`verified: ${report.events} events, the same digest ${report.sourceDigest}; ${report.sealed} personal values sealed, ${report.erased} of erased people written as erased`);
    io.stdout.write(`${JSON.stringify(report)}\n`);
    log(eventStoreUrl ? `next: set EVENTSTORE_URL to ${options.to}, run npm run replay, start the services, then delete the old server's data` : 'next: run npm run replay, then start the services');
    return 0;
  } catch (error) {
    // The person at the terminal gets a sentence, not a stack: nothing was switched.
    logger.error(`${error instanceof ProtectionVerificationError ? 'verification failed, nothing switched' : 'failed'}: ${describeFailure(error)}`);
    return 1;
  } finally {
    for (const store of stores) await store.close().catch(() => {});
    await pool?.end().catch(() => {});
    await database?.embedded?.stop().catch(() => {});
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runProtectCli(process.argv.slice(2));
}
