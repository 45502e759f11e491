import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import {
  countsAsReview,
  isDueOn,
  KNOWLEDGE_MODEL_PARAMETERS,
  learnerDayOf,
  predictCorrect,
  problemDifficultyPrior,
  rateKnowledge,
  rateProblemDifficulty,
  TOPIC_MASTERY_RULE,
  topicPredictedSuccess,
  updateKnowledge,
  updateProblemDifficulty,
  type LearnerKnowledge,
  type NewEvent,
  type TopicKnowledge,
} from '@mathdaily/domain';
import { rebuildReadModels } from '../rebuild.ts';
import { ACTIVE_SCHEMA } from '../schema.ts';
import { abilityTopicsOf, dumpSchema, projectAll, projectorFixture, type ProjectorFixture } from '../testing/projector-fixture.ts';
import { readModels } from './index.ts';

/**
 * The practice-loop read models on a real PostgreSQL: scripted histories of answers and ratings
 * give the due dates ts-fsrs gives when driven directly, streaks follow the student's calendar in
 * their time zone, topic mastery (the knowledge model's) and achievements appear at the right event, and a replay rebuilds the
 * same rows.
 */

let fixture: ProjectorFixture;
beforeEach(async () => {
  fixture = await projectorFixture();
});
afterEach(async () => {
  await fixture.close();
});

const DAY = 86_400_000;

function envelope(type: string, data: unknown, at: Date): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { actorId: null, correlationId: randomUUID(), causationId: null, at: at.toISOString(), schemaVersion: 1 },
  };
}

interface Student {
  id: string;
  timezone: string;
}

async function register(timezone: string, gradeLevel = 7): Promise<Student> {
  const id = randomUUID();
  await fixture.store.append(
    `user-${id}`,
    [
      envelope(
        'UserRegistered',
        {
          userId: id,
          email: `${id}@example.com`,
          firstName: 'Test',
          lastName: 'Student',
          role: 'student',
          gradeLevel,
          timezone,
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
          source: 'self-registration',
        },
        new Date(Date.UTC(2024, 11, 1)),
      ),
    ],
    { expectedVersion: 'any' },
  );
  return { id, timezone };
}

interface ProblemFacts {
  id: string;
  topic: string;
  topicId: string;
  difficultyLevel: number;
}

const problem = (topicId: string, difficultyLevel = 3): ProblemFacts => ({
  id: randomUUID(),
  topic: topicId.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()),
  topicId,
  difficultyLevel,
});

const sessionId = randomUUID();

/** AnswerSubmitted (and DifficultyRated when a rating is given, `ratedAfterMs` later). Returns the attempt id. */
async function answer(
  student: Student,
  p: ProblemFacts,
  at: Date,
  outcome: { correct: boolean; hint?: boolean; rating?: number; responseTimeMs?: number; ratedAfterMs?: number },
): Promise<string> {
  const attemptId = randomUUID();
  const events = [
    envelope(
      'AnswerSubmitted',
      {
        attemptId,
        sessionId,
        userId: student.id,
        problemId: p.id,
        topic: p.topic,
        topicId: p.topicId,
        grade: 7,
        difficultyLevel: p.difficultyLevel,
        userAnswer: outcome.correct ? 'right' : 'wrong',
        isCorrect: outcome.correct,
        responseTimeMs: outcome.responseTimeMs ?? 12_000,
        hintsUsed: outcome.hint ? 1 : 0,
      },
      at,
    ),
  ];
  if (outcome.rating !== undefined) {
    events.push(
      envelope(
        'DifficultyRated',
        { attemptId, sessionId, userId: student.id, problemId: p.id, rating: outcome.rating },
        new Date(at.getTime() + (outcome.ratedAfterMs ?? 5_000)),
      ),
    );
  }
  await fixture.store.append(`practice-${student.id}`, events, { expectedVersion: 'any' });
  return attemptId;
}

const project = () => projectAll(fixture, readModels, 7);

