import { useCallback, useEffect, useRef, useState } from 'react';

export type Load<T> = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; data: T };

/**
 * Loads with `fetcher` whenever its dependencies change (the caller memoises it), aborting the
 * previous load; `reload` is the Retry button's action and keeps the data on screen while it
 * loads. A null fetcher (nothing to load yet, e.g. no user) stays loading.
 */
export function useLoad<T>(fetcher: ((signal: AbortSignal) => Promise<T>) | null): { load: Load<T>; reload: () => void } {
  const [load, setLoad] = useState<Load<T>>({ kind: 'loading' });
  const controller = useRef<AbortController | null>(null);
  const run = useCallback(() => {
    controller.current?.abort();
    if (!fetcher) return;
    const current = new AbortController();
    controller.current = current;
    setLoad((previous) => (previous.kind === 'ready' ? previous : { kind: 'loading' }));
    fetcher(current.signal).then(
      (data) => {
        if (!current.signal.aborted) setLoad({ kind: 'ready', data });
      },
      (error: unknown) => {
        if (!current.signal.aborted) setLoad({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
  }, [fetcher]);
  useEffect(() => {
    run();
    return () => controller.current?.abort();
  }, [run]);
  return { load, reload: run };
}
