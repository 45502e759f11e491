// `npm run export-events -- --type T --stream S --from ISO --to ISO --out FILE.ndjson`: the events
// that match, oldest first, one JSON object a line in the audit API's shape (secrets redacted).
// Works beside a running server (same DATA_DIR) or alone; see docs/analyst-tools.md.
import { once } from 'node:events';
import { constants } from 'node:fs';
import { access, open, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import cliProgress from 'cli-progress';
import pg from 'pg';
import { createLogger, lineLogger } from '@mathdaily/api-kit';
import { auditEventOf, eventSchemas, isKnownEventType, UUID_PATTERN } from '@mathdaily/domain';
import { userIdForEmail } from '@mathdaily/command-api/auth/user-records';
import { openPersonalDataVault, protectPersonalData, type EventFilter, type EventStore } from '@mathdaily/event-store';
import { cliEventStore, describeFailure, parseIsoFlag, rawCliEventStore, resolveCliDatabase, UsageError } from './database.ts';

export const EXPORT_USAGE = `Usage: npm run export-events -- [--type T[,T…]]… [--stream S] [--actor USER_ID|E-MAIL] [--correlation ID] [--from ISO] [--to ISO] [--out FILE.ndjson]
  Filters combine; --type may repeat or list several types (any of them matches); --from is inclusive, --to exclusive (event time, metadata.at). Without --out the events go to standard output.`;

export interface ExportOptions {
  /** Any of these types (none: every type). */
  types?: string[];
  stream?: string;
  actor?: string;
  correlation?: string;
  from?: string;
  to?: string;
  out?: string;
}

/** The command line as export options; a bad flag or date is a UsageError. */
export function parseExportArgs(args: readonly string[]): ExportOptions {
  let values: { type?: string[]; stream?: string; actor?: string; correlation?: string; from?: string; to?: string; out?: string };
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        ...Object.fromEntries(['stream', 'actor', 'correlation', 'from', 'to', 'out'].map((name) => [name, { type: 'string' as const }])),
        type: { type: 'string', multiple: true },
      },
    }) as unknown as { values: typeof values });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { type, ...single } = values;
  for (const [name, value] of Object.entries(single)) if (value === '') throw new UsageError(`--${name} needs a value.`);
  const types = type?.flatMap((list) => list.split(',')).map((name) => name.trim());
  if (types?.some((name) => name === '')) throw new UsageError('--type needs an event type name, e.g. --type AnswerSubmitted or --type AnswerSubmitted,HintOpened.');
  const unknown = types?.filter((name) => !isKnownEventType(name)) ?? [];
  if (unknown.length > 0) {
    throw new UsageError(`Unknown event type${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `'${name}'`).join(', ')}. Known types: ${Object.keys(eventSchemas).sort().join(', ')}.`);
  }
  if (single.actor !== undefined && !UUID_PATTERN.test(single.actor) && !/^[^@\s]+@[^@\s]+$/.test(single.actor)) {
    throw new UsageError(`--actor must be a user id (a UUID) or an e-mail address, not '${single.actor}'.`);
  }
  const options: ExportOptions = {
    ...single,
    ...(types ? { types: [...new Set(types)] } : {}),
    from: parseIsoFlag('from', single.from),
    to: parseIsoFlag('to', single.to),
  };
  for (const key of Object.keys(options) as (keyof ExportOptions)[]) if (options[key] === undefined) delete options[key];
  if (options.from && options.to && options.from >= options.to) throw new UsageError('--from must be before --to.');
  return options;
}

/** Where --out would be written: its folder must exist and be writable, and it must not be a folder itself. */
async function checkOutputPath(out: string): Promise<void> {
  const folder = path.dirname(path.resolve(out));
  const folderStat = await stat(folder).catch(() => null);
  if (!folderStat?.isDirectory()) throw new UsageError(`--out ${out}: the folder ${folder} does not exist.`);
  if ((await stat(out).catch(() => null))?.isDirectory()) throw new UsageError(`--out ${out} is a folder; give a file name, e.g. ${path.join(out, 'events.ndjson')}.`);
  await access(folder, constants.W_OK).catch(() => {
    throw new UsageError(`--out ${out}: the folder ${folder} is not writable.`);
  });
}

/** Opens --out for writing; a file that cannot be made there is a UsageError naming why. */
async function openOutput(out: string): Promise<FileHandle> {
  try {
    return await open(out, 'w');
  } catch (error) {
    throw new UsageError(`--out ${out} cannot be written: ${(error as NodeJS.ErrnoException).code === 'EACCES' ? 'permission denied' : (error as Error).message}.`);
  }
}

/**
 * The user id --actor names: itself, or the account the e-mail address is registered to. On
 * EventStoreDB the store is read without PostgreSQL; a sealed reservation is opened through the
 * vault in `vaultDatabaseUrl` (DATABASE_URL: the keys live in the product's PostgreSQL whichever
 * store holds the events, docs/personal-data.md), when there is one.
 */
