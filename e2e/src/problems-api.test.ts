import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { committedEvents, createTestDatabase } from '@mathdaily/testing';
import { startApp, type RunningApp } from '@mathdaily/launcher/app';
import { problemTemplates } from '@mathdaily/domain/problems/templates';
import { problemBankSeeded, seedsFor } from '@mathdaily/command-api/problems/seed-problem-bank';

/**
 * The problem bank through the whole app on a real database: seeded at first start, served by
 * the problem queries to a signed-in demo student, and not seeded again on a restart.
 */
let app: RunningApp;
let databaseUrl: string;
let dataDir: string;
let token: string;
const lines: string[] = [];
const expectedCount = problemTemplates.reduce((sum, template) => sum + seedsFor(template), 0);

async function start(): Promise<RunningApp> {
  return startApp({
    databaseUrl,
    jwtSecret: 'e2e-secret-e2e-secret-e2e-secret-123456',
    demoAccounts: true,
    dataDir,
    port: 0,
    log: (line) => lines.push(line),
  });
}

async function eventCounts(): Promise<{ all: number; problems: number }> {
  const events = await committedEvents(databaseUrl);
  return { all: events.length, problems: events.filter((event) => event.type === 'ProblemCreated').length };
}

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${app.url}${url}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  return { status: response.status, body: (await response.json()) as any };
};

let startSeconds = 0;

beforeAll(async () => {
  databaseUrl = await createTestDatabase('problems');
  dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-problems-'));
  const started = performance.now();
  app = await start();
  startSeconds = (performance.now() - started) / 1000;
  // The rest of the bank is appended in the background.
  expect(await problemBankSeeded(app.store)).toMatchObject({ count: expectedCount, failed: [] });
  expect((await app.store.readStream('problem-bank')).exists).toBe(true);
  const login = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo.student@example.com', password: 'Demo123!' }),
  });
  expect(login.status).toBe(200);
  token = ((await login.json()) as { accessToken: string }).accessToken;
}, 240_000);
afterAll(async () => {
  await app?.stop();
});

describe('the seeded bank', () => {
  test('first start seeds every template × seeds once; start-up waits only for the first seeds', async () => {
    const ready = lines.find((line) => / first \d+ problems stored in /.test(line));
    const seeded = lines.find((line) => / problems from \d+ templates; appended /.test(line));
    console.log(`app started in ${startSeconds.toFixed(1)} s; ${ready}; ${seeded}`);
    expect(ready).toMatch(/^problem bank v\d+: first \d+ problems stored in [\d.]+ s; \d+ more follow in the background$/);
    expect(seeded).toMatch(new RegExp(`^problem bank v\\d+: ${expectedCount} problems from ${problemTemplates.length} templates; appended ${expectedCount} in [\\d.]+ s$`));
    expect(problemTemplates.length).toBeGreaterThanOrEqual(100);
    expect((await eventCounts()).problems).toBe(expectedCount);
  });

  test('every grade has plenty, and the list sees the whole bank', { timeout: 120_000 }, async () => {
    // Read once the projector has applied the whole bank (x-min-position waits up to 2 s a time).
    const position = (await app.store.lastPosition()).toString();
    await expect
      .poll(async () => (await get('/api/problems?limit=1', { 'x-min-position': position })).body.data.pagination.total, { timeout: 90_000 })
      .toBe(expectedCount);
    for (let grade = 1; grade <= 12; grade++) {
      const { body } = await get(`/api/problems?grade=${grade}&limit=1`);
      expect(body.data.pagination.total, `grade ${grade}`).toBeGreaterThanOrEqual(60);
    }
    const topics = (await get('/api/problems/topics')).body.data.topics as { id: string; problemCount: number; grades: number[] }[];
    expect(topics.reduce((sum, topic) => sum + topic.problemCount, 0)).toBe(expectedCount);
    for (const topic of topics) expect(topic.problemCount, topic.id).toBeGreaterThan(0);
  });
});

describe('the problem queries, signed in as the demo student', () => {
  test('generate with each filter', async () => {
    const one = await get('/api/problems/generate');
    expect(one.status).toBe(200);
    expect(one.body.data.problems).toHaveLength(1);
    const five = (await get('/api/problems/generate?count=5&grade_level=7&difficulty_level=3')).body.data.problems;
    expect(five).toHaveLength(5);
    for (const problem of five) expect(problem).toMatchObject({ grade: 7, difficulty_level: 3 });
    const byName = (await get('/api/problems/generate?count=3&topic=Linear%20equations')).body.data.problems;
    expect(byName.map((p: { topic_id: string }) => p.topic_id)).toEqual(['linear-equations', 'linear-equations', 'linear-equations']);
    const bySlug = (await get('/api/problems/generate?count=20&topic=fractions&grade_level=3')).body.data.problems;
    expect(bySlug.length).toBeGreaterThan(0);
    for (const problem of bySlug) expect(problem).toMatchObject({ topic_id: 'fractions', grade: 3 });
  });

  test('400s name what is allowed; 404/400 for ids', async () => {
    const topic = await get('/api/problems/generate?topic=astrology');
    expect(topic.status).toBe(400);
    expect(topic.body.message).toContain("Unknown topic 'astrology'. Allowed topics (slug or name): place-value,");
    expect((await get('/api/problems/generate?count=50')).body.message).toBe('count must be a whole number from 1 to 20');
    expect((await get('/api/problems/generate?grade_level=13')).body.message).toBe('grade_level must be a whole number from 1 to 12');
    expect((await get('/api/problems/generate?difficulty_level=0')).body.message).toBe('difficulty_level must be a whole number from 1 to 5');
    expect((await get('/api/problems/generate?topic=calculus&grade_level=2')).status).toBe(400);

    const [problem] = (await get('/api/problems/generate')).body.data.problems;
    expect((await get(`/api/problems/${problem.id}`)).body.data.problem).toEqual(problem);
    expect((await get('/api/problems/8d5c3a2e-1f4b-5c6d-9e7f-0a1b2c3d4e5f')).status).toBe(404);
    expect((await get('/api/problems/12345')).status).toBe(400);
  });

  test('list pages and searches', async () => {
    const page2 = (await get('/api/problems?topic=fractions&limit=10&page=2')).body.data;
    expect(page2.problems).toHaveLength(10);
    expect(page2.pagination).toMatchObject({ page: 2, limit: 10, hasPrevious: true, hasNext: true });
    const search = (await get('/api/problems?q=simplest%20form&limit=5')).body.data;
    expect(search.pagination.total).toBeGreaterThan(0);
    for (const p of search.problems) expect(p.question.toLowerCase()).toMatch(/simpl/);
  });

  test('signed-out callers are refused', async () => {
    const response = await fetch(`${app.url}/api/problems/generate`);
    expect(response.status).toBe(401);
  });
});

test('a restart on the same database seeds nothing', async () => {
  const before = await eventCounts();
  await app.stop();
  lines.length = 0;
  app = await start();
  expect(await eventCounts()).toEqual(before);
  expect(lines.some((line) => line.startsWith('problem bank v'))).toBe(false);
}, 180_000);
