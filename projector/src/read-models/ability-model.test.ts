import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import {
  KNOWLEDGE_MODEL_PARAMETERS,
  placementStreamId,
  practiceStreamId,
  predictCorrect,
  problemDifficultyPrior,
  rateKnowledge,
  rateProblemDifficulty,
  topicPredictedSuccess,
  updateKnowledge,
  updateProblemDifficulty,
  userStreamId,
  type LearnerKnowledge,
  type NewEvent,
  type PlacementEvent,
  type PracticeEvent,
  type TopicKnowledge,
} from '@mathdaily/domain';
import { abilityTopicsOf, expectReplayToRebuildTheSameRows, factAt, projectAll, projectorFixtureForFile } from '../testing/projector-fixture.ts';
import { abilityModel } from './ability-model.ts';
import { learnerProfiles } from './learner-profiles.ts';
import { reviewStates } from './review-states.ts';

/**
 * The knowledge model's rows on a real database: per answer the student's and the topic's state
 * (a right answer after a hint is no success), the problem's difficulty learned from the surprise
 * and nudged by ratings (its first level kept), the topic's problems and those last answered right;
 * mastery only on evidence across the student's own days, kept through one slip, lost with two,
 * its first date kept, a row per local day; placement answers seed the states without touching a
 * problem; events whose ids are not UUIDs are skipped; a replay rebuilds the same rows.
 */

// learner-profiles tells the time zone, review-states the topic of a rating and whether the problem is new or was solved.
const models = [learnerProfiles, reviewStates, abilityModel];
const fixture = projectorFixtureForFile();

const params = KNOWLEDGE_MODEL_PARAMETERS;
const MINUTE = 60_000;
const t0 = Date.UTC(2026, 2, 2, 9);