const reviewRow = z.object({
  due_at: z.string(),
  stability: z.number(),
  difficulty: z.number(),
  reps: z.number(),
  lapses: z.number(),
  consecutive_correct: z.number(),
  last_review_at: z.string(),
  attempts: z.number(),
  correct_attempts: z.number(),
  last_rating: z.number().nullable(),
});

async function reviewState(student: Student, p: ProblemFacts) {
  return fixture.pool.one(sql.type(reviewRow)`
    SELECT due_at, stability, difficulty, reps, lapses, consecutive_correct, last_review_at,
           attempts, correct_attempts, last_rating
    FROM read_models.review_states WHERE user_id = ${student.id} AND problem_id = ${p.id}`);
}

/** ts-fsrs driven directly, with the settings docs/learning-model.md names (a miss takes the learning steps). */
const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false, maximum_interval: 365 }));
const missScheduler = fsrs(
  generatorParameters({ enable_fuzz: false, enable_short_term: true, learning_steps: ['1m'], relearning_steps: ['10m'], maximum_interval: 365 }),
);
const review = (card: Card | null, at: Date, grade: Grade): Card =>
  (grade === Rating.Again ? missScheduler : scheduler).next(card ?? createEmptyCard(at), at, grade).card;

describe('review states (FSRS)', () => {
  test('a scripted history of answers and ratings gives the due dates ts-fsrs gives', async () => {
    const student = await register('UTC');
    const p = problem('fractions');
    const t0 = new Date('2025-01-06T09:00:00Z');

    // 1. correct, no hint, rated 3 (Just Right → Good)
    await answer(student, p, t0, { correct: true, rating: 3 });
    let card = review(null, t0, Rating.Good);
    await project();
    let row = await reviewState(student, p);
    expect(row.due_at).toBe(card.due.toISOString());
    expect(row).toMatchObject({ reps: 1, lapses: 0, consecutive_correct: 1, last_rating: 3 });
    /** Answers at the card's due date; the card ts-fsrs gives for `grade`, and the row projected. */
    const answerWhenDue = async (options: Parameters<typeof answer>[3], grade: Grade) => {
      const at = card.due;
      await answer(student, p, at, options);
      card = review(card, at, grade);
      await project();
      return reviewState(student, p);
    };

    // 2. at its due date: correct, no hint, rated 1 (Too Easy → Easy)
    row = await answerWhenDue({ correct: true, rating: 1 }, Rating.Easy);
    expect(row.due_at).toBe(card.due.toISOString());
    expect(row.stability).toBeCloseTo(card.stability, 10);
    expect(row.difficulty).toBeCloseTo(card.difficulty, 10);

    // 3. at its due date: wrong (→ Again, a lapse), rated 5
    row = await answerWhenDue({ correct: false, rating: 5 }, Rating.Again);
    expect(row.due_at).toBe(card.due.toISOString());
    expect(row).toMatchObject({ lapses: 1, consecutive_correct: 0 });

    // 4. correct with a hint (→ Hard whatever the rating)
    row = await answerWhenDue({ correct: true, hint: true, rating: 3 }, Rating.Hard);
    expect(row.due_at).toBe(card.due.toISOString());

    // 5. correct, not rated: counts as Good at once
    const t4 = card.due;
    const attemptId = await answer(student, p, t4, { correct: true });
    const before = card;
    await project();
    const unrated = await reviewState(student, p);
    expect(unrated.due_at).toBe(review(before, t4, Rating.Good).due.toISOString());
    expect(unrated.last_rating).toBeNull();

    // ... and a rating an hour later (Hard) re-grades that review from the card before it, at the answer's time.
    await fixture.store.append(
      `practice-${student.id}`,
      [envelope('DifficultyRated', { attemptId, sessionId, userId: student.id, problemId: p.id, rating: 4 }, new Date(t4.getTime() + 3_600_000))],
      { expectedVersion: 'any' },
    );
    card = review(before, t4, Rating.Hard);
    await project();
    row = await reviewState(student, p);
    expect(row.due_at).toBe(card.due.toISOString());
    expect(row).toMatchObject({ reps: 5, attempts: 5, correct_attempts: 4, consecutive_correct: 2, last_rating: 4 });
    expect(row.last_review_at).toBe(t4.toISOString());
  });

});

