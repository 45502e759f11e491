import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabasePool } from 'slonik';
import { createApiServer, createSlonikPool, migrateRuntimeSchema, parseTrustProxy } from '@mathdaily/api-kit';
import { createTestDatabase } from '@mathdaily/testing';

/**
 * Issue 14, point 9: behind one proxy, only the proxy's own hop is trusted (a client cannot pick
 * its address with X-Forwarded-For), and two API instances share their rate-limit counters
 * through PostgreSQL, so replicas do not multiply a limit.
 */

let pool: DatabasePool;
const instances: FastifyInstance[] = [];

beforeAll(async () => {
  pool = await createSlonikPool(await createTestDatabase('rate-limits'), { maximumPoolSize: 4 });
  await migrateRuntimeSchema(pool);
  for (let i = 0; i < 2; i += 1) {
    const app = await createApiServer({ jwtSecret: 'x'.repeat(40), loadPrincipal: async () => null, runtimePool: pool, trustProxy: parseTrustProxy('1') });
    app.post('/api/limited', { config: { access: 'public', rateLimit: { max: 3, timeWindow: '1 minute' } } }, async (request) => ({ ip: request.ip }));
    await app.ready();
    instances.push(app);
  }
});
afterAll(async () => {
  for (const app of instances) await app.close();
  await pool?.end();
});

/** As nginx forwards it: whatever the client claimed, then the address nginx saw. */
const viaProxy = (app: FastifyInstance, claimed: string, real: string) =>
  app.inject({ method: 'POST', url: '/api/limited', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': `${claimed}, ${real}` } });

test('the client address is the one the proxy saw, whatever X-Forwarded-For the client sent', async () => {
  const response = await viaProxy(instances[0]!, '6.6.6.6', '203.0.113.50');
  expect(response.json()).toEqual({ ip: '203.0.113.50' });
});

test('two instances count one client together: spoofed addresses and alternating replicas still hit the limit', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i += 1) statuses.push((await viaProxy(instances[i % 2]!, `198.51.100.${i}`, '203.0.113.7')).statusCode);
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
  // Another client is not affected.
  expect((await viaProxy(instances[1]!, '203.0.113.7', '203.0.113.8')).statusCode).toBe(200);
});

test('TRUST_PROXY=true is refused: it would let any client choose its address', () => {
  expect(() => parseTrustProxy('true')).toThrow(/hop count/);
  expect(parseTrustProxy('')).toBeUndefined();
  expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
});
