import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { sql, type DatabasePool } from 'slonik';
import { createSlonikPool } from '@mathdaily/api-kit';
import { createTestDatabase, startApp, type RunningApp } from '@mathdaily/testing';
import { lastWeekStart, WeeklySummaryCheck } from './weekly-summary-check.ts';

/**
 * The weekly summary e-mail (issue 33): a parent linked to a child who practised gets one e-mail
 * for the week (not two), naming the child's days, time, problems and accuracy, with a one-click
 * opt-out link; after the opt-out, no more.
 */

let app: RunningApp | undefined;
let pool: DatabasePool | undefined;
afterAll(async () => {
  await pool?.end();
  await app?.stop();
});

test('last week starts on the Monday before this week', () => {
  expect(lastWeekStart(new Date('2026-11-30T08:00:00Z'))).toBe('2026-11-23'); // a Monday
  expect(lastWeekStart(new Date('2026-11-29T23:00:00Z'))).toBe('2026-11-16'); // a Sunday
});

test('one e-mail a week per parent, with each child’s week and a one-click opt-out that stops the next', async () => {
  const databaseUrl = await createTestDatabase('weekly_summary', { seeded: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-weekly-'));
  app = await startApp({ databaseUrl, jwtSecret: 'weekly-summary-secret-weekly-summary-01', demoAccounts: false, dataDir, port: 0, log: () => {}, webDist: path.join(dataDir, 'no-web') });
  pool = await createSlonikPool(databaseUrl);
  const inject = async (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) => {
    const response = await app!.server.inject({ method, url, remoteAddress: '192.0.2.44', headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  };
  const tag = randomUUID().slice(0, 6);
  const child = (await inject('POST', '/api/auth/register', null, { email: `wren.${tag}@example.org`, password: 'Wren-2026!pass', firstName: 'Wren', lastName: 'Applegarth', gradeLevel: 3 })).body;
  const parentEmail = `rosalind.${tag}@example.org`;
  const parent = (await inject('POST', '/api/auth/register', null, { email: parentEmail, password: 'Rosa-2026!pass', firstName: 'Rosalind', lastName: 'Applegarth', accountType: 'parent' })).body;
  const due = (await inject('GET', `/api/learning/due-problems/${child.user.id}?limit=20`, child.accessToken)).body.data.problems as { id: string; answer_options: string[] | null }[];
  const sessionId = randomUUID();
  expect((await inject('POST', '/api/learning/sessions', child.accessToken, { session_id: sessionId })).status).toBe(201);
  let answered = 0;
  for (const problem of due) {
    if (answered === 2) break;
    const answer = await inject('POST', '/api/learning/submit-answer', child.accessToken, { problem_id: problem.id, session_id: sessionId, user_answer: problem.answer_options?.[0] ?? '7', response_time_ms: 45_000, hints_used: 0 });
    if (answer.status === 201) answered += 1;
  }
  const code = (await inject('POST', '/api/family/link-codes', child.accessToken)).body.code as string;
  expect((await inject('POST', '/api/parent/children', parent.accessToken, { code })).status).toBe(201);
  await expect.poll(async () => pool!.oneFirst(sql.unsafe`SELECT count(*)::int FROM read_models.family_links WHERE parent_id = ${parent.user.id}`)).toBe(1);
  await expect.poll(async () => pool!.oneFirst(sql.unsafe`SELECT coalesce(sum(answers), 0)::int FROM read_models.practice_days WHERE user_id = ${child.user.id}`)).toBe(2);

  // A week on: this week is "last week".
  const nextWeek = new Date(Date.now() + 7 * 86_400_000);
  const check = new WeeklySummaryCheck({ pool, store: app.store, clock: () => nextWeek });
  expect(await check.sendNow()).toBe(1);
  expect(await check.sendNow()).toBe(0);
  const mailbox = path.join(dataDir, 'mailbox');
  const summary = async () => {
    for (const name of (await readdir(mailbox).catch(() => [] as string[])).filter((file) => file.endsWith('.json'))) {
      const message = JSON.parse(await readFile(path.join(mailbox, name), 'utf8')) as { to: string; kind: string; text: string; subject: string };
      if (message.kind === 'weekly-summary' && message.to === parentEmail) return message;
    }
    return null;
  };
  await expect.poll(summary, { timeout: 20_000 }).not.toBeNull();
  const message = (await summary())!;
  expect(message.subject).toBe(`Your family's week on MathDaily (week of ${lastWeekStart(nextWeek)})`);
  expect(message.text).toMatch(/Wren practised on 1 day for 2 minutes: 2 problems, \d+% right first time\./);
  const link = /\/weekly-summary-opt-out\?token=(\S+)/.exec(message.text)!;
  expect(link).not.toBeNull();

  expect((await inject('POST', `/api/email/weekly-summary/opt-out?token=${link[1]}`, null)).status).toBe(200);
  await expect.poll(async () => pool!.oneFirst(sql.unsafe`SELECT weekly_summary FROM read_models.users WHERE id = ${parent.user.id}`)).toBe(false);
  const weekAfter = new Date(Date.now() + 14 * 86_400_000);
  expect(await new WeeklySummaryCheck({ pool, store: app.store, clock: () => weekAfter }).sendNow()).toBe(0);
}, 120_000);
