import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { committedEvents, startPublicFormsTestApp, type PublicFormsTestApp } from '@mathdaily/testing';

let t: PublicFormsTestApp;
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  t = await startPublicFormsTestApp();
});
afterAll(async () => {
  await t?.stop();
});

const report = {
  message: "Cannot read properties of undefined (reading 'map')",
  stack: "TypeError: Cannot read properties of undefined (reading 'map')\n    at ProgressPage (progress-page.tsx:42:17)",
  url: 'http://localhost:3000/reset-password?token=secret-token#top',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
  occurredAt: '2026-03-01T10:15:00.000Z',
};

/** Stored ClientErrorReported events (the problem bank seeds other events in the background meanwhile). */
async function eventCount() {
  return (await committedEvents(t.databaseUrl)).filter((event) => event.type === 'ClientErrorReported').length;
}

async function send(payload: unknown, remoteAddress = nextIp()) {
  return t.app.server.inject({ method: 'POST', url: '/api/client-errors', payload: payload as object, remoteAddress });
}

async function listAsAdmin(minPosition?: string) {
  const response = await t.admin.inject({
    method: 'GET',
    url: '/api/admin/client-errors?limit=100',
    headers: { authorization: `Bearer ${t.tokenFor('admin')}`, ...(minPosition ? { 'x-min-position': minPosition } : {}) },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: { errors: Record<string, unknown>[]; pagination: { total: number } } };
}

describe('POST /api/client-errors', () => {
  test('a report is stored without the query string and listed to admins', async () => {
    const response = await send(report);
    expect(response.statusCode).toBe(201);
    const { position, data } = response.json() as { position: string; data: { reportId: string } };
    // Reads wait for x-min-position (bounded); polling covers a slow projector on a busy machine.
    await expect.poll(async () => (await listAsAdmin(position)).data.errors.find((error) => error.report_id === data.reportId), { timeout: 20_000 }).toEqual({
      report_id: data.reportId,
      message: report.message,
      stack: report.stack,
      url: 'http://localhost:3000/reset-password',
      user_agent: report.userAgent,
      user_id: null,
      occurred_at: '2026-03-01T10:15:00.000Z',
      reported_at: expect.any(String),
    });
  });

  test('tokens in the message, the stack or a ;-parameter of the address are never stored', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
    const response = await send({
      ...report,
      message: `Request with Bearer ${jwt} failed`,
      stack: `Error: refresh failed for {"refreshToken":"c0ffee00-1111-4222-8333-444455556666.aGVsbG8td29ybGQtdGhpcy1pcy1hLXJhbmRvbQ"}`,
      url: 'http://localhost:3000/reset-password;token=matrix-secret',
    });
    expect(response.statusCode).toBe(201);
    const { position, data } = response.json() as { position: string; data: { reportId: string } };
    await expect.poll(async () => (await listAsAdmin(position)).data.errors.find((error) => error.report_id === data.reportId), { timeout: 20_000 }).toMatchObject({
      message: 'Request with Bearer [redacted] failed',
      stack: 'Error: refresh failed for {"refreshToken":"[redacted]"}',
      url: 'http://localhost:3000/reset-password',
    });
    const stored = (await committedEvents(t.databaseUrl)).find((event) => event.type === 'ClientErrorReported' && (event.data as { reportId: string }).reportId === data.reportId)!;
    expect(JSON.stringify(stored.data)).not.toMatch(/matrix-secret|eyJ|aGVsbG8/);
  });

  test('a report without a stack is accepted', async () => {
    const response = await send({ ...report, stack: null });
    expect(response.statusCode).toBe(201);
  });

  test('invalid reports answer 400 with fields and append nothing', async () => {
    const before = await eventCount();
    const response = await send({ message: '', url: '', occurredAt: 'yesterday' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { message: 'message is required', url: 'url is required', occurredAt: 'occurredAt must be an ISO date-time' },
    });
    const longMessage = await send({ ...report, message: 'x'.repeat(1001) });
    expect(longMessage.statusCode).toBe(400);
    expect(longMessage.json()).toMatchObject({ fields: { message: 'message is too long (maximum 1000 characters)' } });
    expect(await eventCount()).toBe(before);
  });

  test('an oversized report answers 413 with a clear message and appends nothing', async () => {
    const before = await eventCount();
    const response = await send({ ...report, stack: 'x'.repeat(20_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The error report is too large (the limit is 16 KB). Shorten the stack trace and send it again.',
    });
    expect(await eventCount()).toBe(before);
  });

  test('more than 10 reports a minute from one address answer 429', async () => {
    const ip = nextIp();
    for (let index = 0; index < 10; index += 1) expect((await send(report, ip)).statusCode).toBe(201);
    const before = await eventCount();
    const refused = await send(report, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((refused.json() as { message: string }).message).toMatch(/^Too many error reports from this address\. Please wait .+ before sending more\.$/);
    expect(await eventCount()).toBe(before);
    expect((await send(report)).statusCode).toBe(201);
  });

  test('the admin list is for admins only', async () => {
    expect((await t.admin.inject({ method: 'GET', url: '/api/admin/client-errors' })).statusCode).toBe(401);
    const student = await t.admin.inject({ method: 'GET', url: '/api/admin/client-errors', headers: { authorization: `Bearer ${t.tokenFor('student')}` } });
    expect(student.statusCode).toBe(403);
    expect((await t.app.server.inject({ method: 'GET', url: '/api/admin/client-errors' })).statusCode).toBe(401);
  });
});