describe('topic mastery (knowledge model)', () => {
  test('right answers on one day never master a topic; a right answer the next day does; two misses end it; the day rows keep each day’s end', async () => {
    const student = await register('UTC');
    const algebra = [problem('algebra-basics'), problem('algebra-basics'), problem('algebra-basics'), problem('algebra-basics')];
    const t0 = new Date('2025-02-03T16:00:00Z');
    const minute = (n: number) => new Date(t0.getTime() + n * 60_000);
    await answer(student, algebra[0]!, minute(0), { correct: true });
    await answer(student, algebra[1]!, minute(1), { correct: true });
    await answer(student, algebra[2]!, minute(2), { correct: true, rating: 3 });
    await answer(student, problem('geometry'), minute(3), { correct: false, rating: 4 });
    await project();
    let [algebraRow, geometry] = await abilityTopicsOf(fixture, student.id);
    // Predicted well above 0.8, but all the evidence is from one sitting: not mastered (issue 31).
    expect(algebraRow!.predicted_success).toBeGreaterThanOrEqual(TOPIC_MASTERY_RULE.minPredictedSuccess);
    expect(algebraRow).toMatchObject({ mastered: false, problems: 3, solved: 3, problems_mastered: 0, success_days: 1, first_mastered_at: null, first_answer_date: '2025-02-03' });
    expect(geometry).toMatchObject({ topic_id: 'geometry', mastered: false, problems: 1, solved: 0, problems_mastered: 0, success_days: 0 });

    // The next day right answers: evidence across days. After the miss in geometry the first leaves the
    // prediction at 0.79, the second passes 0.8: mastered; whole days from the first answer: 1.
    const day2 = new Date(t0.getTime() + DAY);
    await answer(student, algebra[3]!, day2, { correct: true });
    await project();
    [algebraRow] = await abilityTopicsOf(fixture, student.id);
    expect(algebraRow).toMatchObject({ mastered: false, success_days: 2 });
    const mastery = new Date(day2.getTime() + 60_000);
    await answer(student, algebra[0]!, mastery, { correct: true });
    await project();
    [algebraRow] = await abilityTopicsOf(fixture, student.id);
    expect(algebraRow).toMatchObject({ mastered: true, problems: 4, solved: 4, problems_mastered: 4, success_days: 2, first_mastered_at: mastery.toISOString(), first_mastered_date: '2025-02-04' });

    // Day 3: one slip keeps it (one miss does not undo two days of evidence), a second miss in a row ends it; its first mastery stays.
    const day3 = new Date(t0.getTime() + 2 * DAY);
    await answer(student, algebra[1]!, day3, { correct: false });
    await project();
    [algebraRow] = await abilityTopicsOf(fixture, student.id);
    expect(algebraRow).toMatchObject({ mastered: true, solved: 3, problems_mastered: 3 });
    await answer(student, algebra[2]!, new Date(day3.getTime() + 60_000), { correct: false });
    await project();
    [algebraRow] = await abilityTopicsOf(fixture, student.id);
    expect(algebraRow).toMatchObject({ mastered: false, solved: 2, problems_mastered: 0, first_mastered_at: mastery.toISOString() });
    expect(algebraRow!.predicted_success).toBeLessThan(TOPIC_MASTERY_RULE.keepPredictedSuccess);
    const days = await fixture.pool.any(sql.type(z.object({ topic_id: z.string(), local_date: z.string(), mastered: z.boolean(), problems: z.number(), problems_mastered: z.number() }))`
      SELECT topic_id, to_char(local_date, 'YYYY-MM-DD') AS local_date, mastered, problems, problems_mastered
      FROM read_models.ability_topic_days WHERE user_id = ${student.id} ORDER BY topic_id, local_date`);
    expect(days).toEqual([
      { topic_id: 'algebra-basics', local_date: '2025-02-03', mastered: false, problems: 3, problems_mastered: 0 },
      { topic_id: 'algebra-basics', local_date: '2025-02-04', mastered: true, problems: 4, problems_mastered: 4 },
      { topic_id: 'algebra-basics', local_date: '2025-02-05', mastered: false, problems: 4, problems_mastered: 0 },
      { topic_id: 'geometry', local_date: '2025-02-03', mastered: false, problems: 1, problems_mastered: 0 },
    ]);
  });

  test('Subject Master: earned by the answer that makes 10 problems mastered in one topic, and kept after misses', async () => {
    const student = await register('UTC');
    // A topic without per-topic values (not a product topic), so the figures are the global weights' (docs/learning-model.md §3).
    const t0 = new Date('2025-02-10T16:00:00Z');
    // Five right answers on one day, five the next: the topic is mastered from the first right answer of day 2.
    const times = Array.from({ length: 10 }, (_, i) => new Date(t0.getTime() + (i < 5 ? 0 : DAY) + i * 60_000));
    for (const at of times) await answer(student, problem('algebra-basics'), at, { correct: true, responseTimeMs: 40_000 });
    // Three misses the day after: the topic is no longer mastered, nothing counts there now.
    for (let i = 0; i < 3; i += 1) await answer(student, problem('algebra-basics'), new Date(t0.getTime() + 2 * DAY + i * 60_000), { correct: false });
    await project();
    const earned = await fixture.pool.oneFirst(sql.type(z.object({ earned_at: z.string() }))`
      SELECT earned_at FROM read_models.achievements_earned WHERE user_id = ${student.id} AND achievement_id = 'subject-master'`);
    expect(earned).toBe(times[9]!.toISOString());
    const value = await fixture.pool.oneFirst(sql.unsafe`SELECT stats FROM read_models.achievement_stats WHERE user_id = ${student.id}`);
    const stats = (typeof value === 'string' ? JSON.parse(value) : value) as { masteredByTopic: Record<string, number>; bestMasteredInOneTopic: number };
    expect(stats).toMatchObject({ masteredByTopic: { 'algebra-basics': 0 }, bestMasteredInOneTopic: 10 });
  });
});

