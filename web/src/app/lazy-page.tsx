import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page in its own chunk: rendered through React.lazy; `preload()` fetches the chunk ahead. */
export type LazyPage<M> = LazyExoticComponent<ComponentType> & { preload(): Promise<M> };

const RELOADED_AT = 'mathdaily.chunkReloadAt';

/**
 * `lazyPage(() => import('./x-page.tsx'), (m) => m.XPage)`. The import starts once, whether by
 * `preload()` or the first render. A chunk that fails to load usually means a new version was
 * deployed since this tab opened (hashed names changed): reload once to get it, rather than
 * showing the error screen; a second failure soon after is a real error.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage<M> {
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
      if (Date.now() - last < 10_000) throw error;
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
      window.location.reload();
      return new Promise<never>(() => {});
    }));
  return Object.assign(
    lazy(() => preload().then((module) => ({ default: pick(module) }))),
    { preload },
  );
}

/** Runs `task` when the browser is next idle (at most 2 s from now); returns a cancel function. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}
