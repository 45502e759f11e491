import { describe, expect, test } from 'vitest';
import { Backoff } from './timing.ts';

describe('Backoff', () => {
  test('delays double up to the cap, each drawn between half its ceiling and the ceiling', () => {
    const ceilings = [100, 200, 400, 800, 1_000, 1_000];
    const low = new Backoff(100, 1_000, () => 0);
    const high = new Backoff(100, 1_000, () => 0.999_999);
    expect(ceilings.map(() => low.next())).toEqual(ceilings.map((ceiling) => ceiling / 2));
    expect(ceilings.map(() => high.next())).toEqual(ceilings);
    low.reset();
    expect(low.next()).toBe(50);
  });

  test('processes that fail together come back at different moments', () => {
    const delays = Array.from({ length: 20 }, () => new Backoff(1_000, 5_000).next());
    expect(new Set(delays).size).toBeGreaterThan(10);
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(500);
  });
});
