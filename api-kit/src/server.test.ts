import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import jwt from 'jsonwebtoken';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '@mathdaily/domain';
import { withheld } from '@mathdaily/domain/api/common';
import { createLogger } from './logger.ts';
import { createApiServer } from './server.ts';
import { signAccessToken } from './tokens.ts';

const secret = 'test-secret-test-secret-test-secret-00';
let app: FastifyInstance;
let handled = 0;
const roles: Record<string, 'student' | 'admin'> = { 'user-1': 'student', 'user-2': 'admin' };

beforeAll(async () => {
  app = await createApiServer({
    jwtSecret: secret,
    bodyLimit: 1024,
    loadPrincipal: async (claims) => {
      const role = roles[claims.sub];
      return role && claims.sid !== 'revoked' ? { userId: claims.sub, role, sessionId: claims.sid } : null;
    },
  });
  app.withTypeProvider<ZodTypeProvider>().post('/api/things', {
    config: { access: 'authenticated' },
    schema: { body: z.object({ name: z.string().min(2, 'Name must be at least 2 characters long'), count: z.number().int() }) },
    handler: async () => {
      handled += 1;
      return { ok: true };
    },
  });
  app.get('/api/admin-only', { config: { access: ['admin'] } }, async () => ({ ok: true }));
  app.get('/api/refuse', { config: { access: 'public' } }, async () => {
    throw new DomainError('CONFLICT', 'Already done.');
  });
  app.get('/api/crash', { config: { access: 'public' } }, async () => {
    throw new Error('boom');
  });
  await app.ready();
});
afterAll(() => app.close());

const now = () => Math.floor(Date.now() / 1000);
const token = (sub: string, sid = 'session') => signAccessToken({ sub, sid, role: 'student', ver: 0 }, secret, now());
const post = (payload: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/things', payload, headers: { 'content-type': 'application/json', authorization: `Bearer ${token('user-1')}`, ...headers } });

describe('one error body for every bad request', () => {
  test('malformed JSON → 400 with a clear message', async () => {
    const response = await post('{"name": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' });
  });

  test('wrong types → 400 naming the fields', async () => {
    const response = await post(JSON.stringify({ name: 'x', count: 'three' }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields.name).toBe('Name must be at least 2 characters long');
    expect(body.fields.count).toBeTruthy();
  });

  test('oversized body → 413', async () => {
    const response = await post(JSON.stringify({ name: 'x'.repeat(5000), count: 1 }));
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  test('wrong content type → 415', async () => {
    const response = await post('name=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(415);
    const text = await post('{"name":"ok","count":1}', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as JSON (Content-Type: application/json).' });
  });

  test('a broken %-escape in the address → 400 with the same error body', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/things/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'The address is not valid: it has a broken %-escape.' });
  });

  test('a NUL character anywhere in a body or query → 400 naming the field (PostgreSQL stores none), after the access check', async () => {
    const body = await post(JSON.stringify({ name: 'a\u0000b', count: 1 }));
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'name must not contain control characters', fields: { name: 'name must not contain control characters' } });
    const nested = await post(JSON.stringify({ name: 'ok', count: 1, tags: [{ label: '\u0000' }] }));
    expect(nested.json().message).toBe('tags.0.label must not contain control characters');
    const query = await app.inject({ method: 'POST', url: '/api/things?q=a%00', payload: { name: 'ok', count: 1 }, headers: { authorization: `Bearer ${token('user-1')}` } });
    expect(query.json().message).toBe('q must not contain control characters');
    expect((await post(JSON.stringify({ name: '\u0000', count: 1 }), { authorization: '' })).statusCode).toBe(401);
  });

  test('a body nested hundreds deep → 400 from the parser, never a stack overflow', async () => {
    const deep = `{"name":"ok","count":1,"tags":${'['.repeat(400)}${']'.repeat(400)}}`;
    const response = await post(deep);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'The request body is nested too deeply (more than 32 levels of objects and arrays).' });
    // Brackets inside strings are text, not nesting.
    expect((await post(JSON.stringify({ name: '['.repeat(500), count: 1 }))).statusCode).toBe(200);
    handled -= 1;
  });

  test('a lone UTF-16 surrogate in a body or query → 400 naming the field (PostgreSQL cannot store it)', async () => {
    const response = await post('{"name":"a\\ud800b","count":1}');
    expect(response.statusCode).toBe(400);
    const message = 'name contains a broken character (an unpaired UTF-16 surrogate); please retype it';
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message, fields: { name: message } });
    expect((await post('{"name":"ok","count":1,"\\udc00":1}')).statusCode).toBe(400);
    // A proper pair (an emoji) is fine.
    expect((await post(JSON.stringify({ name: 'ok \u{1F600}', count: 1 }))).statusCode).toBe(200);
    handled -= 1;
  });

  test('prototype poisoning is still refused by the parser', async () => {
    expect((await post('{"name":"ok","count":1,"__proto__":{"x":1}}')).statusCode).toBe(400);
  });

  test('unknown route → 404 JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'There is no GET /api/nothing-here route.' });
  });

  test('missing, forged, expired, alg-none and revoked tokens → 401; wrong role → 403', async () => {
    const body = JSON.stringify({ name: 'ok', count: 1 });
    const noAuth = await app.inject({ method: 'POST', url: '/api/things', payload: body, headers: { 'content-type': 'application/json' } });
    expect(noAuth.statusCode).toBe(401);
    expect(noAuth.json().message).toBe('Please sign in to continue.');
    const forged = jwt.sign({ sub: 'user-2', sid: 's', role: 'admin', ver: 0 }, 'another-secret', { algorithm: 'HS256' });
    expect((await post(body, { authorization: `Bearer ${forged}` })).statusCode).toBe(401);
    const expired = signAccessToken({ sub: 'user-1', sid: 's', role: 'student', ver: 0 }, secret, now() - 3600);
    expect((await post(body, { authorization: `Bearer ${expired}` })).statusCode).toBe(401);
    const eternal = jwt.sign({ sub: 'user-1', sid: 's', role: 'student', ver: 0 }, secret, { algorithm: 'HS256' });
    expect((await post(body, { authorization: `Bearer ${eternal}` })).statusCode).toBe(401);
    const none = jwt.sign({ sub: 'user-2', sid: 's', role: 'admin', ver: 0 }, '', { algorithm: 'none' });
    expect((await post(body, { authorization: `Bearer ${none}` })).statusCode).toBe(401);
    expect((await post(body, { authorization: `Bearer ${token('user-1', 'revoked')}` })).statusCode).toBe(401);
    const student = await app.inject({ method: 'GET', url: '/api/admin-only', headers: { authorization: `Bearer ${token('user-1')}` } });
    expect(student.statusCode).toBe(403);
    const admin = await app.inject({ method: 'GET', url: '/api/admin-only', headers: { authorization: `Bearer ${token('user-2')}` } });
    expect(admin.statusCode).toBe(200);
  });

  test('no refused request reaches its handler', async () => {
    expect(handled).toBe(0);
    expect((await post(JSON.stringify({ name: 'ok', count: 1 }))).statusCode).toBe(200);
    expect(handled).toBe(1);
  });

  test('a domain refusal keeps its code; an unexpected error is a 500 without details', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/refuse' })).json()).toEqual({ code: 'CONFLICT', message: 'Already done.' });
    const crash = await app.inject({ method: 'GET', url: '/api/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json().message).not.toContain('boom');
  });

  test('security headers include a strict content security policy; no page may be framed', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin-only' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const docs = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(docs.headers['content-security-policy']).not.toContain("frame-ancestors 'self'");
  });

  test('sockets may go to this origin only; API answers are never cached; HSTS is sent', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin-only', headers: { authorization: `Bearer ${token('user-2')}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("connect-src 'self';");
    expect(response.headers['content-security-policy']).not.toMatch(/connect-src[^;]*\bwss?:/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    // A refusal and a crash are not cached either.
    for (const url of ['/api/refuse', '/api/crash', '/api/nowhere']) expect((await app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-store');
  });

  test('OpenAPI document is generated from the schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/things');
  });
});