const dayRow = z.object({ local_date: z.string(), answers: z.number() });

async function practiceDays(student: Student) {
  return fixture.pool.any(sql.type(dayRow)`
    SELECT to_char(local_date, 'YYYY-MM-DD') AS local_date, answers FROM read_models.practice_days
    WHERE user_id = ${student.id} ORDER BY local_date`);
}

async function stats(student: Student) {
  const value = await fixture.pool.oneFirst(sql.unsafe`SELECT stats FROM read_models.achievement_stats WHERE user_id = ${student.id}`);
  return (typeof value === 'string' ? JSON.parse(value) : value) as { currentStreakDays: number; longestStreakDays: number; reviewsCompleted: number };
}

describe('practice days and streaks in the student’s time zone', () => {
  test('23:30 and 00:30 in Sydney are two days there, one day in UTC', async () => {
    const sydney = await register('Australia/Sydney');
    const utc = await register('UTC');
    // January: Sydney is UTC+11. 23:30 on the 14th in Sydney = 12:30 UTC; 00:30 on the 15th = 13:30 UTC.
    const late = new Date('2025-01-14T12:30:00Z');
    const afterMidnight = new Date('2025-01-14T13:30:00Z');
    for (const student of [sydney, utc]) {
      await answer(student, problem('fractions'), late, { correct: true });
      await answer(student, problem('fractions'), afterMidnight, { correct: true });
    }
    await project();
    expect(await practiceDays(sydney)).toEqual([
      { local_date: '2025-01-14', answers: 1 },
      { local_date: '2025-01-15', answers: 1 },
    ]);
    expect(await practiceDays(utc)).toEqual([{ local_date: '2025-01-14', answers: 2 }]);
    expect((await stats(sydney)).longestStreakDays).toBe(2);
    expect((await stats(utc)).longestStreakDays).toBe(1);
  });

  test('a time zone change applies from the moment it is made; a gap day breaks the streak', async () => {
    const student = await register('UTC');
    await answer(student, problem('decimals'), new Date('2025-03-01T20:00:00Z'), { correct: true });
    await answer(student, problem('decimals'), new Date('2025-03-02T20:00:00Z'), { correct: true });
    await fixture.store.append(
      `user-${student.id}`,
      [envelope('ProfileUpdated', { userId: student.id, timezone: 'Asia/Tokyo' }, new Date('2025-03-02T21:00:00Z'))],
      { expectedVersion: 'any' },
    );
    // 2025-03-03T20:00Z is 05:00 on 03-04 in Tokyo: 03-03 was skipped there.
    await answer(student, problem('decimals'), new Date('2025-03-03T20:00:00Z'), { correct: true });
    await project();
    expect((await practiceDays(student)).map((d) => d.local_date)).toEqual(['2025-03-01', '2025-03-02', '2025-03-04']);
    const s = await stats(student);
    expect(s.longestStreakDays).toBe(2);
    expect(s.currentStreakDays).toBe(1);
  });
});

