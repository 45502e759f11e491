import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Problem } from '@mathdaily/domain/problems/problem';
import type { ProblemTemplate } from '@mathdaily/domain/problems/template';
import { generatedProblemId } from './problem-ids.ts';
import { gradeForSeed, PROBLEM_BANK_STREAM, seedProblemBank, seedsFor, startProblemBankSeeding } from './seed-problem-bank.ts';
import type { EventStore } from '@mathdaily/event-store';
import { committedEvents, projectorFixture, type ProjectorFixture } from '@mathdaily/testing';

let fixture: ProjectorFixture;
beforeEach(async () => {
  fixture = await projectorFixture();
});
afterEach(async () => {
  await fixture.close();
});

/** A tiny template: "What is a + b?" from the seed. */
function fakeTemplate(id: string, grades: number[]): ProblemTemplate {
  return {
    id,
    topic_id: 'addition-subtraction',
    grades,
    difficulty: 1,
    problem_type: 'numeric',
    generate(seed, options): Problem {
      const a = seed % 10;
      const b = (seed * 7) % 10;
      return {
        topic: 'Addition and subtraction',
        topic_id: 'addition-subtraction',
        grade: options?.grade ?? grades[0]!,
        question: `What is $${a} + ${b}$?`,
        problem_type: 'numeric',
        answer_options: null,
        correct_answer: String(a + b),
        answer_form: { kind: 'number' },
        hint: 'Count on.',
        explanation: `$${a} + ${b} = ${a + b}$`,
        difficulty_level: 1,
        estimated_time_seconds: 20,
        template_id: id,
        seed,
      };
    },
  };
}

const clock = () => new Date('2026-03-01T09:00:00Z');
const eventCount = async () => (await committedEvents(fixture.databaseUrl)).length;

test('seeds every (template, seed) once, with deterministic ids, and marks the bank', async () => {
  const templates = [fakeTemplate('add-a', [1, 2]), fakeTemplate('add-b', [1, 2, 3, 4, 5])];
  const result = await seedProblemBank({ store: fixture.store, clock, templates, version: 1 });
  const expected = seedsFor(templates[0]!) + seedsFor(templates[1]!);
  expect(seedsFor(templates[0]!)).toBe(12);
  expect(seedsFor(templates[1]!)).toBe(15);
  expect(result).toMatchObject({ version: 1, count: expected, appended: expected, existing: 0 });
  expect(await eventCount()).toBe(expected + 1);

  const stream = await fixture.store.readStream(`problem-${generatedProblemId('add-b', 3)}`);
  expect(stream.events).toHaveLength(1);
  expect(stream.events[0]!.type).toBe('ProblemCreated');
  expect(stream.events[0]!.data).toMatchObject({ problem_id: generatedProblemId('add-b', 3), template_id: 'add-b', seed: 3, grade: 3, source: 'generator' });
  expect(gradeForSeed(templates[1]!, 6)).toBe(1);

  const bank = await fixture.store.readStream(PROBLEM_BANK_STREAM);
  expect(bank.events.map((e) => e.type)).toEqual(['ProblemBankSeeded']);
  expect(bank.events[0]!.data).toEqual({ version: 1, count: expected, seeds: { 'add-a': 12, 'add-b': 15 } });
});

test('a restart seeds nothing; a new bank version seeds only what is missing', async () => {
  const templates = [fakeTemplate('add-a', [1])];
  await seedProblemBank({ store: fixture.store, clock, templates, version: 1 });
  const after1 = await eventCount();
  const again = await seedProblemBank({ store: fixture.store, clock, templates, version: 1 });
  expect(again.appended).toBe(0);
  expect(await eventCount()).toBe(after1);

  const grown = [fakeTemplate('add-a', [1]), fakeTemplate('add-c', [1])];
  const v2 = await seedProblemBank({ store: fixture.store, clock, templates: grown, version: 2, seedsPerTemplate: () => 14 });
  // add-a: seeds 13-14 are new; add-c: all 14.
  expect(v2).toMatchObject({ version: 2, count: 28, appended: 16, existing: 12 });
  expect(await eventCount()).toBe(after1 + 16 + 1);
});

test('a seeding that stopped halfway is completed without duplicates', async () => {
  const templates = [fakeTemplate('add-a', [1]), fakeTemplate('add-b', [1])];
  // Only the first template got through before a crash: the marker was never written.
  const crashing: EventStore = {
    ...fixture.store,
    append: (streamId, events, options) =>
      streamId === PROBLEM_BANK_STREAM ? Promise.reject(new Error('crashed before the marker')) : fixture.store.append(streamId, events, options),
  };
  await expect(seedProblemBank({ store: crashing, clock, templates: [templates[0]!], version: 1 })).rejects.toThrow('crashed before the marker');
  const before = await eventCount();
  const result = await seedProblemBank({ store: fixture.store, clock, templates, version: 1 });
  expect(result).toMatchObject({ appended: 12, existing: 12 });
  expect(await eventCount()).toBe(before + 12 + 1);
});

test('two servers seeding at once store each problem once', async () => {
  const templates = [fakeTemplate('add-a', [1, 2]), fakeTemplate('add-b', [3])];
  await Promise.all([
    seedProblemBank({ store: fixture.store, clock, templates, version: 1 }),
    seedProblemBank({ store: fixture.store, clock, templates, version: 1 }),
  ]);
  expect(await eventCount()).toBe(24 + 1);
});

test('a generator that throws for a seed is reported and left out; the rest is seeded', async () => {
  const good = fakeTemplate('add-a', [1]);
  const flaky: ProblemTemplate = {
    ...fakeTemplate('add-flaky', [1]),
    generate(seed, options) {
      if (seed === 3) throw new Error('could not make 4 distinct options');
      return fakeTemplate('add-flaky', [1]).generate(seed, options);
    },
  };
  const lines: string[] = [];
  const result = await seedProblemBank({ store: fixture.store, clock, templates: [good, flaky], version: 1, log: (line) => lines.push(line) });
  expect(result).toMatchObject({ count: 23, appended: 23, failed: ['add-flaky seed 3: could not make 4 distinct options'] });
  expect(lines.at(-1)).toBe('problem bank v1: 1 problems could not be generated and were left out: add-flaky seed 3: could not make 4 distinct options');
  expect(await eventCount()).toBe(23 + 1);
});

test('ready comes once every template has its first seeds; the rest follows', async () => {
  const templates = [fakeTemplate('add-a', [1, 2, 3]), fakeTemplate('add-b', [4])];
  const seeding = startProblemBankSeeding({ store: fixture.store, clock, templates, version: 1, concurrency: 2 });
  await seeding.ready;
  for (const [id, seeds] of [['add-a', [1, 2, 3]], ['add-b', [1, 2]]] as const) {
    for (const seed of seeds) expect((await fixture.store.readStream(`problem-${generatedProblemId(id, seed)}`)).exists, `${id} ${seed}`).toBe(true);
  }
  const result = await seeding.done;
  expect(result).toMatchObject({ count: 24, appended: 24 });
  expect((await fixture.store.readStream(PROBLEM_BANK_STREAM)).exists).toBe(true);
});

test('ready fails when the store does', async () => {
  const down = async (): Promise<never> => {
    throw new Error('database is down');
  };
  const broken = { ...fixture.store, append: down, appendMany: down };
  const seeding = startProblemBankSeeding({ store: broken, clock, templates: [fakeTemplate('add-a', [1])], version: 1 });
  await expect(seeding.ready).rejects.toThrow('database is down');
  await expect(seeding.done).rejects.toThrow('database is down');
});
