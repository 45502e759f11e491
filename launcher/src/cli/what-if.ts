// `npm run what-if -- --config FILE`: replays the practice history under another learning
// configuration (FSRS settings, knowledge-model parameters, target success rate) beside the live
// one, prints both, and writes the per-answer forecasts and due counts into a separate schema
// (default `what_if`). Nothing in the live schema changes. See docs/analyst-tools.md.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import type { Writable } from 'node:stream';
import cliProgress from 'cli-progress';
import pg from 'pg';
import { createLogger, lineLogger } from '@mathdaily/api-kit';
import type { EventStore } from '@mathdaily/event-store';
import { cliEventStore, describeFailure, resolveCliDatabase, UsageError } from './database.ts';
import { LIVE_LEARNING_CONFIG, loadWhatIfConfig, type LearningConfig } from './what-if/config.ts';
import { LearningFold, WHAT_IF_EVENT_TYPES } from './what-if/fold.ts';
import { figuresOf, formatReport, type WhatIfFigures } from './what-if/report.ts';

export const WHAT_IF_USAGE = `Usage: npm run what-if -- --config FILE.json [--schema what_if]
  FILE.json: {"fsrs": {"requestRetention": 0.85, …}, "knowledgeModel": "parameters.json" or {…}, "targetSuccessRate": 0.7}; what is left out stays live.`;

const PAGE = 10_000;
/**
 * The comment what-if puts on every schema it creates. It replaces (drops) only a schema that
 * carries it: any other schema, the product's today or tomorrow, is never touched.
 */
export const WHAT_IF_SCHEMA_MARKER = 'mathdaily what-if results: made by npm run what-if, replaced by its next run';

/** The results go to a schema of their own: never the live one (read_models…, which a replay also builds), nor the system's. */
function checkSchemaName(schema: string) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new UsageError(`--schema must be a lower-case name of letters, digits and _, not '${schema}'.`);
  if (schema.startsWith('read_models') || schema.startsWith('pg_')) throw new UsageError(`--schema ${schema} is in use by the product; choose another name.`);
}

/** Refuses a schema that exists and was not made by what-if (its marker comment): it may hold anyone's data. */
async function checkSchemaIsOurs(db: pg.Pool | pg.PoolClient, schema: string): Promise<{ exists: boolean }> {
  checkSchemaName(schema);
  const { rows } = await db.query<{ marker: string | null }>(`SELECT obj_description(oid, 'pg_namespace') AS marker FROM pg_namespace WHERE nspname = $1`, [schema]);
  if (rows.length === 0) return { exists: false };
  if (rows[0]!.marker !== WHAT_IF_SCHEMA_MARKER) {
    throw new UsageError(`--schema ${schema} already exists and was not made by what-if, so it is left as it is; choose another name.`);
  }
  return { exists: true };
}

export interface WhatIfResult {
  live: WhatIfFigures;
  candidate: WhatIfFigures;
  liveFold: LearningFold;
  candidateFold: LearningFold;
  events: number;
  lastHistoryDay: string | null;
}

/**
 * Folds every answer and rating up to the log's readable end (fixed at the start) under both
 * configurations, read through the store's history read (only those types: SQL on PostgreSQL, the
 * server's filter on EventStoreDB).
 */
export async function replayWhatIf(
  store: EventStore,
  candidateConfig: LearningConfig,
  options: { liveConfig?: LearningConfig; onProgress?: (position: number, last: number) => void } = {},
): Promise<WhatIfResult> {
  const until = await store.lastPosition();
  const live = new LearningFold(options.liveConfig ?? LIVE_LEARNING_CONFIG);
  const candidate = new LearningFold(candidateConfig);
  let after: bigint | null = 0n;
  let events = 0;
  let lastAt: string | null = null;
  while (after !== null) {
    const page = await store.readHistory({ after, until, limit: PAGE, filter: { types: WHAT_IF_EVENT_TYPES } });
    for (const event of page.events) {
      live.apply(event);
      candidate.apply(event);
      if (lastAt === null || event.metadata.at > lastAt) lastAt = event.metadata.at;
    }
    events += page.events.length;
    options.onProgress?.(Number(page.events.at(-1)?.position ?? until), Number(until));
    after = page.next;
  }
  options.onProgress?.(Number(until), Number(until));
  return { live: figuresOf(live), candidate: figuresOf(candidate), liveFold: live, candidateFold: candidate, events, lastHistoryDay: lastAt?.slice(0, 10) ?? null };
}

/**
 * The results in `schema`, made afresh: `forecasts` (one row per answer: outcome, each
 * configuration's predicted correctness and FSRS recall), `due_per_day` and `review_states` (each
 * student × problem's last due time, stability and mastery under each), for SQL afterwards.
 */
