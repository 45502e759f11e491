import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import { eventAt, expectReplayToRebuildTheSameRows, projectAll, projectorFixtureForFile } from '../testing/projector-fixture.ts';
import { learnerProfiles } from './learner-profiles.ts';
import { reviewStates } from './review-states.ts';

/**
 * review_states on a real database: one FSRS card per (student, problem) from the answers and
 * ratings (event time only), the copies the due queue reads, and a replay that rebuilds the same rows.
 */

const models = [learnerProfiles, reviewStates];
const fixture = projectorFixtureForFile();

const DAY = 86_400_000;
const MINUTE = 60_000;
const start = Date.UTC(2026, 2, 2, 16);


const row = z.object({
  attempts: z.number(),
  correct_attempts: z.number(),
  consecutive_correct: z.number(),
  last_is_correct: z.boolean(),
  last_rating: z.number().nullable(),
  lapses: z.number(),
  card_state: z.string(),
  due_ms: z.number(),
  topic_id: z.string(),
});
const rowOf = (userId: string, problemId: string) =>
  fixture.pool.one(sql.type(row)`
    SELECT attempts, correct_attempts, consecutive_correct, last_is_correct, last_rating, lapses, card_state,
           (extract(epoch FROM due_at) * 1000)::float8 AS due_ms, topic_id
    FROM read_models.review_states WHERE user_id = ${userId} AND problem_id = ${problemId}`);

/** One student's answers (and ratings: of the last answer, or of answer number `of`, 0-based) on one problem, appended to their practice stream. */
async function practise(steps: ({ answer: boolean; at: number; hint?: boolean } | { rating: number; at: number; of?: number })[]) {
  const userId = randomUUID();
  const problemId = randomUUID();
  const sessionId = randomUUID();
  let attemptId = '';
  const attemptIds: string[] = [];
  const events = steps.map((step) => {
    if ('rating' in step) return eventAt('DifficultyRated', { attemptId: step.of === undefined ? attemptId : attemptIds[step.of], sessionId, userId, problemId, rating: step.rating }, step.at);
    attemptId = randomUUID();
    attemptIds.push(attemptId);
    return eventAt(
      'AnswerSubmitted',
      { attemptId, sessionId, userId, problemId, topic: 'Fractions', topicId: 'fractions', grade: 5, difficultyLevel: 3, userAnswer: step.answer ? '3/4' : '1/2', isCorrect: step.answer, responseTimeMs: 9000, hintsUsed: step.hint ? 1 : 0 },
      step.at,
    );
  });
  await fixture.store.append(`practice-${userId}`, events, { expectedVersion: 'no_stream' });
  return { userId, problemId };
}

test('answers and ratings make one card per student and problem; a replay rebuilds the same rows', async () => {
  const right = await practise([{ answer: true, at: start }]);
  const easy = await practise([{ answer: true, at: start }, { rating: 1, at: start + 5_000 }]);
  const missed = await practise([{ answer: true, at: start }, { answer: false, at: start + 3 * DAY }]);
  const hinted = await practise([{ answer: true, at: start, hint: true }]);
  // A rating with no answer before it (another stream's attempt) changes nothing.
  const stray = { userId: randomUUID(), problemId: randomUUID() };
  await fixture.store.append(`practice-${stray.userId}`, [eventAt('DifficultyRated', { attemptId: randomUUID(), sessionId: randomUUID(), userId: stray.userId, problemId: stray.problemId, rating: 3 }, start)], { expectedVersion: 'no_stream' });
  await projectAll(fixture, models, 3);

  // A right answer: a card due days later, counted as unrated (Good) at once.
  const first = await rowOf(right.userId, right.problemId);
  expect(first).toMatchObject({ attempts: 1, correct_attempts: 1, consecutive_correct: 1, last_is_correct: true, last_rating: null, lapses: 0, topic_id: 'fractions' });
  expect(first.due_ms - start).toBeGreaterThan(DAY);
  // "Too easy" re-grades that review: due later than the unrated one.
  const rated = await rowOf(easy.userId, easy.problemId);
  expect(rated.last_rating).toBe(1);
  expect(rated.due_ms).toBeGreaterThan(first.due_ms);
  // Right with a hint is Hard: due sooner than right unaided.
  expect((await rowOf(hinted.userId, hinted.problemId)).due_ms).toBeLessThan(first.due_ms);
  // A miss on a review: a lapse, the run broken, due again within the relearning step of minutes.
  const lapse = await rowOf(missed.userId, missed.problemId);
  expect(lapse).toMatchObject({ attempts: 2, correct_attempts: 1, consecutive_correct: 0, last_is_correct: false, lapses: 1, card_state: 'Relearning' });
  expect(lapse.due_ms - (start + 3 * DAY)).toBeLessThanOrEqual(30 * MINUTE);
  expect(await fixture.pool.exists(sql.unsafe`SELECT 1 FROM read_models.review_states WHERE user_id = ${stray.userId}`)).toBe(false);

  await expectReplayToRebuildTheSameRows(fixture, models);
});

