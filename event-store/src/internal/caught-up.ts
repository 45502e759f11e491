/**
 * A subscription's `caughtUp` promise, settled once: resolved when it has caught up, or rejected
 * with what ended it first. Stopping early must not raise an unhandled rejection, so one is caught.
 */
export function caughtUpSignal() {
  let settled = false;
  let resolveCaughtUp!: () => void;
  let rejectCaughtUp!: (error: unknown) => void;
  const caughtUp = new Promise<void>((resolve, reject) => {
    resolveCaughtUp = resolve;
    rejectCaughtUp = reject;
  });
  caughtUp.catch(() => undefined);
  return {
    caughtUp,
    get settled() {
      return settled;
    },
    settle(error?: unknown) {
      if (settled) return;
      settled = true;
      if (error === undefined) resolveCaughtUp();
      else rejectCaughtUp(error);
    },
  };
}
