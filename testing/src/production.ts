// The production topology as separate processes (command-apis, query-apis, projectors, each from
// its own entry point) against one PostgreSQL and, optionally, EventStoreDB, for tests that must
// not rely on embedded mode.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '@mathdaily/launcher/embedded-postgres';

const root = path.resolve(import.meta.dirname, '../..');
const ENTRY_POINTS = {
  'command-api': 'command-api/src/main.ts',
  'query-api': 'query-api/src/main.ts',
  projector: 'projector/src/main.ts',
} as const;
type ProductionProcess = keyof typeof ENTRY_POINTS;

/**
 * The bundle production runs (`<service>/dist/main.js`, which `npm test` builds first), else the
 * sources through tsx (a test run without a build; compiling them costs seconds per process).
 */
function commandOf(kind: ProductionProcess): string[] {
  const bundle = path.join(root, kind, 'dist/main.js');
  return existsSync(bundle) ? ['--enable-source-maps', bundle] : ['--import', 'tsx', path.join(root, ENTRY_POINTS[kind])];
}

/** One process of the topology: `command-api-1`, `projector-2`, … */
interface TopologyProcess {
  name: string;
  kind: ProductionProcess;
  /** Its HTTP address (a projector's has /metrics and /health/* only). */
  url: string;
  /** What it printed. */
  output(): string;
  /** Ends it without a chance to clean up (`kill -9`). */
  kill9(): Promise<void>;
  /** Asks it to stop (SIGTERM, as compose does) and waits: its exit code, or the signal that ended it. */
  terminate(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly exited: boolean;
}

export interface ProductionTopology {
  commandUrls: string[];
  queryUrls: string[];
  /** The first of each (the single-instance tests' addresses). */
  commandUrl: string;
  queryUrl: string;
  processes: TopologyProcess[];
  /** The projector holding the single-projector lock. */
  activeProjector(): TopologyProcess | undefined;
  /** Everything the processes printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface ProductionTopologyOptions {
  databaseUrl: string;
  jwtSecret: string;
  /** EventStoreDB for the events (EVENTSTORE_URL); PostgreSQL's event store without it. */
  eventStoreUrl?: string;
  demoAccounts?: boolean;
  /** How many of each (default 1). */
  commandApis?: number;
  queryApis?: number;
  projectors?: number;
  timeoutMs?: number;
  /** More environment for every process (e.g. LIVE_PING_SECONDS). */
  env?: Record<string, string>;
}

/** Starts the processes and resolves once every API is ready (as compose's health checks ask). */
export async function startProductionTopology(options: ProductionTopologyOptions): Promise<ProductionTopology> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-production-'));
  const counts: Record<ProductionProcess, number> = { 'command-api': options.commandApis ?? 1, 'query-api': options.queryApis ?? 1, projector: options.projectors ?? 1 };
  let output = '';
  const processes: (TopologyProcess & { child: ChildProcess; port: number })[] = [];
  for (const kind of Object.keys(ENTRY_POINTS) as ProductionProcess[]) {
    for (let index = 1; index <= counts[kind]; index += 1) {
      const name = `${kind}-${index}`;
      // A projector's port serves its metrics and health probes only.
      const port = await findFreePort();
      const child = spawn(process.execPath, commandOf(kind), {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: options.databaseUrl,
          EVENTSTORE_URL: options.eventStoreUrl ?? '',
          JWT_SECRET: options.jwtSecret,
          DEMO_ACCOUNTS: options.demoAccounts ? 'on' : 'off',
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          PORT: String(port),
          // Behind the test's own "proxy": the test names the client in X-Forwarded-For.
          TRUST_PROXY: '1',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let own = '';
      const collect = (chunk: Buffer) => {
        own += chunk.toString();
        output += `[${name}] ${chunk.toString()}`;
      };
      child.stdout!.on('data', collect);
      child.stderr!.on('data', collect);
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
      processes.push({
        name,
        kind,
        child,
        port,
        url: `http://127.0.0.1:${port}`,
        output: () => own,
        get exited() {
          return child.exitCode !== null || child.signalCode !== null;
        },
        kill9: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await exited;
        },
        terminate: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    }
  }
  const urls = (kind: ProductionProcess) => processes.filter((p) => p.kind === kind).map((p) => `http://127.0.0.1:${p.port}`);
  const topology: ProductionTopology = {
    commandUrls: urls('command-api'),
    queryUrls: urls('query-api'),
    commandUrl: urls('command-api')[0]!,
    queryUrl: urls('query-api')[0]!,
    processes,
    // A projector says it runs once it holds the lock (projector/src/main.ts); a standby only after taking over.
    activeProjector: () => processes.find((p) => p.kind === 'projector' && !p.exited && p.output().includes('projector: running from position')),
    output: () => output,
    stop: async () => {
      await Promise.all(
        processes.map(
          ({ child }) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
            }),
        ),
      );
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  // A command-api's OpenAPI document answers once its routes are up; a query-api's health also needs a projector.
  const ready = [...topology.commandUrls.map((url) => `${url}/api/docs/commands/json`), ...topology.queryUrls.map((url) => `${url}/api/health`)];
  for (const url of ready) {
    for (;;) {
      const status = await fetch(url).then((response) => response.status, () => 0);
      if (status === 200) break;
      if (Date.now() > deadline || processes.some((p) => p.exited)) {
        await topology.stop();
        throw new Error(`the production processes did not come up (${url}: ${status}):\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return topology;
}
