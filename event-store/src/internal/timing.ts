/** Small timing helpers shared by the adapters. */

/**
 * Exponential backoff with jitter: the ceiling doubles from `start` up to `max`, and each delay is
 * drawn between half the ceiling and the ceiling ("equal jitter"), so processes that lost the same
 * database at the same moment do not all come back in step. `reset()` goes back to start.
 */
export class Backoff {
  private current: number;
  constructor(
    private readonly start: number,
    private readonly max: number,
    private readonly random: () => number = Math.random,
  ) {
    this.current = start;
  }
  /** The delay to use now; the next one's ceiling is twice as high (up to max). */
  next(): number {
    const ceiling = this.current;
    this.current = Math.min(this.current * 2, this.max);
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }
  reset(): void {
    this.current = this.start;
  }
}

/**
 * A wait that can be cut short. `wait(ms)` resolves after ms or when `wake()` is called
 * (if `interruptible`) or when `cancel()` is called (always).
 */
export class Waiter {
  private pending: { resolve: () => void; timer: NodeJS.Timeout; interruptible: boolean } | undefined;

  wait(ms: number, interruptible: boolean): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.finish(), ms);
      this.pending = { resolve, timer, interruptible };
    });
  }

  /** Ends the current wait if it may be interrupted by a wake-up (a notification). */
  wake(): void {
    if (this.pending?.interruptible) this.finish();
  }

  /** Ends the current wait whatever it is (used by stop()). */
  cancel(): void {
    this.finish();
  }

  private finish(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    pending.resolve();
  }
}
