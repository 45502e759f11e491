import type { NewEvent } from '@mathdaily/domain';
import { ConcurrencyError, type EventStore } from '@mathdaily/event-store';

/**
 * Runs `run` on a timer beside the projector: first after `firstAfterMs`, then `everyMs` after
 * each run ends; a run that fails is logged and the next one tries again. The timer never keeps
 * the process alive.
 */
export class RepeatingRun {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly name: string,
    private readonly everyMs: number,
    private readonly run: () => Promise<unknown>,
    private readonly log: ((line: string) => void) | undefined,
  ) {}

  start(firstAfterMs: number): void {
    const tick = (delay: number) => {
      this.timer = setTimeout(() => {
        void this.run()
          .catch((error: unknown) => this.log?.(`${this.name} failed: ${error instanceof Error ? error.message : String(error)}`))
          .finally(() => tick(this.everyMs));
      }, delay);
      this.timer.unref();
    };
    tick(firstAfterMs);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

/**
 * Appends a check's events if the stream is still at the version the check decided on; false when
 * someone (the user, another check or projector) wrote first: the next run decides again on the
 * new state.
 */
export async function appendIfUnchanged(store: EventStore, streamId: string, events: NewEvent[], expectedVersion: number): Promise<boolean> {
  try {
    await store.append(streamId, events, { expectedVersion });
    return true;
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
    return false;
  }
}

/**
 * A check that decides something from time rather than from events (a student who stopped
 * practising, a session left open) and appends events saying so, so the log explains what it did
 * and a replay rebuilds its effects (DESIGN §5). Runs beside the projector: first after
 * `firstAfterMs`, then every `everyMs`; a run that fails is logged and the next one tries again;
 * `checkNow` runs it at once (tests, and a run already going is shared).
 */
export abstract class ScheduledCheck {
  private readonly repeating: RepeatingRun;
  private running: Promise<number> | null = null;

  protected constructor(name: string, everyMs: number, log: ((line: string) => void) | undefined) {
    this.repeating = new RepeatingRun(name, everyMs, () => this.checkNow(), log);
  }

  start(firstAfterMs = 60_000): void {
    this.repeating.start(firstAfterMs);
  }

  stop(): void {
    this.repeating.stop();
  }

  /** Runs one check; resolves with the number of events appended. */
  checkNow(): Promise<number> {
    this.running ??= this.check().finally(() => (this.running = null));
    return this.running;
  }

  protected abstract check(): Promise<number>;
}
