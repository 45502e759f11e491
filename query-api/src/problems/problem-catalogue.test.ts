import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { NewEvent } from '@mathdaily/domain';
import { createPreparedQueries, type PreparedQueries } from '../prepared-queries.ts';
import { PositionWaiter } from '../wait-for-position.ts';
import { ProblemCatalogue } from './problem-catalogue.ts';
import { PROBLEM_COLUMNS, problemRow } from './problem-row.ts';
import { Projector, readModels, projectorFixture, rebuildReadModels, type ProjectorFixture } from '@mathdaily/testing';

let fixture: ProjectorFixture;
let projector: Projector;
let waiter: PositionWaiter;
let prepared: PreparedQueries;

beforeAll(async () => {
  fixture = await projectorFixture();
  projector = new Projector({ pool: fixture.pool, databaseUrl: fixture.databaseUrl, store: fixture.store, models: readModels });
  await projector.start();
  waiter = new PositionWaiter({ pool: fixture.pool, databaseUrl: fixture.databaseUrl });
  await waiter.start();
  prepared = createPreparedQueries(fixture.databaseUrl, { max: 2 });
});
afterAll(async () => {
  await prepared?.end();
  await waiter?.close();
  await projector?.stop();
  await fixture?.close();
});

const meta = () => ({ actorId: null, correlationId: randomUUID(), causationId: null, at: '2026-03-01T09:00:00.000Z', schemaVersion: 1 });

/** Appends and waits until the waiter knows the projector applied it. */
async function appendAndProject(streamId: string, events: NewEvent[]): Promise<void> {
  const { position } = await fixture.store.append(streamId, events, { expectedVersion: 'any' });
  expect(await waiter.waitFor(position, 10_000)).not.toBeNull();
}

async function createProblem(grade: number): Promise<string> {
  const id = randomUUID();
  await appendAndProject(`problem-${id}`, [
    {
      id: randomUUID(),
      type: 'ProblemCreated',
      data: {
        problem_id: id,
        topic: 'Fractions',
        topic_id: 'fractions',
        grade,
        question: 'What is $\\frac{1}{2}$ of 8?',
        problem_type: 'numeric',
        answer_options: null,
        correct_answer: '4',
        answer_form: { kind: 'number' },
        hint: 'Halve it.',
        explanation: '8 ÷ 2 = 4',
        difficulty_level: 2,
        estimated_time_seconds: 30,
        template_id: null,
        seed: null,
        source: 'tutor',
      },
      metadata: meta(),
    },
  ]);
  return id;
}

async function answer(problemId: string, isCorrect: boolean): Promise<void> {
  const userId = randomUUID();
  await appendAndProject(`practice-${userId}`, [
    {
      id: randomUUID(),
      type: 'AnswerSubmitted',
      data: {
        attemptId: randomUUID(),
        sessionId: randomUUID(),
        userId,
        problemId,
        topic: 'Fractions',
        topicId: 'fractions',
        grade: 5,
        difficultyLevel: 2,
        userAnswer: isCorrect ? '4' : '5',
        isCorrect,
        responseTimeMs: 20_000,
        hintsUsed: 0,
      },
      metadata: meta(),
    },
  ]);
}

/** The pool and the prepared statements, counting the queries made through them. */
function counting(pool: DatabasePool): { pool: DatabasePool; prepared: PreparedQueries; queries: () => number } {
  let queries = 0;
  const countedPrepared: PreparedQueries = { one: (name, query) => ((queries += 1), prepared.one(name, query)), end: () => prepared.end() };
  const counted = new Proxy(pool, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => ((queries += 1), (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
  return { pool: counted, prepared: countedPrepared, queries: () => queries };
}

/** What the view must equal: the read models themselves. */
async function readModelsNow() {
  const problems = await fixture.pool.any(sql.type(problemRow)`SELECT ${PROBLEM_COLUMNS} FROM read_models.problems p ORDER BY p.problem_id`);
  const difficulties = await fixture.pool.any(
    sql.type(z.object({ id: z.string(), difficulty: z.number() }))`SELECT problem_id::text AS id, difficulty FROM read_models.ability_problems ORDER BY 1`,
  );
  return { problems, difficulties: difficulties.map((row) => [row.id, row.difficulty]) };
}

async function viewOf(catalogue: ProblemCatalogue) {
  const view = await catalogue.viewAt(waiter.checkpoint.seq);
  const problems = [...view.problems.values()].sort((a, b) => a.problem_id.localeCompare(b.problem_id));
  return { problems, difficulties: problems.flatMap((row) => (view.difficulty(row.problem_id) === null ? [] : [[row.problem_id, view.difficulty(row.problem_id)]])), view };
}

test('the view equals the read models at the batch; it is read again only when a batch changed problems, and then only what changed', async () => {
  const [a, b] = [await createProblem(5), await createProblem(6)];
  await answer(a, true);
  const counted = counting(fixture.pool);
  const catalogue = new ProblemCatalogue(counted.pool, counted.prepared, waiter);
  const first = await viewOf(catalogue);
  expect({ problems: first.problems, difficulties: first.difficulties }).toEqual(await readModelsNow());
  expect(first.view.ofGrade(5).map((row) => row.problem_id)).toEqual([a]);
  expect(first.view.ofGrade(null).map((row) => row.problem_id).sort()).toEqual([a, b].sort());
  const loaded = counted.queries();
  await viewOf(catalogue);
  await viewOf(catalogue);
  expect(counted.queries()).toBe(loaded);

  // Answers move difficulties, a new problem joins the bank: one query for the changes, one for the new row.
  await answer(a, false);
  await answer(b, true);
  const c = await createProblem(5);
  const [second] = await Promise.all([viewOf(catalogue), viewOf(catalogue), viewOf(catalogue)]);
  expect({ problems: second.problems, difficulties: second.difficulties }).toEqual(await readModelsNow());
  expect(second.view.ofGrade(5).map((row) => row.problem_id)).toEqual([a, c]);
  expect(counted.queries() - loaded).toBe(2);
});

test('a batch that changed no problem costs no query; a reset (a replay) reads everything again', async () => {
  const counted = counting(fixture.pool);
  const catalogue = new ProblemCatalogue(counted.pool, counted.prepared, waiter);
  await viewOf(catalogue);
  const loaded = counted.queries();
  const userId = randomUUID();
  await appendAndProject(`user-${userId}`, [{ id: randomUUID(), type: 'ProfileUpdated', data: { userId, gradeLevel: 6 }, metadata: meta() }]);
  await viewOf(catalogue);
  expect(counted.queries()).toBe(loaded);

  const d = await createProblem(7);
  await answer(d, true);
  const before = waiter.checkpoint.seq;
  await rebuildReadModels({ pool: fixture.pool, store: fixture.store, models: readModels, storedEventsTable: fixture.store.sqlTable });
  await expect.poll(() => waiter.checkpoint.seq, { timeout: 10_000 }).toBeGreaterThan(before);
  const after = await viewOf(catalogue);
  expect({ problems: after.problems, difficulties: after.difficulties }).toEqual(await readModelsNow());
});
