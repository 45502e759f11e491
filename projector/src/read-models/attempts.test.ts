import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import { eventAt, expectReplayToRebuildTheSameRows, projectAll, projectorFixtureForFile } from '../testing/projector-fixture.ts';
import { attempts } from './attempts.ts';
import { learnerProfiles } from './learner-profiles.ts';
import { practiceSessions } from './practice-sessions.ts';
import { reviewStates } from './review-states.ts';
import { users } from './users.ts';

/**
 * attempts on a real database: one row per answer, its first rating only, the student's local
 * day, whether it was a first try in its session and whether it was a review (facts handed over by
 * practice-sessions and review-states), and a replay that rebuilds the same rows.
 */

const models = [users, learnerProfiles, practiceSessions, reviewStates, attempts];
const fixture = projectorFixtureForFile();

const DAY = 86_400_000;
// 23:30 in London on a Monday is still Monday; in Tokyo it is already Tuesday.
const start = Date.UTC(2026, 2, 2, 23, 30);


const attemptRow = z.object({ attempt_id: z.string(), is_correct: z.boolean(), difficulty_rating: z.number().nullable(), first_try: z.boolean(), was_review: z.boolean(), local_date: z.string() });

test('one row per answer with its first rating, local day, first try and review; a replay rebuilds the same rows', async () => {
  const userId = randomUUID();
  const problemId = randomUUID();
  const registered = { userId, email: `a${userId.slice(0, 8)}@example.com`, firstName: 'Ada', lastName: 'Answer', role: 'student', gradeLevel: 5, timezone: 'Asia/Tokyo', passwordHash: 'x'.repeat(60), source: 'self-registration' };
  await fixture.store.append(`user-${userId}`, [eventAt('UserRegistered', registered, start - DAY)], { expectedVersion: 'no_stream' });
  const sessionId = randomUUID();
  const later = randomUUID();
  const ids = [randomUUID(), randomUUID(), randomUUID()];
  const answer = (attemptId: string, session: string, isCorrect: boolean, at: number) =>
    eventAt('AnswerSubmitted', { attemptId, sessionId: session, userId, problemId, topic: 'Fractions', topicId: 'fractions', grade: 5, difficultyLevel: 3, userAnswer: isCorrect ? '3/4' : '1/2', isCorrect, responseTimeMs: 8000, hintsUsed: 0 }, at);
  await fixture.store.append(
    `practice-${userId}`,
    [
      eventAt('PracticeSessionStarted', { sessionId, userId, mode: 'daily', topicId: null, problemIds: [problemId] }, start),
      answer(ids[0]!, sessionId, false, start + 60_000),
      eventAt('DifficultyRated', { attemptId: ids[0], sessionId, userId, problemId, rating: 5 }, start + 70_000),
      // A second rating of the same answer is not the answer's rating.
      eventAt('DifficultyRated', { attemptId: ids[0], sessionId, userId, problemId, rating: 4 }, start + 80_000),
      answer(ids[1]!, sessionId, true, start + 180_000),
      // Days later, in a new session, the problem is due: a review.
      eventAt('PracticeSessionStarted', { sessionId: later, userId, mode: 'daily', topicId: null, problemIds: [problemId] }, start + 10 * DAY),
      answer(ids[2]!, later, true, start + 10 * DAY + 60_000),
    ],
    { expectedVersion: 'no_stream' },
  );
  await projectAll(fixture, models, 2);

  const rows = await fixture.pool.any(sql.type(attemptRow)`
    SELECT attempt_id, is_correct, difficulty_rating, first_try, was_review, to_char(local_date, 'YYYY-MM-DD') AS local_date
    FROM read_models.attempts WHERE user_id = ${userId} ORDER BY answered_at`);
  expect(rows).toEqual([
    { attempt_id: ids[0], is_correct: false, difficulty_rating: 5, first_try: true, was_review: false, local_date: '2026-03-03' },
    { attempt_id: ids[1], is_correct: true, difficulty_rating: null, first_try: false, was_review: false, local_date: '2026-03-03' },
    { attempt_id: ids[2], is_correct: true, difficulty_rating: null, first_try: true, was_review: true, local_date: '2026-03-13' },
  ]);

  await expectReplayToRebuildTheSameRows(fixture, models);
});

test('an answer delivered twice stays one row, as first recorded; the rating’s time is kept; a rating of an unknown answer and ids that are not UUIDs add nothing', async () => {
  const userId = randomUUID();
  const problemId = randomUUID();
  const sessionId = randomUUID();
  const attemptId = randomUUID();
  const answer = (data: { attemptId: string; userId: string; problemId: string; userAnswer: string; isCorrect: boolean; feedback?: string }, at: number) =>
    eventAt('AnswerSubmitted', { sessionId, topic: 'Fractions', topicId: 'fractions', grade: 5, difficultyLevel: 3, responseTimeMs: 8000, hintsUsed: 0, ...data }, at);
  await fixture.store.append(
    `practice-${userId}`,
    [
      answer({ attemptId, userId, problemId, userAnswer: '0.75', isCorrect: true, feedback: 'Write your answer as a fraction' }, start),
      answer({ attemptId, userId, problemId, userAnswer: '1/2', isCorrect: false }, start + 60_000),
      eventAt('DifficultyRated', { attemptId, sessionId, userId, problemId, rating: 2 }, start + 90_000),
      eventAt('DifficultyRated', { attemptId: randomUUID(), sessionId, userId, problemId, rating: 3 }, start + 100_000),
      answer({ attemptId: randomUUID(), userId, problemId: 'legacy-problem-1', userAnswer: '3/4', isCorrect: true }, start + 120_000),
    ],
    { expectedVersion: 'no_stream' },
  );
  await fixture.store.append(`practice-legacy-student-1`, [answer({ attemptId: randomUUID(), userId: 'legacy-student-1', problemId, userAnswer: '3/4', isCorrect: true }, start)], { expectedVersion: 'no_stream' });
  await projectAll(fixture, models, 2);

  const rows = await fixture.pool.any(sql.type(z.object({ attempt_id: z.string(), user_answer: z.string(), is_correct: z.boolean(), feedback: z.string().nullable(), difficulty_rating: z.number().nullable(), rated_at: z.string().nullable(), answered_at: z.string() }))`
    SELECT attempt_id, user_answer, is_correct, feedback, difficulty_rating, rated_at, answered_at FROM read_models.attempts WHERE user_id = ${userId} OR problem_id = ${problemId}`);
  expect(rows).toEqual([
    { attempt_id: attemptId, user_answer: '0.75', is_correct: true, feedback: 'Write your answer as a fraction', difficulty_rating: 2, rated_at: new Date(start + 90_000).toISOString(), answered_at: new Date(start).toISOString() },
  ]);

  await expectReplayToRebuildTheSameRows(fixture, models);
});
