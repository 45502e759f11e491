// The tutors' live feed under load: many tutor sockets held by one product instance while a
// student answers, timing answer → the tutor's socket (docs/bench.md, docs/tutor-area.md).
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS } from '@mathdaily/domain';
import { createClient, type Client, type Reply } from './http.ts';
import { percentiles, type Percentiles } from './stats.ts';

export interface LivePhaseResult {
  /** Sockets open (authenticated, 'ready') while the alerts were timed, the timed one included. */
  sockets: number;
  socketsWanted: number;
  socketFailures: number;
  openSeconds: number;
  alerts: number;
  alertMs: Percentiles;
  /** The untimed first answer's alert (ms; null when missed): cold code paths, reported on its own. */
  warmUpMs: number | null;
  /** Answers whose item did not reach the tutor within 5 s. */
  missed: number;
}

const IDLE_TUTORS = 10;
const OPEN_CONCURRENCY = 200;
const ALERT_TIMEOUT_MS = 5000;

function ok(reply: Reply, what: string): Reply {
  if (reply.status >= 200 && reply.status < 300) return reply;
  throw new Error(`${what}: HTTP ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
}

/** An authenticated /api/live socket; resolves once the server said 'ready'. */
function openSocket(baseUrl: string, token: string, onItems?: (items: { position: string }[]) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/live`);
    const timer = setTimeout(() => reject(new Error('no ready within 30 s')), 30_000);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; items?: { position: string }[] };
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(socket);
      } else if (message.items) onItems?.(message.items);
    });
    socket.once('close', (code, reason) => {
      clearTimeout(timer);
      reject(new Error(`closed ${code} ${reason.toString()}`));
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/**
 * 1. The demo tutor makes a code; a student registers with it and is activated.
 * 2. `sockets - 1` idle sockets are opened by 10 other tutors (they concern none of the answers,
 *    so the instance holds them while filtering every batch for the one tutor concerned).
 * 3. The student answers `answers` problems one at a time; alert_ms = the answer's POST sent →
 *    the tutor's socket receives an item at or after the answer's position. One answer before
 *    them is a warm-up, as the load phases have one: the first answer after start-up runs cold
 *    code (JIT, the feed's first batch; 149 ms against ≤ 80 ms for the next 49 in one run), so
 *    with 50 answers it alone would be the p99. Its figure is reported beside.
 */
export async function runLivePhase(baseUrl: string, options: { sockets: number; answers: number }): Promise<LivePhaseResult> {
  const client: Client = createClient(baseUrl, '127.0.0.250');
  const runId = randomUUID().slice(0, 8);
  const login = async (email: string, password: string) => ok(await client.request('POST', '/api/auth/login', { body: { email, password } }), `login ${email}`).body;
  const tutorAccount = DEMO_ACCOUNTS.find((account) => account.role === 'tutor')!;
  const adminAccount = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
  const tutor = await login(tutorAccount.email, tutorAccount.password);
  const admin = await login(adminAccount.email, adminAccount.password);
  const { code } = ok(await client.request('POST', '/api/tutors/referral-codes', { token: tutor.accessToken, body: {} }), 'generate code').body;
  const register = async (index: number, extra: Record<string, unknown> = {}) => {
    const registrar = createClient(baseUrl, `127.0.1.${1 + Math.floor(index / 10)}`);
    const email = `bench.live.${runId}.${index}@example.com`;
    const reply = ok(
      await registrar.request('POST', '/api/auth/register', { body: { email, password: 'Bench-Pass-2026!', firstName: 'Live', lastName: 'Bench', gradeLevel: 5, ...extra } }),
      `register ${email}`,
    );
    registrar.close();
    return { email, userId: reply.body.user.id as string, token: reply.body.accessToken as string };
  };
  const student = await register(0, { referralCode: code });
  ok(await client.request('PUT', `/api/tutors/students/${student.userId}`, { token: tutor.accessToken, body: { relationship_status: 'active' } }), 'activate');

  const idleTokens: string[] = [];
  for (let index = 1; index <= IDLE_TUTORS; index += 1) {
    const account = await register(index);
    ok(await client.request('PUT', '/api/admin/users/role', { token: admin.accessToken, body: { userId: account.userId, role: 'tutor' } }), 'make tutor');
    idleTokens.push((await login(account.email, 'Bench-Pass-2026!')).accessToken as string);
  }

  const opened: WebSocket[] = [];
  let socketFailures = 0;
  const openStarted = performance.now();
  let next = 0;
  const idleWanted = Math.max(0, options.sockets - 1);
  const opener = async () => {
    for (let index = next++; index < idleWanted; index = next++) {
      try {
        opened.push(await openSocket(baseUrl, idleTokens[index % idleTokens.length]!));
      } catch {
        socketFailures += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: OPEN_CONCURRENCY }, opener));
  const openSeconds = (performance.now() - openStarted) / 1000;

  const arrivals: { position: bigint; at: number }[] = [];
  let wake: (() => void) | null = null;
  const watched = await openSocket(baseUrl, tutor.accessToken, (items) => {
    const at = performance.now();
    for (const item of items) arrivals.push({ position: BigInt(item.position), at });
    wake?.();
  });

  const problems = ok(await client.request('GET', '/api/problems?grade=5&limit=100', { token: student.token }), 'problems').body.data.problems as {
    id: string;
    answer_options: string[] | null;
  }[];
  const latencies: number[] = [];
  let missed = 0;
  let sessionId = randomUUID();
  ok(await client.request('POST', '/api/learning/sessions', { token: student.token, body: { session_id: sessionId } }), 'start session');
  let warmUpMs: number | null = null;
  for (let index = -1; index < options.answers; index += 1) {
    if (index > 0 && index % 10 === 0) {
      sessionId = randomUUID();
      ok(await client.request('POST', '/api/learning/sessions', { token: student.token, body: { session_id: sessionId } }), 'start session');
    }
    const problem = problems[(index + problems.length) % problems.length]!;
    const sent = performance.now();
    const reply = ok(
      await client.request('POST', '/api/learning/submit-answer', {
        token: student.token,
        body: { problem_id: problem.id, session_id: sessionId, user_answer: problem.answer_options?.[0] ?? '1', response_time_ms: 5000 },
      }),
      'answer',
    );
    const position = BigInt(reply.body.position as string);
    const deadline = sent + ALERT_TIMEOUT_MS;
    for (;;) {
      const arrival = arrivals.find((candidate) => candidate.position >= position && candidate.at >= sent);
      if (arrival) {
        if (index < 0) warmUpMs = arrival.at - sent;
        else latencies.push(arrival.at - sent);
        break;
      }
      const left = deadline - performance.now();
      if (left <= 0) {
        if (index >= 0) missed += 1;
        break;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }
  const sockets = opened.length + 1;
  for (const socket of [...opened, watched]) socket.terminate();
  client.close();
  return { sockets, socketsWanted: options.sockets, socketFailures, openSeconds, alerts: latencies.length, alertMs: percentiles(latencies), warmUpMs, missed };
}
