/**
 * Seeded pseudo-random numbers (mulberry32). Pure: the same seed always gives the same sequence,
 * and nothing here reads a clock or a global random source.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Integer in [min, max] other than the excluded values. */
  intExcept(min: number, max: number, ...excluded: number[]): number;
  pick<T>(items: readonly T[]): T;
  /** A new array with the items in a seeded random order (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** `count` distinct items. */
  sample<T>(items: readonly T[], count: number): T[];
  bool(probabilityTrue?: number): boolean;
  sign(): 1 | -1;
}

export const MAX_SEED = 0xffffffff;

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes two 32-bit values into one (for deriving per-problem seeds from a request seed). */
export function mixSeed(seed: number, salt: number): number {
  let h = (seed >>> 0) ^ Math.imul((salt >>> 0) + 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A 32-bit FNV-1a hash of a string (to give each template its own stream for the same seed). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

class SeededRng implements Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`Bad integer range [${min}, ${max}]`);
    }
    return min + Math.floor(this.next() * (max - min + 1));
  }

  intExcept(min: number, max: number, ...excluded: number[]): number {
    let allowed = 0;
    for (let v = min; v <= max; v++) if (!excluded.includes(v)) allowed++;
    if (allowed === 0) throw new RangeError(`No integer in [${min}, ${max}] outside ${excluded.join(', ')}`);
    let k = this.int(0, allowed - 1);
    for (let v = min; v <= max; v++) {
      if (excluded.includes(v)) continue;
      if (k === 0) return v;
      k--;
    }
    return max;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Cannot pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }

  sample<T>(items: readonly T[], count: number): T[] {
    if (count > items.length) throw new RangeError(`Cannot sample ${count} of ${items.length}`);
    return this.shuffle(items).slice(0, count);
  }

  bool(probabilityTrue = 0.5): boolean {
    return this.next() < probabilityTrue;
  }

  sign(): 1 | -1 {
    return this.next() < 0.5 ? -1 : 1;
  }
}

/** A seeded generator (mulberry32; the same sequence as `mulberry32(seed)`). */
export function createRng(seed: number): Rng {
  return new SeededRng(seed);
}
