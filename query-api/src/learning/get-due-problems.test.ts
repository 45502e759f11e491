import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { signAccessToken } from '@mathdaily/api-kit';
import {
  KNOWLEDGE_MODEL_PARAMETERS as params,
  predictCorrect,
  problemDifficultyPrior,
  retrievability,
  updateKnowledge,
  updateProblemDifficulty,
  type LearnerKnowledge,
  type NewEvent,
  type ReviewCard,
  type TopicKnowledge,
} from '@mathdaily/domain';
import { numericTemplate } from '../testing/numeric-template.ts';
import { startQueryApiOnFixture, startQueryApiOnProjection } from '../testing/query-api-on-fixture.ts';
import { projectorFixture, readModels, seedProblemBank, type ProjectorFixture } from '@mathdaily/testing';


/**
 * The due queue predicts with the knowledge model: every problem's predicted_success is the
 * domain's prediction from the student's answers (folded here with the domain functions alone),
 * and new problems are chosen by it.
 */

const secret = 'due-problems-test-secret-due-problems-test';
const USER = randomUUID();
let fixture: ProjectorFixture;
let queryApiOnFixture: Awaited<ReturnType<typeof startQueryApiOnProjection>> | undefined;
let app: FastifyInstance;

const templates = [numericTemplate('frac-easy', 'fractions', 1), numericTemplate('frac-hard', 'fractions', 4), numericTemplate('eq', 'equations', 2)];

beforeAll(async () => {
  fixture = await projectorFixture();
  await seedProblemBank({ store: fixture.store, clock: () => new Date('2026-03-01T09:00:00Z'), templates, version: 1, seedsPerTemplate: () => 6 });
  queryApiOnFixture = await startQueryApiOnProjection(fixture, secret, readModels);
  app = queryApiOnFixture.app;
});
afterAll(async () => {
  await queryApiOnFixture?.close();
  await fixture?.close();
});

const token = signAccessToken({ sub: USER, sid: 'session-1', role: 'student', ver: 0 }, secret, Math.floor(Date.now() / 1000));

interface BankProblem {
  problem_id: string;
  topic_id: string;
  difficulty_level: number;
}