const earnedRow = z.object({ achievement_id: z.string(), earned_at: z.string() });

describe('achievements', () => {
  test('earned at the time of the event that earned them', async () => {
    const student = await register('America/New_York');
    const start = new Date('2025-04-07T22:00:00Z'); // 18:00 in New York
    const topics = ['fractions', 'decimals', 'percentages', 'ratios', 'geometry', 'algebra-basics', 'statistics'];
    let seventh: Date | null = null;
    let fifthTopic: Date | null = null;
    // One answer a day for 7 days, each in a new topic, all correct, fast and without a hint.
    for (let day = 0; day < 7; day += 1) {
      const at = new Date(start.getTime() + day * DAY);
      await answer(student, problem(topics[day]!), at, { correct: true, responseTimeMs: 8_000 });
      if (day === 4) fifthTopic = at;
      if (day === 6) seventh = at;
    }
    await project();
    const earned = await fixture.pool.any(sql.type(earnedRow)`
      SELECT achievement_id, earned_at FROM read_models.achievements_earned WHERE user_id = ${student.id} ORDER BY earned_at, achievement_id`);
    expect(earned).toEqual([
      { achievement_id: 'first-steps', earned_at: start.toISOString() },
      { achievement_id: 'topic-explorer', earned_at: fifthTopic!.toISOString() },
      { achievement_id: 'week-warrior', earned_at: seventh!.toISOString() },
    ]);
  });

  test('Review Champion counts answers to problems due that day, not new ones nor early repeats', async () => {
    const student = await register('UTC');
    const p = problem('fractions');
    const t0 = new Date('2025-05-05T10:00:00Z');
    await answer(student, p, t0, { correct: true, rating: 3 }); // new
    await answer(student, p, new Date(t0.getTime() + DAY), { correct: true, rating: 3 }); // not due yet (3 days)
    const due = review(review(null, t0, Rating.Good), new Date(t0.getTime() + DAY), Rating.Good).due;
    // Earlier the same day it becomes due (due on that calendar day) counts as a review.
    const sameDayEarlier = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate(), 0, 30));
    await answer(student, p, sameDayEarlier, { correct: true });
    await project();
    expect((await stats(student)).reviewsCompleted).toBe(1);
    const flags = await fixture.pool.anyFirst(sql.unsafe`
      SELECT was_review FROM read_models.attempts WHERE user_id = ${student.id} ORDER BY answered_at`);
    expect(flags).toEqual([false, false, true]);
  });

  test('a problem missed on the day it was due and asked again after its learning step is due again, but that answer is practice, not a review', async () => {
    const student = await register('America/New_York');
    const p = problem('fractions');
    await answer(student, p, new Date('2025-05-05T14:00:00Z'), { correct: true }); // new
    await project();
    const dueAt = z.object({ due_at: z.string() });
    const firstDue = Date.parse(await fixture.pool.oneFirst(sql.type(dueAt)`SELECT due_at FROM read_models.review_states WHERE user_id = ${student.id}`));
    // An hour before it is due, the same day in New York: a review, missed (Relearning, due again 10 minutes later).
    const missedAt = new Date(firstDue - 3_600_000);
    await answer(student, p, missedAt, { correct: false });
    await project();
    const row = await fixture.pool.one(sql.type(z.object({ due_at: z.string(), last_review_at: z.string(), card_state: z.string() }))`
      SELECT due_at, last_review_at, card_state FROM read_models.review_states WHERE user_id = ${student.id}`);
    const reAsked = new Date(missedAt.getTime() + 20 * 60_000);
    const facts = { dueMs: Date.parse(row.due_at), lastReviewMs: Date.parse(row.last_review_at), cardState: row.card_state };
    const day = learnerDayOf(reAsked, student.timezone);
    // The due queue offers it again (isDueOn's learning-step exception) …
    expect(row.card_state).toBe('Relearning');
    expect(isDueOn(facts, day, reAsked.getTime())).toBe(true);
    // … and the answer to it is not counted as a review (countsAsReview, as before the rule moved to the domain).
    expect(countsAsReview(facts, day, reAsked.getTime())).toBe(false);
    await answer(student, p, reAsked, { correct: true });
    await project();
    const flags = await fixture.pool.anyFirst(sql.unsafe`
      SELECT was_review FROM read_models.attempts WHERE user_id = ${student.id} ORDER BY answered_at`);
    expect(flags).toEqual([false, true, false]);
    expect((await stats(student)).reviewsCompleted).toBe(1);
  });
});