async function actorIdOf(store: EventStore, actor: string, vaultDatabaseUrl?: string): Promise<string> {
  if (UUID_PATTERN.test(actor)) return actor.toLowerCase();
  let userId: unknown = await userIdForEmail(store, actor);
  if (userId && typeof userId !== 'string' && vaultDatabaseUrl) {
    const vaultPool = new pg.Pool({ connectionString: vaultDatabaseUrl, max: 1 });
    try {
      userId = await userIdForEmail(protectPersonalData(store, await openPersonalDataVault(vaultPool)), actor);
    } finally {
      await vaultPool.end();
    }
  }
  if (!userId) throw new UsageError(`--actor ${actor}: no account has this e-mail address.`);
  if (typeof userId !== 'string') throw new UsageError(`--actor ${actor}: the address's account is sealed (docs/personal-data.md); set DATABASE_URL to the product's database, or give the user id.`);
  return userId;
}

const PAGE = 5_000;

/**
 * Writes every matching event up to the store's last readable position (fixed when it starts, so
 * a running server's new events do not make it chase the log) to `output`, read through the
 * store's history read (filters in SQL on PostgreSQL, on the server and in the adapter on
 * EventStoreDB). Returns the count.
 */
export async function exportEvents(
  store: EventStore,
  options: ExportOptions,
  output: Writable,
  progress?: { start(total: number): void; update(position: number, exported: number): void; stop(): void },
): Promise<number> {
  const until = await store.lastPosition();
  const filter: EventFilter = {
    ...(options.types ? { types: options.types } : {}),
    ...(options.stream !== undefined ? { streamId: options.stream } : {}),
    ...(options.actor !== undefined ? { actorId: options.actor } : {}),
    ...(options.correlation !== undefined ? { correlationId: options.correlation } : {}),
    ...(options.from !== undefined ? { from: options.from } : {}),
    ...(options.to !== undefined ? { to: options.to } : {}),
  };
  progress?.start(Number(until));
  let after: bigint | null = 0n;
  let exported = 0;
  try {
    while (after !== null) {
      const page = await store.readHistory({ after, until, limit: PAGE, filter });
      // In today's shape (the store upcasts), as the product and the audit API show it.
      const chunk = page.events.map((event) => `${JSON.stringify(auditEventOf(event))}\n`).join('');
      exported += page.events.length;
      if (chunk && !output.write(chunk)) await once(output, 'drain');
      after = page.next;
      progress?.update(Number(page.events.at(-1)?.position ?? after ?? until), exported);
    }
  } finally {
    progress?.update(Number(until), exported);
    progress?.stop();
  }
  return exported;
}

/** The command: exit code 0, 1 when it failed, 2 for a bad flag or date (with the usage). */
export async function runExportCli(args: readonly string[], io: { stdout: Writable; stderr: Writable } = process): Promise<number> {
  const logger = createLogger('export-events', io.stderr);
  const log = lineLogger(logger);
  // How to call it: help for the person at the terminal, not a log event.
  const usage = (message: string) => {
    logger.error(message);
    io.stderr.write(`${EXPORT_USAGE}\n`);
  };
  let options: ExportOptions;
  try {
    options = parseExportArgs(args);
    if (options.out) await checkOutputPath(options.out);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    usage(error.message);
    return 2;
  }
  let database: Awaited<ReturnType<typeof resolveCliDatabase>> | undefined;
  let store: EventStore | undefined;
  let file: FileHandle | undefined;
  try {
    // EventStoreDB holds the whole history: no PostgreSQL is needed then.
    database = process.env.EVENTSTORE_URL ? undefined : await resolveCliDatabase(log);
    // Personal data is hidden in the export either way; only --actor by e-mail needs the vault to open an address's reservation.
    store = database ? await cliEventStore(database.url, log) : rawCliEventStore('', log);
    // The log is there before the file is made: a failure leaves no empty file behind.
    await store.lastPosition();
    if (options.actor) options.actor = await actorIdOf(store, options.actor, database ? undefined : process.env.DATABASE_URL);
    file = options.out ? await openOutput(options.out) : undefined;
    const output: Writable = file ? file.createWriteStream() : io.stdout;
    // A write that fails later (a full disk) ends the export with its message, not a crash.
    const failed = file ? once(output, 'error').then(([error]) => Promise.reject(error as Error)) : new Promise<never>(() => {});
    failed.catch(() => {});
    const bar = new cliProgress.SingleBar(
      { format: 'export-events [{bar}] {percentage}% of the log | {exported} events written', stream: io.stderr as NodeJS.WriteStream, hideCursor: true, noTTYOutput: true, notTTYSchedule: 2000 },
      cliProgress.Presets.shades_classic,
    );
    const count = await Promise.race([
      exportEvents(store, options, output, {
        start: (total) => bar.start(Math.max(total, 1), 0, { exported: 0 }),
        update: (position, exported) => bar.update(position, { exported }),
        stop: () => bar.stop(),
      }),
      failed,
    ]);
    if (file) {
      output.end();
      await Promise.race([once(output, 'finish'), failed]);
    }
    log(`${count.toLocaleString('en-GB')} events${options.out ? ` written to ${options.out}` : ''}`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      usage(error.message);
      return 2;
    }
    log(`failed: ${describeFailure(error)}`);
    return 1;
  } finally {
    await file?.close().catch(() => {});
    await store?.close();
    await database?.embedded?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runExportCli(process.argv.slice(2));
}
