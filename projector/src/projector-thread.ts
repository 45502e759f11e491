import { Worker } from 'node:worker_threads';
import type { MailSettings } from './reactors/mail.ts';

export interface ProjectorWorkerData {
  databaseUrl: string;
  eventStoreUrl?: string | undefined;
  /** Source runs only: the TypeScript entry worker-bootstrap.mjs imports. */
  entry?: string;
}

export type ProjectorWorkerMessage =
  | { type: 'log'; line: string }
  | { type: 'started'; position: string; active: boolean }
  | { type: 'checkpoint'; position: string; active: boolean }
  | { type: 'stopped' }
  | { type: 'failed'; message: string }
  | { type: 'metrics'; id: number; text: string };

/** What the launcher tells the worker. */
export type ProjectorThreadCommand = { type: 'stop' } | { type: 'mail'; settings: MailSettings } | { type: 'metrics'; id: number };

/** What the launcher needs of a projector, wherever it runs. */
export interface ProjectorHandle {
  readonly checkpoint: bigint;
  readonly active: boolean;
  /** Starts the mail reactor in this projector (the launcher knows PUBLIC_URL's port only once it listens). */
  startMail(settings: MailSettings): void;
  stop(): Promise<void>;
  /** Its metrics in Prometheus text, when they live apart from the caller's registry (a thread's). */
  metricsText?(): Promise<string>;
}

/** The worker's script: the bundle beside the built launcher, or the TypeScript source through tsx. */
function workerScript(): { url: URL; entry?: string } {
  if (import.meta.url.endsWith('.ts')) {
    return { url: new URL('./worker-bootstrap.mjs', import.meta.url), entry: new URL('./projector-worker.ts', import.meta.url).href };
  }
  return { url: new URL('./projector-worker.js', import.meta.url) };
}

export interface ProjectorThreadOptions {
  databaseUrl: string;
  eventStoreUrl?: string | undefined;
  log: (line: string) => void;
  /** Makes each thread (tests wrap it to end a thread on purpose). */
  createWorker?: (script: URL, data: ProjectorWorkerData) => Worker;
  /** Wait before the n-th restart in a row (1-based). */
  restartDelayMs?: (attempt: number) => number;
}

/**
 * 1 s doubling up to 30 s, each drawn between half and all of that (jitter, as `Backoff` does): a
 * thread that keeps failing (database down) is not restarted in a tight loop.
 */
const defaultRestartDelay = (attempt: number) => {
  const ceiling = Math.min(30_000, 1_000 * 2 ** (attempt - 1));
  return ceiling / 2 + (Math.random() * ceiling) / 2;
};
/** A thread that ran this long counts as healthy: its next failure starts the delays over. */
const HEALTHY_RUN_MS = 60_000;

function newWorker(script: URL, data: ProjectorWorkerData): Worker {
  // No inherited flags but the CPU profiler's (`npm run bench -- --cpu-prof DIR` profiles this
  // thread too): a test runner's loader options do not belong in this thread. A larger young
  // generation: a rebuild at start folds every event in memory, and scavenges dominated.
  const execArgv = process.execArgv.filter((flag) => flag.startsWith('--cpu-prof'));
  return new Worker(script, { workerData: data, execArgv, resourceLimits: { maxYoungGenerationSizeMb: 192 } });
}

/**
 * The projector on a worker thread (embedded mode, DESIGN.md §5): its batches, JSON and folds run
 * beside the APIs' event loop instead of on it. `start` resolves when it has caught up with the
 * events stored at start, like Projector.start. A thread that dies later (an uncaught error, out of
 * memory) is started again after a delay: without it the read models would silently stop moving
 * while the APIs keep serving. The new thread resumes from the stored checkpoint.
 */
export class ProjectorThread implements ProjectorHandle {
  private position = 0n;
  private isActive = false;
  private worker: Worker | undefined;
  private running = false;
  private exited: Promise<void> = Promise.resolve();
  private stopping = false;
  private restartTimer: NodeJS.Timeout | undefined;
  private failuresInARow = 0;
  private mail: MailSettings | undefined;
  private readonly log: (line: string) => void;

  private constructor(private readonly options: ProjectorThreadOptions) {
    this.log = options.log;
  }

