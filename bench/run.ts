// `npm run bench`: the event pipeline as students use it, each figure beside its reference, in one
// run on a private embedded PostgreSQL with the built product as a child process. docs/bench.md
// says what each figure means and how it is measured.
//
//   npm run bench                                     full size (≈ 6–10 min on 2 cores)
//   npm run bench -- --seconds 5 --replay-events 100000 --skip web     quick check
//   npm run bench -- --json bench.json                also write the figures as JSON
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PROBLEM_BANK_STREAM } from '@mathdaily/command-api/problems/seed-problem-bank';
import { DEMO_ACCOUNTS } from '@mathdaily/domain';
import { createPostgresEventStore } from '@mathdaily/event-store';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '@mathdaily/launcher/embedded-postgres';
import { benchDomain } from './domain.ts';
import type { HistorySummary } from './history.ts';
import { ensureBuilt, ROOT, startProduct, type RunningProduct } from './product.ts';
import { runLivePhase, type LivePhaseResult } from './live.ts';
import { runRawInsertPhase, type RawInsertResult } from './raw-insert.ts';
import { measureProjectorCapacity, type ProjectorCapacityResult } from './projector-capacity.ts';
import { copyHistory, createDatabase, generateHistory, measureReplay, type CopyResult, type ReplayResult } from './replay.ts';
import type { Percentiles } from './stats.ts';
import { simulateClassAlerts, type AlertFigures } from '@mathdaily/analytics/alert-simulation';
import { runDueQueueInThread } from './due-queue-thread.ts';
import { DIAGNOSE_SETTINGS, PhaseDiagnosis } from './diagnose.ts';
import {
  registerStudents,
  runCommandPhase,
  runDueQueueBurstPhase,
  runReadYourWritePhase,
  type CommandPhaseResult,
  type DueQueuePhaseResult,
  type ReadYourWritePhaseResult,
  type Student,
} from './students.ts';

const HELP = `npm run bench [-- options]

  --json FILE            also write the figures to FILE as JSON
  --seconds N            length of the raw-insert, command and read-your-write phases (default 15; env BENCH_SECONDS)
  --students N           simulated students / raw-insert clients (default 50)
  --ryw-rate N           answers/s of the paced read-your-write phase, spread over the students (default 50)
  --due-seconds N        length of the due-queue phase (default 10)
  --due-rate N           fixed request rate of the due-queue phase, req/s (default 1000)
  --replay-events N      size of the generated history for COPY and replay (default 1000000; env BENCH_REPLAY_EVENTS)
  --replay-cap N         stop a replay still running after N seconds and report its rate so far (default 180)
  --seed N               seed of the generated history (default 20260105)
  --live-sockets N       tutor sockets the product holds in the live phase (default 10000)
  --live-answers N       answers timed to the tutor's socket in the live phase (default 50)
  --capacity-events N    size of the practice backlog the live projector applies (default 200000)
  --skip LIST            comma-separated phases to leave out: load, live, web, replay, capacity, domain, alerts
  --build | --no-build   always rebuild | never build (default: build what is missing or older than its sources)
  --keep                 keep the temporary folder (PostgreSQL data, server log, history file)
  --diagnose             after each load phase, print CPU per process and thread and PostgreSQL's busiest statements
  --cpu-prof DIR         run the product under node's CPU profiler: its main thread and its projector's thread each
                         write a .cpuprofile into DIR; each phase's window in them is printed at the end
`;

