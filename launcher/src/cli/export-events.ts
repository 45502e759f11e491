// `npm run export-events -- --type T --stream S --from ISO --to ISO --out FILE.ndjson`: the events
// that match, oldest first, one JSON object a line in the audit API's shape (secrets redacted).
// Works beside a running server (same DATA_DIR) or alone; see docs/analyst-tools.md.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import cliProgress from 'cli-progress';
import pg from 'pg';
import { auditEventOf, upcast, type EventMetadata } from '@mathdaily/domain';
import { createPostgresEventStore } from '@mathdaily/event-store';
import { describeFailure, parseIsoFlag, resolveCliDatabase, UsageError } from './database.ts';

export const EXPORT_USAGE = `Usage: npm run export-events -- [--type T] [--stream S] [--actor USER_ID] [--correlation ID] [--from ISO] [--to ISO] [--out FILE.ndjson]
  Filters combine; --from is inclusive, --to exclusive (event time, metadata.at). Without --out the events go to standard output.`;

export interface ExportOptions {
  type?: string;
  stream?: string;
  actor?: string;
  correlation?: string;
  from?: string;
  to?: string;
  out?: string;
}

/** The command line as export options; a bad flag or date is a UsageError. */
export function parseExportArgs(args: readonly string[]): ExportOptions {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: Object.fromEntries(['type', 'stream', 'actor', 'correlation', 'from', 'to', 'out'].map((name) => [name, { type: 'string' as const }])),
    }) as { values: Record<string, string | undefined> });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  for (const [name, value] of Object.entries(values)) if (value === '') throw new UsageError(`--${name} needs a value.`);
  const options: ExportOptions = { ...values, from: parseIsoFlag('from', values.from), to: parseIsoFlag('to', values.to) };
  if (options.from && options.to && options.from >= options.to) throw new UsageError('--from must be before --to.');
  return options;
}

const PAGE = 5_000;

/**
 * Writes every matching event up to the store's last readable position (fixed when it starts, so
 * a running server's new events do not make it chase the log) to `output`. Returns the count.
 */
export async function exportEvents(
  pool: pg.Pool,
  options: ExportOptions,
  output: Writable,
  progress?: { start(total: number): void; update(position: number, exported: number): void; stop(): void },
): Promise<number> {
  const store = createPostgresEventStore({ pool });
  const last = await store.lastPosition();
  await store.close();
  const conditions: string[] = ['position > $1', 'position <= $2'];
  const params: unknown[] = [0, last.toString()];
  const add = (sql: string, value: string | undefined) => {
    if (value === undefined) return;
    params.push(value);
    conditions.push(sql.replace('?', `$${params.length}`));
  };
  add('type = ?', options.type);
  add('stream_id = ?', options.stream);
  add("metadata->>'actorId' = ?", options.actor);
  add("metadata->>'correlationId' = ?", options.correlation);
  add("(metadata->>'at')::timestamptz >= ?::timestamptz", options.from);
  add("(metadata->>'at')::timestamptz < ?::timestamptz", options.to);
  const text = `SELECT position::text AS position, stream_id, version, event_id, type, data, metadata FROM events
    WHERE ${conditions.join(' AND ')} ORDER BY events.position LIMIT ${PAGE}`;
  progress?.start(Number(last));
  let after = '0';
  let exported = 0;
  try {
    for (;;) {
      params[0] = after;
      const { rows } = await pool.query<{ position: string; stream_id: string; version: number; event_id: string; type: string; data: unknown; metadata: EventMetadata }>(text, params);
      if (rows.length === 0) break;
      let chunk = '';
      for (const row of rows) {
        // In today's shape, as the product and the audit API read it (domain/src/events/upcasters.ts).
        const event = upcast({ id: row.event_id, type: row.type, streamId: row.stream_id, version: row.version, position: BigInt(row.position), data: row.data, metadata: row.metadata });
        chunk += `${JSON.stringify(auditEventOf(event))}\n`;
      }
      exported += rows.length;
      after = rows.at(-1)!.position;
      if (!output.write(chunk)) await once(output, 'drain');
      progress?.update(Number(after), exported);
      if (rows.length < PAGE) break;
    }
  } finally {
    progress?.update(Number(last), exported);
    progress?.stop();
  }
  return exported;
}

/** The command: exit code 0, 1 when it failed, 2 for a bad flag or date (with the usage). */
export async function runExportCli(args: readonly string[], io: { stdout: Writable; stderr: Writable } = process): Promise<number> {
  const log = (line: string) => io.stderr.write(`export-events: ${line}\n`);
  let options: ExportOptions;
  try {
    options = parseExportArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`${error.message}\n${EXPORT_USAGE}`);
    return 2;
  }
  let database: Awaited<ReturnType<typeof resolveCliDatabase>> | undefined;
  let pool: pg.Pool | undefined;
  try {
    database = await resolveCliDatabase(log);
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    // The log is there before the file is made: a failure leaves no empty file behind.
    await pool.query('SELECT 1 FROM events LIMIT 0');
    const output: Writable = options.out ? createWriteStream(options.out) : io.stdout;
    const bar = new cliProgress.SingleBar(
      { format: 'export-events [{bar}] {percentage}% of the log | {exported} events written', stream: io.stderr as NodeJS.WriteStream, hideCursor: true, noTTYOutput: true, notTTYSchedule: 2000 },
      cliProgress.Presets.shades_classic,
    );
    const count = await exportEvents(pool, options, output, {
      start: (total) => bar.start(Math.max(total, 1), 0, { exported: 0 }),
      update: (position, exported) => bar.update(position, { exported }),
      stop: () => bar.stop(),
    });
    if (options.out) {
      output.end();
      await once(output, 'finish');
    }
    log(`${count.toLocaleString('en-GB')} events${options.out ? ` written to ${options.out}` : ''}`);
    return 0;
  } catch (error) {
    log(`failed: ${describeFailure(error)}`);
    return 1;
  } finally {
    await pool?.end();
    await database?.embedded?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runExportCli(process.argv.slice(2));
}
