// The product under test: built bundles (`npm run build`), run as a child process so the load
// generator never shares the server's event loop.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { findFreePort } from '@mathdaily/launcher/embedded-postgres';

export const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_BUNDLE = path.join(ROOT, 'launcher/dist/main.js');
const WEB_INDEX = path.join(ROOT, 'web/dist/index.html');
const SERVER_SOURCES = ['domain', 'event-store', 'api-kit', 'command-api', 'projector', 'query-api', 'launcher'].map((w) => path.join(ROOT, w, 'src'));
const WEB_SOURCES = [path.join(ROOT, 'web/src'), path.join(ROOT, 'web/public'), path.join(ROOT, 'web/index.html'), path.join(ROOT, 'web/vite.config.ts'), path.join(ROOT, 'domain/src')];

function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (target: string) => {
    if (!existsSync(target)) return;
    const stat = statSync(target);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(target)) if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(target, entry));
    } else if (!/\.test\.tsx?$/.test(target)) newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

const mtime = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** Runs a build step quietly (vite lists every file); its output is shown only when it fails. */
function run(command: string, args: string[], log: (line: string) => void): Promise<void> {
  log(`$ ${command === process.execPath ? 'node' : command} ${args.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      log(output.trim().split('\n').slice(-30).join('\n'));
      reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`));
    });
  });
}

/**
 * Builds what is missing or older than its sources: the web app (vite) and the server bundles
 * (esbuild, seconds), the same steps as `npm run build`; `force` rebuilds both. When a build
 * fails but an earlier output exists (someone's half-finished change), that output is measured
 * and the failure is reported with the figures; with no output at all the bench stops.
 */
export async function ensureBuilt(options: { force: boolean; log: (line: string) => void }): Promise<{ seconds: number; built: string[]; failed: string[] }> {
  const started = performance.now();
  const built: string[] = [];
  const failed: string[] = [];
  const step = async (name: string, output: string, sources: string[], command: string, args: string[]) => {
    if (!options.force && mtime(output) >= newestMtime(sources)) return;
    try {
      await run(command, args, options.log);
      built.push(name);
    } catch (error) {
      if (!existsSync(output)) throw error;
      failed.push(name);
      options.log(`WARNING: the ${name} build failed (${error instanceof Error ? error.message : String(error)}); measuring the existing, older ${path.relative(ROOT, output)}`);
    }
  };
  await step('web', WEB_INDEX, WEB_SOURCES, 'npm', ['run', 'build', '--workspace', '@mathdaily/web']);
  await step('server', SERVER_BUNDLE, SERVER_SOURCES, process.execPath, ['launcher/build.mjs']);
  return { seconds: (performance.now() - started) / 1000, built, failed };
}

export interface RunningProduct {
  url: string;
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

/** Starts `node launcher/dist/main.js` on a free loopback port and waits for /api/health. */
/** `cpuProfileDir`: the product runs with node's CPU profiler, its main thread and its projector's thread each writing a .cpuprofile there when it stops. */
export async function startProduct(options: { databaseUrl: string; dataDir: string; logFile: string; cpuProfileDir?: string }): Promise<RunningProduct> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(options.logFile);
  const profiling = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profiling, '--enable-source-maps', SERVER_BUNDLE], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEMO_ACCOUNTS: '1',
      PUBLIC_URL: url,
      SMTP_URL: '',
      EVENTSTORE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    }),
  );
  const tail = () => (existsSync(options.logFile) ? readFileSync(options.logFile, 'utf8').trim().split('\n').slice(-15).join('\n  ') : '');

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exit;
    clearTimeout(killer);
    log.end();
  };

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) throw new Error(`the product exited during start-up (${JSON.stringify(exited)}):\n  ${tail()}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the product did not answer /api/health within 180 s:\n  ${tail()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, pid: child.pid!, logFile: options.logFile, stop };
}
