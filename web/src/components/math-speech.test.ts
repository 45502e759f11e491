import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';
import { britishMathsSpeech } from './british-maths-speech.ts';
import { spokenText, spokenTyped } from './math-speech.ts';

// The real engine and its rule files: the page's loader fetches them from our origin; here the
// same fetch reads them from the installed package.
const mathmaps = path.join(path.dirname(createRequire(import.meta.url).resolve('speech-rule-engine/lib/sre.js')), 'mathmaps');
vi.stubGlobal('fetch', async (url: string) => new Response(await readFile(path.join(mathmaps, path.basename(url.split('?')[0]!)), 'utf8')));
afterAll(() => vi.unstubAllGlobals());

test('maths is spoken as a British teacher says it', async () => {
  expect(await spokenText('What is $\\frac{3}{4}$ of 20?')).toBe('What is three quarters of 20?');
  expect(await spokenText('Expand $x^2$')).toBe('Expand x squared');
  expect(await spokenTyped('3/4')).toBe('three quarters');
  expect(await spokenTyped('1/4')).toBe('one quarter');
  expect(await spokenTyped('1/2')).toBe('one half');
  expect(await spokenTyped('3/2')).toBe('three halves');
  expect(await spokenText('$2\\frac{1}{4}$')).toBe('2 and one quarter');
  // A typed mixed number too (it was '1 one half').
  expect(await spokenTyped('1 1/2')).toBe('1 and one half');
  expect(await spokenTyped('2 3/4')).toBe('2 and three quarters');
  expect(await spokenText('$\\frac{7}{8}$')).toBe('seven eighths');
  // Money and degrees go to the voice as written (it says 'three pounds forty-five', '45 degrees').
  expect(await spokenTyped('£3.45')).toBe('£3.45');
  expect(await spokenTyped('45°')).toBe('45°');
  expect(await spokenTyped('-5 °C')).toBe('-5 °C');
  // An ordinal that is not a denominator stays.
  expect(await spokenText('$x^4$ and $\\sqrt[4]{x}$')).toBe('x to the fourth power and the fourth root of x');
});

test('only fraction words change', () => {
  expect(britishMathsSpeech('five fourths, one fourth')).toBe('five quarters, one quarter');
  expect(britishMathsSpeech('the fourth root of x')).toBe('the fourth root of x');
});
