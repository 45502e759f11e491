import { expect, test } from 'vitest';
import { shortenToken, tokenExpiry } from './token-display.ts';

test('tokens are shown shortened, never whole', () => {
  expect(shortenToken(null)).toBe('(none)');
  expect(shortenToken('short')).toBe('short');
  const token = 'a'.repeat(12) + 'SECRET-MIDDLE-PART' + 'b'.repeat(6);
  expect(shortenToken(token)).toBe(`${'a'.repeat(12)}…${'b'.repeat(6)} (${token.length} characters)`);
  expect(shortenToken(token)).not.toContain('SECRET');
});

test('the expiry is read from a JWT payload when there is one', () => {
  const payload = Buffer.from(JSON.stringify({ sub: 'u1', exp: 2_000_000_000 })).toString('base64url');
  expect(tokenExpiry(`header.${payload}.signature`)?.toISOString()).toBe('2033-05-18T03:33:20.000Z');
  expect(tokenExpiry('not-a-jwt')).toBeNull();
  expect(tokenExpiry(null)).toBeNull();
});
