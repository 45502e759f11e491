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
  | { type: 'failed'; message: string };

/** What the launcher tells the worker. */
export type ProjectorThreadCommand = { type: 'stop' } | { type: 'mail'; settings: MailSettings };

/** What the launcher needs of a projector, wherever it runs. */
export interface ProjectorHandle {
  readonly checkpoint: bigint;
  readonly active: boolean;
  /** Starts the mail reactor in this projector (the launcher knows PUBLIC_URL's port only once it listens). */
  startMail(settings: MailSettings): void;
  stop(): Promise<void>;
}

/** The worker's script: the bundle beside the built launcher, or the TypeScript source through tsx. */
function workerScript(): { url: URL; entry?: string } {
  if (import.meta.url.endsWith('.ts')) {
    return { url: new URL('./worker-bootstrap.mjs', import.meta.url), entry: new URL('./projector-worker.ts', import.meta.url).href };
  }
  return { url: new URL('./projector-worker.js', import.meta.url) };
}

/**
 * The projector on a worker thread (embedded mode, DESIGN.md §5): its batches, JSON and folds run
 * beside the APIs' event loop instead of on it. `start` resolves when it has caught up with the
 * events stored at start, like Projector.start.
 */
export class ProjectorThread implements ProjectorHandle {
  private position = 0n;
  private isActive = false;
  private readonly worker: Worker;
  private readonly stopped: Promise<void>;
  private resolveStopped!: () => void;

  private constructor(
    options: { databaseUrl: string; eventStoreUrl?: string | undefined },
    private readonly log: (line: string) => void,
  ) {
    const script = workerScript();
    this.stopped = new Promise((resolve) => (this.resolveStopped = resolve));
    const data: ProjectorWorkerData = { databaseUrl: options.databaseUrl, eventStoreUrl: options.eventStoreUrl, entry: script.entry };
    // No inherited flags: a test runner's loader options do not belong in this thread. A larger
    // young generation: a rebuild at start folds every event in memory, and scavenges dominated.
    this.worker = new Worker(script.url, { workerData: data, execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 192 } });
    this.worker.on('exit', () => this.resolveStopped());
  }

  static async start(options: { databaseUrl: string; eventStoreUrl?: string | undefined; log: (line: string) => void }): Promise<ProjectorThread> {
    const thread = new ProjectorThread(options, options.log);
    await new Promise<void>((resolve, reject) => {
      thread.worker.on('error', (error: Error) => {
        thread.log(`projector thread failed: ${error.message}`);
        reject(error);
      });
      thread.worker.on('message', (message: ProjectorWorkerMessage) => {
        switch (message.type) {
          case 'log':
            return thread.log(message.line);
          case 'started':
          case 'checkpoint':
            thread.position = BigInt(message.position);
            thread.isActive = message.active;
            if (message.type === 'started') resolve();
            return;
          case 'failed':
            thread.log(`projector: ${message.message}`);
            reject(new Error(`projector: ${message.message}`));
            return void thread.worker.terminate();
          case 'stopped':
            return void thread.worker.terminate();
        }
      });
    });
    return thread;
  }

  get checkpoint(): bigint {
    return this.position;
  }

  get active(): boolean {
    return this.isActive;
  }

  startMail(settings: MailSettings): void {
    this.post({ type: 'mail', settings });
  }

  private post(command: ProjectorThreadCommand) {
    this.worker.postMessage(command);
  }

  /** Stops the projector cleanly (its batch finishes, its connections close); the thread ends after. */
  async stop(): Promise<void> {
    this.post({ type: 'stop' });
    const timeout = setTimeout(() => void this.worker.terminate(), 10_000);
    await this.stopped;
    clearTimeout(timeout);
  }
}
