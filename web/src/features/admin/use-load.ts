import { useCallback, useEffect, useRef, useState } from 'react';

export type Load<T> = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; data: T };

/**
 * Loads with `fetcher` whenever its dependencies change (the caller memoises it), aborting the
 * previous load; `reload` is the Retry button's action.
 */
export function useLoad<T>(fetcher: (signal: AbortSignal) => Promise<T>): { load: Load<T>; reload: () => void } {
  const [load, setLoad] = useState<Load<T>>({ kind: 'loading' });
  const controller = useRef<AbortController | null>(null);
  const run = useCallback(() => {
    controller.current?.abort();
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