describe('knowledge model rows', () => {
  test('follow the domain model answer by answer and rating by rating', async () => {
    const params = KNOWLEDGE_MODEL_PARAMETERS;
    const a = await register('UTC');
    const b = await register('UTC');
    const shared = problem('fractions', 4);
    const easy = problem('fractions', 1);
    const other = problem('decimals', 3);
    // The expected rows, folded with the domain functions alone.
    const learners = new Map<string, LearnerKnowledge>();
    const topics = new Map<string, TopicKnowledge>();
    const problems = new Map<string, { difficulty: number; attempts: number; ratings: number }>();
    const predictedAfter = new Map<string, number>();
    let at = new Date('2025-06-01T08:00:00Z');
    // [student, problem, right, rating, hint]: a right answer after a hint counts as wrong for the model.
    const script: [Student, ProblemFacts, boolean, number | undefined, boolean][] = [
      [a, shared, true, 2, false],
      [b, shared, false, 5, false],
      [a, other, false, undefined, false],
      [a, easy, true, undefined, true],
      [b, easy, true, 1, false],
    ];
    for (const [student, p, right, rating, hint] of script) {
      await answer(student, p, at, { correct: right, hint, ...(rating === undefined ? {} : { rating }) });
      const correct = right && !hint;
      const topicKey = `${student.id}/${p.topicId}`;
      const before = problems.get(p.id) ?? { difficulty: problemDifficultyPrior(params, p.difficultyLevel), attempts: 0, ratings: 0 };
      const predicted = predictCorrect(params, learners.get(student.id), topics.get(topicKey), p.topicId, before.difficulty);
      const next = updateKnowledge(learners.get(student.id), topics.get(topicKey), p.topicId, correct, right && hint);
      learners.set(student.id, next.learner);
      // A rating is a signal on the topic as well (rateKnowledge).
      topics.set(topicKey, rating === undefined ? next.topic : rateKnowledge(next.topic, rating));
      // Predicted success on the topic as of its last answer or rating (later answers elsewhere do not move it).
      predictedAfter.set(topicKey, topicPredictedSuccess(params, next.learner, topics.get(topicKey), p.topicId));
      const after = { ...updateProblemDifficulty(params, before, predicted, correct), ratings: before.ratings };
      if (rating !== undefined) {
        after.difficulty = rateProblemDifficulty(params, after, rating);
        after.ratings += 1;
      }
      problems.set(p.id, after);
      at = new Date(at.getTime() + 60_000);
    }
    await project();
    const problemRows = await fixture.pool.any(sql.type(z.object({ problem_id: z.string(), difficulty: z.number(), attempts: z.number(), ratings: z.number() }))`
      SELECT problem_id, difficulty, attempts, ratings FROM read_models.ability_problems ORDER BY problem_id`);
    expect(problemRows).toHaveLength(3);
    for (const row of problemRows) {
      const expected = problems.get(row.problem_id)!;
      expect(row.difficulty).toBeCloseTo(expected.difficulty, 12);
      expect(row.attempts).toBe(expected.attempts);
      expect(row.ratings).toBe(expected.ratings);
    }
    // Student a's hinted answer counts as wrong: of a's three answers, one success.
    expect(learners.get(a.id)).toMatchObject({ answers: 3, successes: 1, failures: 2 });
    const studentRows = await fixture.pool.any(sql.type(z.object({ user_id: z.string(), answers: z.number(), correct: z.number(), state: z.unknown() }))`
      SELECT user_id, answers, correct, state FROM read_models.ability_students ORDER BY user_id`);
    expect(studentRows).toHaveLength(2);
    for (const row of studentRows) {
      expect(row.state).toEqual(learners.get(row.user_id));
      expect(row.answers).toBe(learners.get(row.user_id)!.answers);
      expect(row.correct).toBe(learners.get(row.user_id)!.successes);
    }
    const topicRows = await fixture.pool.any(
      sql.type(z.object({ user_id: z.string(), topic_id: z.string(), answers: z.number(), state: z.unknown(), predicted_success: z.number() }))`
        SELECT user_id, topic_id, answers, state, predicted_success FROM read_models.ability_student_topics`,
    );
    expect(topicRows).toHaveLength(3);
    for (const row of topicRows) {
      const expected = topics.get(`${row.user_id}/${row.topic_id}`)!;
      expect(row.state).toEqual(expected);
      expect(row.predicted_success).toBeCloseTo(predictedAfter.get(`${row.user_id}/${row.topic_id}`)!, 12);
    }
    // a rated 'shared' 2 (+0.5), decayed once by the hinted right answer after it.
    expect(topics.get(`${a.id}/fractions`)!.recentRating).toBeCloseTo(0.4, 12);
    expect(topics.get(`${a.id}/fractions`)!.recentHintedCorrect).toBe(1);
  });
});

