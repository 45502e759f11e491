import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { IDEMPOTENCY_MESSAGES } from '@mathdaily/api-kit';
import { AccountsTestApp, nextIp, uniqueEmail } from './auth/testing/accounts-app.ts';

/**
 * Issue 14 on one app: Idempotency-Key on command routes (a re-sent request gets the first answer
 * and appends nothing), and mail (the projector's mail reactor) surviving the loss of the projector's
 * lock connection.
 */

let t: AccountsTestApp;
let db: pg.Client;
beforeAll(async () => {
  t = await AccountsTestApp.start();
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await t?.stop();
});

const ip = nextIp();
const send = (body: unknown, key?: string, url = '/api/auth/register') =>
  t.app.server.inject({ method: 'POST', url, remoteAddress: ip, payload: body as object, headers: key ? { 'idempotency-key': key } : {} });
const registrations = async (email: string) => (await t.events()).filter((e) => e.type === 'EmailAddressReserved' && (e.data as { email: string }).email === email).length;
const account = () => ({ email: uniqueEmail('retry'), password: 'Secret123!', firstName: 'Ann', lastName: 'Lee', gradeLevel: 7 });

test('the same key and body → the stored answer again, marked as replayed, and no new event', async () => {
  const body = account();
  const first = await send(body, 'k-1');
  expect(first.statusCode, first.body).toBe(201);
  const again = await send(body, '"k-1"');
  expect(again.statusCode).toBe(201);
  expect(again.body).toBe(first.body);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(await registrations(body.email)).toBe(1);
  // Without the header a retry is a new request (the address is taken by now).
  expect((await send(body)).statusCode).toBe(409);
});

test('the same key with another body → 422 with a clear message, nothing run', async () => {
  const body = account();
  expect((await send(body, 'k-2')).statusCode).toBe(201);
  const other = { ...account() };
  const response = await send(other, 'k-2');
  expect(response.statusCode).toBe(422);
  expect(response.json()).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MESSAGES.otherRequest });
  expect(await registrations(other.email)).toBe(0);
});

test('keys belong to their caller: another address with the same key and body does not get the stored answer', async () => {
  const body = account();
  expect((await send(body, 'k-3')).statusCode).toBe(201);
  const stranger = await t.app.server.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: nextIp(), payload: body, headers: { 'idempotency-key': 'k-3' } });
  expect(stranger.statusCode).toBe(409);
});

test('a key expires after 24 hours; a claim left by a crashed request frees itself', async () => {
  const body = account();
  expect((await send(body, 'k-4')).statusCode).toBe(201);
  await db.query(`UPDATE runtime.idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = 'k-4'`);
  expect((await send(body, 'k-4')).statusCode).toBe(409);
  // A request still running holds its key (409); one that died mid-way frees it when its lock passes.
  const fresh = account();
  const fingerprint = createHash('sha256').update(`POST /api/auth/register\n${JSON.stringify(fresh)}`).digest('hex');
  await db.query(`INSERT INTO runtime.idempotency_keys (scope, key, fingerprint, locked_until, expires_at) VALUES ($1, 'k-5', $2, now() + interval '1 minute', now() + interval '1 day')`, [`address:${ip}`, fingerprint]);
  const busy = await send(fresh, 'k-5');
  expect(busy.statusCode).toBe(409);
  expect(busy.json().message).toBe(IDEMPOTENCY_MESSAGES.inFlight);
  await db.query(`UPDATE runtime.idempotency_keys SET locked_until = now() - interval '1 second' WHERE key = 'k-5'`);
  expect((await send(fresh, 'k-5')).statusCode).toBe(201);
  expect(await registrations(fresh.email)).toBe(1);
});

test('a malformed key → 400; refusals of the request itself are stored like any answer', async () => {
  const response = await send(account(), 'x'.repeat(256));
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe(IDEMPOTENCY_MESSAGES.badKey);
  const body = account();
  expect((await send(body, 'k-6')).statusCode).toBe(201);
  expect((await send({ ...body }, 'k-7')).statusCode).toBe(409);
  expect((await send({ ...body }, 'k-7')).statusCode).toBe(409);
});

test('mail keeps flowing after the projector loses its lock connection (as in a PostgreSQL restart)', async () => {
  const { rows } = await db.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = 'mathdaily-projector' AND datname = current_database()`);
  expect(rows.length).toBeGreaterThan(0);
  for (const { pid } of rows) await db.query('SELECT pg_terminate_backend($1)', [pid]);
  const { user } = await t.register();
  const messages = await t.mailbox(user.email, 1);
  expect(messages).toHaveLength(1);
});

test('an answer re-sent with its Idempotency-Key (flaky Wi-Fi) → the first answer again, one AnswerSubmitted; without a key, a second answer', async () => {
  const student = await t.register();
  const token = student.accessToken;
  const inject = (method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
    t.app.server.inject({ method, url, remoteAddress: ip, headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) }, ...(payload ? { payload } : {}) });
  const sessionId = randomUUID();
  expect((await inject('POST', '/api/learning/sessions', { session_id: sessionId })).statusCode).toBeLessThan(300);
  const list = await inject('GET', '/api/problems?grade=7&limit=2');
  const [first, second] = (list.json() as { data: { problems: { id: string }[] } }).data.problems;
  const answer = (problemId: string) => ({ problem_id: problemId, session_id: sessionId, user_answer: '1', response_time_ms: 3000 });
  const sent = await inject('POST', '/api/learning/submit-answer', answer(first!.id), 'answer-1');
  expect(sent.statusCode, sent.body).toBeLessThan(300);
  const resent = await inject('POST', '/api/learning/submit-answer', answer(first!.id), 'answer-1');
  expect(resent.statusCode).toBe(sent.statusCode);
  expect(resent.body).toBe(sent.body);
  const answers = (await t.events()).filter((e) => e.type === 'AnswerSubmitted' && e.metadata.actorId === student.user.id);
  expect(answers).toHaveLength(1);
  // Without a key the same re-send is a second answer (recorded again, or refused once answered right).
  expect((await inject('POST', '/api/learning/submit-answer', answer(second!.id))).statusCode).toBeLessThan(300);
  await inject('POST', '/api/learning/submit-answer', answer(second!.id));
  const after = (await t.events()).filter((e) => e.type === 'AnswerSubmitted' && e.metadata.actorId === student.user.id);
  expect(after.length).toBeGreaterThan(2);
});
