import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import { eventClock, expectReplayToRebuildTheSameRows, projectAll, projectorFixtureForFile } from '../testing/projector-fixture.ts';
import { practiceSessions } from './practice-sessions.ts';
import { tutorActivity } from './tutor-activity.ts';
import { tutorRelationships } from './tutor-relationships.ts';

/**
 * The tutor models on a real database: code statuses and uses, the relationship, one activity row
 * per session (updated, then completed), answer streaks, an accuracy-drop alert as answers
 * arrive, and a replay that rebuilds identical rows.
 */

// practice-sessions tells tutor-activity which answers are first tries.
const models = [tutorRelationships, practiceSessions, tutorActivity];
const fixture = projectorFixtureForFile();

const tutorId = randomUUID();
const studentId = randomUUID();
const clock = eventClock(Date.UTC(2026, 2, 2, 9), 60_000);
const event = clock.next;

/** A session's answers, one new problem each; `retries`: answers again to the first missed problems. */
async function session(correct: boolean[], end = true, retries: boolean[] = []): Promise<string> {
  const sessionId = randomUUID();
  const problems = correct.map(() => randomUUID());
  const missed = problems.filter((_, i) => !correct[i]);
  const answer = (problemId: string, isCorrect: boolean) =>
    event('AnswerSubmitted', {
      attemptId: randomUUID(), sessionId, userId: studentId, problemId, topic: 'Fractions', topicId: 'fractions', grade: 5,
      difficultyLevel: 2, userAnswer: '1', isCorrect, responseTimeMs: 4000, hintsUsed: 0,
    });
  const events = [...correct.map((isCorrect, i) => answer(problems[i]!, isCorrect)), ...retries.map((isCorrect, i) => answer(missed[i]!, isCorrect))];
  const onRetry = retries.filter(Boolean).length;
  if (end) {
    events.push(event('PracticeSessionEnded', {
      sessionId, userId: studentId, problemsCompleted: correct.length, correctAnswers: correct.filter(Boolean).length,
      retries: retries.length, correctOnRetry: onRetry, endedAt: new Date(clock.now).toISOString(), reason: 'finished',
    }));
  }
  await fixture.store.append(`practice-${studentId}`, events, { expectedVersion: 'any' });
  return sessionId;
}

const project = () => projectAll(fixture, models, 4);

const activityRow = z.object({ activity_key: z.string(), type: z.string(), alert: z.boolean(), details: z.record(z.string(), z.unknown()) });

test('codes, relationship, session rows, streaks and an accuracy drop; a replay rebuilds the same rows', async () => {
  await fixture.store.append('referral-CLASS5B', [event('ReferralCodeCreated', { code: 'CLASS5B', tutorId, kind: 'custom' })], { expectedVersion: 'no_stream' });
  await fixture.store.append(
    `relationship-${tutorId}-${studentId}`,
    [
      event('ReferralCodeRedeemed', { code: 'CLASS5B', tutorId, studentId, via: 'registration' }),
      event('TutorStudentActivated', { tutorId, studentId, changedBy: tutorId }),
    ],
    { expectedVersion: 'no_stream' },
  );
  const first = await session([true, true, true, true, true]);
  // A missed problem answered right on its retry: still 4 of 5 right first time (the summary's figures).
  const retried = await session([true, true, true, true, false], true, [true]);
  // Six problems all missed and all retried: 0 of 6, not "0 of 12" (issue 31).
  const dropped = await session([false, true, false, false, false, false], false, [false, false, false, false, false]);
  await project();

  const code = await fixture.pool.one(sql.type(z.object({ status: z.string(), uses: z.number(), last_student_id: z.string() }))`
    SELECT status, uses, last_student_id FROM read_models.tutor_referral_codes WHERE code = 'CLASS5B'`);
  expect(code).toEqual({ status: 'active', uses: 1, last_student_id: studentId });
  const pair = await fixture.pool.one(sql.type(z.object({ status: z.string(), referral_code: z.string() }))`
    SELECT status, referral_code FROM read_models.tutor_students WHERE tutor_id = ${tutorId} AND student_id = ${studentId}`);
  expect(pair).toEqual({ status: 'active', referral_code: 'CLASS5B' });

  const rows = await fixture.pool.any(sql.type(activityRow)`
    SELECT activity_key, type, alert, details FROM read_models.tutor_activity WHERE student_id = ${studentId} ORDER BY position`);
  const byKey = Object.fromEntries(rows.map((row) => [row.activity_key, row]));
  expect(rows.map((row) => row.type)).toEqual(['student_joined', 'student_activated', 'answer_streak', 'session_completed', 'session_completed', 'accuracy_drop', 'answered']);
  expect(byKey[`session:${first}`]).toMatchObject({ type: 'session_completed', details: { problems: 5, correct: 5, retries: 0, topics: ['Fractions'] } });
  expect(byKey[`session:${retried}`]).toMatchObject({ type: 'session_completed', details: { problems: 5, correct: 4, retries: 1, correct_on_retry: 1, ended: 'finished' } });
  expect(rows.find((row) => row.type === 'answer_streak')!.details).toEqual({ streak: 5 });
  // Accuracy by first tries (retries never count): raised at the fifth problem, 1 of 5 against 5/5 and 4/5 before.
  expect(byKey[`accuracy:${dropped}`]).toMatchObject({ alert: true, details: { accuracy: 0.2, previous_accuracy: 0.9, answers: 5, sessions_compared: 2 } });
  expect(byKey[`session:${dropped}`]).toMatchObject({ type: 'answered', details: { problems: 6, correct: 1, retries: 5, last_correct: false } });

  await expectReplayToRebuildTheSameRows(fixture, models);
});
