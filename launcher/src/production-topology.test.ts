import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS } from '@mathdaily/domain';
import { createTestDatabase, startProductionTopology, type ProductionTopology } from '@mathdaily/testing';

/**
 * The three production entry points as separate processes on one PostgreSQL: the same principal
 * loader as embedded mode (launcher/src/start.test.ts and the API tests cover that one), so a
 * sign-in at command-api counts at query-api at once, and a role change or sign-out counts on
 * the very next request to either.
 */
let topology: ProductionTopology;

beforeAll(async () => {
  topology = await startProductionTopology({
    databaseUrl: await createTestDatabase('production', { seeded: true }),
    jwtSecret: 'production-topology-secret-production-topology',
    demoAccounts: true,
    timeoutMs: 110_000,
  });
}, 120_000);

afterAll(async () => {
  await topology?.stop();
});

let address = 0;
async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      // Each sign-in from its own address, so the per-address limits never interfere.
      'x-forwarded-for': `198.51.100.${(address = (address % 250) + 1)}`,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

describe('production topology: command-api, query-api and projector as processes', () => {
  test('a new session counts at query-api at once; a role change and a sign-out count on the next request', async () => {
    const email = `prod.${Date.now()}@example.com`;
    const registered = await call(topology.commandUrl, 'POST', '/api/auth/register', {
      email,
      password: 'Secret123!',
      firstName: 'Pat',
      lastName: 'Production',
      gradeLevel: 6,
    });
    expect(registered.status, topology.output()).toBe(201);
    const token = registered.body!.accessToken as string;
    const userId = (registered.body!.user as { id: string }).id;

    // The tutor dashboard: a student's valid token is recognised (403, not 401) without waiting for any projection.
    expect((await call(topology.queryUrl, 'GET', '/api/tutors/dashboard', undefined, token)).status).toBe(403);

    const admin = await call(topology.commandUrl, 'POST', '/api/auth/login', { email: DEMO_ACCOUNTS[3]!.email, password: DEMO_ACCOUNTS[3]!.password });
    expect(admin.status).toBe(200);
    const changed = await call(topology.commandUrl, 'PUT', '/api/admin/users/role', { userId, role: 'tutor' }, admin.body!.accessToken as string);
    expect(changed.status).toBe(200);
    // The same token, now a tutor's: the very next request to query-api sees the new role.
    expect((await call(topology.queryUrl, 'GET', '/api/tutors/dashboard', undefined, token)).status).not.toBe(403);

    expect((await call(topology.commandUrl, 'POST', '/api/auth/logout', { refreshToken: registered.body!.refreshToken })).status).toBeLessThan(300);
    expect((await call(topology.queryUrl, 'GET', '/api/tutors/dashboard', undefined, token)).status).toBe(401);
  });

  test('the projector process sends the e-mail a registration requests', async () => {
    const email = `prod.mail.${Date.now()}@example.com`;
    const registered = await call(topology.commandUrl, 'POST', '/api/auth/register', { email, password: 'Secret123!', firstName: 'Pat', lastName: 'Post', gradeLevel: 6 });
    expect(registered.status, topology.output()).toBe(201);
    const admin = await call(topology.commandUrl, 'POST', '/api/auth/login', { email: DEMO_ACCOUNTS[3]!.email, password: DEMO_ACCOUNTS[3]!.password });
    const mailbox = async () => (await call(topology.queryUrl, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`, undefined, admin.body!.accessToken as string)).body;
    await expect.poll(async () => ((await mailbox())?.messages as unknown[] | undefined)?.length, { timeout: 20_000 }).toBe(1);
    const [message] = (await mailbox())!.messages as { text: string }[];
    // PUBLIC_URL's production default: where the router serves the app.
    expect(message!.text).toContain('http://localhost:8080/verify-email?token=');
    expect(topology.output()).toContain(`mail: email-verification to ${email} (dev-mailbox)`);
  });
});
