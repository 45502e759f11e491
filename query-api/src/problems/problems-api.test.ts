import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { signAccessToken } from '@mathdaily/api-kit';
import type { Problem } from '@mathdaily/domain/problems/problem';
import type { ProblemTemplate } from '@mathdaily/domain/problems/template';
import { startQueryApiOnProjection } from '../testing/query-api-on-fixture.ts';
import { seedProblemBank, projectorFixture, type ProjectorFixture, problemsReadModel as problems } from '@mathdaily/testing';


const secret = 'problems-test-secret-problems-test-secret';
const USER = '11111111-2222-4333-8444-555555555555';
let fixture: ProjectorFixture;
let queryApiOnFixture: Awaited<ReturnType<typeof startQueryApiOnProjection>> | undefined;
let app: FastifyInstance;

/** Templates over three topics with different grades, types and difficulties. */
function template(id: string, topic: { id: string; name: string }, grades: number[], difficulty: 1 | 2 | 3 | 4 | 5, type: Problem['problem_type']): ProblemTemplate {
  return {
    id,
    topic_id: topic.id,
    grades,
    difficulty,
    problem_type: type,
    generate(seed, options): Problem {
      const choice = type === 'multiple_choice';
      return {
        topic: topic.name,
        topic_id: topic.id,
        grade: options?.grade ?? grades[0]!,
        question: `${id} question number ${seed}: what is $${seed} \\times 2$?`,
        problem_type: type,
        answer_options: choice ? [String(seed * 2), String(seed * 2 + 1), String(seed * 2 + 2), String(seed * 2 + 3)] : null,
        correct_answer: String(seed * 2),
        answer_form: choice ? { kind: 'choice' } : { kind: 'number' },
        hint: 'Double it.',
        explanation: `$${seed} \\times 2 = ${seed * 2}$`,
        difficulty_level: difficulty,
        estimated_time_seconds: 30,
        template_id: id,
        seed,
      };
    },
  };
}
const fractions = { id: 'fractions', name: 'Fractions' };
const equations = { id: 'linear-equations', name: 'Linear equations' };
const integration = { id: 'integration', name: 'Integration' };
const templates = [
  template('frac-a', fractions, [2, 3, 4, 5], 1, 'multiple_choice'),
  template('frac-b', fractions, [4, 5], 3, 'numeric'),
  template('eq-a', equations, [6, 7, 8, 9], 2, 'algebra'),
  template('int-a', integration, [11, 12], 5, 'calculus'),
];
// frac-a 12, frac-b 12, eq-a 12, int-a 12.
const TOTAL = 48;

beforeAll(async () => {
  fixture = await projectorFixture();
  await seedProblemBank({ store: fixture.store, clock: () => new Date('2026-03-01T09:00:00Z'), templates, version: 1 });
  queryApiOnFixture = await startQueryApiOnProjection(fixture, secret, [problems]);
  app = queryApiOnFixture.app;
});
afterAll(async () => {
  await queryApiOnFixture?.close();
  await fixture?.close();
});

const token = signAccessToken({ sub: USER, sid: 'session-1', role: 'student', ver: 0 }, secret, Math.floor(Date.now() / 1000));
const tutorToken = signAccessToken({ sub: '99999999-2222-4333-8444-555555555555', sid: 'session-2', role: 'tutor', ver: 0 }, secret, Math.floor(Date.now() / 1000));
const get = (url: string, signedIn: boolean | 'tutor' = true) =>
  app.inject({ method: 'GET', url, headers: signedIn ? { authorization: `Bearer ${signedIn === 'tutor' ? tutorToken : token}` } : {} });

