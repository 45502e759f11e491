import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApiServer, NOT_PERMITTED, SESSION_EXPIRED, SIGN_IN_REQUIRED, type Access, type Role } from '@mathdaily/api-kit';
import { DEMO_ACCOUNTS } from '@mathdaily/domain';
import { createTestDatabase } from '@mathdaily/testing';
import { startApp, type RunningApp } from './app.ts';

/**
 * The role × route matrix, generated from the routes the running product registers: every /api
 * route is called without a token and with a token of each role, and the answer must match the
 * route's declared access — a guard denial (401 'Please sign in to continue.' / 403 'You do not
 * have permission to do that.') exactly when the declaration says so, and never a 5xx.
 */

interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

const routes: ApiRoute[] = [];
let app: RunningApp;
/** 'demoted': a tutor's token from before an admin made them a student; the role is read afresh, so they are a student. */
type Caller = Role | 'demoted';
const tokens = new Map<Caller, string>();
let ip = 0;
const nextIp = () => `192.0.2.${(ip = (ip % 250) + 1)}`;

function collect(route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (method === 'HEAD' || !route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
    routes.push({ method, url: route.url, access: route.config?.access as Access });
  }
}

async function signIn(email: string, password: string): Promise<string> {
  const response = await app.server.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: nextIp() });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { accessToken: string }).accessToken;
}

beforeAll(async () => {
  const databaseUrl = await createTestDatabase('route_matrix', { seeded: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-matrix-'));
  app = await startApp({
    databaseUrl,
    jwtSecret: 'route-matrix-secret-route-matrix-secret-42',
    demoAccounts: true,
    dataDir,
    port: 0,
    log: () => {},
    webDist: path.join(dataDir, 'no-web'),
    onRoute: collect,
  });
  const password = DEMO_ACCOUNTS[0]!.password;
  for (const role of ['student', 'tutor', 'admin'] as const) {
    tokens.set(role, await signIn(DEMO_ACCOUNTS.find((account) => account.role === role)!.email, password));
  }
  // No demo parent: register someone and have the admin make them a parent.
  const email = `parent.${Date.now()}@example.com`;
  const registered = await app.server.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'Parent123!', firstName: 'Pat', lastName: 'Parent' },
    remoteAddress: nextIp(),
  });
  const userId = (registered.json() as { user: { id: string } }).user.id;
  const changed = await app.server.inject({
    method: 'PUT',
    url: '/api/admin/users/role',
    payload: { userId, role: 'parent' },
    headers: { authorization: `Bearer ${tokens.get('admin')}` },
    remoteAddress: nextIp(),
  });
  expect(changed.statusCode, changed.body).toBe(200);
  tokens.set('parent', await signIn(email, 'Parent123!'));

  // A tutor signs in, then an admin makes them a student: their token still says 'tutor'.
  const tutorEmail = `demoted.${Date.now()}@example.com`;
  const tutorUser = await app.server.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: tutorEmail, password: 'Demoted123!', firstName: 'Dee', lastName: 'Moted' },
    remoteAddress: nextIp(),
  });
  const tutorId = (tutorUser.json() as { user: { id: string } }).user.id;
  const setRole = async (role: Role) => {
    const response = await app.server.inject({
      method: 'PUT',
      url: '/api/admin/users/role',
      payload: { userId: tutorId, role },
      headers: { authorization: `Bearer ${tokens.get('admin')}` },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  await setRole('tutor');
  tokens.set('demoted', await signIn(tutorEmail, 'Demoted123!'));
  await setRole('student');
});

afterAll(async () => {
  await app?.stop();
});

const callers: (Caller | 'anonymous')[] = ['anonymous', 'student', 'tutor', 'admin', 'parent', 'demoted'];

function allowed(access: Access, caller: Caller | 'anonymous'): boolean {
  if (access === 'public') return true;
  if (caller === 'anonymous') return false;
  return access === 'authenticated' || access.includes(caller === 'demoted' ? 'student' : caller);
}

/** Routes anyone may call without signing in (SPEC §6: guests reach guest-only and open pages only). */
const INTENDED_PUBLIC_ROUTES = [
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/refresh',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/reset-password/check',
  'POST /api/auth/verify-email',
  'GET /api/auth/test-accounts',
  // Not GET /api/dev/mailbox: it holds every account's reset links, so admins only (issue 14).
  'GET /api/avatars/uploads/:file',
  'GET /api/health',
  // The contact form (guests) and the error boundary's report (any page, signed in or not).
  'POST /api/contact-requests',
  'POST /api/client-errors',
  // The tutors' live feed and live class view: browsers cannot send headers on a websocket, so the first message signs in.
  'GET /api/live',
  // The weekly summary's one-click opt-out: the e-mail's token is the credential (RFC 8058).
  'POST /api/email/weekly-summary/opt-out',
  'GET /api/live/class',
];

/** `METHOD /api/…` of every route registered in the APIs' sources (`app.get('/api/…'`, `app.route({ method, url })`). */
function sourceRoutes(): string[] {
  const root = path.resolve(import.meta.dirname, '../..');
  const found: string[] = [];
  for (const workspace of ['command-api', 'query-api', 'api-kit']) {
    const dir = path.join(root, workspace, 'src');
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.includes('testing')) continue;
      const text = readFileSync(path.join(dir, file), 'utf8');
      for (const m of text.matchAll(/\.(get|post|put|delete|patch)(?:<[^>]*>)?\(\s*'(\/api[^']*)'/g)) found.push(`${m[1]!.toUpperCase()} ${m[2]}`);
      for (const m of text.matchAll(/method: '([A-Z]+)',\s*url: '(\/api[^']*)'/g)) found.push(`${m[1]} ${m[2]}`);
      // Routes a slice registers through its helper: the admin, learner and tutor-scoped queries (GET), the practice commands (POST).
      for (const m of text.matchAll(/register(AdminQuery|LearnerQuery|TutorScopedQuery|PracticeCommand)\(app, (?:deps, )?'(\/api[^']*)'/g)) {
        found.push(`${m[1] === 'PracticeCommand' ? 'POST' : 'GET'} ${m[2]}`);
      }
    }
  }
  return [...new Set(found)].sort();
}

