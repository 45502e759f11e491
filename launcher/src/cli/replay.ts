// `npm run replay`: rebuilds every read model from event 0 into a fresh schema and switches to it.
// Works beside a running server (it finds the database in DATA_DIR/runtime.json) or alone.
import cliProgress from 'cli-progress';
import { createLogger, createSlonikPool, lineLogger } from '@mathdaily/api-kit';
import { readModels, rebuildReadModels, ReplayStoppedError } from '@mathdaily/projector';
import { cliEventStore, describeFailure, resolveCliDatabase, UsageError } from './database.ts';

/** Its lines on standard error (pino): standard output stays free. */
const logger = createLogger('replay', process.stderr);

/** Ctrl-C (or SIGTERM) stops the replay between pages; the schema in use stays as it was. */
const stopping = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping.signal.aborted) return;
    logger.info(`${signal}, stopping…`);
    stopping.abort();
  });
}

async function main() {
  const log = lineLogger(logger);
  const { url, embedded } = await resolveCliDatabase(log);
  const pool = await createSlonikPool(url);
  const bar = new cliProgress.SingleBar(
    { format: 'replay [{bar}] {percentage}% of the log | {events} events folded', stream: process.stderr, hideCursor: true, noTTYOutput: true, notTTYSchedule: 2000 },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  let store: ReturnType<typeof cliEventStore> | undefined;
  try {
    store = cliEventStore(url, log);
    const result = await rebuildReadModels({
      pool,
      store,
      models: readModels,
      // The fold's progress is the bar; the phases after it are lines.
      log: (line) => {
        if (line.startsWith('replay: folded')) return;
        bar.stop();
        logger.info(line);
      },
      signal: stopping.signal,
      storedEventsTable: store.sqlTable,
      onProgress: (position, target, events) => {
        if (!started) bar.start(Math.max(Number(target), 1), 0, { events: 0 });
        started = true;
        bar.update(Math.min(Number(position), Number(target)), { events: events.toLocaleString('en-GB') });
      },
    });
    bar.stop();
    logger.info(`${result.events.toLocaleString('en-GB')} events, ${result.seconds.toFixed(2)} s, ${result.eventsPerSecond.toLocaleString('en-GB')} events/s`);
  } catch (error) {
    bar.stop();
    if (error instanceof ReplayStoppedError) {
      log(error.message);
      process.exitCode = 130;
    } else if (error instanceof UsageError) {
      log(error.message);
      process.exitCode = 2;
    } else {
      log(`failed: ${describeFailure(error)}`);
      process.exitCode = 1;
    }
  } finally {
    await store?.close();
    await pool.end();
    await embedded?.stop();
  }
}

await main();
