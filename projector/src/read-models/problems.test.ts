import { afterEach, beforeEach, expect, test } from 'vitest';
import { sql } from 'slonik';
import type { NewEvent } from '@mathdaily/domain';
import { Projector } from '../projector.ts';
import { rebuildReadModels } from '../rebuild.ts';
import { useSchema } from '../schema.ts';
import { dumpSchema, projectorFixture, type ProjectorFixture } from '../testing/projector-fixture.ts';
import { problems } from './problems.ts';
import { ProjectionRun } from '../projection-run.ts';

let fixture: ProjectorFixture;
let projector: Projector | undefined;
beforeEach(async () => {
  fixture = await projectorFixture();
});
afterEach(async () => {
  await projector?.stop();
  projector = undefined;
  await fixture.close();
});

const PROBLEM_ID = '5b0d6a8e-3c1f-5a2b-9d4e-7f6a8b9c0d1e';
const at = '2026-03-01T09:00:00.000Z';

/** Every field of a ProblemCreated but its id, as the event has it and the row keeps it. */
const equivalentFractions = {
  topic: 'Fractions',
  topic_id: 'fractions',
  grade: 4,
  question: 'Which fraction is equal to $\\frac{1}{2}$?',
  problem_type: 'multiple_choice',
  answer_options: ['2/4', '1/3', '2/3', '3/4'],
  correct_answer: '2/4',
  answer_form: { kind: 'choice' },
  hint: 'Double the top and the bottom.',
  explanation: '$\\frac{1}{2} = \\frac{2}{4}$',
  difficulty_level: 2,
  estimated_time_seconds: 30,
  template_id: 'fractions-equivalent',
  seed: 7,
  source: 'generator',
};

function problemCreated(problemId: string, overrides: Record<string, unknown> = {}): NewEvent {
  return {
    id: crypto.randomUUID(),
    type: 'ProblemCreated',
    data: {
      problem_id: problemId,
      ...equivalentFractions,
      ...overrides,
    },
    metadata: { actorId: null, correlationId: 'test', causationId: null, at, schemaVersion: 1 },
  };
}

async function start() {
  projector = new Projector({ pool: fixture.pool, databaseUrl: fixture.databaseUrl, store: fixture.store, models: [problems] });
  await projector.start();
}

const rowsOf = () =>
  fixture.pool.any(sql.unsafe`
    SELECT problem_id, topic, topic_id, grade, question, problem_type, answer_options, correct_answer, answer_form, hint,
           explanation, difficulty_level, estimated_time_seconds, template_id, seed, source, created_at
    FROM read_models.problems ORDER BY problem_id`);

test('ProblemCreated becomes a row with every field', async () => {
  await fixture.store.append(`problem-${PROBLEM_ID}`, [problemCreated(PROBLEM_ID)], { expectedVersion: 'no_stream' });
  await start();
  expect(await rowsOf()).toEqual([
    {
      problem_id: PROBLEM_ID,
      ...equivalentFractions,
      created_at: at,
    },
  ]);
  // The text search finds it by a stemmed word of the question and by its topic.
  const found = await fixture.pool.anyFirst(sql.unsafe`
    SELECT problem_id FROM read_models.problems WHERE search @@ websearch_to_tsquery('english', 'fractions equal')`);
  expect(found).toEqual([PROBLEM_ID]);
});

test('a free-response problem keeps null options and its answer form', async () => {
  const id = '6c1e7b9f-4d2a-5b3c-8e5f-8a7b9c0d1e2f';
  await fixture.store.append(`problem-${id}`, [problemCreated(id, {
    problem_type: 'numeric', answer_options: null, correct_answer: '3/4',
    answer_form: { kind: 'exact_fraction', require: 'simplest' }, template_id: null, seed: null, source: 'tutor',
  })], { expectedVersion: 'no_stream' });
  await start();
  const [row] = await rowsOf();
  expect(row).toMatchObject({ answer_options: null, answer_form: { kind: 'exact_fraction', require: 'simplest' }, template_id: null, seed: null, source: 'tutor' });
});

test('replay-safe: the same event applied twice, and a full rebuild, give the same rows', async () => {
  const event = problemCreated(PROBLEM_ID);
  await fixture.store.append(`problem-${PROBLEM_ID}`, [event], { expectedVersion: 'no_stream' });
  await start();
  const once = await dumpSchema(fixture.pool, 'read_models');
  const [recorded] = (await fixture.store.readStream(`problem-${PROBLEM_ID}`)).events;
  await fixture.pool.transaction(async (tx) => {
    await useSchema(tx, 'read_models');
    const run = new ProjectionRun([problems], { complete: false });
    await run.apply(tx, [recorded!]);
    // The checkpoint stays where it is: only the rows are written again.
    const checkpoint = BigInt(String(await tx.oneFirst(sql.unsafe`SELECT position::text FROM projection_state`)));
    expect(await run.flush(tx, { after: checkpoint, position: checkpoint, events: 0 })).toBeNull();
  });
  expect(await dumpSchema(fixture.pool, 'read_models')).toEqual(once);
  await projector!.stop();
  projector = undefined;
  await rebuildReadModels({ pool: fixture.pool, store: fixture.store, models: [problems] });
  expect(await dumpSchema(fixture.pool, 'read_models')).toEqual(once);
});
