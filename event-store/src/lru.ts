/**
 * A Map that holds at most `limit` entries and drops the least recently used one (bounded caches of
 * immutable or version-keyed values). With `weigh`, the limit is on the entries' total weight
 * instead (e.g. rows held), and an entry heavier than the whole limit is not kept at all.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  private weight = 0;

  constructor(
    readonly limit: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Map keeps insertion order: re-inserting makes this the most recently used entry.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.limit) return;
    this.entries.set(key, value);
    this.weight += weight;
    while (this.weight > this.limit) this.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    if (!this.entries.has(key)) return;
    this.weight -= this.weigh(this.entries.get(key)!);
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }
}