export async function writeWhatIfSchema(pool: pg.Pool, schema: string, result: WhatIfResult): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Two runs into one schema take turns; the check and the drop see the same schema.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('mathdaily-what-if'), hashtext($1))`, [schema]);
    const name = pg.escapeIdentifier(schema);
    if ((await checkSchemaIsOurs(client, schema)).exists) await client.query(`DROP SCHEMA ${name} CASCADE`);
    await client.query(`CREATE SCHEMA ${name}`);
    await client.query(`COMMENT ON SCHEMA ${name} IS ${pg.escapeLiteral(WHAT_IF_SCHEMA_MARKER)}`);
    await client.query(`CREATE TABLE ${name}.forecasts (position int8 PRIMARY KEY, user_id uuid NOT NULL, problem_id uuid NOT NULL, is_correct bool NOT NULL, without_hint_correct bool NOT NULL, is_new bool NOT NULL,
      live_predicted float8 NOT NULL, candidate_predicted float8 NOT NULL, live_recall float8, candidate_recall float8)`);
    await client.query(`CREATE TABLE ${name}.due_per_day (day date PRIMARY KEY, live int4 NOT NULL, candidate int4 NOT NULL)`);
    const live = result.liveFold.forecasts;
    const candidate = result.candidateFold.forecasts;
    for (let start = 0; start < live.length; start += PAGE) {
      const slice = live.slice(start, start + PAGE);
      const other = candidate.slice(start, start + PAGE);
      await client.query(
        `INSERT INTO ${name}.forecasts SELECT * FROM unnest($1::int8[], $2::uuid[], $3::uuid[], $4::bool[], $5::bool[], $6::bool[], $7::float8[], $8::float8[], $9::float8[], $10::float8[])`,
        [
          slice.map((f) => f.position.toString()),
          slice.map((f) => f.userId),
          slice.map((f) => f.problemId),
          slice.map((f) => f.isCorrect),
          slice.map((f) => f.succeeded),
          slice.map((f) => f.isNew),
          slice.map((f) => f.predicted),
          other.map((f) => f.predicted),
          slice.map((f) => f.recall),
          other.map((f) => f.recall),
        ],
      );
    }
    const days = [...new Set([...result.live.dueByDay.keys(), ...result.candidate.dueByDay.keys()])];
    await client.query(`INSERT INTO ${name}.due_per_day SELECT * FROM unnest($1::date[], $2::int4[], $3::int4[])`, [
      days,
      days.map((day) => result.live.dueByDay.get(day) ?? 0),
      days.map((day) => result.candidate.dueByDay.get(day) ?? 0),
    ]);
    // Where each student × problem ends under each configuration (the same pairs in both).
    await client.query(`CREATE TABLE ${name}.review_states (user_id uuid, problem_id uuid, live_due timestamptz NOT NULL, candidate_due timestamptz NOT NULL,
      live_stability float8 NOT NULL, candidate_stability float8 NOT NULL, live_mastered bool NOT NULL, candidate_mastered bool NOT NULL, PRIMARY KEY (user_id, problem_id))`);
    const pairs = [...result.liveFold.reviewStates()];
    for (let start = 0; start < pairs.length; start += PAGE) {
      const slice = pairs.slice(start, start + PAGE);
      const candidates = slice.map(({ key }) => result.candidateFold.reviews.get(key)!);
      await client.query(
        `INSERT INTO ${name}.review_states SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::timestamptz[], $5::float8[], $6::float8[], $7::bool[], $8::bool[])`,
        [
          slice.map((pair) => pair.userId),
          slice.map((pair) => pair.problemId),
          slice.map((pair) => pair.state.card.due),
          candidates.map((state) => state.card.due),
          slice.map((pair) => pair.state.card.stability),
          candidates.map((state) => state.card.stability),
          slice.map((pair) => result.liveFold.problemMastered(pair.key)),
          slice.map((pair) => result.candidateFold.problemMastered(pair.key)),
        ],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** The command: exit code 0, 1 when it failed, 2 for a bad flag or config file. */
export async function runWhatIfCli(args: readonly string[], io: { stdout: Writable; stderr: Writable } = process): Promise<number> {
  const logger = createLogger('what-if', io.stderr);
  const log = lineLogger(logger);
  let options: { config: string; schema: string };
  let config: LearningConfig;
  try {
    let values: { config?: string; schema?: string };
    try {
      ({ values } = parseArgs({ args: [...args], strict: true, allowPositionals: false, options: { config: { type: 'string' }, schema: { type: 'string' } } }));
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    if (!values.config) throw new UsageError('--config FILE is required.');
    const schema = values.schema ?? 'what_if';
    checkSchemaName(schema);
    options = { config: values.config, schema };
    config = await loadWhatIfConfig(options.config);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    logger.error(error.message);
    io.stderr.write(`${WHAT_IF_USAGE}\n`);
    return 2;
  }
  let database: Awaited<ReturnType<typeof resolveCliDatabase>> | undefined;
  let pool: pg.Pool | undefined;
  let store: EventStore | undefined;
  const bar = new cliProgress.SingleBar(
    { format: 'what-if [{bar}] {percentage}% of the log', stream: io.stderr as NodeJS.WriteStream, hideCursor: true, noTTYOutput: true, notTTYSchedule: 2000 },
    cliProgress.Presets.shades_classic,
  );
  try {
    database = await resolveCliDatabase(log);
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    store = cliEventStore(database.url, log);
    // Before the replay, so a refused schema costs nothing; checked again where it is replaced.
    await checkSchemaIsOurs(pool, options.schema);
    let started = false;
    const result = await replayWhatIf(store, config, {
      onProgress: (position, last) => {
        if (!started) bar.start(Math.max(last, 1), 0);
        started = true;
        bar.update(position);
      },
    });
    bar.stop();
    await writeWhatIfSchema(pool, options.schema, result);
    io.stdout.write(`${formatReport(result.live, result.candidate, result.lastHistoryDay)}\n`);
    log(`${result.events.toLocaleString('en-GB')} answers and ratings replayed; forecasts and due counts are in the schema ${options.schema}`);
    return 0;
  } catch (error) {
    bar.stop();
    if (error instanceof UsageError) {
      log(error.message);
      return 2;
    }
    log(`failed: ${describeFailure(error)}`);
    return 1;
  } finally {
    await store?.close();
    await pool?.end();
    await database?.embedded?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runWhatIfCli(process.argv.slice(2));
}