  static async start(options: ProjectorThreadOptions): Promise<ProjectorThread> {
    const thread = new ProjectorThread(options);
    await thread.spawn(false);
    return thread;
  }

  /** Starts one thread; resolves when it has caught up, rejects when it fails before that. */
  private spawn(isRestart: boolean): Promise<void> {
    const script = workerScript();
    const data: ProjectorWorkerData = { databaseUrl: this.options.databaseUrl, eventStoreUrl: this.options.eventStoreUrl, entry: script.entry };
    const worker = (this.options.createWorker ?? newWorker)(script.url, data);
    const startedAt = Date.now();
    this.worker = worker;
    this.running = false;
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    return new Promise<void>((resolve, reject) => {
      worker.on('error', (error: Error) => {
        this.log(`projector thread failed: ${error.message}`);
        reject(error);
      });
      worker.on('exit', () => {
        if (this.worker !== worker) return;
        const wasRunning = this.running;
        this.running = false;
        this.isActive = false;
        // The first start's failure is the caller's (start rejects); any later end is ours to mend.
        if (!this.stopping && (isRestart || wasRunning)) this.restartAfterExit(Date.now() - startedAt, wasRunning);
        reject(new Error('projector thread ended before it had caught up'));
      });
      worker.on('message', (message: ProjectorWorkerMessage) => {
        switch (message.type) {
          case 'log':
            return this.log(message.line);
          case 'started':
          case 'checkpoint':
            this.position = BigInt(message.position);
            this.isActive = message.active;
            if (message.type === 'started') {
              this.running = true;
              if (this.mail) worker.postMessage({ type: 'mail', settings: this.mail } satisfies ProjectorThreadCommand);
              resolve();
            }
            return;
          case 'failed':
            this.log(`projector: ${message.message}`);
            reject(new Error(`projector: ${message.message}`));
            return void worker.terminate();
          case 'stopped':
            return void worker.terminate();
          case 'metrics':
            this.metricsAnswers.get(message.id)?.(message.text);
            return;
        }
      });
    });
  }

  private restartAfterExit(ranMs: number, wasRunning: boolean) {
    this.failuresInARow = ranMs >= HEALTHY_RUN_MS ? 1 : this.failuresInARow + 1;
    const delay = (this.options.restartDelayMs ?? defaultRestartDelay)(this.failuresInARow);
    const what = wasRunning ? 'projector thread ended unexpectedly' : 'projector thread could not start';
    this.log(`${what}; starting it again in ${Math.round(delay / 100) / 10} s`);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      // A failed start ends its thread too, and that exit schedules the next attempt.
      this.spawn(true).then(
        () => this.log(`projector thread started again at position ${this.position}`),
        () => {},
      );
    }, delay);
  }

  get checkpoint(): bigint {
    return this.position;
  }

  get active(): boolean {
    return this.isActive;
  }

  private metricsAnswers = new Map<number, (text: string) => void>();
  private metricsAsked = 0;

  /** The thread's metrics (its registry); empty when it does not answer within 2 s (restarting). */
  metricsText(): Promise<string> {
    const worker = this.worker;
    if (!worker || !this.running) return Promise.resolve('');
    const id = ++this.metricsAsked;
    return new Promise<string>((resolve) => {
      const timer = setTimeout(() => answer(''), 2_000);
      const answer = (text: string) => {
        clearTimeout(timer);
        this.metricsAnswers.delete(id);
        resolve(text);
      };
      this.metricsAnswers.set(id, answer);
      worker.postMessage({ type: 'metrics', id } satisfies ProjectorThreadCommand);
    });
  }

  startMail(settings: MailSettings): void {
    this.mail = settings;
    if (this.running) this.worker?.postMessage({ type: 'mail', settings } satisfies ProjectorThreadCommand);
  }

  /** Stops the projector cleanly (its batch finishes, its connections close); the thread ends after. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const worker = this.worker;
    if (!worker) return;
    worker.postMessage({ type: 'stop' } satisfies ProjectorThreadCommand);
    const timeout = setTimeout(() => void worker.terminate(), 10_000);
    await this.exited;
    clearTimeout(timeout);
  }
}