describe('replay', () => {
  test('rebuilding from event 0 yields identical read models', async () => {
    const sydney = await register('Australia/Sydney');
    const london = await register('Europe/London');
    const bank = ['fractions', 'decimals', 'geometry'].flatMap((topic) => [problem(topic, 2), problem(topic, 4)]);
    let at = new Date('2025-03-28T22:45:00Z'); // crosses the UK and Sydney DST changes
    for (let i = 0; i < 60; i += 1) {
      const student = i % 2 === 0 ? sydney : london;
      const p = bank[(i * 7) % bank.length]!;
      const correct = i % 5 !== 0;
      const rating = correct ? 1 + (i % 5) : 4 + (i % 2);
      await answer(student, p, at, { correct, hint: i % 7 === 0, ...(i % 3 === 0 ? {} : { rating }) });
      at = new Date(at.getTime() + (i % 4 === 0 ? 26 : 7) * 3_600_000);
    }
    await project();
    const live = await dumpSchema(fixture.pool, ACTIVE_SCHEMA);
    expect(live.review_states!.length).toBeGreaterThan(0);
    expect(live.achievements_earned!.length).toBeGreaterThan(0);
    await rebuildReadModels({ pool: fixture.pool, store: fixture.store, models: readModels });
    expect(await dumpSchema(fixture.pool, ACTIVE_SCHEMA)).toEqual(live);
  });
});