async function register(timezone: string): Promise<string> {
  const userId = randomUUID();
  const data = { userId, email: `k${userId.slice(0, 8)}@example.com`, firstName: 'Kit', lastName: 'Learner', role: 'student', gradeLevel: 6, timezone, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', source: 'self-registration' };
  await fixture.store.append(userStreamId(userId), [factAt({ type: 'UserRegistered', data }, t0 - 30 * 86_400_000)], { expectedVersion: 'no_stream' });
  return userId;
}

interface Problem {
  id: string;
  topicId: string;
  level: number;
}
const problem = (topicId: string, level = 3): Problem => ({ id: randomUUID(), topicId, level });

/** An answer (and its rating, a few seconds later), as events. */
function answered(userId: string, p: Problem, at: number, outcome: { right: boolean; hint?: boolean; rating?: number; level?: number }): NewEvent[] {
  const attemptId = randomUUID();
  const events: PracticeEvent[] = [
    {
      type: 'AnswerSubmitted',
      data: {
        attemptId, sessionId: 'session-1', userId, problemId: p.id, topic: p.topicId, topicId: p.topicId, grade: 6, difficultyLevel: outcome.level ?? p.level,
        userAnswer: outcome.right ? '3/4' : '1/2', isCorrect: outcome.right, responseTimeMs: 20_000, hintsUsed: outcome.hint ? 1 : 0,
      },
    },
  ];
  if (outcome.rating !== undefined) events.push({ type: 'DifficultyRated', data: { attemptId, sessionId: 'session-1', userId, problemId: p.id, rating: outcome.rating } });
  return events.map((event, i) => factAt(event, at + i * 5_000));
}

async function append(userId: string, events: NewEvent[]) {
  await fixture.store.append(practiceStreamId(userId), events, { expectedVersion: 'any' });
}

const project = () => projectAll(fixture, models, 3);

const studentRow = z.object({ answers: z.number(), correct: z.number(), state: z.custom<LearnerKnowledge>() });
const studentOf = (userId: string) => fixture.pool.maybeOne(sql.type(studentRow)`SELECT answers, correct, state FROM read_models.ability_students WHERE user_id = ${userId}`);

const problemRow = z.object({ difficulty_level: z.number(), difficulty: z.number(), attempts: z.number(), ratings: z.number() });
const problemOf = (problemId: string) =>
  fixture.pool.maybeOne(sql.type(problemRow)`SELECT difficulty_level, difficulty, attempts, ratings FROM read_models.ability_problems WHERE problem_id = ${problemId}`);

test('each answer and rating moves the student, the topic and the problem as the domain’s knowledge model does', async () => {
  const [a, b] = [await register('UTC'), await register('UTC')];
  const shared = problem('fractions', 4);
  const easy = problem('fractions', 1);
  const other = problem('decimals', 3);
  // [student, problem, right, hint, rating, level the event carries]
  const script: [string, Problem, boolean, boolean, number | undefined, number | undefined][] = [
    [a, shared, true, false, 2, undefined],
    [b, shared, false, false, 5, undefined],
    [a, other, false, false, undefined, undefined],
    // Right after a hint: not a success for the model.
    [a, easy, true, true, undefined, undefined],
    // Answered again, the event carrying another level: the problem keeps its first.
    [a, shared, true, false, undefined, 5],
  ];

  // The expected rows, folded with the domain's functions alone.
  const learners = new Map<string, LearnerKnowledge>();
  const topics = new Map<string, TopicKnowledge>();
  const predicted = new Map<string, number>();
  const problems = new Map<string, { level: number; difficulty: number; attempts: number; ratings: number }>();
  let at = t0;
  for (const [userId, p, right, hint, rating, level] of script) {
    await append(userId, answered(userId, p, at, { right, hint, ...(rating === undefined ? {} : { rating }), ...(level === undefined ? {} : { level }) }));
    const key = `${userId}/${p.topicId}`;
    const success = right && !hint;
    const before = problems.get(p.id) ?? { level: p.level, difficulty: problemDifficultyPrior(params, p.level), attempts: 0, ratings: 0 };
    const chance = predictCorrect(params, learners.get(userId), topics.get(key), p.topicId, before.difficulty);
    const next = updateKnowledge(learners.get(userId), topics.get(key), p.topicId, success, right && hint);
    const after = { ...before, ...updateProblemDifficulty(params, before, chance, success) };
    let topic = next.topic;
    if (rating !== undefined) {
      topic = rateKnowledge(topic, rating);
      after.difficulty = rateProblemDifficulty(params, after, rating);
      after.ratings += 1;
    }
    learners.set(userId, next.learner);
    topics.set(key, topic);
    predicted.set(key, topicPredictedSuccess(params, next.learner, topic, p.topicId));
    problems.set(p.id, after);
    at += MINUTE;
  }
  // A rating of an answer never seen (another problem): nothing moves, no problem row appears.
  const ghost = problem('fractions');
  await append(a, [factAt({ type: 'DifficultyRated', data: { attemptId: randomUUID(), sessionId: 'session-1', userId: a, problemId: ghost.id, rating: 1 } } satisfies PracticeEvent, at)]);
  await project();

  for (const userId of [a, b]) {
    const learner = learners.get(userId)!;
    expect(await studentOf(userId)).toEqual({ answers: learner.answers, correct: learner.successes, state: learner });
  }
  expect(await studentOf(a)).toMatchObject({ answers: 4, correct: 2 });
  const counts: Record<string, { problems: number; solved: number }> = {
    [`${a}/decimals`]: { problems: 1, solved: 0 },
    // shared and easy: both last answered right (the hinted one too: solved is about the answer, not the model).
    [`${a}/fractions`]: { problems: 2, solved: 2 },
    [`${b}/fractions`]: { problems: 1, solved: 0 },
  };
  for (const userId of [a, b]) {
    for (const row of await abilityTopicsOf(fixture, userId)) {
      const key = `${userId}/${row.topic_id}`;
      expect(row).toMatchObject({ ...counts[key], state: topics.get(key), answers: topics.get(key)!.answers, correct: topics.get(key)!.successes, mastered: false, problems_mastered: 0 });
      expect(row.predicted_success).toBeCloseTo(predicted.get(key)!, 12);
    }
  }
  expect((await abilityTopicsOf(fixture, a)).map((row) => row.topic_id)).toEqual(['decimals', 'fractions']);
  for (const p of [shared, easy, other]) {
    const expected = problems.get(p.id)!;
    const row = (await problemOf(p.id))!;
    expect(row).toMatchObject({ difficulty_level: expected.level, attempts: expected.attempts, ratings: expected.ratings });
    expect(row.difficulty).toBeCloseTo(expected.difficulty, 12);
  }
  expect(await problemOf(shared.id)).toMatchObject({ difficulty_level: 4, attempts: 3, ratings: 2 });
  expect(await problemOf(ghost.id)).toBeNull();
});

test('mastery needs right answers on two of the student’s own days; one slip keeps it, two lose it; its first date stays; a row per local day', async () => {
  // Los Angeles in February is UTC-8: 06:00 UTC is 22:00 the day before there, 08:30 UTC is 00:30.
  const userId = await register('America/Los_Angeles');
  const ps = [0, 1, 2, 3].map(() => problem('algebra-basics'));
  const utc = (time: string) => Date.parse(`2026-02-${time}Z`);
  await append(userId, [
    ...answered(userId, ps[0]!, utc('03T06:00'), { right: true }),
    ...answered(userId, ps[1]!, utc('03T06:01'), { right: true }),
    ...answered(userId, ps[2]!, utc('03T06:02'), { right: true }),
  ]);
  await project();
  // Three right answers in one sitting (2 February there): predicted above 0.8, but not mastered.
  let [topic] = await abilityTopicsOf(fixture, userId);
  expect(topic!.predicted_success).toBeGreaterThanOrEqual(0.8);
  expect(topic).toMatchObject({ mastered: false, problems: 3, solved: 3, problems_mastered: 0, success_days: 1, first_answer_date: '2026-02-02', first_mastered_at: null });

  // Two and a half hours later, but 3 February there: evidence on a second day.
  const mastery = utc('03T08:30');
  await append(userId, answered(userId, ps[3]!, mastery, { right: true }));
  await project();
  [topic] = await abilityTopicsOf(fixture, userId);
  expect(topic).toMatchObject({
    mastered: true, problems: 4, solved: 4, problems_mastered: 4, success_days: 2, last_success_date: '2026-02-03',
    first_answer_at: new Date(utc('03T06:00')).toISOString(), first_answer_date: '2026-02-02',
    first_mastered_at: new Date(mastery).toISOString(), first_mastered_date: '2026-02-03',
  });

  // The next day a slip on a solved problem: still mastered, one problem fewer counted.
  await append(userId, answered(userId, ps[1]!, utc('04T18:00'), { right: false }));
  await project();
  [topic] = await abilityTopicsOf(fixture, userId);
  expect(topic).toMatchObject({ mastered: true, problems: 4, solved: 3, problems_mastered: 3 });

  // A second miss in a row: mastery lost, nothing counted; the first mastery's date stays.
  await append(userId, answered(userId, ps[2]!, utc('04T18:01'), { right: false }));
  await project();
  [topic] = await abilityTopicsOf(fixture, userId);
  expect(topic).toMatchObject({ mastered: false, problems: 4, solved: 2, problems_mastered: 0, success_days: 2, first_mastered_at: new Date(mastery).toISOString(), first_mastered_date: '2026-02-03' });

  const days = await fixture.pool.any(sql.type(z.object({ local_date: z.string(), mastered: z.boolean(), problems: z.number(), problems_mastered: z.number() }))`
    SELECT to_char(local_date, 'YYYY-MM-DD') AS local_date, mastered, problems, problems_mastered
    FROM read_models.ability_topic_days WHERE user_id = ${userId} ORDER BY local_date`);
  expect(days).toEqual([
    { local_date: '2026-02-02', mastered: false, problems: 3, problems_mastered: 0 },
    { local_date: '2026-02-03', mastered: true, problems: 4, problems_mastered: 4 },
    { local_date: '2026-02-04', mastered: false, problems: 4, problems_mastered: 0 },
  ]);
});

test('placement answers seed the student and the topic, and touch no problem', async () => {
  const userId = await register('UTC');
  const placementId = randomUUID();
  const outcomes = [true, true, false];
  const placement = outcomes.map((isCorrect, i): PlacementEvent => ({
    type: 'PlacementAnswerRecorded',
    data: {
      placementId, userId, question: i + 1, templateId: 'fraction-add', problemSeed: i, topic: 'Fractions', topicId: 'fractions', grade: 5, difficultyLevel: 3,
      multipleChoice: false, userAnswer: isCorrect ? '3/4' : '', skipped: !isCorrect, isCorrect, responseTimeMs: 9_000,
    },
  }));
  await fixture.store.append(placementStreamId(userId), placement.map((event, i) => factAt(event, t0 + i * MINUTE)), { expectedVersion: 'no_stream' });
  await project();

  let learner: LearnerKnowledge | undefined;
  let topic: TopicKnowledge | undefined;
  for (const isCorrect of outcomes) ({ learner, topic } = updateKnowledge(learner, topic, 'fractions', isCorrect, false));
  expect(await studentOf(userId)).toEqual({ answers: 3, correct: 2, state: learner });
  let [row] = await abilityTopicsOf(fixture, userId);
  // No problem of the bank answered, none solved; the right answers are the day's evidence.
  expect(row).toMatchObject({ topic_id: 'fractions', answers: 3, correct: 2, state: topic, problems: 0, solved: 0, success_days: 1, mastered: false });

  // The first practice answer goes on from what the check saw.
  const p = problem('fractions');
  await append(userId, answered(userId, p, t0 + 10 * MINUTE, { right: true }));
  await project();
  const chance = predictCorrect(params, learner, topic, 'fractions', problemDifficultyPrior(params, p.level));
  ({ learner, topic } = updateKnowledge(learner, topic, 'fractions', true, false));
  expect(await studentOf(userId)).toEqual({ answers: 4, correct: 3, state: learner });
  [row] = await abilityTopicsOf(fixture, userId);
  expect(row).toMatchObject({ answers: 4, state: topic, problems: 1, solved: 1 });
  const difficulty = updateProblemDifficulty(params, { difficulty: problemDifficultyPrior(params, p.level), attempts: 0 }, chance, true);
  expect((await problemOf(p.id))!.difficulty).toBeCloseTo(difficulty.difficulty, 12);
  expect(await problemOf(p.id)).toMatchObject({ attempts: 1, ratings: 0 });
});

test('events whose ids are not UUIDs are skipped; a replay rebuilds the same rows', async () => {
  const userId = await register('UTC');
  const legacy = { id: 'legacy-problem-9', topicId: 'fractions', level: 3 };
  await append(userId, answered(userId, legacy, t0, { right: true, rating: 3 }));
  await append('legacy-student-9', answered('legacy-student-9', problem('fractions'), t0, { right: true }));
  await project();
  expect(await studentOf(userId)).toBeNull();
  expect(await abilityTopicsOf(fixture, userId)).toEqual([]);

  // The same events again, from event 0 in one pass: the same rows.
  const live = await expectReplayToRebuildTheSameRows(fixture, models);
  expect(live.ability_topic_days!.length).toBeGreaterThan(0);
});
