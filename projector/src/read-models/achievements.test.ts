import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import { FAST_ANSWER_MS, practiceStreamId, userStreamId, type AchievementStats, type PracticeEvent } from '@mathdaily/domain';
import { expectReplayToRebuildTheSameRows, factAt, projectAll, projectorFixtureForFile } from '../testing/projector-fixture.ts';
import { abilityModel } from './ability-model.ts';
import { achievements } from './achievements.ts';
import { learnerProfiles } from './learner-profiles.ts';
import { reviewStates } from './review-states.ts';

/**
 * achievement_stats and achievements_earned on a real database: each achievement earned at the
 * event that reaches its threshold (not one before), once; streaks on the student's calendar, a
 * gap starting them again; Subject Master from the mastery ability-model hands over, kept when the
 * mastery goes; a rating is no answer; answers whose ids are not UUIDs are skipped; a replay
 * rebuilds the same rows.
 */

// learner-profiles tells the time zone, review-states whether an answer was a review, ability-model the mastery.
const models = [learnerProfiles, reviewStates, abilityModel, achievements];
const fixture = projectorFixtureForFile();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const t0 = Date.UTC(2026, 2, 2, 9);
const iso = (at: number) => new Date(at).toISOString();

async function register(timezone: string): Promise<string> {
  const userId = randomUUID();
  const data = { userId, email: `s${userId.slice(0, 8)}@example.com`, firstName: 'Sol', lastName: 'Student', role: 'student', gradeLevel: 6, timezone, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', source: 'self-registration' };
  await fixture.store.append(userStreamId(userId), [factAt({ type: 'UserRegistered', data }, t0 - DAY)], { expectedVersion: 'no_stream' });
  return userId;
}

interface Answer {
  at: number;
  correct: boolean;
  topicId?: string;
  hint?: boolean;
  responseTimeMs?: number;
  problemId?: string;
}

/** Each answer to a new problem unless named; returns the attempt ids. */
async function answer(userId: string, answers: Answer[]): Promise<string[]> {
  const ids = answers.map(() => randomUUID());
  const events = answers.map((a, i) => {
    const topicId = a.topicId ?? 'fractions';
    const event: PracticeEvent = {
      type: 'AnswerSubmitted',
      data: {
        attemptId: ids[i]!, sessionId: 'session-1', userId, problemId: a.problemId ?? randomUUID(), topic: topicId, topicId, grade: 6, difficultyLevel: 3,
        userAnswer: a.correct ? '3/4' : '1/2', isCorrect: a.correct, responseTimeMs: a.responseTimeMs ?? 40_000, hintsUsed: a.hint ? 1 : 0,
      },
    };
    return factAt(event, a.at);
  });
  await fixture.store.append(practiceStreamId(userId), events, { expectedVersion: 'any' });
  return ids;
}

const earnedRow = z.object({ achievement_id: z.string(), earned_at: z.string() });
const earned = (userId: string) =>
  fixture.pool.any(sql.type(earnedRow)`
    SELECT achievement_id, earned_at FROM read_models.achievements_earned WHERE user_id = ${userId} ORDER BY earned_at, achievement_id`);
async function statsOf(userId: string): Promise<AchievementStats | null> {
  const value = await fixture.pool.maybeOneFirst(sql.unsafe`SELECT stats FROM read_models.achievement_stats WHERE user_id = ${userId}`);
  return value === null ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as AchievementStats);
}

const project = () => projectAll(fixture, models, 7);

test('each achievement is earned by the answer that reaches its threshold, once; a rating is no answer', async () => {
  const userId = await register('UTC');
  const topics = ['fractions', 'decimals', 'geometry', 'ratios', 'statistics'];
  const fast = 8_000;
  // Answer n (1-based), one a minute, on one day (no topic is mastered in one day).
  const script: Omit<Answer, 'at' | 'topicId'>[] = [
    ...Array.from({ length: 9 }, () => ({ correct: true, responseTimeMs: fast })), // 1-9
    { correct: false, responseTimeMs: fast }, // 10: breaks the run; a wrong answer is never fast
    { correct: true, responseTimeMs: FAST_ANSWER_MS }, // 11: not under 30 s
    ...Array.from({ length: 9 }, () => ({ correct: true, responseTimeMs: fast })), // 12-20
    { correct: true, hint: true, responseTimeMs: fast }, // 21: with a hint
    ...Array.from({ length: 29 }, () => ({ correct: true })), // 22-50
  ];
  const at = (n: number) => t0 + n * MINUTE;
  const last = randomUUID();
  const ids = await answer(userId, script.map((a, i) => ({ ...a, at: at(i + 1), topicId: topics[i % topics.length]!, ...(i === 49 ? { problemId: last } : {}) })));
  // The last answer rated (review-states re-grades it, ability-model re-rates its topic): still 50 answers.
  const rating: PracticeEvent = { type: 'DifficultyRated', data: { attemptId: ids[49]!, sessionId: 'session-1', userId, problemId: last, rating: 3 } };
  await fixture.store.append(practiceStreamId(userId), [factAt(rating, at(51))], { expectedVersion: 'any' });
  await project();

  expect(await earned(userId)).toEqual([
    { achievement_id: 'first-steps', earned_at: iso(at(1)) },
    { achievement_id: 'topic-explorer', earned_at: iso(at(5)) },
    // The 10th right answer under 30 s: 1-9 and 12.
    { achievement_id: 'speed-demon', earned_at: iso(at(12)) },
    // 10 right in a row: 11-20.
    { achievement_id: 'perfect-ten', earned_at: iso(at(20)) },
    // 18 of 20 right only counts with 20 answers: 18 of the first 19 is not yet it.
    { achievement_id: 'sharp-shooter', earned_at: iso(at(20)) },
    // 25 right without a hint: 1-9, 11-20, 22-27.
    { achievement_id: 'hint-free-hero', earned_at: iso(at(27)) },
    { achievement_id: 'problem-solver', earned_at: iso(at(50)) },
  ]);
  expect(await statsOf(userId)).toMatchObject({
    problemsCompleted: 50,
    correctAnswers: 49,
    correctWithoutHint: 48,
    fastCorrectAnswers: 19,
    reviewsCompleted: 0,
    currentCorrectRun: 40,
    bestCorrectRun: 40,
    bestWindowCorrect: 20,
    topics: [...topics].sort(),
    lastPracticeDate: '2026-03-02',
    currentStreakDays: 1,
    longestStreakDays: 1,
  });
});

