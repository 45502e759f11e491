import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import { dueReviews, type NewEvent } from '@mathdaily/domain';
import { Projector, projectorFixture, readModels, seedProblemBank, type ProjectorFixture } from '@mathdaily/testing';
import { createPreparedQueries, type PreparedQueries } from '../prepared-queries.ts';
import { numericTemplate } from '../testing/numeric-template.ts';
import { PositionWaiter } from '../wait-for-position.ts';
import { LearnerQueueCache } from './learner-queue-cache.ts';
import { calendarFor, dueToday } from './learning-figures.ts';

describe('LearnerQueueCache on real read models', () => {
  let fixture: ProjectorFixture;
  let projector: Projector;
  let waiter: PositionWaiter;
  let prepared: PreparedQueries;
  let bank: { problem_id: string; topic_id: string }[];

  beforeAll(async () => {
    fixture = await projectorFixture();
    await seedProblemBank({ store: fixture.store, clock: () => new Date('2026-03-01T09:00:00Z'), templates: [numericTemplate('add', 'addition', 2), numericTemplate('sub', 'subtraction', 2)], version: 1, seedsPerTemplate: () => 8 });
    projector = new Projector({ pool: fixture.pool, databaseUrl: fixture.databaseUrl, store: fixture.store, models: readModels });
    await projector.start();
    waiter = new PositionWaiter({ pool: fixture.pool, databaseUrl: fixture.databaseUrl });
    await waiter.start();
    prepared = createPreparedQueries(fixture.databaseUrl, { max: 2 });
    bank = [...(await fixture.pool.any(sql.type(z.object({ problem_id: z.string(), topic_id: z.string() }))`
      SELECT problem_id::text, topic_id FROM read_models.problems ORDER BY problem_id`))];
  });
  afterAll(async () => {
    await prepared?.end();
    await waiter?.close();
    await projector?.stop();
    await fixture?.close();
  });

  const meta = (actor: string, at: string) => ({ actorId: actor, correlationId: randomUUID(), causationId: null, at, schemaVersion: 1 });

  async function projected(position: bigint) {
    expect(await waiter.waitFor(position, 10_000)).not.toBeNull();
  }

  async function answer(userId: string, problem: { problem_id: string; topic_id: string }, isCorrect: boolean, at: string): Promise<bigint> {
    const event: NewEvent = {
      id: randomUUID(),
      type: 'AnswerSubmitted',
      data: {
        attemptId: randomUUID(), sessionId: randomUUID(), userId, problemId: problem.problem_id, topic: problem.topic_id, topicId: problem.topic_id, grade: 7,
        difficultyLevel: 2, userAnswer: isCorrect ? 'right' : 'wrong', isCorrect, responseTimeMs: 8_000, hintsUsed: 0,
      },
      metadata: meta(userId, at),
    };
    const { position } = await fixture.store.append(`practice-${userId}`, [event], { expectedVersion: 'any' });
    await projected(position);
    return position;
  }

  async function register(userId: string, timezone: string) {
    const event: NewEvent = {
      id: randomUUID(),
      type: 'UserRegistered',
      data: { userId, email: `${userId}@example.com`, firstName: 'Queue', lastName: 'Tester', role: 'student', gradeLevel: 7, timezone, passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$x$y', source: 'self-registration' },
      metadata: meta(userId, '2026-03-01T08:00:00.000Z'),
    };
    await projected((await fixture.store.append(`user-${userId}`, [event], { expectedVersion: 'no_stream' })).position);
  }

  const cacheNow = () => new LearnerQueueCache(prepared, waiter);

  test('keeps a learner’s inputs while only others change, and drops them when their own events are projected', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await register(a, 'UTC');
    await register(b, 'UTC');
    await answer(a, bank[0]!, true, '2026-03-01T10:00:00.000Z');
    const cache = cacheNow();
    const now = new Date('2026-03-02T12:00:00Z');
    const first = await cache.inputsOf(a, now, waiter.checkpoint.seq);
    expect([...first.attempted]).toEqual([bank[0]!.problem_id]);
    expect(await cache.inputsOf(a.toUpperCase(), now, waiter.checkpoint.seq)).toBe(first);

    await answer(b, bank[1]!, false, '2026-03-02T11:00:00.000Z');
    expect(await cache.inputsOf(a, now, waiter.checkpoint.seq)).toBe(first);

    await answer(a, bank[2]!, false, '2026-03-02T11:30:00.000Z');
    const second = await cache.inputsOf(a, now, waiter.checkpoint.seq);
    expect(second).not.toBe(first);
    expect(new Set(second.attempted)).toEqual(new Set([bank[0]!.problem_id, bank[2]!.problem_id]));
    expect(second.answers).toBe(2);

    // A read right after the learner's own answer (its x-min-position) gets inputs that include it;
    // the same position sent again (the web app repeats it until its next command) is a hit.
    const position = await answer(a, bank[3]!, true, '2026-03-02T11:45:00.000Z');
    const ownWrite = waiter.appliedAt(position) ?? null;
    const third = await cache.inputsOf(a, now, waiter.checkpoint.seq, ownWrite);
    expect(third.answers).toBe(3);
    expect(await cache.inputsOf(a, now, waiter.checkpoint.seq, ownWrite)).toBe(third);
  });

  test('inputs outdated by the learner’s answers and ratings are brought up to date from what changed, equal to a whole read', async () => {
    const [learner, tutor, setId] = [randomUUID(), randomUUID(), randomUUID()];
    await register(learner, 'Europe/Berlin');
    // A tutor gives the learner a question set: answering one of its problems takes it off `assigned`.
    const tutorEvent = (type: string, data: Record<string, unknown>): NewEvent => ({ id: randomUUID(), type, data, metadata: meta(tutor, '2026-03-01T09:00:00.000Z') });
    await fixture.store.append(`tutor-student-${tutor}-${learner}`, [
      tutorEvent('ReferralCodeRedeemed', { code: `CODE-${setId.slice(0, 6)}`, tutorId: tutor, studentId: learner }),
      tutorEvent('TutorStudentActivated', { tutorId: tutor, studentId: learner, changedBy: tutor }),
    ], { expectedVersion: 'no_stream' });
    await projected((await fixture.store.append(`question-set-${setId}`, [
      tutorEvent('QuestionSetCreated', { setId, tutorId: tutor, title: 'Homework' }),
      tutorEvent('QuestionAddedToSet', { setId, problemId: bank[8]!.problem_id }),
      tutorEvent('QuestionAddedToSet', { setId, problemId: bank[9]!.problem_id }),
      tutorEvent('QuestionSetAssigned', { setId, tutorId: tutor, studentIds: [learner] }),
    ], { expectedVersion: 'no_stream' })).position);

    // The learner reads made (the catch-up's statement aside).
    const names: string[] = [];
    const counted: PreparedQueries = { one: (name, query) => (name.startsWith('mathdaily-learner') && names.push(name), prepared.one(name, query)), end: () => Promise.resolve() };
    const cache = new LearnerQueueCache(counted, waiter);
    // A week on: most of the problems answered are due again.
    const now = new Date('2026-03-10T20:00:00Z');
    const whole = async () => {
      const inputs = await new LearnerQueueCache(prepared, waiter).inputsOf(learner, now, waiter.checkpoint.seq);
      return { ...inputs, selection: undefined };
    };
    const rate = async (problem: { problem_id: string }, rating: number, at: string) => {
      const event: NewEvent = { id: randomUUID(), type: 'DifficultyRated', data: { userId: learner, problemId: problem.problem_id, attemptId: randomUUID(), rating }, metadata: meta(learner, at) };
      return (await fixture.store.append(`practice-${learner}`, [event], { expectedVersion: 'any' })).position;
    };

    expect((await cache.inputsOf(learner, now, waiter.checkpoint.seq)).assigned).toEqual([bank[8]!.problem_id, bank[9]!.problem_id]);
    // New problems, a review answered wrong then right (learning step), a rating, an assigned problem,
    // and enough right answers in one topic for the knowledge model to call it mastered.
    const steps: [(() => Promise<bigint>), string][] = [
      [() => answer(learner, bank[0]!, true, '2026-03-01T10:00:00.000Z'), 'new problem'],
      [() => rate(bank[0]!, 3, '2026-03-01T10:00:05.000Z'), 'rating'],
      [() => answer(learner, bank[1]!, false, '2026-03-02T10:00:00.000Z'), 'wrong answer'],
      [() => answer(learner, bank[0]!, false, '2026-03-03T19:00:00.000Z'), 'review answered wrong'],
      [() => answer(learner, bank[0]!, true, '2026-03-03T19:30:00.000Z'), 'learning step answered right'],
      [() => answer(learner, bank[8]!, true, '2026-03-03T19:31:00.000Z'), 'assigned problem'],
      ...bank
        .filter((problem) => problem.topic_id === bank[0]!.topic_id && problem !== bank[0])
        .map((problem, step): [() => Promise<bigint>, string] => [() => answer(learner, problem, true, `2026-03-03T19:4${step}:00.000Z`), `right answer ${step + 1} in one topic`]),
    ];
    let mastered = 0;
    for (const [act, what] of steps) {
      const position = await act();
      await projected(position);
      const ownWrite = waiter.appliedAt(position) ?? null;
      names.length = 0;
      const updated = await cache.inputsOf(learner, now, waiter.checkpoint.seq, ownWrite);
      expect(names, what).toEqual(['mathdaily-learner-changes']);
      expect({ ...updated, selection: undefined }, what).toEqual(await whole());
      mastered = updated.reviews.filter((review) => review.mastered).length;
    }
    expect(mastered).toBeGreaterThan(0);

    // Anything else naming the learner (here a new grade) makes the next read a whole one, at once.
    const profile: NewEvent = { id: randomUUID(), type: 'ProfileUpdated', data: { userId: learner, gradeLevel: 8 }, metadata: meta(learner, '2026-03-03T19:50:00.000Z') };
    const { position } = await fixture.store.append(`user-${learner}`, [profile], { expectedVersion: 'any' });
    await projected(position);
    const ownWrite = waiter.appliedAt(position) ?? null;
    names.length = 0;
    const regraded = await cache.inputsOf(learner, now, waiter.checkpoint.seq, ownWrite);
    expect(names).toEqual(['mathdaily-learner-inputs']);
    expect(regraded.gradeLevel).toBe(8);
  });

  test('a question set given to the learner drops theirs; questions changing in any set drop everyone’s', async () => {
    const [student, other, tutor, setId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await register(student, 'UTC');
    await register(other, 'UTC');
    const cache = cacheNow();
    const now = new Date('2026-03-02T12:00:00Z');
    const studentBefore = await cache.inputsOf(student, now, waiter.checkpoint.seq);
    const otherBefore = await cache.inputsOf(other, now, waiter.checkpoint.seq);
    const setEvent = (type: string, data: Record<string, unknown>): NewEvent => ({ id: randomUUID(), type, data: { setId, ...data }, metadata: meta(tutor, '2026-03-02T11:00:00.000Z') });

    await projected((await fixture.store.append(`question-set-${setId}`, [setEvent('QuestionSetCreated', { tutorId: tutor, title: 'Warm-up' }), setEvent('QuestionSetAssigned', { tutorId: tutor, studentIds: [student] })], { expectedVersion: 'no_stream' })).position);
    expect(await cache.inputsOf(student, now, waiter.checkpoint.seq)).not.toBe(studentBefore);
    expect(await cache.inputsOf(other, now, waiter.checkpoint.seq)).toBe(otherBefore);

    await projected((await fixture.store.append(`question-set-${setId}`, [setEvent('QuestionAddedToSet', { problemId: bank[3]!.problem_id })], { expectedVersion: 'any' })).position);
    expect(await cache.inputsOf(other, now, waiter.checkpoint.seq)).not.toBe(otherBefore);
  });

  test('inputs read before batches the cache has already seen are brought level with them when kept', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await register(a, 'UTC');
    await register(b, 'UTC');
    const now = new Date('2026-03-02T12:00:00Z');
    // The cache learns of a batch naming a only after a's inputs were read as of an earlier one.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: PreparedQueries = { one: async (name, query) => { const row = await prepared.one(name, query); await gate; return row; }, end: () => Promise.resolve() };
    const cache = new LearnerQueueCache(slow, waiter);
    const reading = cache.inputsOf(a, now, waiter.checkpoint.seq);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await answer(a, bank[5]!, true, '2026-03-02T11:00:00.000Z');
    await answer(b, bank[6]!, true, '2026-03-02T11:05:00.000Z');
    release();
    const stale = await reading;
    expect(stale.answers).toBe(0);
    // Kept as outdated (the answer came after it), so the next request reads what changed.
    const fresh = await new LearnerQueueCache(prepared, waiter).inputsOf(a, now, waiter.checkpoint.seq);
    expect(fresh.answers).toBe(1);
    expect({ ...(await cache.inputsOf(a, now, waiter.checkpoint.seq)), selection: undefined }).toEqual({ ...fresh, selection: undefined });
  });

  test('the learner’s day ends the inputs at their midnight', async () => {
    const learner = randomUUID();
    await register(learner, 'Asia/Tokyo');
    const cache = cacheNow();
    // 14:59 UTC is 23:59 in Tokyo; a minute later it is the next day there.
    const before = await cache.inputsOf(learner, new Date('2026-03-02T14:59:00Z'), waiter.checkpoint.seq);
    expect(new Date(before.startOfTomorrow).toISOString()).toBe('2026-03-02T15:00:00.000Z');
    expect(await cache.inputsOf(learner, new Date('2026-03-02T14:59:59Z'), waiter.checkpoint.seq)).toBe(before);
    const after = await cache.inputsOf(learner, new Date('2026-03-02T15:00:00Z'), waiter.checkpoint.seq);
    expect(new Date(after.startOfToday).toISOString()).toBe('2026-03-02T15:00:00.000Z');
  });

  test('the domain’s due rule (isDueOn, via dueReviews) picks exactly the reviews its SQL form (dueToday) picks, at any time of the learner’s days', async () => {
    const learner = randomUUID();
    const timezone = 'America/New_York';
    await register(learner, timezone);
    // Right and wrong answers over three days, some twice on one day (learning steps, already
    // reviewed today); the probes cross the start of daylight saving time (8 March) too.
    const script: [number, boolean, string][] = [
      [0, true, '2026-03-01T14:00:00.000Z'],
      [1, false, '2026-03-01T15:00:00.000Z'],
      [2, true, '2026-03-02T03:30:00.000Z'],
      // 00:30 in New York: its reviews fall just after a local midnight.
      [6, true, '2026-03-02T05:30:00.000Z'],
      [1, false, '2026-03-02T16:00:00.000Z'],
      [3, false, '2026-03-03T12:00:00.000Z'],
      [4, true, '2026-03-03T12:05:00.000Z'],
      [3, true, '2026-03-03T12:20:00.000Z'],
      [5, false, '2026-03-03T23:50:00.000Z'],
    ];
    for (const [index, isCorrect, at] of script) await answer(learner, bank[index]!, isCorrect, at);
    const cache = cacheNow();
    const last = Date.parse(script.at(-1)![2]);
    // Minutes after the last (wrong) answer, around its learning step; then every 7 hours for 20 days.
    const probes = [
      ...[1, 5, 9, 10, 11, 15, 30, 60, 240].map((minutes) => last + minutes * 60_000),
      ...Array.from({ length: 70 }, (_, index) => last + index * 7 * 3_600_000 + 1_234),
    ];
    let due = 0;
    for (const probe of probes) {
      const now = new Date(probe);
      const inputs = await cache.inputsOf(learner, now, waiter.checkpoint.seq);
      const cal = calendarFor(now, timezone);
      const expected = await fixture.pool.anyFirst(sql.type(z.object({ problem_id: z.string() }))`
        SELECT r.problem_id::text FROM read_models.review_states r
        WHERE r.user_id = ${learner}::uuid AND ${dueToday('r', cal)} ORDER BY r.due_at, r.problem_id`);
      expect(dueReviews(inputs, now).map((review) => review.problem_id), now.toISOString()).toEqual(expected);
      due += expected.length;
    }
    expect(due).toBeGreaterThan(probes.length);
  });
});