describe('GET /api/learning/due-problems predicted_success', () => {
  test('is the knowledge model’s prediction from the student’s answers, and new problems are chosen by it', async () => {
    const bank = await fixture.pool.any(sql.type(z.object({ problem_id: z.string(), topic_id: z.string(), difficulty_level: z.number() }))`
      SELECT problem_id::text, topic_id, difficulty_level FROM read_models.problems ORDER BY problem_id`);
    expect(bank).toHaveLength(18);
    const of = (topicId: string, level: number) => bank.filter((p) => p.topic_id === topicId && p.difficulty_level === level);
    // Fractions went badly, equations well.
    const script: Array<[BankProblem, boolean]> = [
      [of('fractions', 1)[0]!, false],
      [of('equations', 2)[0]!, true],
      [of('fractions', 4)[0]!, false],
      [of('equations', 2)[1]!, true],
      [of('fractions', 1)[1]!, true],
      [of('equations', 2)[2]!, true],
    ];
    let learner: LearnerKnowledge | undefined;
    const topics = new Map<string, TopicKnowledge>();
    const difficulties = new Map<string, number>();
    const sessionId = randomUUID();
    const events: NewEvent[] = [];
    script.forEach(([p, correct], i) => {
      const at = new Date(Date.UTC(2026, 2, 1, 10, i)).toISOString();
      events.push({
        id: randomUUID(),
        type: 'AnswerSubmitted',
        data: {
          attemptId: randomUUID(), sessionId, userId: USER, problemId: p.problem_id, topic: p.topic_id, topicId: p.topic_id, grade: 7,
          difficultyLevel: p.difficulty_level, userAnswer: correct ? 'right' : 'wrong', isCorrect: correct, responseTimeMs: 9_000, hintsUsed: 0,
        },
        metadata: { actorId: USER, correlationId: randomUUID(), causationId: null, at, schemaVersion: 1 },
      });
      const before = { difficulty: problemDifficultyPrior(params, p.difficulty_level), attempts: 0 };
      const predicted = predictCorrect(params, learner, topics.get(p.topic_id), p.topic_id, before.difficulty);
      difficulties.set(p.problem_id, updateProblemDifficulty(params, before, predicted, correct).difficulty);
      const next = updateKnowledge(learner, topics.get(p.topic_id), p.topic_id, correct);
      learner = next.learner;
      topics.set(p.topic_id, next.topic);
    });
    const { position } = await fixture.store.append(`practice-${USER}`, events, { expectedVersion: 'any' });
    expect(await queryApiOnFixture!.waiter.waitFor(position, 10_000)).not.toBeNull();

    const response = await app.inject({ method: 'GET', url: `/api/learning/due-problems/${USER}?limit=20`, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode, response.body).toBe(200);
    const queue = response.json().data.problems as Array<{ id: string; kind: string; topic_id: string; difficulty_level: number; predicted_success: number }>;
    expect(queue.filter((p) => p.kind === 'new').length).toBeGreaterThan(0);
    const expected = (p: { id: string; topic_id: string; difficulty_level: number }) =>
      Math.round(predictCorrect(params, learner, topics.get(p.topic_id), p.topic_id, difficulties.get(p.id) ?? problemDifficultyPrior(params, p.difficulty_level)) * 1000) / 1000;
    for (const p of queue) expect(p.predicted_success, `${p.kind} ${p.topic_id} level ${p.difficulty_level}`).toBe(expected(p));
    // At the same level, equations (all right) are predicted likelier right than fractions (two of three wrong).
    const atLevel2 = (topicId: string) => expected({ id: 'not answered', topic_id: topicId, difficulty_level: 2 });
    expect(atLevel2('equations')).toBeGreaterThan(atLevel2('fractions'));
    // The first new problem is the unanswered one nearest 75 % (ties aside, the topic penalty starts after it).
    const unanswered = bank.filter((p) => !script.some(([answered]) => answered.problem_id === p.problem_id));
    const nearest = Math.min(...unanswered.map((p) => Math.abs(expected({ id: p.problem_id, topic_id: p.topic_id, difficulty_level: p.difficulty_level }) - 0.75)));
    const firstNew = queue.find((p) => p.kind === 'new')!;
    expect(Math.abs(firstNew.predicted_success - 0.75)).toBeCloseTo(nearest, 3);
  });
});

describe('GET /api/learning/due-problems for a learner without a profile', () => {
  const unknown = randomUUID();
  const get = (role: 'student' | 'admin', sub: string) =>
    app.inject({
      method: 'GET',
      url: `/api/learning/due-problems/${unknown}`,
      headers: { authorization: `Bearer ${signAccessToken({ sub, sid: 'session-2', role, ver: 0 }, secret, Math.floor(Date.now() / 1000))}` },
    });

  test('an admin asking for an unknown id gets 404 with the id named', async () => {
    const response = await get('admin', randomUUID());
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(`No user with id ${unknown} was found.`);
  });

  test('the learner themself, before the projector has their profile, gets a new learner’s queue', async () => {
    const response = await get('student', unknown);
    expect(response.statusCode, response.body).toBe(200);
    const { problems, reviews } = response.json().data as { problems: { kind: string }[]; reviews: number };
    expect(reviews).toBe(0);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((problem) => problem.kind === 'new')).toBe(true);
  });
});

