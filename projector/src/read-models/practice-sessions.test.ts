import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import { newEvent, practiceStreamId, type EventFact, type PracticeEvent } from '@mathdaily/domain';
import { IdleSessionCheck } from '../idle-session-check.ts';
import { tableRows } from '../tables/index.ts';
import { expectReplayToRebuildTheSameRows, projectAll, projectorFixtureForFile } from '../testing/projector-fixture.ts';
import { learnerProfiles } from './learner-profiles.ts';
import { attempts } from './attempts.ts';
import { practiceDays } from './practice-days.ts';
import { practiceSessions } from './practice-sessions.ts';
import { reviewStates } from './review-states.ts';

/**
 * Practice sessions on a real database: the plan, the counts as the domain defines them (first
 * tries, retries), the first-try facts handed to practice-days and attempts, and the scheduled
 * check that ends an abandoned session 30 minutes after its last activity (never one in use).
 */

const models = [learnerProfiles, practiceSessions, reviewStates, attempts, practiceDays];
const fixture = projectorFixtureForFile();

const project = () => projectAll(fixture, models, 3);
const T0 = Date.parse('2026-03-02T09:00:00Z');
const minute = (n: number) => new Date(T0 + n * 60_000);

async function append(userId: string, at: Date, ...facts: EventFact[]) {
  const events = facts.map((fact) => newEvent(fact, { actorId: userId, correlationId: randomUUID(), causationId: randomUUID(), at }, randomUUID()));
  await fixture.store.append(practiceStreamId(userId), events, { expectedVersion: 'any' });
}

function answer(userId: string, sessionId: string, problemId: string, isCorrect: boolean): PracticeEvent {
  return {
    type: 'AnswerSubmitted',
    data: {
      attemptId: randomUUID(), sessionId, userId, problemId, topic: 'Fractions', topicId: 'fractions', grade: 3,
      difficultyLevel: 2, userAnswer: isCorrect ? '3/4' : '2/3', isCorrect, responseTimeMs: 5000, hintsUsed: 0,
    },
  };
}

// The columns a spec compares: all but the keys and the domain's tally.
const sessionRow = tableRows.practice_sessions.omit({ session_id: true, user_id: true, tally: true });

const sessionOf = (sessionId: string) =>
  fixture.pool.one(sql.type(sessionRow)`
    SELECT mode, topic_id, problem_ids, hints, problems_completed, correct_answers, retries, correct_on_retry, started_at, last_activity_at, ended_at, end_reason
    FROM read_models.practice_sessions WHERE session_id = ${sessionId}`);