const { values: args } = parseArgs({
  options: {
    json: { type: 'string' },
    seconds: { type: 'string' },
    students: { type: 'string' },
    'ryw-rate': { type: 'string' },
    'due-seconds': { type: 'string' },
    'due-rate': { type: 'string' },
    'live-sockets': { type: 'string' },
    'live-answers': { type: 'string' },
    'replay-events': { type: 'string' },
    'replay-cap': { type: 'string' },
    'capacity-events': { type: 'string' },
    seed: { type: 'string' },
    skip: { type: 'string' },
    build: { type: 'boolean' },
    'no-build': { type: 'boolean' },
    keep: { type: 'boolean' },
    diagnose: { type: 'boolean' },
    'cpu-prof': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log(HELP);
  process.exit(0);
}
const number = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value.replaceAll('_', ''));
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${name} must be a positive number, not '${value}'`);
  return parsed;
};
const config = {
  seconds: number(args.seconds ?? process.env.BENCH_SECONDS, 15, '--seconds'),
  students: Math.round(number(args.students, 50, '--students')),
  rywRate: number(args['ryw-rate'], 50, '--ryw-rate'),
  dueSeconds: number(args['due-seconds'], 10, '--due-seconds'),
  dueRate: number(args['due-rate'], 1000, '--due-rate'),
  liveSockets: Math.round(number(args['live-sockets'], 10_000, '--live-sockets')),
  liveAnswers: Math.round(number(args['live-answers'], 50, '--live-answers')),
  replayEvents: Math.round(number(args['replay-events'] ?? process.env.BENCH_REPLAY_EVENTS, 1_000_000, '--replay-events')),
  replayCap: number(args['replay-cap'], 180, '--replay-cap'),
  capacityEvents: Math.round(number(args['capacity-events'], 200_000, '--capacity-events')),
  seed: Math.round(number(args.seed, 20260105, '--seed')),
  skip: new Set((args.skip ?? '').split(',').map((s) => s.trim()).filter(Boolean)),
};
for (const phase of config.skip) if (!['load', 'live', 'web', 'replay', 'capacity', 'domain', 'alerts'].includes(phase)) throw new Error(`--skip: unknown phase '${phase}'`);
// Three cohorts (each read-your-write phase has its own), ten per loopback address, up to 127.0.0.241.
if (config.students > 800) throw new Error('--students: at most 800 (three cohorts, ten per loopback address)');

// The goals in force (docs/bench.md). raw inserts, commands and the closed loop are figures to
// read, not goals: the closed loop measures capacity (by Little's law its latency is the number of
// students ÷ throughput), the paced loop the latency a student sees.
const GOALS = {
  readYourWriteP99: 50,
  replayRate: 20_000,
  replayEvents: 1_000_000,
  dueP99: 10,
  dueRate: 1000,
  webJsKb: 150,
  firstProblem: 300,
  alertP99: 100,
  sockets: 10_000,
};

const log = (line: string) => console.log(line);
const started = performance.now();
const loadAtStart = loadavg();
const phaseSeconds: Record<string, number> = {};
/** Each phase's start and end, seconds since the bench started (the --cpu-prof windows). */
const phaseSpans: Record<string, [number, number]> = {};
/** With --diagnose, the load phases' account (bench/diagnose.ts), printed after each. */
let diagnosis: PhaseDiagnosis | null = null;
const DIAGNOSED_PHASES = new Set(['commands', 'read_your_write', 'due_queue', 'due_queue_burst', 'read_your_write_paced']);
async function phase<T>(key: string, title: string, work: () => Promise<T>): Promise<T> {
  const begun = performance.now();
  log(`\n▶ ${title}`);
  const diagnosed = diagnosis && DIAGNOSED_PHASES.has(key) ? diagnosis : null;
  await diagnosed?.begin();
  try {
    return await work();
  } finally {
    phaseSeconds[key] = round((performance.now() - begun) / 1000, 1) ?? 0;
    phaseSpans[key] = [(begun - started) / 1000, (performance.now() - started) / 1000];
    if (diagnosed) for (const line of await diagnosed.end()) log(line);
  }
}
const round = (value: number, digits = 0) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : null);
const fmt = (value: number | null | undefined, digits = 0) =>
  value === null || value === undefined || !Number.isFinite(value) ? '–' : value.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });

// Everything started is stopped in reverse order: at the end, on an error and on Ctrl-C.
const cleanups: { name: string; run: () => Promise<unknown> }[] = [];
let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const step = cleanups.pop()!;
      await step.run().catch((error: unknown) => console.error(`cleanup (${step.name}) failed: ${error instanceof Error ? error.message : String(error)}`));
    }
  })();
  return cleaning;
}
let interrupted = false;
let interruptedCode = 130;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    // A terminal's Ctrl-C arrives twice (the process group, and tsx passing it on): act once.
    if (interrupted) return;
    interrupted = true;
    interruptedCode = signal === 'SIGINT' ? 130 : 143;
    console.error(`\n${signal}: stopping the bench…`);
    const force = setTimeout(() => process.exit(1), 60_000);
    force.unref();
    void cleanup().finally(() => process.exit(interruptedCode));
  });
}

interface WebModule {
  measureWebJsGzipKb(webDist: string): Promise<number>;
  measureFirstProblemMs(baseUrl: string, login: { email: string; password: string }): Promise<{ p50: number; p99: number; runs: number }>;
}

async function loadWebModule(): Promise<WebModule | null> {
  const file = path.join(import.meta.dirname, 'web.ts');
  if (!existsSync(file)) return null;
  return (await import(file)) as WebModule;
}

/** The start-up seeding finishes the problem bank in the background: measure only once it is stored and projected. */
async function waitForProblemBank(databaseUrl: string, baseUrl: string) {
  const store = createPostgresEventStore({ connectionString: databaseUrl });
  const deadline = Date.now() + 300_000;
  try {
    for (;;) {
      if ((await store.readStream(PROBLEM_BANK_STREAM)).exists) break;
      if (Date.now() > deadline) throw new Error('the problem bank was not seeded within 300 s');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await store.close();
  }
  await waitForProjector(baseUrl, deadline);
}

/** Each phase starts with the projector caught up, so none measures the previous one's backlog. */
async function waitForProjector(baseUrl: string, deadline = Date.now() + 120_000) {
  for (;;) {
    const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as { projector: { lag: string | null } };
    if (health.projector.lag === '0') return;
    if (Date.now() > deadline) throw new Error(`the projector did not catch up (lag ${health.projector.lag})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Results {
  raw?: RawInsertResult;
  commands?: CommandPhaseResult;
  ryw?: ReadYourWritePhaseResult;
  rywPaced?: ReadYourWritePhaseResult;
  due?: DueQueuePhaseResult;
  dueBurst?: DueQueuePhaseResult;
  live?: LivePhaseResult;
  webJsKb?: number | null;
  firstProblem?: { p50: number; p99: number; runs: number } | null;
  webNote?: string;
  copy?: CopyResult;
  replay?: ReplayResult;
  history?: HistorySummary;
  capacity?: ProjectorCapacityResult;
  domain: { name: string; value: string }[];
  alerts?: AlertFigures;
  build?: { seconds: number; built: string[]; failed: string[] };
}

async function main(): Promise<Results> {
  const results: Results = { domain: [] };
  const needsProduct = !config.skip.has('load') || !config.skip.has('live') || !config.skip.has('web');
  if (needsProduct && !args['no-build']) {
    results.build = await phase('build', 'build', () => ensureBuilt({ force: Boolean(args.build), log }));
    log(results.build.built.length ? `built: ${results.build.built.join(', ')}` : 'build: up to date');
  }

  // Under /tmp: run as root, PostgreSQL runs as 'postgres', which must reach its data folder.
  const folder = await mkdtemp(path.join(tmpdir(), 'mathdaily-bench-'));
  cleanups.push({
    name: 'temporary folder',
    run: () => (args.keep ? (log(`kept ${folder}`), Promise.resolve()) : rm(folder, { recursive: true, force: true })),
  });
  const server: EmbeddedPostgresHandle = await phase('postgres_start', 'start PostgreSQL', () =>
    startEmbeddedPostgres({ clusterDir: path.join(folder, 'cluster'), password: randomUUID(), ...(args.diagnose ? { settings: DIAGNOSE_SETTINGS } : {}) }),
  );
  cleanups.push({ name: 'PostgreSQL', run: () => server.stop() });

  if (needsProduct) {
    const databaseUrl = await createDatabase(server.url, 'mathdaily');
    const product: RunningProduct = await phase('product_start', 'start the product (node launcher/dist/main.js), wait for the problem bank', async () => {
      const running = await startProduct({ databaseUrl, dataDir: path.join(folder, 'data'), logFile: path.join(folder, 'server.log'), ...(args['cpu-prof'] ? { cpuProfileDir: path.resolve(args['cpu-prof']) } : {}) });
      cleanups.push({ name: 'product', run: () => running.stop() });
      await waitForProblemBank(databaseUrl, running.url);
      return running;
    });
    log(`product at ${product.url} (log ${product.logFile})`);
    if (args.diagnose) {
      const running = new PhaseDiagnosis({ databaseUrl, clusterDir: path.join(folder, 'cluster'), productPid: product.pid });
      cleanups.push({ name: 'diagnosis', run: () => running.close() });
      diagnosis = running;
    }
    try {
      if (!config.skip.has('load')) {
        const students: Student[] = await phase('register', `register ${config.students} students`, () => registerStudents(product.url, config.students));
        await phase('warm_up', 'warm-up (3 s of the practice loop)', () => runReadYourWritePhase(students, 3));
        await waitForProjector(product.url);
        results.raw = await phase('raw_insert', `raw inserts: ${config.students} pg clients, ${config.seconds} s`, () =>
          runRawInsertPhase(databaseUrl, { clients: config.students, seconds: config.seconds }),
        );
        log(`${fmt(results.raw.rowsPerSecond)} rows/s`);
        await waitForProjector(product.url);
        results.commands = await phase('commands', `commands: ${config.students} students answering, ${config.seconds} s`, () => runCommandPhase(students, config.seconds));
        log(`${fmt(results.commands.commandsPerSecond)} answers/s, non-2xx ${JSON.stringify(results.commands.non2xx)}, errors ${results.commands.errors}`);
        // Fresh students on the next addresses: by now the first ones have answered every problem
        // of their grade, and a queue that runs empty stops a student (all caught up).
        const rywStudents = await phase('register_read_your_write', `register ${config.students} more students`, () =>
          registerStudents(product.url, config.students, 2 + Math.ceil(config.students / 10)),
        );
        await waitForProjector(product.url);
        results.ryw = await phase('read_your_write', `read-your-write: answer, then read the queue at that position, ${config.seconds} s`, () =>
          runReadYourWritePhase(rywStudents, config.seconds),
        );
        rywStudents.forEach((student) => student.client.close());
        log(`p50 ${fmt(results.ryw.readMs.p50, 1)} ms, p99 ${fmt(results.ryw.readMs.p99, 1)} ms, stale ${results.ryw.staleReads}/${results.ryw.reads}`);
        await waitForProjector(product.url);
        results.due = await phase('due_queue', `due queue: ${config.dueRate} req/s evenly spaced (open loop), ${config.dueSeconds} s`, () =>
          runDueQueueInThread(product.url, students, { seconds: config.dueSeconds, rate: config.dueRate }),
        );
        log(`p50 ${fmt(results.due.latencyMs.p50, 1)} ms, p99 ${fmt(results.due.latencyMs.p99, 1)} ms, ${fmt(results.due.achievedRate)} req/s`);
        results.dueBurst = await phase('due_queue_burst', `due queue: autocannon at ${config.dueRate} req/s (each second's share sent at its start), ${config.dueSeconds} s`, () =>
          runDueQueueBurstPhase(product.url, students, { seconds: config.dueSeconds, rate: config.dueRate, connections: config.students }),
        );
        log(`p50 ${fmt(results.dueBurst.latencyMs.p50)} ms, p99 ${fmt(results.dueBurst.latencyMs.p99)} ms, ${fmt(results.dueBurst.achievedRate)} req/s`);
        students.forEach((student) => student.client.close());
        // After the due-queue phases, which keep the conditions of earlier runs. Fresh students again.
        const pacedStudents = await phase('register_paced', `register ${config.students} more students`, () =>
          registerStudents(product.url, config.students, 2 + 2 * Math.ceil(config.students / 10)),
        );
        await waitForProjector(product.url);
        results.rywPaced = await phase('read_your_write_paced', `read-your-write paced: the same loop at ${config.rywRate} answers/s in all, ${config.seconds} s`, () =>
          runReadYourWritePhase(pacedStudents, config.seconds, { answersPerSecond: config.rywRate }),
        );
        pacedStudents.forEach((student) => student.client.close());
        log(`p50 ${fmt(results.rywPaced.readMs.p50, 1)} ms, p99 ${fmt(results.rywPaced.readMs.p99, 1)} ms, stale ${results.rywPaced.staleReads}/${results.rywPaced.reads}, ${fmt(results.rywPaced.answersPerSecond)} answers/s`);
      }
      if (!config.skip.has('live')) {
        await waitForProjector(product.url);
        results.live = await phase('live', `live feed: ${fmt(config.liveSockets)} tutor sockets, ${config.liveAnswers} answers timed to the tutor's socket`, () =>
          runLivePhase(product.url, { sockets: config.liveSockets, answers: config.liveAnswers }),
        );
        log(`${fmt(results.live.sockets)} sockets open (${results.live.socketFailures} failed, ${fmt(results.live.openSeconds, 1)} s); alert p50 ${fmt(results.live.alertMs.p50, 1)} ms, p99 ${fmt(results.live.alertMs.p99, 1)} ms, missed ${results.live.missed}; warm-up answer ${results.live.warmUpMs === null ? 'missed' : `${fmt(results.live.warmUpMs, 1)} ms`}`);
      }
      if (!config.skip.has('web')) {
        await phase('web', 'web: landing JS and first problem (bench/web.ts)', async () => {
          await waitForProjector(product.url);
          const web = await loadWebModule().catch((error: unknown) => {
            results.webNote = `bench/web.ts failed to load: ${error instanceof Error ? error.message : String(error)}`;
            return null;
          });
          if (!web) {
            results.webNote ??= 'bench/web.ts is missing: not measured';
            results.webJsKb = null;
            results.firstProblem = null;
            log(results.webNote);
            return;
          }
          const demo = DEMO_ACCOUNTS.find((account) => account.role === 'student')!;
          const notes: string[] = [];
          results.webJsKb = await web.measureWebJsGzipKb(path.join(ROOT, 'web/dist')).catch((error: unknown) => {
            notes.push(`web JS: ${error instanceof Error ? error.message : String(error)}`);
            return null;
          });
          results.firstProblem = await web.measureFirstProblemMs(product.url, { email: demo.email, password: demo.password }).catch((error: unknown) => {
            notes.push(`first problem: ${error instanceof Error ? error.message : String(error)}`);
            return null;
          });
          if (notes.length) results.webNote = notes.join('; ');
        });
      }
    } finally {
      // Stopped before the replay: it gets the machine to itself.
      await phase('product_stop', 'stop the product', () => product.stop());
    }
  }

  if (!config.skip.has('replay')) {
    const replayUrl = await createDatabase(server.url, 'bench_replay');
    const file = path.join(folder, 'history.copy');
    const history = await phase('history', `generate a ${fmt(config.replayEvents)}-event history (seed ${config.seed})`, () =>
      generateHistory(file, config.replayEvents, config.seed),
    );
    results.history = history;
    log(`${fmt(history.students)} students, ${history.days} days, ${fmt(history.bytes / 1024 / 1024)} MiB, ${fmt(history.seconds, 1)} s`);
    results.copy = await phase('copy', 'COPY into events', () => copyHistory(replayUrl, file, history.events));
    log(`${fmt(results.copy.rowsPerSecond)} rows/s (${fmt(results.copy.seconds, 1)} s; VACUUM ANALYZE ${fmt(results.copy.vacuumSeconds, 1)} s)`);
    await rm(file, { force: true });
    results.replay = await phase('replay', `replay (rebuildReadModels, cap ${config.replayCap} s)`, () =>
      measureReplay({ adminUrl: server.url, databaseUrl: replayUrl, database: 'bench_replay', capSeconds: config.replayCap, log }),
    );
    log(`${fmt(results.replay.eventsPerSecond)} events/s over ${fmt(results.replay.events)} events in ${fmt(results.replay.seconds, 1)} s${results.replay.capped ? ' (CAPPED)' : ''}`);
  }

  if (!config.skip.has('capacity')) {
    results.capacity = await phase('projector_capacity', `projector capacity: the live projector applies a ${fmt(config.capacityEvents)}-event practice backlog`, () =>
      measureProjectorCapacity({ adminUrl: server.url, folder, events: config.capacityEvents, seed: config.seed, log }),
    );
    log(`${fmt(results.capacity.eventsPerSecond)} events/s (${fmt(results.capacity.events)} events, ${fmt(results.capacity.answers)} answers, ${fmt(results.capacity.seconds, 1)} s)`);
  }

  if (!config.skip.has('domain')) {
    await phase('domain', 'pure domain', () =>
      benchDomain((name, value) => {
        results.domain.push({ name, value });
        log(`${name.padEnd(60)} ${value}`);
      }),
    );
  }
  if (!config.skip.has('alerts')) {
    results.alerts = await phase('alerts', 'tutor alerts on a simulated class (200 students, 10 days)', async () => simulateClassAlerts({ students: 200, days: 10, seed: 32 }));
  }
  return results;
}

type Verdict = 'PASS' | 'MISS' | 'n/a';
const verdict = (measured: boolean, ok: boolean): Verdict => (!measured ? 'n/a' : ok ? 'PASS' : 'MISS');

function report(results: Results) {
  const { raw, commands, ryw, rywPaced, due, dueBurst, copy, replay, live, capacity } = results;
  const commandVsRaw = raw && commands ? commands.commandsPerSecond / raw.rowsPerSecond : null;
  const nonOk = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
  const replayFull = replay ? replay.events >= GOALS.replayEvents || (results.history?.events ?? 0) >= GOALS.replayEvents : false;
  const goals = {
    read_your_write_paced: verdict(Boolean(rywPaced), Boolean(rywPaced && rywPaced.readMs.p99 <= GOALS.readYourWriteP99 && rywPaced.staleReads === 0)),
    replay: verdict(Boolean(replay) && replayFull, Boolean(replay && !replay.capped && replay.eventsPerSecond >= GOALS.replayRate)),
    due_queue: verdict(
      Boolean(due) && config.dueRate === GOALS.dueRate,
      Boolean(due && due.latencyMs.p99 <= GOALS.dueP99 && due.achievedRate >= 0.95 * due.targetRate && due.non2xx === 0 && due.errors === 0),
    ),
    web_js: verdict(typeof results.webJsKb === 'number', (results.webJsKb ?? Infinity) <= GOALS.webJsKb),
    first_problem: verdict(Boolean(results.firstProblem), (results.firstProblem?.p50 ?? Infinity) <= GOALS.firstProblem),
    alert: verdict(Boolean(live), Boolean(live && live.alertMs.p99 <= GOALS.alertP99 && live.missed === 0)),
    sockets: verdict(Boolean(live), Boolean(live && live.sockets >= GOALS.sockets && live.alertMs.p99 <= GOALS.alertP99 && live.missed === 0)),
  };

  const rows: [string, string, string, string][] = [];
  const ms = (p: Percentiles | { p50: number; p99: number } | null | undefined) => (p ? `p50 ${fmt(p.p50, 1)} / p99 ${fmt(p.p99, 1)} ms` : '–');
  rows.push(['raw_insert_per_s', raw ? `${fmt(raw.rowsPerSecond)} rows/s (${config.students} pg clients, insert p50 ${fmt(raw.insertMs.p50, 1)} ms)` : '–', 'reference', '']);
  rows.push([
    'commands_per_s',
    commands ? `${fmt(commands.commandsPerSecond)} answers/s (non-2xx ${nonOk(commands.non2xx)}, errors ${commands.errors}; answer ${ms(commands.answerMs)})` : '–',
    '',
    '',
  ]);
  rows.push(['command_vs_raw', commandVsRaw === null ? '–' : fmt(commandVsRaw, 3), 'reported', '']);
  rows.push([
    'read_your_write_ms',
    ryw ? `${ms(ryw.readMs)} (${fmt(ryw.reads)} reads; closed loop of ${config.students} students: a capacity, latency = ${config.students} ÷ ${fmt(ryw.answersPerSecond)} answers/s)` : '–',
    'reported',
    '',
  ]);
  rows.push([
    'stale_reads',
    ryw
      ? `${ryw.staleReads} (header ${ryw.staleHeader}, data ${ryw.staleData}; non-2xx ${nonOk(ryw.non2xx)}, errors ${ryw.errors}, caught up ${ryw.caughtUp}; ${fmt(ryw.answersPerSecond)} answers/s, answer ${ms(ryw.answerMs)})`
      : '–',
    'reported',
    '',
  ]);
  rows.push([
    'read_your_write_paced_ms',
    rywPaced
      ? `${ms(rywPaced.readMs)} at ${fmt(rywPaced.answersPerSecond)} of ${fmt(config.rywRate)} answers/s (answer ${ms(rywPaced.answerMs)}, stale ${rywPaced.staleReads}, non-2xx ${nonOk(rywPaced.non2xx)}, errors ${rywPaced.errors}, caught up ${rywPaced.caughtUp})`
      : '–',
    `p99 ≤ ${GOALS.readYourWriteP99} ms, 0 stale`,
    goals.read_your_write_paced,
  ]);
  rows.push(['copy_rows_per_s', copy ? `${fmt(copy.rowsPerSecond)} rows/s (${fmt(copy.rows)} rows, ${fmt(copy.seconds, 1)} s)` : '–', 'reference', '']);
  rows.push([
    'replay_events_per_s',
    replay
      ? `${fmt(replay.eventsPerSecond)} events/s (${fmt(replay.events)} events, ${fmt(replay.seconds, 1)} s${replay.capped ? `, CAPPED at ${config.replayCap} s` : replay.foldSeconds === null ? '' : `: fold ${fmt(replay.foldSeconds, 1)}, rows and indexes ${fmt(replay.seconds - replay.foldSeconds, 1)}`})`
      : '–',
    `≥ ${fmt(GOALS.replayRate)}/s on ≥ ${fmt(GOALS.replayEvents)} events`,
    goals.replay,
  ]);
  rows.push([
    'projector_capacity_events_per_s',
    capacity ? `${fmt(capacity.eventsPerSecond)} events/s (live path: ${fmt(capacity.events)} events, ${fmt(capacity.answers)} answers, ${fmt(capacity.seconds, 1)} s)` : '–',
    'reported',
    '',
  ]);
  rows.push([
    'due_queue_ms',
    due ? `${ms(due.latencyMs)} at ${fmt(due.achievedRate)} of ${fmt(due.targetRate)} req/s (non-2xx ${due.non2xx}, errors ${due.errors})` : '–',
    `p99 ≤ ${GOALS.dueP99} ms at ${GOALS.dueRate} req/s`,
    goals.due_queue,
  ]);
  rows.push([
    'due_queue_burst_ms',
    dueBurst ? `${ms(dueBurst.latencyMs)} at ${fmt(dueBurst.achievedRate)} req/s (autocannon: each second's share at its start; non-2xx ${dueBurst.non2xx}, errors ${dueBurst.errors})` : '–',
    '',
    '',
  ]);
  rows.push([
    'alert_ms',
    live ? `${ms(live.alertMs)} (${live.alerts} answers, missed ${live.missed}; answer sent → tutor's socket; untimed warm-up answer ${live.warmUpMs === null ? 'missed' : `${fmt(live.warmUpMs, 1)} ms`})` : '–',
    `p99 ≤ ${GOALS.alertP99} ms`,
    goals.alert,
  ]);
  rows.push([
    'sockets',
    live ? `${fmt(live.sockets)} of ${fmt(live.socketsWanted)} open (${live.socketFailures} failed, opened in ${fmt(live.openSeconds, 1)} s) while alerts were timed` : '–',
    `≥ ${fmt(GOALS.sockets)} with alerts within goal`,
    goals.sockets,
  ]);
  rows.push(['web_js_gzip_kb', typeof results.webJsKb === 'number' ? `${fmt(results.webJsKb, 1)} KB` : results.webNote ? 'not measured' : '–', `≤ ${GOALS.webJsKb} KB`, goals.web_js]);
  rows.push([
    'first_problem_ms',
    results.firstProblem ? `${ms(results.firstProblem)} (${results.firstProblem.runs} runs)` : results.webNote ? 'not measured' : '–',
    `p50 ≤ ${GOALS.firstProblem} ms`,
    goals.first_problem,
  ]);

  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]!.length), ['figure', 'value', 'goal', ''][i]!.length));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd();
  log('\n' + line(['figure', 'value', 'goal', '']));
  log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) log(line(row));
  if (results.alerts) {
    const { needsHelp, fellBehind } = results.alerts;
    const alertRows: [string, number, string][] = [
      ['alerts_needs_help_precision', needsHelp.precision, `${needsHelp.alerts} flags`],
      ['alerts_needs_help_recall', needsHelp.recall, `${needsHelp.truths} hard stretches`],
      ['alerts_fell_behind_precision', fellBehind.precision, `${fellBehind.alerts} alerts`],
      ['alerts_fell_behind_recall', fellBehind.recall, `${fellBehind.truths} breaks of ≥ 2 days`],
    ];
    log('\nalerts (simulated class, docs/tutor-area.md):');
    for (const [name, value, note] of alertRows) log(`  ${name.padEnd(30)} ${fmt(value, 3).padEnd(6)} (${note})  ≥ 0.9  ${verdict(true, value >= 0.9)}`);
  }
  if (results.domain.length) {
    log('\nextra (pure domain, no I/O):');
    for (const row of results.domain) log(`  ${row.name.padEnd(60)} ${row.value}`);
  }
  if (results.build?.failed.length) log(`\nWARNING: the ${results.build.failed.join(' and ')} build failed: these figures are for the older build output.`);
  if (results.webNote) log(`\nweb: ${results.webNote}`);
  if (replay?.emptyTables.length) log(`\nread-model tables left empty by the replay: ${replay.emptyTables.join(', ')}`);
  const total = (performance.now() - started) / 1000;
  log(`\nphases (s): ${Object.entries(phaseSeconds).map(([name, s]) => `${name} ${s}`).join(', ')}`);
  const productStart = phaseSpans.product_start?.[0];
  if (args['cpu-prof'] && productStart !== undefined) {
    // A profile's clock starts with its process (the main thread) or thread (the projector's, a moment later).
    const windows = Object.entries(phaseSpans).filter(([, [begin]]) => begin >= productStart);
    log(`CPU profiles in ${path.resolve(args['cpu-prof'])}; phases in seconds from the product's start: ${windows.map(([name, [begin, end]]) => `${name} ${fmt(begin - productStart, 1)}–${fmt(end - productStart, 1)}`).join(', ')}`);
  }
  // Other work on the machine moves every figure: say how busy it was.
  const loadAtEnd = loadavg();
  log(`total ${fmt(total)} s; load average (1 min) ${fmt(loadAtStart[0], 1)} at start, ${fmt(loadAtEnd[0], 1)} at end, on ${availableParallelism()} cores`);

  const json = {
    commands_per_s: commands ? round(commands.commandsPerSecond, 1) : null,
    raw_insert_per_s: raw ? round(raw.rowsPerSecond, 1) : null,
    command_vs_raw: commandVsRaw === null ? null : round(commandVsRaw, 3),
    read_your_write_ms: ryw ? { p50: ryw.readMs.p50, p99: ryw.readMs.p99 } : null,
    stale_reads: ryw ? ryw.staleReads : null,
    read_your_write_answer_ms: ryw ? { p50: ryw.answerMs.p50, p99: ryw.answerMs.p99, answers_per_s: round(ryw.answersPerSecond, 1) } : null,
    read_your_write_paced_ms: rywPaced ? { p50: rywPaced.readMs.p50, p99: rywPaced.readMs.p99, answers_per_s: round(rywPaced.answersPerSecond, 1), answer_ms: { p50: rywPaced.answerMs.p50, p99: rywPaced.answerMs.p99 }, stale_reads: rywPaced.staleReads } : null,
    replay_events_per_s: replay ? round(replay.eventsPerSecond) : null,
    projector_capacity_events_per_s: capacity ? round(capacity.eventsPerSecond) : null,
    copy_rows_per_s: copy ? round(copy.rowsPerSecond) : null,
    due_queue_ms: due ? { p50: due.latencyMs.p50, p99: due.latencyMs.p99 } : null,
    due_queue_burst_ms: dueBurst ? { p50: dueBurst.latencyMs.p50, p99: dueBurst.latencyMs.p99 } : null,
    web_js_gzip_kb: typeof results.webJsKb === 'number' ? round(results.webJsKb, 1) : null,
    // {p50, p99} of the browser runs; the goal is judged on p50.
    first_problem_ms: results.firstProblem ? { p50: results.firstProblem.p50, p99: results.firstProblem.p99 } : null,
    alert_ms: live ? { p50: live.alertMs.p50, p99: live.alertMs.p99 } : null,
    sockets: live ? live.sockets : null,
    replay_events: results.history?.events ?? null,
    phase_seconds: phaseSeconds,
    total_seconds: round(total, 1),
    goals,
    context: {
      config: { ...config, skip: [...config.skip] },
      build: results.build ?? null,
      raw_insert: raw ?? null,
      commands: commands ?? null,
      read_your_write: ryw ?? null,
      read_your_write_paced: rywPaced ?? null,
      due_queue: due ?? null,
      due_queue_burst: dueBurst ?? null,
      live: live ?? null,
      first_problem: results.firstProblem ?? null,
      web_note: results.webNote ?? null,
      history: results.history ?? null,
      copy: copy ?? null,
      replay: replay ?? null,
      projector_capacity: capacity ?? null,
      domain: results.domain,
      alerts: results.alerts ?? null,
      node: process.version,
      cores: availableParallelism(),
      load_average_start: loadAtStart,
      load_average_end: loadAtEnd,
    },
  };
  return json;
}

let exitCode = 0;
try {
  const results = await main();
  await cleanup();
  const json = report(results);
  if (args.json) {
    await writeFile(args.json, `${JSON.stringify(json, null, 2)}\n`);
    log(`wrote ${args.json}`);
  }
} catch (error) {
  exitCode = 1;
  // After Ctrl-C the phase in progress fails as its processes stop: the signal handler exits.
  if (interrupted) {
    await cleanup();
    process.exit(interruptedCode);
  }
  console.error(`\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await cleanup();
}
process.exit(exitCode);

