import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS } from '@mathdaily/domain';
import { createTestDatabase, startNginx, startProductionTopology, type ProductionTopology, type RunningNginx } from '@mathdaily/testing';

/**
 * The web image's nginx (deploy/nginx-main.conf + deploy/nginx.conf, run by Debian's nginx with
 * the brotli_static module) in front of a command-api, a query-api and a projector: the app's
 * files go out as the build compressed them, hashed files cached for a year, the services'
 * metrics and probes never reachable, and a tutor's live socket kept open while quiet, by the
 * server's pings, longer than nginx lets a silent socket live. Production pings every 30 s and
 * nginx ends a socket silent for 75 s; the quiet check runs the same proportions ten times faster
 * (pings every 3 s, nginx at 8 s, 12 s of quiet), and the first test checks the real figures.
 */

const webDist = path.resolve(import.meta.dirname, '../../web/dist');
const PRODUCTION_PING_SECONDS = 30;
const PING_SECONDS = 3;
const READ_TIMEOUT_SECONDS = 8;
const IDLE_MS = 12_000;
const tutor = DEMO_ACCOUNTS.find((account) => account.role === 'tutor')!;

let topology: ProductionTopology;
let nginx: RunningNginx;
let learner: { accessToken: string; user: { id: string } };
let idle: { socket: WebSocket; openedAt: number; pings: number; closed: { code: number; reason: string } | null; messages: { type: string }[] };

beforeAll(async () => {
  const databaseUrl = await createTestDatabase('web_proxy', { seeded: true });
  topology = await startProductionTopology({
    databaseUrl, jwtSecret: 'web-proxy-secret-web-proxy-secret-web-proxy', demoAccounts: true, env: { LIVE_PING_SECONDS: String(PING_SECONDS) },
  });
  nginx = await startNginx({ commandUrl: topology.commandUrl, queryUrl: topology.queryUrl, webDist, liveReadTimeoutSeconds: READ_TIMEOUT_SECONDS });
  // The quiet socket opens first: the other checks run while it waits.
  // A student of the tutor's, whose answer reaches the quiet socket at the end.
  const { accessToken: token } = await signIn(tutor);
  const code = ((await send('POST', '/api/tutors/referral-codes', token, {})) as { code: string }).code;
  learner = (await send('POST', '/api/auth/register', null, {
    email: `quiet.${randomUUID().slice(0, 8)}@example.com`, password: 'Secret123!', firstName: 'Quinn', lastName: 'Quiet', gradeLevel: 6, referralCode: code,
  })) as typeof learner;
  await send('PUT', `/api/tutors/students/${learner.user.id}`, token, { relationship_status: 'active' });
  const socket = new WebSocket(`${nginx.url.replace('http', 'ws')}/api/live`);
  idle = { socket, openedAt: Date.now(), pings: 0, closed: null, messages: [] };
  socket.on('ping', () => (idle.pings += 1));
  const ready = new Promise((resolve) => socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string };
    idle.messages.push(message);
    if (message.type === 'ready') resolve(message);
  }));
  socket.on('close', (code, reason) => (idle.closed = { code, reason: reason.toString() }));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'auth', token }));
  await ready;
}, 180_000);

afterAll(async () => {
  idle?.socket.close();
  await nginx?.stop();
  await topology?.stop();
});

/** A command through nginx; any answer but a 2xx fails the test. */
async function send(method: 'POST' | 'PUT', url: string, token: string | null, body: unknown): Promise<unknown> {
  const response = await fetch(`${nginx.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as unknown;
  expect(response.status, JSON.stringify(answer)).toBeLessThan(300);
  return answer;
}

const signIn = (account: { email: string; password: string }) => send('POST', '/api/auth/login', null, { email: account.email, password: account.password }) as Promise<{ accessToken: string; user: { id: string } }>;

async function mainScript(): Promise<string> {
  const page = await fetch(`${nginx.url}/`);
  expect(page.status).toBe(200);
  expect(page.headers.get('cache-control')).toBe('no-cache');
  const src = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
  expect(src).toBeDefined();
  return src!;
}

describe('nginx in front of the services', () => {
  test('hashed assets go out as the build compressed them (brotli, else gzip), cached for a year', async () => {
    const src = await mainScript();
    const file = path.join(webDist, src);
    for (const [accepted, encoding, suffix] of [['br, gzip', 'br', '.br'], ['gzip', 'gzip', '.gz'], ['identity', null, '']] as const) {
      const response = await fetch(`${nginx.url}${src}`, { headers: { 'accept-encoding': accepted } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      // fetch decodes the body; the length on the wire is the compressed copy's.
      expect(Number(response.headers.get('content-length'))).toBe((await stat(`${file}${suffix}`)).size);
      expect(await response.text()).toBe(await readFile(file, 'utf8'));
    }
    expect((await stat(`${file}.gz`)).size).toBeLessThan((await stat(file)).size / 2);
  });

  test("the services' metrics and health probes are not reachable through nginx", async () => {
    for (const url of ['/metrics', '/health/live', '/health/ready', '/health']) expect((await fetch(`${nginx.url}${url}`)).status).toBe(404);
    expect((await fetch(`${topology.queryUrl}/metrics`)).status).toBe(200);
  });

  test('reads go to query-api and commands to command-api', async () => {
    const paths = async (url: string) => Object.keys(((await (await fetch(`${nginx.url}${url}`)).json()) as { paths: Record<string, unknown> }).paths);
    expect(await paths('/api/docs/json')).toContain('/api/learning/due-problems/{userId}');
    expect(await paths('/api/docs/commands/json')).toContain('/api/auth/login');
  });

  test('production figures: nginx lets the live socket be silent for more than two of the server’s ping intervals', async () => {
    const site = await readFile(path.resolve(import.meta.dirname, '../../deploy/nginx.conf'), 'utf8');
    const live = /location \/api\/live[^{]*\{([^}]*)\}/.exec(site)?.[1] ?? '';
    const timeout = Number(/proxy_read_timeout (\d+)s;/.exec(live)?.[1]);
    expect(timeout).toBeGreaterThan(2 * PRODUCTION_PING_SECONDS);
  });

  test('a live socket stays open through more quiet than nginx allows, kept by the server’s pings, and still carries activity', async () => {
    const left = IDLE_MS - (Date.now() - idle.openedAt);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    expect(idle.closed, nginx.output()).toBeNull();
    expect(idle.pings).toBeGreaterThanOrEqual(2);
    expect(idle.socket.readyState).toBe(WebSocket.OPEN);

    const auth = { authorization: `Bearer ${learner.accessToken}` };
    const queue = (await (await fetch(`${nginx.url}/api/learning/due-problems/${learner.user.id}`, { headers: auth })).json()) as { data: { problems: { id: string; answer_options: string[] | null }[] } };
    const problem = queue.data.problems[0]!;
    const answered = await fetch(`${nginx.url}/api/learning/submit-answer`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ problem_id: problem.id, session_id: randomUUID(), user_answer: problem.answer_options?.[0] ?? '1', response_time_ms: 4_000 }),
    });
    expect(answered.status).toBe(201);
    await expect.poll(() => idle.messages.some((message) => message.type === 'activity' && JSON.stringify(message).includes(learner.user.id))).toBe(true);
  }, IDLE_MS + 30_000);
});
