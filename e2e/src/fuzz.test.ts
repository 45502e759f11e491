import { afterAll, beforeAll, expect, test } from 'vitest';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_ACCOUNTS } from '@mathdaily/domain';
import { startTestApp, type RunningApp } from '@mathdaily/testing';

/**
 * Fuzzing every route the running product documents (its OpenAPI document, so routes added by
 * anyone are fuzzed too) with fast-check: bodies generated from each route's schema, then
 * mutated (wrong types, huge strings, deep nesting, unicode edge cases, NUL, duplicate keys,
 * broken JSON), hostile headers and query strings, as a guest, a student, a tutor and an admin.
 * Properties: never a 5xx; every refusal is a 4xx with a message; a refused request appends no
 * event (the store's last position is unchanged).
 *
 * FUZZ_RUNS sets the number of requests (default 1,000, about 40 s here); FUZZ_SEED replays a run.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
};

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: Record<string, Schema>;
  body: Schema | undefined;
}

let app: RunningApp;
let operations: Operation[] = [];
const tokens: Record<string, string> = {};
let privateProblemId = '';
const stats = { requests: 0, serverErrors: 0, byStatus: new Map<number, number>() };
let lastRequestId = '';

beforeAll(async () => {
  app = await startTestApp({ demoAccounts: true });
  // Start-up seeding appends in the background; fuzz once the store is quiet.
  while (!(await app.store.readStream('problem-bank')).exists) await new Promise((resolve) => setTimeout(resolve, 250));
  for (let last = -1n, now = await app.store.lastPosition(); now !== last; last = now, now = await app.store.lastPosition()) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const doc = (await app.server.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: Schema }[]; requestBody?: { content?: Record<string, { schema: Schema }> } }>>;
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  // Signing out would end the session the next requests use; signing out a random token is fuzzed, these are not.
  operations = operations.filter((op) => op.path.startsWith('/api/') && !op.path.startsWith('/api/docs') && !op.path.startsWith('/api/live'));
  for (const role of ['student', 'tutor', 'admin'] as const) {
    const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
    const response = await app.server.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password }, remoteAddress: '198.51.100.1' });
    tokens[role] = (response.json() as { accessToken: string }).accessToken;
  }
  // A parent, and a tutor made a student after signing in (their token still says tutor).
  const admin = (method: 'PUT' | 'POST', url: string, payload: object) =>
    app.server.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens.admin}` }, remoteAddress: '198.51.100.2' });
  for (const [name, role] of [['parent', 'parent'], ['demoted', 'tutor']] as const) {
    const email = `fuzz.${name}@example.com`;
    const registered = await app.server.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: 'Fuzz1234!', firstName: 'Fuzz', lastName: 'Caller' }, remoteAddress: '198.51.100.3' });
    const userId = (registered.json() as { user: { id: string } }).user.id;
    await admin('PUT', '/api/admin/users/role', { userId, role });
    const login = await app.server.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Fuzz1234!' }, remoteAddress: '198.51.100.4' });
    tokens[name] = (login.json() as { accessToken: string }).accessToken;
    if (name === 'demoted') await admin('PUT', '/api/admin/users/role', { userId, role: 'student' });
  }
  // A tutor's private question (a set given to nobody): fuzzed ids include it, and only its tutor and admins may see it.
  const set = await app.server.inject({ method: 'POST', url: '/api/tutors/question-sets', payload: { title: 'Fuzz private' }, headers: { authorization: `Bearer ${tokens.tutor}` }, remoteAddress: '198.51.100.5' });
  const setId = (set.json() as { id: string }).id;
  const question = await app.server.inject({
    method: 'POST',
    url: `/api/tutors/question-sets/${setId}/questions`,
    payload: { topic_id: 'fractions', grade: 5, question: 'What is 1/2 + 1/4?', problem_type: 'numeric', correct_answer: '3/4', answer_form: { kind: 'exact_fraction' }, hint: 'Quarters.', explanation: '2/4 + 1/4 = 3/4', difficulty_level: 2, estimated_time_seconds: 60 },
    headers: { authorization: `Bearer ${tokens.tutor}` },
    remoteAddress: '198.51.100.5',
  });
  privateProblemId = (question.json() as { problem_id: string }).problem_id;
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

const nasty = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202e\u202d',
  '\u2028\u2029',
  '\ufeff',
  '\uffff',
  '👩‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '%00',
  '\\',
  '',
  ' ',
];

const nastyString = fc.oneof(
  fc.constantFrom(...nasty),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

/** A value for a JSON schema (the subset zod produces), valid as far as the schema says. */
function fromSchema(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fromSchema(s, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 1000));
        } catch {
          // a pattern fast-check cannot read: plain strings
        }
      }
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 200) });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 8) });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      return fc.record(Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, fromSchema(value, depth + 1)])), {
        requiredKeys: required.filter((key) => key in properties),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** What to send as the body: the schema's value as JSON, or one of many ways to spoil it. */
function bodyFor(schema: Schema | undefined): fc.Arbitrary<string | undefined> {
  const valid = fromSchema(schema);
  const asObject = valid.map((value) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value }));
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((value) => JSON.stringify(value)) },
    // One field of the wrong type.
    { weight: 2, arbitrary: fc.tuple(asObject, fc.jsonValue({ maxDepth: 3 })).map(([body, wrong]) => JSON.stringify(withOneField(body, wrong))) },
    // One field replaced by a hostile string.
    { weight: 2, arbitrary: fc.tuple(asObject, nastyString).map(([body, text]) => JSON.stringify(withOneField(body, text))) },
    // Escapes JSON.stringify would never write: lone surrogates, NUL.
    { weight: 1, arbitrary: asObject.map((body) => JSON.stringify(withOneField(body, 'PLACEHOLDER')).replace('"PLACEHOLDER"', '"\\ud800\\u0000"')) },
    // Deep nesting, shallow to far beyond the cap.
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 6000 }).map((depth) => `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`) },
    // Duplicate keys: the last wins in JSON.parse; either way no 5xx.
    { weight: 1, arbitrary: asObject.map((body) => { const text = JSON.stringify(body); const key = Object.keys(body)[0] ?? 'x'; return text.replace(/^\{/, `{${JSON.stringify(key)}:{"dup":[1,2]},`).replace(/,}$/, '}'); }) },
    // Not JSON at all, or JSON of the wrong shape.
    { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom('', 'null', '[]', '"text"', '1e999', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{}}}', '{', '{"a":1,}')) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function withOneField(body: Record<string, unknown>, value: unknown): Record<string, unknown> {
  const keys = Object.keys(body);
  const key = keys.length ? keys[Math.abs(hash(JSON.stringify(value))) % keys.length]! : 'field';
  return { ...body, [key]: value };
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i += 1) h = (h * 31 + text.charCodeAt(i)) | 0;
  return h;
}

