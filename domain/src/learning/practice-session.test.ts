import { describe, expect, it } from 'vitest';
import { isSessionIdle, retryOptionOrder, sessionCounts, sessionQueue, tallyOf } from './practice-session.ts';

const right = (problemId: string) => ({ problemId, isCorrect: true });
const wrong = (problemId: string) => ({ problemId, isCorrect: false });
const ids = (queue: ReturnType<typeof sessionQueue>) => queue.items.map((item) => `${item.problemId}${item.retry ? '*' : ''}`);

describe('sessionCounts: one definition of a session', () => {
  it('counts each problem once by its first answer and every later answer as a retry', () => {
    // The session: 6 problems, 4 right first time, 2 retried (one of them right).
    const answers = [right('a'), wrong('b'), right('c'), right('d'), wrong('e'), right('b'), right('f'), wrong('e')];
    expect(sessionCounts(tallyOf(answers))).toEqual({ problemsCompleted: 6, correctAnswers: 4, retries: 2, correctOnRetry: 1 });
  });

  it('an all-wrong session of 6 problems retried is 6 problems, 0 right, 6 retries', () => {
    const problems = ['a', 'b', 'c', 'd', 'e', 'f'];
    const answers = [...problems.map(wrong), ...problems.map(wrong)];
    expect(sessionCounts(tallyOf(answers))).toEqual({ problemsCompleted: 6, correctAnswers: 0, retries: 6, correctOnRetry: 0 });
  });
});

describe('sessionQueue: where a session is', () => {
  it('asks the plan in order, a miss again two problems later, once', () => {
    const plan = ['a', 'b', 'c', 'd'];
    expect(ids(sessionQueue(plan, []))).toEqual(['a', 'b', 'c', 'd']);
    const afterMiss = sessionQueue(plan, [wrong('a')]);
    expect(ids(afterMiss)).toEqual(['a', 'b', 'c', 'a*', 'd']);
    expect(afterMiss.next).toBe(1);
    // The retry missed again does not come back.
    const done = sessionQueue(plan, [wrong('a'), right('b'), right('c'), wrong('a'), right('d')]);
    expect(ids(done)).toEqual(['a', 'b', 'c', 'a*', 'd']);
    expect(done.next).toBe(done.items.length);
  });

  it('puts a late miss at the end of a shorter queue', () => {
    expect(ids(sessionQueue(['a', 'b'], [right('a'), wrong('b')]))).toEqual(['a', 'b', 'b*']);
  });

  it('takes an answer given out of the expected order (another tab) where it was given', () => {
    const queue = sessionQueue(['a', 'b', 'c'], [right('c')]);
    expect(ids(queue)).toEqual(['c', 'a', 'b']);
    expect(queue.next).toBe(1);
    expect(ids(sessionQueue(['a'], [right('z')]))).toEqual(['z', 'a']);
  });
});

describe('retryOptionOrder', () => {
  it('shows a multiple-choice problem asked again in another order, the same one every time', () => {
    const options = ['12', '15', '18', '21'];
    for (const seed of ['s1:p1', 's2:p1', 's3:p9', 'x']) {
      const again = retryOptionOrder(options, seed);
      expect(again).not.toEqual(options);
      expect([...again].sort()).toEqual([...options].sort());
      expect(retryOptionOrder(options, seed)).toEqual(again);
    }
  });
});

describe('isSessionIdle', () => {
  it('is idle after 30 minutes without activity', () => {
    expect(isSessionIdle('2026-01-01T10:00:00Z', new Date('2026-01-01T10:29:59Z'))).toBe(false);
    expect(isSessionIdle('2026-01-01T10:00:00Z', new Date('2026-01-01T10:30:00Z'))).toBe(true);
  });
});
