import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from '@mathdaily/api-kit';
import { type RunningApp, startTestApp, appendFractionProblem } from '@mathdaily/testing';
import { LIVE_CLOSE } from './get-live.ts';

/**
 * /api/live through the whole app on a real port and database: a student's answer reaches their
 * tutor's socket and no other tutor's; bad first messages and tokens are refused with a reason;
 * a reconnect with the last position gets what was missed; a socket closes when its token expires.
 */

/** startTestApp's JWT secret (testing/src/product.ts): lets a test sign a token that runs out in seconds. */
const TEST_JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-123456';

let app: RunningApp;
let ips = 0;
interface Caller {
  token: string;
  userId: string;
}
interface Item {
  id: string;
  position: string;
  type: string;
  student_id: string;
  message: string;
}

async function call(method: 'POST' | 'PUT', url: string, as: Caller | null, payload: unknown) {
  const response = await app.server.inject({
    method,
    url,
    remoteAddress: `198.51.100.${++ips % 250}`,
    headers: as ? { authorization: `Bearer ${as.token}` } : {},
    payload: payload as object,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as any;
}

const signIn = async (email: string, password = 'Demo123!'): Promise<Caller> => {
  const body = await call('POST', '/api/auth/login', null, { email, password });
  return { token: body.accessToken, userId: body.user.id };
};

let counter = 0;
async function registerStudent(referralCode?: string): Promise<Caller & { email: string }> {
  const email = `live.${Date.now().toString(36)}.${++counter}@example.com`;
  const body = await call('POST', '/api/auth/register', null, {
    email, password: 'Secret123!', firstName: 'Lia', lastName: 'Live', gradeLevel: 7, ...(referralCode ? { referralCode } : {}),
  });
  return { token: body.accessToken, userId: body.user.id, email };
}

/** A socket with its messages queued, and a way to wait for the next one that matches. */
class LiveSocket {
  readonly received: { type: string; items?: Item[] }[] = [];
  private waiters: (() => void)[] = [];
  closed: Promise<{ code: number; reason: string }>;
  readonly socket: WebSocket;

  constructor(base = app.url, options: WebSocket.ClientOptions = {}) {
    this.socket = new WebSocket(`${base.replace('http', 'ws')}/api/live`, options);
    this.socket.on('message', (data) => {
      this.received.push(JSON.parse(String(data)));
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => this.socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static async open(first: unknown, base?: string, options?: WebSocket.ClientOptions): Promise<LiveSocket> {
    const live = new LiveSocket(base, options);
    await new Promise((resolve, reject) => live.socket.once('open', resolve).once('error', reject));
    live.socket.send(typeof first === 'string' ? first : JSON.stringify(first));
    return live;
  }

  items(): Item[] {
    return this.received.flatMap((message) => message.items ?? []);
  }

  async until(match: (items: Item[]) => boolean, timeoutMs = 5000): Promise<Item[]> {
    const deadline = Date.now() + timeoutMs;
    while (!match(this.items())) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; received ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.items();
  }
}

let tutor: Caller;
let otherTutor: Caller;
let student: Caller;
let otherStudent: Caller;
const problemId = randomUUID();

async function answer(who: Caller, sessionId: string) {
  await call('POST', '/api/learning/sessions', who, { session_id: sessionId });
  return call('POST', '/api/learning/submit-answer', who, { problem_id: problemId, session_id: sessionId, user_answer: '3/4', response_time_ms: 5000 });
}

beforeAll(async () => {
  app = await startTestApp({ demoAccounts: true });
  tutor = await signIn('tutor@example.com');
  const admin = await signIn('admin@example.com');
  const other = await registerStudent();
  await call('PUT', '/api/admin/users/role', admin, { userId: other.userId, role: 'tutor' });
  otherTutor = await signIn(other.email, 'Secret123!');
  await appendFractionProblem(app.store, problemId, { grade: 7, correlationId: 'live-test' });
  const codeA = (await call('POST', '/api/tutors/referral-codes', tutor, {})).code;
  const codeB = (await call('POST', '/api/tutors/referral-codes', otherTutor, {})).code;
  student = await registerStudent(codeA);
  otherStudent = await registerStudent(codeB);
  await call('PUT', `/api/tutors/students/${student.userId}`, tutor, { relationship_status: 'active' });
  await call('PUT', `/api/tutors/students/${otherStudent.userId}`, otherTutor, { relationship_status: 'active' });
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe('/api/live', () => {
  test("a student's answer reaches their tutor's socket, and not another tutor's", async () => {
    const mine = await LiveSocket.open({ type: 'auth', token: tutor.token });
    const theirs = await LiveSocket.open({ type: 'auth', token: otherTutor.token });
    await mine.until(() => mine.received.some((message) => message.type === 'ready'));
    await theirs.until(() => theirs.received.some((message) => message.type === 'ready'));

    const started = Date.now();
    await answer(student, randomUUID());
    const items = await mine.until((list) => list.some((item) => item.type === 'answered' && item.student_id === student.userId));
    const latency = Date.now() - started;
    expect(items.find((item) => item.type === 'answered')!.message).toBe('Lia Live is practising Fractions: 1 of 1 problem right first time so far (last answer right)');
    expect(latency).toBeLessThan(1000);

    // The other tutor's own student answers afterwards: by the time that arrives, nothing of ours has.
    await answer(otherStudent, randomUUID());
    await theirs.until((list) => list.some((item) => item.type === 'answered' && item.student_id === otherStudent.userId));
    expect(theirs.items().filter((item) => item.student_id === student.userId)).toEqual([]);
    expect(mine.items().filter((item) => item.student_id === otherStudent.userId)).toEqual([]);
    mine.socket.close();
    theirs.socket.close();
  });

  test('a bad first message, a bad token and a student are refused with a reason', async () => {
    const garbled = await LiveSocket.open('hello');
    expect(await garbled.closed).toEqual(LIVE_CLOSE.badMessage);
    const forged = await LiveSocket.open({ type: 'auth', token: `${tutor.token}x` });
    expect(await forged.closed).toEqual(LIVE_CLOSE.unauthorized);
    const pupil = await LiveSocket.open({ type: 'auth', token: student.token });
    expect(await pupil.closed).toEqual(LIVE_CLOSE.forbidden);
  });

  test('an after beyond any position is a bad message, not an expired session; frames after the sign-in end the socket', async () => {
    const beyond = await LiveSocket.open({ type: 'auth', token: tutor.token, after: '99999999999999999999' });
    expect(await beyond.closed).toEqual(LIVE_CLOSE.badMessage);
    const far = await LiveSocket.open({ type: 'auth', token: tutor.token, after: (2n ** 63n - 1n).toString() });
    await far.until(() => far.received.some((message) => message.type === 'ready'));
    far.socket.close();

    const flooding = await LiveSocket.open({ type: 'auth', token: tutor.token });
    await flooding.until(() => flooding.received.some((message) => message.type === 'ready'));
    const chunk = 'x'.repeat(8000);
    const started = Date.now();
    // A client that keeps sending: the first frame after the sign-in ends it, the rest go nowhere.
    for (let sent = 0; sent < 2000 && flooding.socket.readyState === WebSocket.OPEN; sent += 1) flooding.socket.send(chunk);
    expect(await flooding.closed).toEqual(LIVE_CLOSE.unexpectedMessage);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test('a reconnect with the last position gets what it missed, and only that', async () => {
    const first = await LiveSocket.open({ type: 'auth', token: tutor.token });
    const seen = await first.until((list) => list.length > 0);
    const last = seen.reduce((max, item) => (BigInt(item.position) > max ? BigInt(item.position) : max), 0n);
    first.socket.close();
    await first.closed;

    const sessionId = randomUUID();
    const answered = await answer(student, sessionId);
    const again = await LiveSocket.open({ type: 'auth', token: tutor.token, after: last.toString() });
    const missed = await again.until((list) => list.some((item) => item.id === `${student.userId}:session:${sessionId}`));
    expect(BigInt(missed.find((item) => item.id === `${student.userId}:session:${sessionId}`)!.position)).toBeLessThanOrEqual(BigInt(answered.position));
    expect(missed.every((item) => BigInt(item.position) > last - 1000n)).toBe(true);
    again.socket.close();
  });

  test('an open socket loses what its principal loses within a second: a tutor demoted, or signed out elsewhere', async () => {
    const admin = await signIn('admin@example.com');
    const promoted = async () => {
      const person = await registerStudent();
      await call('PUT', '/api/admin/users/role', admin, { userId: person.userId, role: 'tutor' });
      const login = await call('POST', '/api/auth/login', null, { email: person.email, password: 'Secret123!' });
      return { token: login.accessToken as string, refreshToken: login.refreshToken as string, userId: person.userId };
    };
    const ready = async (who: { token: string }) => {
      const live = await LiveSocket.open({ type: 'auth', token: who.token });
      await live.until(() => live.received.some((message) => message.type === 'ready'));
      return live;
    };

    const demoted = await promoted();
    const demotedSocket = await ready(demoted);
    const changed = Date.now();
    await call('PUT', '/api/admin/users/role', admin, { userId: demoted.userId, role: 'student' });
    expect(await demotedSocket.closed).toEqual(LIVE_CLOSE.forbidden);
    expect(Date.now() - changed).toBeLessThan(1000);

    const leaving = await promoted();
    const leavingSocket = await ready(leaving);
    // Another tutor's socket stays open throughout.
    const bystander = await ready(tutor);
    const signedOut = Date.now();
    await call('POST', '/api/auth/logout', { token: leaving.token, userId: leaving.userId }, { refreshToken: leaving.refreshToken });
    expect(await leavingSocket.closed).toEqual(LIVE_CLOSE.revoked);
    expect(Date.now() - signedOut).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bystander.socket.readyState).toBe(WebSocket.OPEN);
    bystander.socket.close();
  });

  test('an open socket is closed with a reason when its token expires', async () => {
    const { exp: _exp, ...claims } = verifyAccessToken(tutor.token, TEST_JWT_SECRET)!;
    // Signed as if 2 s before a full lifetime had passed: it expires 2 s from now.
    const shortLived = signAccessToken(claims, TEST_JWT_SECRET, Math.floor(Date.now() / 1000) - ACCESS_TOKEN_TTL_SECONDS + 2);
    const live = await LiveSocket.open({ type: 'auth', token: shortLived });
    await live.until(() => live.received.some((message) => message.type === 'ready'));
    const opened = Date.now();
    expect(await live.closed).toEqual(LIVE_CLOSE.expired);
    expect(Date.now() - opened).toBeLessThan(4000);
  });
});

describe('keeping sockets and letting them go', () => {
  let pinging: RunningApp;
  let stopped = false;
  beforeAll(async () => {
    // A ping every second stands for the 30 s of production (LIVE_PING_SECONDS).
    pinging = await startTestApp({ demoAccounts: true, livePingSeconds: 1 });
  });
  afterAll(async () => {
    if (!stopped) await pinging?.stop();
  });

  const signedIn = async (options?: WebSocket.ClientOptions) => {
    const login = await pinging.server.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'tutor@example.com', password: 'Demo123!' }, remoteAddress: '198.51.100.77' });
    const live = await LiveSocket.open({ type: 'auth', token: (login.json() as { accessToken: string }).accessToken }, pinging.url, options);
    await live.until(() => live.received.some((message) => message.type === 'ready'));
    return live;
  };

  test('a quiet socket is pinged, and one that never answers a ping is ended', async () => {
    const quiet = await signedIn();
    let pings = 0;
    quiet.socket.on('ping', () => (pings += 1));
    const deaf = await signedIn({ autoPong: false });
    const deafSince = Date.now();
    expect((await deaf.closed).code).toBe(1006);
    // Pinged at 1 s, found silent at 2 s (one more interval of slack on a busy machine).
    expect(Date.now() - deafSince).toBeLessThan(4_000);
    expect(pings).toBeGreaterThanOrEqual(1);
    expect(quiet.socket.readyState).toBe(WebSocket.OPEN);
    quiet.socket.close();
  });

  test('a stopping server closes every socket with 1001 and a reason, so the page reconnects elsewhere', async () => {
    const sockets = [await signedIn(), await signedIn()];
    stopped = true;
    await pinging.stop();
    for (const live of sockets) expect(await live.closed).toEqual(LIVE_CLOSE.restarting);
  });
});