describe('GET /api/learning/due-problems reviews', () => {
  test('shows a due review with its times as ISO text, and never one of a problem outside the problem bank', async () => {
    const learner = randomUUID();
    const [inBank] = await fixture.pool.any(sql.type(z.object({ problem_id: z.string(), topic_id: z.string(), difficulty_level: z.number() }))`
      SELECT problem_id::text, topic_id, difficulty_level FROM read_models.problems ORDER BY problem_id LIMIT 1`);
    const outsideBank = { problem_id: randomUUID(), topic_id: inBank!.topic_id, difficulty_level: inBank!.difficulty_level };
    // Wrong answers two hours ago: both cards are in a learning step, due by now.
    const events: NewEvent[] = [inBank!, outsideBank].map((p, i) => ({
      id: randomUUID(),
      type: 'AnswerSubmitted',
      data: {
        attemptId: randomUUID(), sessionId: randomUUID(), userId: learner, problemId: p.problem_id, topic: p.topic_id, topicId: p.topic_id, grade: 7,
        difficultyLevel: p.difficulty_level, userAnswer: 'wrong', isCorrect: false, responseTimeMs: 9_000, hintsUsed: 0,
      },
      metadata: { actorId: learner, correlationId: randomUUID(), causationId: null, at: new Date(Date.now() - 2 * 3_600_000 + i * 1_000).toISOString(), schemaVersion: 1 },
    }));
    const { position } = await fixture.store.append(`practice-${learner}`, events, { expectedVersion: 'any' });
    expect(await queryApiOnFixture!.waiter.waitFor(position, 10_000)).not.toBeNull();

    const response = await app.inject({
      method: 'GET',
      url: `/api/learning/due-problems/${learner}`,
      headers: { authorization: `Bearer ${signAccessToken({ sub: learner, sid: 'session-3', role: 'student', ver: 0 }, secret, Math.floor(Date.now() / 1000))}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { problems, due_total } = response.json().data as {
      problems: Array<{ id: string; kind: string; progress: { next_review_at: string; last_review_at: string; retrievability: number } }>;
      due_total: number;
    };
    expect(due_total).toBe(2);
    const reviews = problems.filter((p) => p.kind === 'review');
    expect(reviews.map((p) => p.id)).toEqual([inBank!.problem_id]);
    const stored = await fixture.pool.one(sql.type(z.object({ due_at: z.string(), last_review_at: z.string(), card: z.unknown() }))`
      SELECT to_json(due_at) #>> '{}' AS due_at, to_json(last_review_at) #>> '{}' AS last_review_at, state -> 'card' AS card
      FROM read_models.review_states WHERE user_id = ${learner}::uuid AND problem_id = ${inBank!.problem_id}::uuid`);
    expect(reviews[0]!.progress.next_review_at).toBe(new Date(stored.due_at).toISOString());
    expect(reviews[0]!.progress.last_review_at).toBe(events[0]!.metadata.at);
    // From the columns, as from the whole card the review state keeps.
    expect(reviews[0]!.progress.retrievability).toBeCloseTo(retrievability(stored.card as ReviewCard, new Date()), 2);
  });
});

describe('GET /api/learning/due-problems holds the answers back by its response schema', () => {
  test('a handler that put the answer, explanation, hint, template, seed and other spellings in would still send none of them', async () => {
    const rows = await fixture.pool.any(sql.type(
      z.object({ problem_id: z.string(), correct_answer: z.string(), explanation: z.string(), hint: z.string(), template_id: z.string().nullable(), seed: z.number().nullable() }),
    )`SELECT problem_id::text, correct_answer, explanation, hint, template_id, seed FROM read_models.problems`);
    const byId = new Map(rows.map((row) => [row.problem_id, row]));
    // What a careless handler would send: the problem row whole, before the schema.
    const careless = await startQueryApiOnFixture(fixture, secret, {}, (server) =>
      server.addHook('preSerialization', async (request, _reply, payload: { data?: { problems?: Record<string, unknown>[] } }) => {
        if (request.routeOptions.url !== '/api/learning/due-problems/:userId' || !payload.data?.problems) return payload;
        const problems = payload.data.problems.map((problem) => {
          const { problem_id: _id, ...row } = byId.get(problem.id as string)!;
          return { ...problem, ...row, answer_form: { ...(problem.answer_form as object), accept: ['another spelling'] } };
        });
        return { ...payload, data: { ...payload.data, problems } };
      }),
    );
    try {
      const learner = randomUUID();
      const response = await careless.app.inject({
        method: 'GET',
        url: `/api/learning/due-problems/${learner}`,
        headers: { authorization: `Bearer ${signAccessToken({ sub: learner, sid: 'session-4', role: 'student', ver: 0 }, secret, Math.floor(Date.now() / 1000))}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      const problems = response.json().data.problems as Record<string, unknown>[];
      expect(problems.length).toBeGreaterThan(0);
      for (const problem of problems) {
        expect(problem).toMatchObject({ correct_answer: null, explanation: null, hint: null, has_hint: true });
        expect(problem).not.toHaveProperty('template_id');
        expect(problem).not.toHaveProperty('seed');
        expect(problem.answer_form).toEqual({ kind: 'number' });
        const row = byId.get(problem.id as string)!;
        expect(response.body).not.toContain(JSON.stringify(row.explanation));
      }
      expect(response.body).not.toMatch(/another spelling|Double it/);
    } finally {
      await careless.close();
    }
  });
});