const ZERO_ID = '00000000-0000-4000-8000-000000000000';
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, ZERO_ID).replace(/\*$/, 'x');

describe('role × route matrix', () => {
  test('the product registers its routes, each with a declared access rule', () => {
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    const names = new Set(routes.map((r) => `${r.method} ${r.url}`));
    // Every route the APIs' sources register is in the matrix (a route the collection missed is never called below).
    const written = sourceRoutes();
    expect(written.length).toBeGreaterThanOrEqual(100);
    expect(written.filter((route) => !names.has(route))).toEqual([]);
    for (const expected of [
      'POST /api/auth/register',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/auth/refresh',
      'GET /api/auth/me',
      'POST /api/auth/forgot-password',
      'POST /api/auth/reset-password',
      'POST /api/auth/reset-password/check',
      'POST /api/auth/verify-email',
      'POST /api/auth/resend-verification',
      'GET /api/auth/profile',
      'PUT /api/auth/profile',
      'GET /api/auth/profile/status',
      'POST /api/auth/change-password',
      'GET /api/auth/avatars',
      'PUT /api/auth/profile/avatar',
      'POST /api/auth/profile/avatar',
      'DELETE /api/auth/profile/avatar',
      'GET /api/auth/test-accounts',
      'GET /api/dev/mailbox',
      'PUT /api/admin/users/role',
      'GET /api/admin/dashboard/stats',
      'GET /api/admin/users',
      'GET /api/admin/system/logs',
      'GET /api/admin/events',
      'GET /api/admin/contact-requests',
      'GET /api/admin/client-errors',
      'GET /api/avatars/uploads/:file',
      'POST /api/tutors/referral-codes',
      'POST /api/tutors/referral-codes/check',
      'POST /api/tutors/referral-codes/:code/deactivate',
      'POST /api/tutors/referral-codes/redeem',
      'PUT /api/tutors/students/:id',
      'GET /api/tutors/dashboard',
      'GET /api/tutors/students',
      'GET /api/tutors/referral-codes',
      'GET /api/tutors/students/:userId/progress',
      'GET /api/live',
      'DELETE /api/auth/account',
      'POST /api/admin/users/:userId/erase',
      'POST /api/parent/children/:userId/erase',
      'POST /api/family/link-codes',
      'POST /api/tutors/students/:id/link-code',
      'POST /api/parent/children',
      'DELETE /api/parent/children/:childId',
      'DELETE /api/family/parents/:parentId',
      'GET /api/parent/children',
      'GET /api/family',
      'GET /api/privacy/export/:userId',
      'PUT /api/parent/weekly-summary',
    ]) {
      expect(names.has(expected), expected).toBe(true);
    }
  });

  test('public routes are exactly the intended ones, and admin routes are for admins only', () => {
    // A new route made public by mistake fails here: add it to this list only on purpose.
    const publicRoutes = routes.filter((route) => route.access === 'public').map((route) => `${route.method} ${route.url}`);
    expect(publicRoutes.sort()).toEqual([...INTENDED_PUBLIC_ROUTES].sort());
    for (const route of routes.filter((r) => r.url.startsWith('/api/admin/'))) {
      expect(route.access, `${route.method} ${route.url}`).toEqual(['admin']);
    }
    // The tutor area: tutors (and admins for reading, relationship changes and any tutor's question
    // sets); referral codes and classes are a tutor's own (admins read classes, never change them);
    // students only join with a code.
    for (const route of routes.filter((r) => r.url.startsWith('/api/tutors/'))) {
      const tutorsOwn = (route.method === 'POST' && !route.url.startsWith('/api/tutors/question-sets')) || (route.method !== 'GET' && route.url.startsWith('/api/tutors/classes'));
      const expected = route.url === '/api/tutors/referral-codes/redeem' ? ['student'] : tutorsOwn ? ['tutor'] : ['tutor', 'admin'];
      expect(route.access, `${route.method} ${route.url}`).toEqual(expected);
    }
  });

  test('every /api route, called by every kind of caller, answers as its declaration says', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of routes) {
      for (const caller of callers) {
        const token = caller === 'anonymous' ? undefined : tokens.get(caller);
        const response = await app.server.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          remoteAddress: nextIp(),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(route.method === 'POST' || route.method === 'PUT' ? { payload: {} } : {}),
        });
        calls += 1;
        let message = '';
        try {
          message = String((response.json() as { message?: unknown }).message ?? '');
        } catch {
          // Not JSON (an image or a page): not a guard answer.
        }
        const signInDenial = response.statusCode === 401 && (message === SIGN_IN_REQUIRED || message === SESSION_EXPIRED);
        const roleDenial = response.statusCode === 403 && message === NOT_PERMITTED;
        const label = `${route.method} ${route.url} as ${caller} (${JSON.stringify(route.access)}) → ${response.statusCode} ${message}`;
        if (response.statusCode >= 500) failures.push(`5xx: ${label}`);
        if (allowed(route.access, caller)) {
          if (signInDenial || roleDenial) failures.push(`denied but declared allowed: ${label}`);
        } else if (caller === 'anonymous') {
          if (!(response.statusCode === 401 && message === SIGN_IN_REQUIRED)) failures.push(`not refused with 401: ${label}`);
        } else if (!roleDenial) {
          failures.push(`not refused with 403: ${label}`);
        }
      }
    }
    expect(calls).toBe(routes.length * callers.length);
    expect(failures).toEqual([]);
  });
});

