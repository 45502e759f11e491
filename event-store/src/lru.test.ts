import { describe, expect, test } from 'vitest';
import { LruMap } from './lru.ts';

describe('LruMap', () => {
  test('drops the least recently used entry past its limit; a read counts as a use', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([1, undefined, 3]);
    expect(map.size).toBe(2);
  });

  test('with a weight, the limit is on the total weight; replacing or deleting an entry gives its weight back', () => {
    const map = new LruMap<string, number[]>(5, (rows) => rows.length);
    map.set('a', [1, 2]);
    map.set('b', [1, 2, 3]);
    expect(map.size).toBe(2);
    map.set('a', [1]);
    map.set('c', [1]);
    expect([map.get('a'), map.get('b'), map.get('c')].map((rows) => rows?.length)).toEqual([1, 3, 1]);
    // a, b, c by last use (weights 1, 3, 1): two more rows drop a and b.
    map.set('d', [1, 2]);
    expect([map.get('a'), map.get('b'), map.get('c'), map.get('d')].map((rows) => rows?.length)).toEqual([undefined, undefined, 1, 2]);
    map.delete('c');
    map.set('e', [1, 2, 3]);
    expect([map.get('d'), map.get('e')].map((rows) => rows?.length)).toEqual([2, 3]);
  });

  test('an entry heavier than the whole limit is not kept, and costs the others nothing', () => {
    const map = new LruMap<string, number[]>(3, (rows) => rows.length);
    map.set('small', [1]);
    map.set('huge', [1, 2, 3, 4]);
    expect(map.get('huge')).toBeUndefined();
    expect(map.get('small')).toEqual([1]);
    map.clear();
    expect(map.size).toBe(0);
    map.set('three', [1, 2, 3]);
    expect(map.size).toBe(1);
  });
});
