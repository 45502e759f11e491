import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { committedEvents, startPublicFormsTestApp, type PublicFormsTestApp } from '@mathdaily/testing';

let t: PublicFormsTestApp;
let ipCounter = 0;
/** Each test sends from its own address, so the per-IP limit of one test never blocks another. */
const nextIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  t = await startPublicFormsTestApp();
});
afterAll(async () => {
  await t?.stop();
});

const contact = { name: 'Grace Hopper', email: 'grace@school.example', organization: 'Hopper Academy', message: 'We would like MathDaily for 120 students.' };

/** Stored ContactRequested events (the problem bank seeds other events in the background meanwhile). */
async function eventCount() {
  return (await committedEvents(t.databaseUrl)).filter((event) => event.type === 'ContactRequested').length;
}

async function send(payload: unknown, remoteAddress = nextIp()) {
  return t.app.server.inject({ method: 'POST', url: '/api/contact-requests', payload: payload as object, remoteAddress });
}

async function listAsAdmin(query = '', minPosition?: string) {
  const response = await t.admin.inject({
    method: 'GET',
    url: `/api/admin/contact-requests${query}`,
    headers: { authorization: `Bearer ${t.tokenFor('admin')}`, ...(minPosition ? { 'x-min-position': minPosition } : {}) },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    data: { requests: Record<string, unknown>[]; pagination: { total: number } };
  };
}

describe('POST /api/contact-requests', () => {
  test('a contact-sales message is stored with the default plan and listed to admins', async () => {
    const response = await send(contact);
    expect(response.statusCode).toBe(201);
    const body = response.json() as { position: string; data: { requestId: string; message: string } };
    expect(body.data.message).toBe("Thank you for your message! We'll get back to you within 24 hours.");
    expect(body.position).toMatch(/^\d+$/);

    // Reads wait for x-min-position (bounded); polling covers a slow projector on a busy machine.
    await expect.poll(async () => (await listAsAdmin('', body.position)).data.requests.find((request) => request.request_id === body.data.requestId), { timeout: 20_000 }).toEqual(
      expect.objectContaining({
        request_id: body.data.requestId,
        source: 'contact',
        name: 'Grace Hopper',
        email: 'grace@school.example',
        organization: 'Hopper Academy',
        plan: 'school',
        subject: null,
        message: contact.message,
      }),
    );
  });

  test('a chosen plan is kept; blank organization is stored as none; text is trimmed', async () => {
    const response = await send({ ...contact, name: '  Alan  ', organization: '   ', plan: 'family' });
    expect(response.statusCode).toBe(201);
    const { position, data } = response.json() as { position: string; data: { requestId: string } };
    await expect.poll(async () => (await listAsAdmin('?source=contact', position)).data.requests.find((request) => request.request_id === data.requestId), { timeout: 20_000 }).toMatchObject({
      name: 'Alan',
      organization: null,
      plan: 'family',
    });
  });

  test('a help-page message is stored with its subject and no plan', async () => {
    const response = await send({ source: 'help', name: 'Sam Student', email: 'sam@example.org', subject: 'bug', message: 'The hint button does nothing.' });
    expect(response.statusCode).toBe(201);
    const { position, data } = response.json() as { position: string; data: { requestId: string } };
    await expect.poll(async () => (await listAsAdmin('?source=help', position)).data.requests.find((request) => request.request_id === data.requestId), { timeout: 20_000 }).toMatchObject({
      source: 'help',
      subject: 'bug',
      plan: null,
      organization: null,
    });
    expect((await listAsAdmin('?source=help')).data.requests.every((request) => request.source === 'help')).toBe(true);
  });

  test('invalid input answers 400 with a message per field and appends nothing', async () => {
    const before = await eventCount();
    const response = await send({ name: '', email: 'not-an-email', message: '   ', plan: 'gold' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please fix the following errors:',
      fields: {
        name: 'Name is required',
        email: 'Please enter a valid email address',
        message: 'Message is required',
        plan: 'Please choose one of the listed plans',
      },
    });
    const empty = await send({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      fields: { name: 'Name is required', email: 'Email address is required', message: 'Message is required' },
    });
    const helpWithoutSubject = await send({ source: 'help', name: 'Sam', email: 'sam@example.org', message: 'Hello' });
    expect(helpWithoutSubject.statusCode).toBe(400);
    expect(helpWithoutSubject.json()).toMatchObject({ fields: { subject: 'Please choose a subject' } });
    const tooLong = await send({ ...contact, message: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ fields: { message: 'Message is too long (maximum 5000 characters)' } });
    expect(await eventCount()).toBe(before);
  });

  test('a NUL character in the message answers 400 and appends nothing (it was a 500 from PostgreSQL)', async () => {
    const before = await eventCount();
    const response = await send({ ...contact, message: 'Hello\u0000there' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { message: 'message must not contain control characters' } });
    expect(await eventCount()).toBe(before);
  });

  test('an oversized body answers 413 with a clear message and appends nothing', async () => {
    const before = await eventCount();
    const response = await send({ ...contact, message: 'x'.repeat(40_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Your message is too large to send (the limit is 32 KB). Please shorten it and try again.',
    });
    expect(await eventCount()).toBe(before);
  });

  test('more than 10 messages in 10 minutes from one address answer 429; other addresses are unaffected', async () => {
    const ip = nextIp();
    for (let index = 0; index < 10; index += 1) expect((await send(contact, ip)).statusCode).toBe(201);
    const before = await eventCount();
    const refused = await send(contact, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((refused.json() as { message: string }).message).toMatch(/^You have sent a lot of messages in a short time\. Please wait \d+ minutes? and try again\.$/);
    expect(await eventCount()).toBe(before);
    expect((await send(contact)).statusCode).toBe(201);
  });

  test('the admin list is for admins only', async () => {
    const anonymous = await t.admin.inject({ method: 'GET', url: '/api/admin/contact-requests' });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ['student', 'tutor', 'parent'] as const) {
      const refused = await t.admin.inject({ method: 'GET', url: '/api/admin/contact-requests', headers: { authorization: `Bearer ${t.tokenFor(role)}` } });
      expect(refused.statusCode).toBe(403);
    }
    // The product's own server applies the same rule (no token → 401).
    expect((await t.app.server.inject({ method: 'GET', url: '/api/admin/contact-requests' })).statusCode).toBe(401);
  });

  test('the list pages newest first', async () => {
    const listed = await listAsAdmin('?limit=2&page=1');
    expect(listed.data.requests).toHaveLength(2);
    const times = listed.data.requests.map((request) => String(request.created_at));
    expect([...times].sort().reverse()).toEqual(times);
    expect(listed.data.pagination.total).toBeGreaterThan(2);
  });

  test('submissions survive a restart', async () => {
    const response = await send({ ...contact, name: 'Before Restart' });
    const { data } = response.json() as { data: { requestId: string } };
    await t.restart();
    await expect.poll(async () => (await listAsAdmin('?limit=100')).data.requests.map((request) => request.request_id), { timeout: 20_000 }).toContain(data.requestId);
  });
});