describe("a tutor's private question-set problem", () => {
  test('is read by its tutor and admins only; every other caller, a demoted tutor and a parent too, is told it does not exist, and cannot answer it', async () => {
    const as = (caller: Caller) => ({ authorization: `Bearer ${tokens.get(caller)}` });
    const created = await app.server.inject({ method: 'POST', url: '/api/tutors/question-sets', payload: { title: 'Private' }, headers: as('tutor'), remoteAddress: nextIp() });
    expect(created.statusCode, created.body).toBe(201);
    const setId = (created.json() as { id: string }).id;
    const question = {
      topic_id: 'fractions', grade: 5, question: 'What is 1/2 + 1/4?', problem_type: 'numeric', correct_answer: '3/4',
      answer_form: { kind: 'exact_fraction' }, hint: 'Use quarters.', explanation: '2/4 + 1/4 = 3/4', difficulty_level: 2, estimated_time_seconds: 60,
    };
    const added = await app.server.inject({ method: 'POST', url: `/api/tutors/question-sets/${setId}/questions`, payload: question, headers: as('tutor'), remoteAddress: nextIp() });
    expect(added.statusCode, added.body).toBe(201);
    const { problem_id: problemId, position } = added.json() as { problem_id: string; position: string };
    const read = (caller: Caller) =>
      app.server.inject({ method: 'GET', url: `/api/problems/${problemId}`, headers: { ...as(caller), 'x-min-position': position }, remoteAddress: nextIp() });
    for (const caller of ['tutor', 'admin'] as const) expect((await read(caller)).json(), caller).toMatchObject({ data: { problem: { id: problemId, correct_answer: '3/4' } } });
    for (const caller of ['student', 'parent', 'demoted'] as const) {
      const response = await read(caller);
      expect([response.statusCode, response.json()], caller).toEqual([404, { code: 'NOT_FOUND', message: `Problem ${problemId} was not found.` }]);
    }
    for (const caller of ['student', 'demoted'] as const) {
      const answered = await app.server.inject({
        method: 'POST',
        url: '/api/learning/submit-answer',
        payload: { problem_id: problemId, session_id: '00000000-0000-4000-8000-00000000000a', user_answer: '3/4', response_time_ms: 1000 },
        headers: as(caller),
        remoteAddress: nextIp(),
      });
      expect(answered.statusCode, caller).toBe(404);
    }
  });
});