const pathParam = fc.oneof(fc.uuid(), fc.constant('private-problem'), fc.constantFrom('not-a-uuid', '%00', '%ED%A0%80', '..%2F..%2Fetc', 'x'.repeat(3000), '00000000-0000-0000-0000-000000000000', '%E0%A4%A'), fc.string({ maxLength: 20 }).map(encodeURIComponent));
const queryString = fc.oneof(
  fc.constant(''),
  fc.array(fc.tuple(fc.string({ maxLength: 12 }), nastyString), { maxLength: 3 }).map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.isWellFormed() ? v.slice(0, 3000) : 'x')}`).join('&')),
  fc.constantFrom('a=%00', 'a=%ED%A0%80', 'a=%', 'a[b][c]=1', 'limit=-1', 'limit=1e9', 'page=abc', 'a=1&a=2'),
);
const caller = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('student', 'tutor', 'admin') },
  { weight: 1, arbitrary: fc.constantFrom('parent', 'demoted', 'guest', 'garbage-token') },
);
const headers = fc.record(
  {
    contentType: fc.oneof(
      { weight: 8, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', '') },
    ),
    idempotencyKey: fc.oneof(fc.uuid(), fc.constantFrom('', ' ', '"quoted"', 'x'.repeat(300), 'bad\tkey')),
    // A caller naming the request (a forged correlation id among them): the server's id is always its own.
    requestId: fc.oneof(fc.uuid(), fc.constantFrom('previous-request', 'x'.repeat(100), 'bad id\n'), fc.string({ maxLength: 70 })),
  },
  { requiredKeys: ['contentType'] },
);

function queryFor(op: Operation): fc.Arbitrary<string> {
  const keys = Object.keys(op.query);
  if (keys.length === 0) return queryString;
  const valid = fc
    .record(Object.fromEntries(keys.map((key) => [key, fromSchema(op.query[key])])), { requiredKeys: [] })
    .map((values) => new URLSearchParams(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString());
  return fc.oneof(valid, queryString);
}

const requestArbitrary = fc
  .integer({ min: 0, max: 1_000_000 })
  .chain((index) => {
    const op = operations[index % operations.length]!;
    return fc.record({
      op: fc.constant(op),
      params: fc.array(pathParam, { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
      query: queryFor(op),
      body: op.method === 'GET' || op.method === 'HEAD' ? fc.constant(undefined) : bodyFor(op.body),
      caller,
      headers,
      address: fc.ipV4(),
    });
  });

function refusalHasMessage(response: LightMyRequestResponse): boolean {
  try {
    const body = response.json() as { message?: unknown };
    return typeof body.message === 'string' && body.message.length > 0;
  } catch {
    return false;
  }
}

test(`fuzzing every documented route (${RUNS} requests): no 5xx, every refusal a 4xx with a message, no event from a refused request`, { timeout: 600_000 }, async () => {
  expect(operations.length).toBeGreaterThan(25);
  await fc.assert(
    fc.asyncProperty(requestArbitrary, async ({ op, params, query, body, caller: who, headers: h, address }) => {
      let url = op.path;
      const ids = params.map((param) => (param === 'private-problem' ? privateProblemId : param));
      op.pathParams.forEach((name, i) => (url = url.replace(`{${name}}`, ids[i]!)));
      if (query) url += `?${query}`;
      const requestHeaders: Record<string, string> = {};
      if (body !== undefined) requestHeaders['content-type'] = h.contentType;
      if (h.idempotencyKey !== undefined) requestHeaders['idempotency-key'] = h.idempotencyKey;
      const sentRequestId = h.requestId === 'previous-request' ? lastRequestId : h.requestId;
      if (sentRequestId !== undefined && /^[\t\x20-\x7e]*$/.test(sentRequestId)) requestHeaders['x-request-id'] = sentRequestId;
      if (who === 'garbage-token') requestHeaders.authorization = 'Bearer eyJhbGciOiJub25lIn0.e30.';
      else if (who !== 'guest') requestHeaders.authorization = `Bearer ${tokens[who]}`;
      const before = await app.store.lastPosition();
      const response = await app.server.inject({
        method: op.method as 'GET',
        url,
        headers: requestHeaders,
        remoteAddress: address,
        ...(body !== undefined ? { payload: body } : {}),
      });
      stats.requests += 1;
      stats.byStatus.set(response.statusCode, (stats.byStatus.get(response.statusCode) ?? 0) + 1);
      const what = `${op.method} ${url.slice(0, 200)} as ${who} with ${String(body).slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
      if (response.statusCode >= 500) stats.serverErrors += 1;
      expect(response.statusCode, what).toBeLessThan(500);
      // The correlation id is the server's, never the caller's (nor another request's).
      const requestId = String(response.headers['x-request-id']);
      expect(requestId, what).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(requestId === sentRequestId || requestId === lastRequestId, what).toBe(false);
      lastRequestId = requestId;
      // The private question: nobody but its tutor and admins learns anything of it (a caller not
      // signed in is refused before the problem is looked at).
      if (url.startsWith(`/api/problems/${privateProblemId}`) && who !== 'tutor' && who !== 'admin') {
        expect(response.statusCode, what).toBe(who === 'guest' || who === 'garbage-token' ? 401 : 404);
      }
      if (response.statusCode >= 400) {
        expect(refusalHasMessage(response), what).toBe(true);
        // Background work (seeding, scheduled checks) may append meanwhile; only this request's own events count.
        const appended = await app.store.readAll({ after: before, limit: 1000 });
        const own = appended.filter((event) => event.metadata.correlationId === response.headers['x-request-id']);
        expect(own.map((event) => event.type), `a refused request appended: ${what}`).toEqual([]);
      }
    }),
    { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: true },
  );
  console.log(
    `fuzz: ${stats.requests} requests over ${operations.length} operations, 5xx: ${stats.serverErrors}; by status ${JSON.stringify(Object.fromEntries([...stats.byStatus].sort((a, b) => a[0] - b[0])))}`,
  );
});