test('a route that declares no access rule is refused at start-up', async () => {
  const other = await createApiServer({ jwtSecret: secret, loadPrincipal: async () => null });
  expect(() => other.get('/api/forgotten', async () => ({}))).toThrow(/declares no access rule/);
  await other.close();
});

describe('answers go out by their response schema (domain/src/api)', () => {
  const problem = z.object({ id: z.string(), question: z.string(), correct_answer: withheld(), kind: z.enum(['review', 'new']) });
  const lines: Record<string, unknown>[] = [];
  let server: FastifyInstance;
  let answer: unknown;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    server = await createApiServer({ jwtSecret: secret, loadPrincipal: async () => null, logger: createLogger('api-test', stream) });
    server.withTypeProvider<ZodTypeProvider>().get('/api/problem', {
      config: { access: 'public' },
      schema: { response: { 200: z.object({ data: z.object({ problems: z.array(problem) }) }) } },
      handler: async () => {
        if (answer instanceof Error) throw answer;
        return answer as never;
      },
    });
    await server.ready();
  });
  afterAll(() => server.close());

  test('a field the schema does not name never leaves, nested or not; a withheld one is always null', async () => {
    answer = {
      data: {
        problems: [{ id: 'p1', question: 'What is 6 × 7?', correct_answer: '42', explanation: 'Six sevens.', template_id: 'times', seed: 7, kind: 'new' }],
        token: 'secret-token',
      },
      internal: { hash: 'abc' },
    };
    const response = await server.inject({ method: 'GET', url: '/api/problem' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { problems: [{ id: 'p1', question: 'What is 6 × 7?', correct_answer: null, kind: 'new' }] } });
    expect(response.body).not.toMatch(/42|Six sevens|times|secret-token|abc/);
  });

  test('an answer that does not fit its schema is a 500 without details, logged with the route and where it failed (not the values)', async () => {
    lines.length = 0;
    answer = { data: { problems: [{ id: 'p1', question: 'What is 6 × 7?', correct_answer: null, kind: 'maybe' }] } };
    const response = await server.inject({ method: 'GET', url: '/api/problem' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    const logged = lines.filter((line) => line.level === 50);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.msg).toBe('response does not match its schema: GET /api/problem');
    expect(logged[0]!.issues).toEqual([expect.stringMatching(/^data\.problems\.0\.kind: /)]);
    expect(JSON.stringify(logged[0])).not.toContain('What is 6');
  });

  test('a refusal goes out whole: the schema is the 2xx answer\'s', async () => {
    answer = new DomainError('CONFLICT', 'Already done.', { id: 'Taken' });
    const response = await server.inject({ method: 'GET', url: '/api/problem' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'CONFLICT', message: 'Already done.', fields: { id: 'Taken' } });
  });
});