describe('GET /api/problems/generate', () => {
  test('signed-in users only', async () => {
    const response = await get('/api/problems/generate', false);
    expect(response.statusCode).toBe(401);
  });

  test('one problem by default, with every field of the SPEC problem', async () => {
    const response = await get('/api/problems/generate');
    expect(response.statusCode).toBe(200);
    const { problems } = response.json().data;
    expect(problems).toHaveLength(1);
    expect(Object.keys(problems[0]).sort()).toEqual(
      ['answer_form', 'answer_options', 'correct_answer', 'created_at', 'difficulty_level', 'estimated_time_seconds', 'explanation', 'figure', 'grade',
        'hint', 'id', 'problem_type', 'question', 'seed', 'source', 'template_id', 'topic', 'topic_id'].sort(),
    );
  });

  test('count, topic (slug or name), difficulty_level and grade_level filter', async () => {
    const many = (await get('/api/problems/generate?count=20')).json().data.problems;
    expect(many).toHaveLength(20);
    expect(new Set(many.map((p: { id: string }) => p.id)).size).toBe(20);

    const bySlug = (await get('/api/problems/generate?count=5&topic=linear-equations')).json().data.problems;
    expect(bySlug).toHaveLength(5);
    expect(bySlug.every((p: { topic_id: string }) => p.topic_id === 'linear-equations')).toBe(true);

    const byName = (await get('/api/problems/generate?count=3&topic=Fractions')).json().data.problems;
    expect(byName.every((p: { topic: string }) => p.topic === 'Fractions')).toBe(true);

    const hard = (await get('/api/problems/generate?count=20&difficulty_level=5')).json().data.problems;
    expect(hard).toHaveLength(12);
    expect(hard.every((p: { difficulty_level: number; topic_id: string }) => p.difficulty_level === 5 && p.topic_id === 'integration')).toBe(true);

    const grade4 = (await get('/api/problems/generate?count=20&grade_level=4')).json().data.problems;
    // frac-a: seeds 3, 7, 11 are grade 4; frac-b: seeds 1, 3, 5, … (6).
    expect(grade4).toHaveLength(9);
    expect(grade4.every((p: { grade: number }) => p.grade === 4)).toBe(true);

    const combined = (await get('/api/problems/generate?count=20&topic=fractions&grade_level=5&difficulty_level=3')).json().data.problems;
    expect(combined).toHaveLength(6);

    // No fractions problem is level 5: the nearest level they have (3) is used.
    const nearest = (await get('/api/problems/generate?count=20&topic=fractions&difficulty_level=5')).json().data.problems;
    expect(nearest).toHaveLength(12);
    expect(nearest.every((p: { difficulty_level: number }) => p.difficulty_level === 3)).toBe(true);
    const tie = (await get('/api/problems/generate?count=20&topic=fractions&difficulty_level=2')).json().data.problems;
    expect(tie.every((p: { difficulty_level: number }) => p.difficulty_level === 3)).toBe(true);

    const none = (await get('/api/problems/generate?topic=place-value')).json().data.problems;
    expect(none).toEqual([]);
  });

  test('picks change from call to call', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) seen.add((await get('/api/problems/generate')).json().data.problems[0].id);
    expect(seen.size).toBeGreaterThan(3);
  });

  test('unknown topics and out-of-range values → 400 naming what is allowed', async () => {
    const topic = await get('/api/problems/generate?topic=astrology');
    expect(topic.statusCode).toBe(400);
    expect(topic.json().message).toMatch(/^Unknown topic 'astrology'\. Allowed topics \(slug or name\): place-value, .*fractions.*integration\.$/);
    expect(topic.json().fields.topic).toBe(topic.json().message);

    const cases: [string, string, string][] = [
      ['count=0', 'count', 'count must be a whole number from 1 to 20'],
      ['count=21', 'count', 'count must be a whole number from 1 to 20'],
      ['count=two', 'count', 'count must be a whole number from 1 to 20'],
      ['difficulty_level=6', 'difficulty_level', 'difficulty_level must be a whole number from 1 to 5'],
      ['difficulty_level=2.5', 'difficulty_level', 'difficulty_level must be a whole number from 1 to 5'],
      ['grade_level=0', 'grade_level', 'grade_level must be a whole number from 1 to 12'],
      ['grade_level=13', 'grade_level', 'grade_level must be a whole number from 1 to 12'],
    ];
    for (const [query, field, message] of cases) {
      const response = await get(`/api/problems/generate?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ code: 'VALIDATION_FAILED', message, fields: { [field]: message } });
    }
  });

  test('a topic outside the asked grade → 400 naming its grades', async () => {
    const response = await get('/api/problems/generate?topic=integration&grade_level=3');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Topic 'Integration' is practised in grade 12, not grade 3.");
  });

  test('prefers problems the caller has not attempted, when an attempts read model exists', async () => {
    const ids = (await get('/api/problems?topic=integration&limit=100')).json().data.problems.map((p: { id: string }) => p.id);
    expect(ids).toHaveLength(12);
    // The practice loop's attempts read model has these two columns (among many); only they matter here.
    await fixture.pool.query(sql.unsafe`CREATE TABLE read_models.attempts (user_id uuid NOT NULL, problem_id uuid NOT NULL)`);
    try {
      for (const id of ids.slice(0, 10)) {
        await fixture.pool.query(sql.unsafe`INSERT INTO read_models.attempts (user_id, problem_id) VALUES (${USER}, ${id})`);
      }
      const fresh = new Set(ids.slice(10));
      for (let i = 0; i < 5; i++) {
        const two = (await get('/api/problems/generate?count=2&topic=integration')).json().data.problems.map((p: { id: string }) => p.id);
        expect(new Set(two)).toEqual(fresh);
      }
      // Once the unattempted ones run out, attempted ones fill the rest.
      const five = (await get('/api/problems/generate?count=5&topic=integration')).json().data.problems.map((p: { id: string }) => p.id);
      expect(five).toHaveLength(5);
      expect(five.filter((id: string) => fresh.has(id))).toHaveLength(2);
    } finally {
      await fixture.pool.query(sql.unsafe`DROP TABLE read_models.attempts`);
    }
  });
});

describe('answers stay hidden until answered', () => {
  const hidden = { correct_answer: null, explanation: null, template_id: null, seed: null };

  test('a student sees no answer, explanation or generator seed before answering; a tutor sees them', async () => {
    const listed = (await get('/api/problems?topic=integration&limit=100')).json().data.problems;
    const generated = (await get('/api/problems/generate?count=20')).json().data.problems;
    for (const problem of [...listed, ...generated]) expect(problem).toMatchObject(hidden);
    const one = (await get(`/api/problems/${listed[0].id}`)).json().data.problem;
    expect(one).toMatchObject({ ...hidden, question: listed[0].question, hint: 'Double it.' });

    const tutor = (await get(`/api/problems/${listed[0].id}`, 'tutor')).json().data.problem;
    expect(tutor).toMatchObject({ id: listed[0].id, template_id: 'int-a' });
    expect(tutor.correct_answer).toBe(String(tutor.seed * 2));
    expect(tutor.explanation).toContain('\\times 2');
    for (const problem of (await get('/api/problems?limit=100', 'tutor')).json().data.problems) expect(problem.correct_answer).not.toBeNull();
  });

  test('once the student answered a problem, its answer and explanation are theirs to see (and only that one)', async () => {
    const [answered, other] = (await get('/api/problems?topic=fractions&limit=2')).json().data.problems;
    await fixture.pool.query(sql.unsafe`CREATE TABLE read_models.attempts (user_id uuid NOT NULL, problem_id uuid NOT NULL)`);
    try {
      await fixture.pool.query(sql.unsafe`INSERT INTO read_models.attempts (user_id, problem_id) VALUES (${USER}, ${answered.id})`);
      const one = (await get(`/api/problems/${answered.id}`)).json().data.problem;
      expect(one.correct_answer).not.toBeNull();
      expect(one.explanation).not.toBeNull();
      const both = (await get('/api/problems?topic=fractions&limit=2')).json().data.problems;
      expect(both.find((p: { id: string }) => p.id === answered.id).correct_answer).toBe(one.correct_answer);
      expect(both.find((p: { id: string }) => p.id === other.id)).toMatchObject(hidden);
    } finally {
      await fixture.pool.query(sql.unsafe`DROP TABLE read_models.attempts`);
    }
  });
});

describe('GET /api/problems/{id}', () => {
  test('a stored problem', async () => {
    const [first] = (await get('/api/problems?limit=1')).json().data.problems;
    const response = await get(`/api/problems/${first.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { problem: first } });
    expect((await get(`/api/problems/${first.id.toUpperCase()}`)).json().data.problem.id).toBe(first.id);
  });

  test('unknown id → 404; not a UUID → 400', async () => {
    const missing = await get('/api/problems/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Problem 00000000-0000-4000-8000-000000000000 was not found.' });
    const bad = await get('/api/problems/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The problem id must be a UUID, e.g. 3f2b8c1e-5d4a-5b6c-8d7e-9f0a1b2c3d4e');
  });
});