describe('practice sessions', () => {
  test('a topic session: its plan, "Keep going", hints, first tries and retries counted once, in the session, the day and the attempts', async () => {
    const userId = randomUUID();
    const sessionId = randomUUID();
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await append(userId, minute(0), { type: 'PracticeSessionStarted', data: { sessionId, userId, mode: 'topic', topicId: 'fractions', problemIds: [a, b, c] } });
    await append(userId, minute(1), answer(userId, sessionId, a, true));
    await append(userId, minute(2), { type: 'HintOpened', data: { sessionId, userId, problemId: b } }, answer(userId, sessionId, b, false));
    await append(userId, minute(3), answer(userId, sessionId, c, false));
    await append(userId, minute(4), answer(userId, sessionId, b, true));
    await append(userId, minute(5), { type: 'PracticeSessionExtended', data: { sessionId, userId, problemIds: [d] } });
    await append(userId, minute(6), answer(userId, sessionId, c, false));
    // A rating naming no session (as older and hand-written events do) is skipped, never a failed batch.
    await fixture.store.append(
      practiceStreamId(userId),
      [{ id: randomUUID(), type: 'DifficultyRated', data: { attemptId: randomUUID(), userId, problemId: a, rating: 3 }, metadata: { actorId: userId, correlationId: randomUUID(), causationId: null, at: minute(7).toISOString(), schemaVersion: 1 } }],
      { expectedVersion: 'any' },
    );
    await project();
    expect(await sessionOf(sessionId)).toEqual({
      mode: 'topic',
      topic_id: 'fractions',
      problem_ids: [a, b, c, d],
      hints: [b],
      problems_completed: 3,
      correct_answers: 1,
      retries: 2,
      correct_on_retry: 1,
      started_at: minute(0).toISOString(),
      last_activity_at: minute(6).toISOString(),
      ended_at: null,
      end_reason: null,
    });
    const day = await fixture.pool.one(sql.type(z.object({ answers: z.number(), first_tries: z.number(), first_tries_correct: z.number(), retries: z.number() }))`
      SELECT answers, first_tries, first_tries_correct, retries FROM read_models.practice_days WHERE user_id = ${userId}`);
    expect(day).toEqual({ answers: 5, first_tries: 3, first_tries_correct: 1, retries: 2 });
    const firstTries = await fixture.pool.anyFirst(sql.type(z.object({ first_try: z.boolean() }))`
      SELECT first_try FROM read_models.attempts WHERE user_id = ${userId} ORDER BY answered_at`);
    expect(firstTries).toEqual([true, true, true, false, false]);
  });

  test('the idle check ends an open session 30 minutes after its last activity, as of that activity, once; a session in use stays open', async () => {
    const userId = randomUUID();
    const [idle, busy, ended] = [randomUUID(), randomUUID(), randomUUID()];
    const problem = randomUUID();
    await append(userId, minute(100), { type: 'PracticeSessionStarted', data: { sessionId: idle, userId, mode: 'daily', topicId: null, problemIds: [problem] } });
    await append(userId, minute(101), answer(userId, idle, problem, false));
    await append(userId, minute(105), { type: 'PracticeSessionStarted', data: { sessionId: busy, userId, mode: 'daily', topicId: null, problemIds: [] } });
    await append(userId, minute(120), answer(userId, busy, randomUUID(), true));
    await append(userId, minute(100), { type: 'PracticeSessionStarted', data: { sessionId: ended, userId, mode: 'daily', topicId: null, problemIds: [] } });
    await append(userId, minute(102), {
      type: 'PracticeSessionEnded',
      data: { sessionId: ended, userId, problemsCompleted: 0, correctAnswers: 0, retries: 0, correctOnRetry: 0, endedAt: minute(102).toISOString(), reason: 'ended' },
    });
    await project();

    const check = (at: Date) => new IdleSessionCheck({ pool: fixture.pool, store: fixture.store, clock: () => at });
    // The first test's session, idle since minute 6.
    expect(await check(minute(99)).checkNow()).toBe(1);
    expect(await check(minute(130)).checkNow()).toBe(0);
    // 30 minutes after the idle session's last answer (minute 101); the busy one answered at 120.
    expect(await check(minute(131)).checkNow()).toBe(1);
    const stream = await fixture.store.readStream(practiceStreamId(userId));
    const idleEnd = stream.events.at(-1)!;
    expect(idleEnd).toMatchObject({
      type: 'PracticeSessionEnded',
      data: { sessionId: idle, problemsCompleted: 1, correctAnswers: 0, retries: 0, endedAt: minute(101).toISOString(), reason: 'idle' },
      metadata: { at: minute(131).toISOString(), actorId: null },
    });
    await project();
    expect(await sessionOf(idle)).toMatchObject({ ended_at: minute(101).toISOString(), end_reason: 'idle' });
    // Already ended: nothing more; the busy session's turn comes 30 minutes after its own last answer.
    expect(await check(minute(140)).checkNow()).toBe(0);
    expect(await check(minute(150)).checkNow()).toBe(1);
  });

  test('a check that read the stream before the student answered loses its append: the session stays open', async () => {
    const userId = randomUUID();
    const sessionId = randomUUID();
    await append(userId, minute(200), { type: 'PracticeSessionStarted', data: { sessionId, userId, mode: 'daily', topicId: null, problemIds: [] } });
    await project();
    const store = fixture.store;
    // The student answers between the check's read and its append.
    const racing = {
      ...store,
      readStream: async (streamId: string) => {
        const read = await store.readStream(streamId);
        await append(userId, minute(231), answer(userId, sessionId, randomUUID(), true));
        return read;
      },
    } as typeof store;
    expect(await new IdleSessionCheck({ pool: fixture.pool, store: racing, clock: () => minute(231) }).checkNow()).toBe(0);
    const events = (await store.readStream(practiceStreamId(userId))).events;
    expect(events.map((event) => event.type)).toEqual(['PracticeSessionStarted', 'AnswerSubmitted']);
  });

  test('a replay rebuilds the same rows', async () => {
    await project();
    await expectReplayToRebuildTheSameRows(fixture, models);
  });
});
