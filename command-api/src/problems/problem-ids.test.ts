import { expect, test } from 'vitest';
import { creationEventId, generatedProblemId, uuidV5 } from './problem-ids.ts';

test('uuidV5 matches the RFC 4122 reference value', () => {
  // uuid v5 of 'www.example.com' in the DNS namespace.
  expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
});

test('problem ids are stable per (template, seed) and distinct otherwise', () => {
  const a = generatedProblemId('fractions-add', 1);
  expect(generatedProblemId('fractions-add', 1)).toBe(a);
  expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(generatedProblemId('fractions-add', 2)).not.toBe(a);
  expect(generatedProblemId('fractions-ad', 11)).not.toBe(generatedProblemId('fractions-add', 1));
  expect(creationEventId(a)).not.toBe(a);
  expect(creationEventId(a)).toBe(creationEventId(a));
});
