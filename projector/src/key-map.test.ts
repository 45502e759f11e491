import { expect, test } from 'vitest';
import { KeyMap } from './key-map.ts';

test('values by one-part and three-part keys: set, overwrite, get, delete, size and every value', () => {
  const single = new KeyMap<number>(1);
  single.set(['a'], 1);
  single.set(['a'], 2);
  single.set(['b'], 3);
  expect([single.get(['a']), single.get(['c']), single.size]).toEqual([2, undefined, 2]);
  single.delete(['a']);
  single.delete(['zzz']);
  expect([...single.values()]).toEqual([3]);

  const triple = new KeyMap<string | null>(3);
  triple.set(['u1', 't1', '2026-01-01'], 'x');
  triple.set(['u1', 't1', '2026-01-02'], null);
  triple.set(['u1', 't2', '2026-01-01'], 'y');
  triple.set(['u2', 't1', '2026-01-01'], 'z');
  expect(triple.size).toBe(4);
  expect(triple.get(['u1', 't1', '2026-01-02'])).toBeNull();
  // A key that shares a prefix with stored ones, or is missing from the first part on.
  expect(triple.get(['u1', 't3', '2026-01-01'])).toBeUndefined();
  expect(triple.get(['u9', 't1', '2026-01-01'])).toBeUndefined();
  triple.delete(['u1', 't1', '2026-01-01']);
  triple.delete(['u1', 't9', '2026-01-01']);
  expect(triple.size).toBe(3);
  expect([...triple.values()].sort()).toEqual([null, 'y', 'z'].sort());
});