test('streaks count the student’s own days: seven days in Tokyo within six in UTC earn Week Warrior; a day missed starts again', async () => {
  // 14:30 UTC is 23:30 in Tokyo, 15:30 UTC already 00:30 the next day there.
  const tokyo = await register('Asia/Tokyo');
  const times = Array.from({ length: 6 }, (_, day) => [t0 + day * DAY + 5.5 * HOUR, t0 + day * DAY + 6.5 * HOUR]).flat();
  await answer(tokyo, times.map((at, i) => ({ at, correct: true, topicId: `topic-${i % 4}` })));
  // Seven days of practice in Tokyo, but the fourth missed: 3 days, then 4.
  const gap = await register('Asia/Tokyo');
  const days = [0, 1, 2, 4, 5, 6, 7].map((day) => t0 + day * DAY);
  await answer(gap, days.map((at, i) => ({ at, correct: true, topicId: `topic-${i % 4}` })));
  await project();

  expect((await earned(tokyo)).find((row) => row.achievement_id === 'week-warrior')).toEqual({ achievement_id: 'week-warrior', earned_at: iso(times[11]!) });
  expect(await statsOf(tokyo)).toMatchObject({ currentStreakDays: 7, longestStreakDays: 7, lastPracticeDate: '2026-03-08' });
  expect((await earned(gap)).map((row) => row.achievement_id)).not.toContain('week-warrior');
  expect(await statsOf(gap)).toMatchObject({ currentStreakDays: 4, longestStreakDays: 4, lastPracticeDate: '2026-03-09' });
});

test('Subject Master: earned by the answer that makes 10 problems mastered in one topic, and kept when the topic’s mastery goes', async () => {
  const userId = await register('UTC');
  // Five right answers on one day, five the next: the topic is mastered from the first right answer of day 2.
  const rights = Array.from({ length: 10 }, (_, i) => t0 + (i < 5 ? 0 : DAY) + i * MINUTE);
  await answer(userId, rights.map((at) => ({ at, correct: true, topicId: 'algebra-basics' })));
  await project();
  expect((await earned(userId)).find((row) => row.achievement_id === 'subject-master')).toEqual({ achievement_id: 'subject-master', earned_at: iso(rights[9]!) });
  expect(await statsOf(userId)).toMatchObject({ masteredByTopic: { 'algebra-basics': 10 }, bestMasteredInOneTopic: 10 });

  // Three misses the day after: the topic is no longer mastered; the achievement stays, with its date.
  await answer(userId, [0, 1, 2].map((i) => ({ at: t0 + 2 * DAY + i * MINUTE, correct: false, topicId: 'algebra-basics' })));
  await project();
  expect(await statsOf(userId)).toMatchObject({ masteredByTopic: { 'algebra-basics': 0 }, bestMasteredInOneTopic: 10, currentCorrectRun: 0, bestCorrectRun: 10 });
  expect((await earned(userId)).filter((row) => row.achievement_id === 'subject-master')).toEqual([{ achievement_id: 'subject-master', earned_at: iso(rights[9]!) }]);
});

test('answers whose ids are not UUIDs are skipped; a replay rebuilds the same rows', async () => {
  const userId = await register('UTC');
  await answer(userId, [{ at: t0, correct: true, problemId: 'legacy-problem-7' }]);
  await answer('legacy-student-7', [{ at: t0, correct: true }]);
  await project();
  expect(await statsOf(userId)).toBeNull();

  // The same events again, from event 0 in one pass: the same rows.
  const live = await expectReplayToRebuildTheSameRows(fixture, models);
  expect(live.achievements_earned!.length).toBeGreaterThan(0);
});