describe('a parent sees nothing of a child not linked to them', () => {
  test("the child's learning, data export and erasure answer 403 or 404 to every parent but a linked one, and a link counts at once", async () => {
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const student = DEMO_ACCOUNTS.find((account) => account.role === 'student')!;
    const childLogin = await app.server.inject({ method: 'POST', url: '/api/auth/login', payload: { email: student.email, password: student.password }, remoteAddress: nextIp() });
    const childId = (childLogin.json() as { user: { id: string } }).user.id;
    const childToken = (childLogin.json() as { accessToken: string }).accessToken;
    const parent = tokens.get('parent')!;
    const reads = [`/api/learning/progress/${childId}`, `/api/learning/dashboard/${childId}`, `/api/learning/achievements/${childId}`, `/api/privacy/export/${childId}`, `/api/tutors/students/${childId}/progress`];
    const statuses = async () => Promise.all(reads.map(async (url) => (await app.server.inject({ method: 'GET', url, headers: as(parent), remoteAddress: nextIp() })).statusCode));
    expect(await statuses()).toEqual([403, 403, 403, 403, 403]);
    const children = await app.server.inject({ method: 'GET', url: '/api/parent/children', headers: as(parent), remoteAddress: nextIp() });
    expect(children.json()).toMatchObject({ data: { children: [] } });
    const erase = await app.server.inject({ method: 'POST', url: `/api/parent/children/${childId}/erase`, payload: { password: 'Parent123!' }, headers: as(parent), remoteAddress: nextIp() });
    expect(erase.statusCode).toBe(404);

    // Linked by the child's code: the same reads answer at once (no wait for the read models), but never the tutor area.
    const code = (await app.server.inject({ method: 'POST', url: '/api/family/link-codes', headers: as(childToken), remoteAddress: nextIp() })).json() as { code: string };
    const linked = await app.server.inject({ method: 'POST', url: '/api/parent/children', payload: { code: code.code }, headers: as(parent), remoteAddress: nextIp() });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(await statuses()).toEqual([200, 200, 200, 200, 403]);
    // The child unlinks the parent: access ends on the parent's next request.
    const parentId = (await app.server.inject({ method: 'GET', url: '/api/auth/me', headers: as(parent), remoteAddress: nextIp() })).json() as { user: { id: string } };
    const unlinked = await app.server.inject({ method: 'DELETE', url: `/api/family/parents/${parentId.user.id}`, headers: as(childToken), remoteAddress: nextIp() });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(await statuses()).toEqual([403, 403, 403, 403, 403]);
  });
});

describe('OpenAPI', () => {
  test('/api/docs/json documents every /api route from its schemas', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = (response.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');
    for (const route of routes) {
      expect(paths[openApiPath(route.url)]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
  });
});

describe('declarations are enforced at start-up', () => {
  test('a route without an access rule makes the server refuse to start', async () => {
    const server = await createApiServer({ jwtSecret: 'x'.repeat(32), loadPrincipal: async () => null });
    expect(() => server.get('/api/unguarded', async () => ({ ok: true }))).toThrow(/declares no access rule/);
    await server.close();
  });
});
