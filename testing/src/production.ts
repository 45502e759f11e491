// The production topology as separate processes (command-api, query-api, projector, each from
// its own entry point) against one PostgreSQL, for tests that must not rely on embedded mode.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const ENTRY_POINTS = {
  'command-api': 'command-api/src/main.ts',
  'query-api': 'query-api/src/main.ts',
  projector: 'projector/src/main.ts',
} as const;
export type ProductionProcess = keyof typeof ENTRY_POINTS;

export interface ProductionTopology {
  commandUrl: string;
  queryUrl: string;
  /** Everything the three processes printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the three processes and resolves once both APIs are ready (as compose's health checks ask). */
export async function startProductionTopology(options: { databaseUrl: string; jwtSecret: string; demoAccounts?: boolean; timeoutMs?: number }): Promise<ProductionTopology> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-production-'));
  const ports = { 'command-api': await freePort(), 'query-api': await freePort(), projector: 0 };
  let output = '';
  const children: ChildProcess[] = (Object.keys(ENTRY_POINTS) as ProductionProcess[]).map((name) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, ENTRY_POINTS[name])], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        EVENTSTORE_URL: '',
        JWT_SECRET: options.jwtSecret,
        DEMO_ACCOUNTS: options.demoAccounts ? 'on' : 'off',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(ports[name]),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => (output += `[${name}] ${chunk.toString()}`);
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    return child;
  });
  const topology: ProductionTopology = {
    commandUrl: `http://127.0.0.1:${ports['command-api']}`,
    queryUrl: `http://127.0.0.1:${ports['query-api']}`,
    output: () => output,
    stop: async () => {
      await Promise.all(
        children.map(
          (child) =>
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
  // command-api's OpenAPI document answers once its routes are up; query-api's health also needs a projector.
  for (const url of [`${topology.commandUrl}/api/docs/commands/json`, `${topology.queryUrl}/api/health`]) {
    for (;;) {
      const status = await fetch(url).then((response) => response.status, () => 0);
      if (status === 200) break;
      if (Date.now() > deadline || children.some((child) => child.exitCode !== null)) {
        await topology.stop();
        throw new Error(`the production processes did not come up (${url}: ${status}):\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return topology;
}