describe('GET /api/problems', () => {
  test('pages through everything', async () => {
    const first = (await get('/api/problems?limit=20')).json().data;
    expect(first.problems).toHaveLength(20);
    expect(first.pagination).toEqual({ page: 1, limit: 20, total: TOTAL, hasPrevious: false, hasNext: true });
    const last = (await get('/api/problems?limit=20&page=3')).json().data;
    expect(last.problems).toHaveLength(8);
    expect(last.pagination).toEqual({ page: 3, limit: 20, total: TOTAL, hasPrevious: true, hasNext: false });
    const ids = new Set([...first.problems, ...(await get('/api/problems?limit=20&page=2')).json().data.problems, ...last.problems].map((p) => p.id));
    expect(ids.size).toBe(TOTAL);
    const beyond = (await get('/api/problems?limit=20&page=9')).json().data;
    expect(beyond.problems).toEqual([]);
    expect(beyond.pagination.hasNext).toBe(false);
  });

  test('filters by topic, grade, difficulty and type', async () => {
    const total = async (query: string) => (await get(`/api/problems?${query}`)).json().data.pagination.total;
    expect(await total('topic=fractions')).toBe(24);
    expect(await total('topic=Linear%20equations')).toBe(12);
    expect(await total('grade=11')).toBe(6);
    expect(await total('grade_level=11')).toBe(6);
    expect(await total('difficulty=3')).toBe(12);
    expect(await total('type=multiple_choice')).toBe(12);
    expect(await total('type=calculus&grade=12')).toBe(6);
  });

  test('text search over question and topic', async () => {
    const byQuestion = (await get('/api/problems?q=eq-a')).json().data;
    expect(byQuestion.pagination.total).toBe(12);
    const byTopic = (await get('/api/problems?q=integration')).json().data;
    expect(byTopic.pagination.total).toBe(12);
    const stemmed = (await get('/api/problems?q=equation')).json().data;
    expect(stemmed.problems.every((p: { topic_id: string }) => p.topic_id === 'linear-equations')).toBe(true);
    expect(stemmed.pagination.total).toBe(12);
    const exact = (await get('/api/problems?q=question%20number%2011%3A')).json().data;
    expect(exact.pagination.total).toBe(4);
    expect((await get('/api/problems?q=%25')).json().data.pagination.total).toBe(0);
  });

  test('bad filters → 400 naming what is allowed', async () => {
    const type = await get('/api/problems?type=essay');
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toBe('type must be one of: multiple_choice, numeric, algebra, geometry, calculus, statistics, probability, text');
    expect((await get('/api/problems?topic=nope')).statusCode).toBe(400);
    expect((await get('/api/problems?grade=13')).json().message).toBe('grade must be a whole number from 1 to 12');
    expect((await get('/api/problems?difficulty=0')).json().message).toBe('difficulty must be a whole number from 1 to 5');
    expect((await get('/api/problems?limit=101')).json().message).toBe('limit must be a whole number from 1 to 100');
    expect((await get('/api/problems?page=0')).json().message).toBe('page must be a whole number from 1 to 100000');
    expect((await get(`/api/problems?q=${'x'.repeat(101)}`)).json().message).toBe('q must be at most 100 characters');
    // A NUL byte reached PostgreSQL and came back as a 500.
    const nul = await get('/api/problems?q=a%00b');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe('q must not contain control characters');
    expect((await get('/api/problems/generate?topic=%00')).statusCode).toBe(400);
  });
});

describe('GET /api/problems/topics', () => {
  test('the catalog with grades and counts', async () => {
    const response = await get('/api/problems/topics');
    expect(response.statusCode).toBe(200);
    const topics = response.json().data.topics as { id: string; grades: number[]; problemCount: number; problemsByGrade: Record<string, number>; problemsByDifficulty: Record<string, number> }[];
    expect(topics.length).toBeGreaterThan(30);
    const fractionsTopic = topics.find((t) => t.id === 'fractions')!;
    expect(fractionsTopic).toMatchObject({ name: 'Fractions', grades: [2, 3, 4, 5, 6], problemCount: 24, problemsByGrade: { 2: 3, 3: 3, 4: 9, 5: 9 }, problemsByDifficulty: { 1: 12, 3: 12 } });
    expect(topics.find((t) => t.id === 'place-value')).toMatchObject({ problemCount: 0, problemsByGrade: {} });
    expect((await get('/api/problems/topics', false)).statusCode).toBe(401);
  });
});

test('the problem routes appear in the OpenAPI document', async () => {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const paths = Object.keys(response.json().paths);
  expect(paths).toEqual(expect.arrayContaining(['/api/problems', '/api/problems/generate', '/api/problems/topics', '/api/problems/{id}']));
});
