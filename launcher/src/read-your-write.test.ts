import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp } from '@mathdaily/testing';
import type { RunningApp } from './app.ts';

/** One answer of each written form the checker reads (number, point, equation, inequality, …). */
const READABLE_GUESSES = ['1', '(1, 1)', 'x = 1', '1/2', 'x > 1', '10%', '1:2', '10:30', 'x + 1', 'y = x + 1', '1 × 10^3'];

/**
 * DESIGN.md §5 under load, as `npm start` runs it (projector on its worker thread): many students
 * answer at once, and each one's next read with `x-min-position` already includes the answer —
 * never `x-consistency: stale`, never an old count. The mail those registrations request goes out
 * from the projector's thread too.
 */

const STUDENTS = 16;
const ROUNDS = 6;
let app: RunningApp & { dataDir: string };

beforeAll(async () => {
  app = await startTestApp({ demoAccounts: false, projectorThread: true });
  // The seeded bank reaches the read models first (the due queue needs problems).
  const last = await app.store.lastPosition();
  const deadline = Date.now() + 120_000;
  while (app.projector.checkpoint < last) {
    if (Date.now() > deadline) throw new Error(`projector stuck at ${app.projector.checkpoint}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(async () => {
  await app?.stop();
});

async function call(method: 'GET' | 'POST', url: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
}

test('every read after an answer, sent with its position, is fresh while others answer at the same time', async () => {
  const students = [];
  for (let index = 0; index < STUDENTS; index += 1) {
    const registered = await app.server.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `ryw-${randomUUID()}@example.com`, password: 'Secret123!', firstName: 'Ann', lastName: 'Lee', gradeLevel: 1 + (index % 12) },
      remoteAddress: `127.0.0.${10 + index}`,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const body = registered.json() as { accessToken: string; user: { id: string } };
    students.push({ token: body.accessToken, userId: body.user.id });
  }

  let stale = 0;
  const latencies: number[] = [];
  await Promise.all(
    students.map(async ({ token, userId }) => {
      const sessionId = randomUUID();
      expect((await call('POST', '/api/learning/sessions', token, { session_id: sessionId })).status).toBeLessThan(300);
      const queue = await call('GET', `/api/learning/due-problems/${userId}`, token);
      const problems = queue.body.data.problems as { id: string; answer_options: string[] | null }[];
      expect(problems.length).toBeGreaterThanOrEqual(ROUNDS);
      for (let round = 0; round < ROUNDS; round += 1) {
        const problem = problems[round]!;
        // Answers are hidden from students: like one, try forms until one reads (422 records nothing).
        let answered = { status: 0, body: null as any };
        for (const userAnswer of problem.answer_options ? [problem.answer_options[0]!] : READABLE_GUESSES) {
          answered = await call('POST', '/api/learning/submit-answer', token, {
            problem_id: problem.id,
            session_id: sessionId,
            user_answer: userAnswer,
            response_time_ms: 5000,
          });
          if (answered.status !== 422) break;
        }
        expect(answered.status, JSON.stringify(answered.body)).toBe(201);
        const started = performance.now();
        const progress = await call('GET', `/api/learning/progress/${userId}`, token, undefined, { 'x-min-position': String(answered.body.position) });
        latencies.push(performance.now() - started);
        expect(progress.status).toBe(200);
        if (progress.headers.get('x-consistency') === 'stale') stale += 1;
        // Fresh means this very answer is counted.
        expect(progress.body.data.total_answers).toBe(round + 1);
      }
    }),
  );
  expect(stale).toBe(0);
  latencies.sort((a, b) => a - b);
  console.log(`read-your-write: ${latencies.length} reads, p50 ${latencies[Math.floor(latencies.length / 2)]!.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`);
});

test('the mail reactor runs on the projector thread: each registration\'s e-mail reaches the mailbox, its link on the bound port', async () => {
  const mailbox = path.join(app.dataDir, 'mailbox');
  const messages = async () => {
    const names = (await readdir(mailbox).catch(() => [])).filter((name) => name.endsWith('.json'));
    return Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(mailbox, name), 'utf8')) as { to: string; text: string }));
  };
  await expect.poll(async () => (await messages()).filter((message) => message.to.startsWith('ryw-')).length, { timeout: 20_000 }).toBe(STUDENTS);
  for (const message of await messages()) expect(message.text).toContain(`${app.url}/verify-email?token=`);
});
