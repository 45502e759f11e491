/**
 * The caches that keep a check to microseconds: the same texts (correct answers, common student
 * answers) are parsed again and again, and parsed expressions are shared between checks.
 */

/** A bound on each text-keyed cache; a full cache is simply emptied. */
const CACHE_LIMIT = 5000;

export function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/** The cached value for `key`, computed and remembered on a miss (null and undefined results are cached too). */
export function cached<K, V>(cache: Map<K, V>, key: K, compute: () => V): V {
  return cache.has(key) ? (cache.get(key) as V) : remember(cache, key, compute());
}

const memoCache = new WeakMap<object, Map<string, unknown>>();

/** Memoises a pure property of a parsed expression (parsed expressions are cached and shared). */
export function memo<T>(owner: object, name: string, compute: () => T): T {
  let byName = memoCache.get(owner);
  if (!byName) {
    byName = new Map();
    memoCache.set(owner, byName);
  }
  if (byName.has(name)) return byName.get(name) as T;
  const value = compute();
  byName.set(name, value);
  return value;
}
