import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql, type DatabasePool } from 'slonik';
import { Projector } from '@mathdaily/projector';
import { problems } from '@mathdaily/projector/read-models/problems';
import { projectorFixture, type ProjectorFixture } from '@mathdaily/projector/testing/projector-fixture';
import { ProblemCatalogue } from './problem-catalogue.ts';
import { PROBLEM_COLUMNS, problemRow } from './problem-row.ts';

let fixture: ProjectorFixture;
let projector: Projector;

beforeAll(async () => {
  fixture = await projectorFixture();
  projector = new Projector({ pool: fixture.pool, databaseUrl: fixture.databaseUrl, store: fixture.store, models: [problems] });
  await projector.start();
});
afterAll(async () => {
  await projector?.stop();
  await fixture?.close();
});

async function createProblem(): Promise<string> {
  const id = randomUUID();
  const { position } = await fixture.store.append(
    `problem-${id}`,
    [
      {
        id: randomUUID(),
        type: 'ProblemCreated',
        data: {
          problem_id: id,
          topic: 'Fractions',
          topic_id: 'fractions',
          grade: 5,
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
        metadata: { actorId: null, correlationId: randomUUID(), causationId: null, at: '2026-03-01T09:00:00.000Z', schemaVersion: 1 },
      },
    ],
    { expectedVersion: 'no_stream' },
  );
  while (projector.checkpoint < position) await new Promise((resolve) => setTimeout(resolve, 20));
  return id;
}

/** The pool, counting the queries made through it. */
function counting(pool: DatabasePool): { pool: DatabasePool; queries: () => number } {
  let queries = 0;
  const counted = new Proxy(pool, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => ((queries += 1), (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
  return { pool: counted, queries: () => queries };
}

test('reads each problem once (concurrent askers share the read), the same rows as the read model, and a new problem the first time it is named', async () => {
  const [a, b] = [await createProblem(), await createProblem()];
  const counted = counting(fixture.pool);
  const catalogue = new ProblemCatalogue(counted.pool);
  const [first, second] = await Promise.all([catalogue.rowsOf([a, b]), catalogue.rowsOf([b, a])]);
  expect(counted.queries()).toBe(1);
  const stored = await fixture.pool.any(sql.type(problemRow)`SELECT ${PROBLEM_COLUMNS} FROM read_models.problems p ORDER BY p.problem_id`);
  expect([...first.values()].sort((x, y) => x.problem_id.localeCompare(y.problem_id))).toEqual(stored);
  expect(second).toEqual(first);
  expect(await catalogue.rowsOf([a])).toEqual(new Map([[a, first.get(a)]]));
  expect(counted.queries()).toBe(1);

  // An id not projected (yet) is left out and asked again next time.
  const later = randomUUID();
  expect((await catalogue.rowsOf([a, later])).has(later)).toBe(false);
  expect(counted.queries()).toBe(2);
  const created = await createProblem();
  expect((await catalogue.rowsOf([created, a])).get(created)?.problem_id).toBe(created);
  expect(counted.queries()).toBe(3);
});
