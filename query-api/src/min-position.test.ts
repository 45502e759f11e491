import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApiServer } from '@mathdaily/api-kit';
import type { QueryApiDeps } from './deps.ts';
import { registerMinPosition } from './min-position.ts';
import type { PositionWaiter } from './wait-for-position.ts';

/** The x-min-position hook alone, with a waiter that answers as told (the real one: wait-for-position.test.ts). */
let app: FastifyInstance;
/** The batch the waiter says applied the position, or null (timed out). */
let reached: number | null = 7;
let asked: bigint[] = [];
let reads = 0;

beforeAll(async () => {
  app = await createApiServer({ jwtSecret: 'min-position-secret-min-position-secret', loadPrincipal: async () => null });
  const waiter = { waitFor: async (position: bigint) => (asked.push(position), reached) } as unknown as PositionWaiter;
  registerMinPosition(app, { waiter } as QueryApiDeps);
  app.get('/api/thing', { config: { access: 'public' } }, async () => ((reads += 1), { ok: true }));
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  reached = 7;
  asked = [];
  reads = 0;
});

const get = (header?: string) => app.inject({ method: 'GET', url: '/api/thing', headers: header === undefined ? {} : { 'x-min-position': header } });

test('a read waits for the position in the header, then answers', async () => {
  const response = await get('9007199254740993');
  expect(response.statusCode).toBe(200);
  expect(asked).toEqual([9007199254740993n]);
  expect(response.headers['x-consistency']).toBeUndefined();
});

test('when the wait runs out the read still answers, marked stale', async () => {
  reached = null;
  const response = await get('42');
  expect(response.statusCode).toBe(200);
  expect(response.headers['x-consistency']).toBe('stale');
});

test('without the header nothing waits', async () => {
  expect((await get()).statusCode).toBe(200);
  expect((await get('')).statusCode).toBe(200);
  expect(asked).toEqual([]);
});

test('a header that is not a position is refused before the read', async () => {
  for (const header of ['abc', '-1', '1.5', '9223372036854775808', '12345678901234567890']) {
    const response = await get(header);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'The x-min-position header must be a whole number (an event position).' });
  }
  expect(asked).toEqual([]);
  expect(reads).toBe(0);
  expect((await get('9223372036854775807')).statusCode).toBe(200);
});