test('a miss on a problem never answered right takes the one-minute learning step, a lapse the ten-minute one; a right answer graduates to days; a rating of an older answer, or given twice, changes nothing', async () => {
  const once = await practise([{ answer: false, at: start }]);
  const twice = await practise([{ answer: false, at: start }, { answer: false, at: start + 2 * MINUTE }]);
  const graduated = await practise([{ answer: false, at: start }, { answer: true, at: start + 4 * MINUTE }]);
  const lapsed = await practise([{ answer: true, at: start }, { answer: false, at: start + 3 * DAY }]);
  const plain = await practise([{ answer: true, at: start }, { answer: true, at: start + 3 * DAY }]);
  const olderRated = await practise([{ answer: true, at: start }, { answer: true, at: start + 3 * DAY }, { rating: 1, at: start + 3 * DAY + 5_000, of: 0 }]);
  const easyOnce = await practise([{ answer: true, at: start }, { rating: 1, at: start + 5_000 }]);
  const easyTwice = await practise([{ answer: true, at: start }, { rating: 1, at: start + 5_000 }, { rating: 1, at: start + 9_000 }]);
  await projectAll(fixture, models, 2);

  expect(await rowOf(once.userId, once.problemId)).toMatchObject({ card_state: 'Learning', due_ms: start + MINUTE, lapses: 0, attempts: 1, correct_attempts: 0 });
  expect(await rowOf(twice.userId, twice.problemId)).toMatchObject({ card_state: 'Learning', due_ms: start + 3 * MINUTE, lapses: 0, attempts: 2 });
  const days = await rowOf(graduated.userId, graduated.problemId);
  expect(days).toMatchObject({ card_state: 'Review', lapses: 0, attempts: 2, correct_attempts: 1, consecutive_correct: 1 });
  expect(days.due_ms - (start + 4 * MINUTE)).toBeGreaterThanOrEqual(DAY);
  expect(await rowOf(lapsed.userId, lapsed.problemId)).toMatchObject({ card_state: 'Relearning', due_ms: start + 3 * DAY + 10 * MINUTE, lapses: 1 });
  // Rating the first answer after the second was given re-grades nothing.
  expect(await rowOf(olderRated.userId, olderRated.problemId)).toEqual(await rowOf(plain.userId, plain.problemId));
  // The same rating of the same answer twice: as once (re-graded from the card before that answer).
  expect(await rowOf(easyTwice.userId, easyTwice.problemId)).toEqual(await rowOf(easyOnce.userId, easyOnce.problemId));
  expect((await rowOf(easyOnce.userId, easyOnce.problemId)).last_rating).toBe(1);

  await expectReplayToRebuildTheSameRows(fixture, models);
});
