import { describe, expect, it } from 'vitest';
import { isUuid } from './read-model.ts';

describe('isUuid', () => {
  it('accepts canonical UUIDs in either case and rejects everything else, also after remembering ids', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    for (let round = 0; round < 2; round += 1) {
      expect(isUuid(id)).toBe(true);
      expect(isUuid(id.toUpperCase())).toBe(true);
      expect(isUuid(`${id} `)).toBe(false);
      expect(isUuid(id.slice(1))).toBe(false);
      expect(isUuid(id.replace('f', 'g'))).toBe(false);
      expect(isUuid('')).toBe(false);
      expect(isUuid(undefined)).toBe(false);
      expect(isUuid(42)).toBe(false);
    }
  });
});
