import { writeFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { createLogger } from '@mathdaily/api-kit';
import { loadConfig } from './config.ts';
import { createEventStoreDbEventStore } from '@mathdaily/event-store';
import { DataDirError, startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded-postgres.ts';
import { startApp, type RunningApp } from './app.ts';

const DATABASE = 'mathdaily';

/** npm start's own lines (pino, readable at a terminal); the APIs log through their own. */
const logger = createLogger('mathdaily');

function fail(message: string): never {
  logger.fatal(`MathDaily could not start: ${message}`);
  logger.flush();
  process.exit(1);
}

async function ensurePortFree(port: number, host: string) {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} is already in use. Stop the program using it, or start on another port: PORT=${port + 1} npm start`)
          : error,
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/** Connects once with a short timeout so an unreachable server gets a clear message. */
async function checkDatabase(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const where = (() => {
      try {
        const parsed = new URL(url);
        return `${decodeURIComponent(parsed.hostname)}:${parsed.port || 5432}${parsed.pathname}`;
      } catch {
        return 'DATABASE_URL';
      }
    })();
    throw new Error(`PostgreSQL at ${where} is unreachable (${error instanceof Error ? error.message : String(error)}). Check DATABASE_URL.`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** EventStoreDB answers a read within 10 s, or start-up stops with a message naming it. */
async function checkEventStore(url: string) {
  const store = createEventStoreDbEventStore({ connectionString: url, warn: () => {} });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      store.lastPosition(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer within 10 s')), 10_000))),
    ]);
  } catch (error) {
    const where = (() => {
      try {
        return new URL(url).host;
      } catch {
        return 'EVENTSTORE_URL';
      }
    })();
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new Error(`EventStoreDB at ${where} is unreachable (${reason}). Check EVENTSTORE_URL.`);
  } finally {
    clearTimeout(timer);
    await store.close().catch(() => {});
  }
}

async function ensureDatabase(adminUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

async function main() {
  // Signals are handled from the first moment: a Ctrl-C during start-up still stops PostgreSQL.
  let embedded: EmbeddedPostgresHandle | undefined;
  let app: RunningApp | undefined;
  let runtimeFile: string | undefined;
  let startup: Promise<unknown> = Promise.resolve();
  let stopping = false;
  // Ctrl-C reaches PostgreSQL too (same process group): it is already shutting down while our
  // parts stop, so their lost-connection warnings are expected then and not worth showing.
  const log = (line: string) => {
    if (!stopping) logger.info(line);
  };
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    embedded?.letItStop();
    logger.info(`${signal}: stopping MathDaily…`);
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    await startup.catch(() => {});
    await app?.stop().catch((error: unknown) => logger.error({ err: error }, 'stopping the server failed'));
    await embedded?.stop().catch((error: unknown) => logger.error({ err: error }, 'stopping PostgreSQL failed'));
    if (runtimeFile) rmSync(runtimeFile, { force: true });
    logger.info('Stopped.');
    logger.flush();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  let config;
  try {
    config = await loadConfig();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  try {
    await ensurePortFree(config.port, config.host);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }

  let databaseUrl = config.databaseUrl;
  try {
    if (!databaseUrl) {
      logger.info(`Starting the embedded PostgreSQL server (data in ${config.dataDir})…`);
      const starting = startEmbeddedPostgres({ clusterDir: path.join(config.dataDir, 'postgres'), password: config.embeddedPassword, restartWhenItDies: true, log });
      startup = starting;
      embedded = await starting;
      databaseUrl = await ensureDatabase(embedded.url);
    } else {
      await checkDatabase(databaseUrl);
    }
    if (config.eventStoreUrl) await checkEventStore(config.eventStoreUrl);
  } catch (error) {
    if (stopping) return;
    stopping = true; // quiet: we are giving up
    await embedded?.stop().catch(() => {});
    fail(error instanceof DataDirError || error instanceof Error ? error.message : String(error));
  }
  if (stopping) return;

  try {
    const starting = startApp({
      databaseUrl,
      eventStoreUrl: config.eventStoreUrl,
      jwtSecret: config.jwtSecret,
      demoAccounts: config.demoAccounts,
      dataDir: config.dataDir,
      publicUrl: config.publicUrl,
      trustProxy: config.trustProxy,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      projectorStallSeconds: config.projectorStallSeconds,
      ...(config.livePingSeconds ? { livePingSeconds: config.livePingSeconds } : {}),
      port: config.port,
      host: config.host,
      log,
      projectorThread: true,
    });
    startup = starting;
    app = await starting;
  } catch (error) {
    if (stopping) return;
    stopping = true; // quiet: parts already started lose their database as it stops
    await embedded?.stop().catch(() => {});
    const code = (error as NodeJS.ErrnoException).code;
    fail(code === 'EADDRINUSE' ? `port ${config.port} is already in use.` : error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
  if (stopping) return;

  // `npm run replay` finds the running database here.
  runtimeFile = path.join(config.dataDir, 'runtime.json');
  writeFileSync(runtimeFile, JSON.stringify({ pid: process.pid, databaseUrl }), { mode: 0o600 });
  logger.info(`MathDaily is running at ${app.url} (Ctrl-C stops it.)`);
}

await main();
