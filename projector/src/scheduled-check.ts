import type { NewEvent } from '@mathdaily/domain';
import { ConcurrencyError, type EventStore } from '@mathdaily/event-store';

/**
 * Work on a timer beside the projector: first after `firstAfterMs` (by default the one it was
 * made with), then `everyMs` after each run ends; a run that fails is logged and the next one
 * tries again. The timer never keeps the process alive.
 */
export abstract class RepeatingTask {
  private timer: NodeJS.Timeout | undefined;

  protected constructor(
    private readonly name: string,
    private readonly everyMs: number,
    private readonly log: ((line: string) => void) | undefined,
    private readonly defaultFirstAfterMs = 60_000,
  ) {}

  start(firstAfterMs = this.defaultFirstAfterMs): void {
    const tick = (delay: number) => {
      this.timer = setTimeout(() => {
        void this.runOnce()
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

  protected abstract runOnce(): Promise<unknown>;
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
export abstract class ScheduledCheck extends RepeatingTask {
  private running: Promise<number> | null = null;

  protected runOnce(): Promise<number> {
    return this.checkNow();
  }

  /** Runs one check; resolves with the number of events appended. */
  checkNow(): Promise<number> {
    this.running ??= this.check().finally(() => (this.running = null));
    return this.running;
  }

  protected abstract check(): Promise<number>;
}
