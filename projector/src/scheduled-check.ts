/**
 * A check that decides something from time rather than from events (a student who stopped
 * practising, a session left open) and appends events saying so, so the log explains what it did
 * and a replay rebuilds its effects (DESIGN §5). Runs beside the projector: first after
 * `firstAfterMs`, then every `everyMs`; a run that fails is logged and the next one tries again;
 * `checkNow` runs it at once (tests, and a run already going is shared).
 */
export abstract class ScheduledCheck {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;

  protected constructor(
    private readonly name: string,
    private readonly everyMs: number,
    private readonly log: ((line: string) => void) | undefined,
  ) {}

  start(firstAfterMs = 60_000): void {
    const tick = (delay: number) => {
      this.timer = setTimeout(() => {
        void this.checkNow()
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

  /** Runs one check; resolves with the number of events appended. */
  checkNow(): Promise<number> {
    this.running ??= this.check().finally(() => (this.running = null));
    return this.running;
  }

  protected abstract check(): Promise<number>;
}
