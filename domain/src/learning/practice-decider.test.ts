import { describe, expect, it } from 'vitest';
import { foldEvents } from '../decider.ts';
import { eventSchemas, parseEventData } from '../events/registry.ts';
import { given } from '../testing/decider-spec.ts';
import type { AnswerSubmitted, PracticeEvent } from './events.ts';
import { MAX_OPEN_SESSIONS, practiceDecider, type AnsweredProblem, type SubmitAnswer } from './practice-decider.ts';

const userId = 'user-1';
const sessionId = 'session-1';
const spec = (events: PracticeEvent[] = []) => given(practiceDecider, events);

const started = (id = sessionId, problemIds: string[] = []): PracticeEvent => ({
  type: 'PracticeSessionStarted',
  data: { sessionId: id, userId, mode: 'daily', topicId: null, problemIds },
});
const AT = '2026-03-02T10:00:00.000Z';
const endedEvent = (counts: { problemsCompleted: number; correctAnswers: number; retries?: number; correctOnRetry?: number }, more: { reason?: 'finished' | 'ended' | 'idle'; endedAt?: string; sessionId?: string } = {}): PracticeEvent => ({
  type: 'PracticeSessionEnded',
  data: { sessionId: more.sessionId ?? sessionId, userId, retries: 0, correctOnRetry: 0, ...counts, endedAt: more.endedAt ?? AT, reason: more.reason ?? 'ended' },
});

const problem: AnsweredProblem = {
  id: 'problem-1',
  topic: 'Fractions',
  topic_id: 'g5-fractions',
  grade: 5,
  difficulty_level: 3,
  problem_type: 'numeric',
  correct_answer: '3/4',
  answer_form: { kind: 'exact_fraction' },
  answer_options: null,
};
const facts = { problemId: 'problem-1', topic: 'Fractions', topicId: 'g5-fractions', grade: 5, difficultyLevel: 3 };

/** `problem` overrides fields of the answered problem, e.g. { id: 'problem-2' }. */
const submit = (
  overrides: Partial<Omit<SubmitAnswer['data'], 'problem'>> & { problem?: Partial<SubmitAnswer['data']['problem']> } = {},
): SubmitAnswer => {
  const { problem: changed, ...rest } = overrides;
  return {
    type: 'SubmitAnswer',
    data: {
      attemptId: 'attempt-1',
      sessionId,
      userId,
      problem: { ...problem, ...changed },
      userAnswer: '3/4',
      responseTimeMs: 4200,
      ...rest,
    },
  };
};

const answered = (overrides: Partial<AnswerSubmitted['data']> = {}): AnswerSubmitted => ({
  type: 'AnswerSubmitted',
  data: {
    attemptId: 'attempt-1',
    sessionId,
    userId,
    ...facts,
    userAnswer: '3/4',
    isCorrect: true,
    responseTimeMs: 4200,
    hintsUsed: 0,
    ...overrides,
  },
});

describe('practice events', () => {
  it('are registered with their schemas', () => {
    for (const type of ['PracticeSessionStarted', 'HintOpened', 'AnswerSubmitted', 'DifficultyRated', 'PracticeSessionEnded']) {
      expect(Object.hasOwn(eventSchemas, type)).toBe(true);
    }
    expect(parseEventData('AnswerSubmitted', answered().data)).toEqual(answered().data);
    expect(() => parseEventData('AnswerSubmitted', { ...answered().data, hintsUsed: 2 })).toThrow();
    expect(() => parseEventData('DifficultyRated', { attemptId: 'a', sessionId, userId, problemId: 'p', rating: 6 })).toThrow();
  });
});

describe('StartSession', () => {
  it('given nothing, when starting, then the session starts', () => {
    spec().when({ type: 'StartSession', data: { userId, sessionId } }).then([started()]);
  });

  it('given a started session, when starting again, then nothing happens', () => {
    spec([started()]).when({ type: 'StartSession', data: { userId, sessionId } }).then([]);
  });

  it('given an ended session, when starting it again, then CONFLICT', () => {
    spec([started(), endedEvent({ problemsCompleted: 0, correctAnswers: 0 })])
      .when({ type: 'StartSession', data: { userId, sessionId } })
      .thenThrows('CONFLICT', 'This practice session has ended');
  });

  it("given another student's stream, when starting, then FORBIDDEN", () => {
    spec([started()])
      .when({ type: 'StartSession', data: { userId: 'someone-else', sessionId: 'other' } })
      .thenThrows('FORBIDDEN');
  });
});

describe('SubmitAnswer', () => {
  it('given no session, when submitting, then the session starts implicitly before the answer', () => {
    spec().when(submit()).then([started(), answered()]);
  });

  it("given a tutor's question-set problem, when a student who holds the set answers, then it is recorded", () => {
    spec().when(submit({ problem: { setHolders: { tutorId: 'tutor-1', assigned: ['someone', userId] } } })).then([started(), answered()]);
  });

  it("given a tutor's question-set problem, when a student without the set answers or opens its hint, then there is no such problem", () => {
    const setHolders = { tutorId: 'tutor-1', assigned: ['someone-else'] };
    spec().when(submit({ problem: { setHolders } })).thenThrows('NOT_FOUND', 'Problem problem-1 was not found.');
    spec([started()]).when({ type: 'OpenHint', data: { userId, sessionId, problemId: 'problem-1', setHolders } }).thenThrows('NOT_FOUND', 'Problem problem-1 was not found.');
    // The set's tutor is no student of it either.
    spec().when(submit({ userId: 'tutor-1', problem: { setHolders } })).thenThrows('NOT_FOUND');
  });

  it('given a started session, when submitting, then only the answer is recorded', () => {
    spec([started()]).when(submit()).then([answered()]);
  });

  it('given an answered problem, when answering it again in the same session, then CONFLICT', () => {
    spec([started(), answered()])
      .when(submit({ attemptId: 'attempt-2' }))
      .thenThrows('CONFLICT', 'This problem has already been answered in this session');
  });

  it('given an answer in another session, when answering the same problem in a new session, then it is accepted', () => {
    spec([started(), answered()])
      .when(submit({ attemptId: 'attempt-2', sessionId: 'session-2' }))
      .then([started('session-2'), answered({ attemptId: 'attempt-2', sessionId: 'session-2' })]);
  });

  it('given a missed problem, when it is asked again in the same session, then the new answer is recorded', () => {
    spec([started(), answered({ userAnswer: '1/2', isCorrect: false })])
      .when(submit({ attemptId: 'attempt-2' }))
      .then([answered({ attemptId: 'attempt-2' })]);
  });

  it('given a missed problem answered right on its second asking, when answering it a third time, then CONFLICT', () => {
    spec([started(), answered({ userAnswer: '1/2', isCorrect: false }), answered({ attemptId: 'attempt-2' })])
      .when(submit({ attemptId: 'attempt-3' }))
      .thenThrows('CONFLICT', 'This problem has already been answered in this session');
  });

  it('given a used attempt id, when submitting another problem with it, then CONFLICT', () => {
    spec([started(), answered()])
      .when(submit({ problem: { id: 'problem-2' } }))
      .thenThrows('CONFLICT', /attempt id/);
  });

  it('given a hint opened for the problem, when submitting, then hintsUsed is 1', () => {
    spec([started(), { type: 'HintOpened', data: { sessionId, userId, problemId: 'problem-1' } }])
      .when(submit())
      .then([answered({ hintsUsed: 1 })]);
  });

  it('given a hint opened for another problem, when submitting, then hintsUsed is 0', () => {
    spec([started(), { type: 'HintOpened', data: { sessionId, userId, problemId: 'problem-9' } }])
      .when(submit())
      .then([answered({ hintsUsed: 0 })]);
  });

  it('given no hint event, when the command says a hint was used, then hintsUsed is 1', () => {
    spec([started()]).when(submit({ hintUsed: true })).then([answered({ hintsUsed: 1 })]);
  });

  it('given an ended session, when submitting, then CONFLICT', () => {
    spec([started(), endedEvent({ problemsCompleted: 0, correctAnswers: 0 })])
      .when(submit())
      .thenThrows('CONFLICT', 'This practice session has ended');
  });

  it('given an open session, when an equivalent answer is typed, then it is recorded as correct', () => {
    spec([started()]).when(submit({ userAnswer: '6/8' })).then([answered({ userAnswer: '6/8' })]);
  });

  it('given an open session, when a readable wrong answer is typed, then it is recorded as wrong', () => {
    spec([started()]).when(submit({ userAnswer: '2/3' })).then([answered({ userAnswer: '2/3', isCorrect: false })]);
  });

  it('given an open session, when a decimal is typed for an exact fraction, then it is wrong with the checker feedback', () => {
    spec([started()])
      .when(submit({ userAnswer: '0.33', problem: { correct_answer: '1/3' } }))
      .then([
        answered({
          userAnswer: '0.33',
          isCorrect: false,
          feedback: "That's close, but the question needs an exact answer. Use a fraction instead of a rounded decimal.",
        }),
      ]);
  });

  it('given an open session, when an unreadable answer is typed, then UNREADABLE_ANSWER with the checker message and nothing recorded', () => {
    spec([started()])
      .when(submit({ userAnswer: 'abc' }))
      .thenThrows('UNREADABLE_ANSWER', "We couldn't read 'abc' as a number. Type digits, for example 3/4 or 0.75.");
  });

  it('given a multiple-choice problem, when the answer is not one of the options, then UNREADABLE_ANSWER', () => {
    const choice = { problem_type: 'multiple_choice' as const, answer_form: { kind: 'choice' as const }, answer_options: ['12', '14'], correct_answer: '14' };
    spec([started()]).when(submit({ userAnswer: '13', problem: choice })).thenThrows('UNREADABLE_ANSWER', 'Choose one of the options.');
    spec([started()]).when(submit({ userAnswer: '12', problem: choice })).then([answered({ userAnswer: '12', isCorrect: false })]);
  });

  it('given an unreadable answer for an already answered problem, when submitting, then CONFLICT comes first', () => {
    spec([started(), answered()]).when(submit({ attemptId: 'attempt-2', userAnswer: 'abc' })).thenThrows('CONFLICT');
  });

  it('given invalid problem facts, when submitting, then VALIDATION_FAILED naming the fields', () => {
    const error = spec().when(submit({ problem: { difficulty_level: 7 }, responseTimeMs: -1 })).thenThrows('VALIDATION_FAILED');
    expect(Object.keys(error.fields ?? {})).toEqual(['difficultyLevel', 'responseTimeMs']);
  });
});

describe('SubmitAnswer with a rating (the problem card sends both: one decision, one append)', () => {
  const rated = (rating: number): PracticeEvent => ({
    type: 'DifficultyRated',
    data: { attemptId: 'attempt-1', sessionId, userId, problemId: 'problem-1', rating },
  });
  const wrong = { userAnswer: '1/2' };

  it('given an open session, when a correct answer comes with rating 1, then the answer and the rating are recorded', () => {
    spec([started()]).when(submit({ rating: 1 })).then([answered(), rated(1)]);
  });

  it('given no session, when an answer comes with a null rating, then the session starts and only the answer is recorded', () => {
    spec().when(submit({ ...wrong, rating: null })).then([started(), answered({ ...wrong, isCorrect: false })]);
  });

  it('given an open session, when a wrong answer comes with rating 3, then only the answer is recorded (3 is not allowed)', () => {
    spec([started()]).when(submit({ ...wrong, rating: 3 })).then([answered({ ...wrong, isCorrect: false })]);
  });

  it('given an open session, when a wrong answer comes with rating 5, then both are recorded', () => {
    spec([started()]).when(submit({ ...wrong, rating: 5 })).then([answered({ ...wrong, isCorrect: false }), rated(5)]);
  });

  it('given a hint opened, when a correct answer comes with rating 2, then only the answer, with the hint, is recorded', () => {
    spec([started(), { type: 'HintOpened', data: { sessionId, userId, problemId: 'problem-1' } }])
      .when(submit({ rating: 2 }))
      .then([answered({ hintsUsed: 1 })]);
  });

  it('given an unreadable answer, when it comes with a rating, then UNREADABLE_ANSWER and neither is recorded', () => {
    spec([started()]).when(submit({ userAnswer: '3//4', rating: 5 })).thenThrows('UNREADABLE_ANSWER');
  });
});

describe('OpenHint', () => {
  const hint = { type: 'OpenHint', data: { userId, sessionId, problemId: 'problem-1' } } as const;

  it('given no session, when opening a hint, then the session starts implicitly', () => {
    spec().when(hint).then([started(), { type: 'HintOpened', data: { sessionId, userId, problemId: 'problem-1' } }]);
  });

  it('given the hint already opened, when opening it again, then nothing happens', () => {
    spec([started(), { type: 'HintOpened', data: { sessionId, userId, problemId: 'problem-1' } }]).when(hint).then([]);
  });

  it('given the problem answered, when opening its hint, then CONFLICT', () => {
    spec([started(), answered()]).when(hint).thenThrows('CONFLICT', /already been answered/);
  });
});

describe('RateDifficulty', () => {
  const rate = (rating: number, attemptId = 'attempt-1') =>
    ({ type: 'RateDifficulty', data: { userId, sessionId, attemptId, rating } }) as const;
  const rated = (rating: number): PracticeEvent => ({
    type: 'DifficultyRated',
    data: { attemptId: 'attempt-1', sessionId, userId, problemId: 'problem-1', rating },
  });

  it('given a correct answer without hint, when rating 1, then the rating is recorded', () => {
    spec([started(), answered()]).when(rate(1)).then([rated(1)]);
  });

  it('given the session id is left out, when rating, then the attempt is found in the open sessions', () => {
    spec([started(), answered()])
      .when({ type: 'RateDifficulty', data: { userId, attemptId: 'attempt-1', rating: 2 } })
      .then([rated(2)]);
  });

  it('given no such attempt, when rating, then NOT_FOUND', () => {
    spec([started()]).when(rate(3)).thenThrows('NOT_FOUND');
  });

  it('given a rated answer, when rating again, then CONFLICT', () => {
    spec([started(), answered(), rated(3)]).when(rate(4)).thenThrows('CONFLICT', 'This answer has already been rated');
  });

  it('given a correct answer with a hint, when rating 2, then VALIDATION_FAILED naming 3-5', () => {
    const error = spec([started(), answered({ hintsUsed: 1 })]).when(rate(2)).thenThrows('VALIDATION_FAILED');
    expect(error.message).toBe(
      'Rating 2 is not available for this answer: choose ratings 3, 4 or 5 (Since you used a hint, ratings 1-2 are not available)',
    );
    expect(error.fields?.rating).toBe(error.message);
  });

  it('given an incorrect answer, when rating 3, then VALIDATION_FAILED naming 4-5; 4 is accepted', () => {
    spec([started(), answered({ isCorrect: false })])
      .when(rate(3))
      .thenThrows('VALIDATION_FAILED', /choose ratings 4 or 5 \(Since you got it wrong, ratings 1-3 are not available\)/);
    spec([started(), answered({ isCorrect: false })]).when(rate(4)).then([rated(4)]);
  });

  it('given an incorrect answer with a hint, when rating 3, then VALIDATION_FAILED', () => {
    spec([started(), answered({ isCorrect: false, hintsUsed: 1 })])
      .when(rate(3))
      .thenThrows('VALIDATION_FAILED', /Since you used a hint and got it wrong/);
  });

  // DESIGN §6 (SPEC §5 read one way): correct without hint 1-5, correct with hint 3-5, incorrect 4-5 with or without a hint.
  it.each([
    [true, 0, [1, 2, 3, 4, 5]],
    [true, 1, [3, 4, 5]],
    [false, 0, [4, 5]],
    [false, 1, [4, 5]],
  ] as const)('given an answer correct=%s hintsUsed=%s, when rating 1-5, then exactly %j are recorded', (isCorrect, hintsUsed, allowed) => {
    for (const rating of [1, 2, 3, 4, 5]) {
      const attempt = spec([started(), answered({ isCorrect, hintsUsed })]).when(rate(rating));
      if ((allowed as readonly number[]).includes(rating)) attempt.then([rated(rating)]);
      else attempt.thenThrows('VALIDATION_FAILED', new RegExp(`^Rating ${rating} is not available for this answer`));
    }
  });

  it('given any answer, when the rating is not 1-5, then VALIDATION_FAILED', () => {
    spec([started(), answered()]).when(rate(0)).thenThrows('VALIDATION_FAILED', 'Rating must be a whole number from 1 to 5');
    spec([started(), answered()]).when(rate(2.5)).thenThrows('VALIDATION_FAILED');
  });

  it('given the session ended, when rating, then CONFLICT', () => {
    spec([started(), answered(), endedEvent({ problemsCompleted: 1, correctAnswers: 1 })])
      .when(rate(3))
      .thenThrows('CONFLICT', 'This practice session has ended');
  });
});

describe('EndSession', () => {
  const end = { type: 'EndSession', data: { userId, sessionId, at: AT } } as const;

  it('given answers, when ending, then the counts are recorded', () => {
    spec([
      started(),
      answered(),
      answered({ attemptId: 'attempt-2', problemId: 'problem-2', isCorrect: false }),
      answered({ attemptId: 'attempt-3', problemId: 'problem-3' }),
    ])
      .when(end)
      .then([endedEvent({ problemsCompleted: 3, correctAnswers: 2 })]);
  });

  it('given a missed problem asked again and answered right, when ending, then it counts once, as missed, and its retry as a retry', () => {
    spec([
      started(),
      answered({ isCorrect: false }),
      answered({ attemptId: 'attempt-2', problemId: 'problem-2' }),
      answered({ attemptId: 'attempt-3' }),
    ])
      .when(end)
      .then([endedEvent({ problemsCompleted: 2, correctAnswers: 1, retries: 1, correctOnRetry: 1 })]);
  });

  it('given every planned problem answered (a miss retried), when ending, then it finished; with one left, it was ended', () => {
    const plan = ['problem-1', 'problem-2'];
    const history = [started(sessionId, plan), answered({ isCorrect: false }), answered({ attemptId: 'attempt-2', problemId: 'problem-2' })];
    spec(history).when(end).then([endedEvent({ problemsCompleted: 2, correctAnswers: 1 }, { reason: 'ended' })]);
    spec([...history, answered({ attemptId: 'attempt-3', isCorrect: false })])
      .when(end)
      .then([endedEvent({ problemsCompleted: 2, correctAnswers: 1, retries: 1 }, { reason: 'finished' })]);
  });

  it('given a session left on its sixth of six problems, the same counts an all-wrong session gives every reader: 6 problems, 0 right, 6 retries', () => {
    const plan = ['p-1', 'p-2', 'p-3', 'p-4', 'p-5', 'p-6'];
    const history: PracticeEvent[] = [started(sessionId, plan)];
    plan.forEach((problemId, i) => history.push(answered({ attemptId: `a-${i}`, problemId, isCorrect: false })));
    plan.forEach((problemId, i) => history.push(answered({ attemptId: `r-${i}`, problemId, isCorrect: false })));
    spec(history).when(end).then([endedEvent({ problemsCompleted: 6, correctAnswers: 0, retries: 6 }, { reason: 'finished' })]);
  });

  it('given an ended session, when ending again, then nothing happens (idempotent)', () => {
    spec([started(), endedEvent({ problemsCompleted: 0, correctAnswers: 0 })])
      .when(end)
      .then([]);
  });

  it('given no session, when ending, then it is started and ended empty so its id cannot be reused', () => {
    spec()
      .when(end)
      .then([started(), endedEvent({ problemsCompleted: 0, correctAnswers: 0 })]);
  });
});

describe('StartSession with a plan, ExtendSession', () => {
  it('given nothing, when starting a topic session with its problems, then the plan is recorded', () => {
    spec()
      .when({ type: 'StartSession', data: { userId, sessionId, mode: 'topic', topicId: 'fractions', problemIds: ['p-1', 'p-2'] } })
      .then([{ type: 'PracticeSessionStarted', data: { sessionId, userId, mode: 'topic', topicId: 'fractions', problemIds: ['p-1', 'p-2'] } }]);
  });

  it('given nothing, when a plan repeats a problem, names no topic for a topic session or holds more than 20, then VALIDATION_FAILED', () => {
    spec().when({ type: 'StartSession', data: { userId, sessionId, problemIds: ['p-1', 'p-1'] } }).thenThrows('VALIDATION_FAILED', 'A problem can be planned only once in a session.');
    spec().when({ type: 'StartSession', data: { userId, sessionId, mode: 'topic', problemIds: ['p-1'] } }).thenThrows('VALIDATION_FAILED', 'A topic session names its topic.');
    const many = Array.from({ length: 21 }, (_, i) => `p-${i}`);
    spec().when({ type: 'StartSession', data: { userId, sessionId, problemIds: many } }).thenThrows('VALIDATION_FAILED', 'A practice session holds at most 20 problems.');
  });

  it('given an open session, when keeping going, then only problems not planned yet are added, up to 20 in all', () => {
    const extend = (problemIds: string[]) => ({ type: 'ExtendSession' as const, data: { userId, sessionId, problemIds } });
    spec([started(sessionId, ['p-1', 'p-2'])])
      .when(extend(['p-2', 'p-3']))
      .then([{ type: 'PracticeSessionExtended', data: { sessionId, userId, problemIds: ['p-3'] } }]);
    spec([started(sessionId, ['p-1', 'p-2'])]).when(extend(['p-1'])).then([]);
    const eighteen = Array.from({ length: 18 }, (_, i) => `p-${i}`);
    spec([started(sessionId, eighteen)]).when(extend(['x-1', 'x-2', 'x-3'])).thenThrows('VALIDATION_FAILED', 'A practice session holds at most 20 problems.');
    spec([started(), endedEvent({ problemsCompleted: 0, correctAnswers: 0 })]).when(extend(['p-3'])).thenThrows('CONFLICT', 'This practice session has ended');
    spec().when(extend(['p-3'])).thenThrows('NOT_FOUND');
  });

  it('given an extended plan, when every problem is answered, then the session finished', () => {
    spec([started(sessionId, ['problem-1']), { type: 'PracticeSessionExtended', data: { sessionId, userId, problemIds: ['problem-2'] } }, answered(), answered({ attemptId: 'attempt-2', problemId: 'problem-2' })])
      .when({ type: 'EndSession', data: { userId, sessionId, at: AT } })
      .then([endedEvent({ problemsCompleted: 2, correctAnswers: 2 }, { reason: 'finished' })]);
  });
});

describe('EndIdleSession (the scheduled check)', () => {
  const lastActivityAt = '2026-03-02T09:00:00.000Z';
  const idle = (now: string) => ({ type: 'EndIdleSession' as const, data: { userId, sessionId, lastActivityAt, now } });

  it('given an open session idle for 30 minutes, when the check runs, then it ends as of its last activity, reason idle', () => {
    spec([started(), answered()])
      .when(idle('2026-03-02T09:30:00.000Z'))
      .then([endedEvent({ problemsCompleted: 1, correctAnswers: 1 }, { reason: 'idle', endedAt: lastActivityAt })]);
  });

  it('given a session idle for less than 30 minutes, or already ended, when the check runs, then nothing happens', () => {
    spec([started(), answered()]).when(idle('2026-03-02T09:29:59.000Z')).then([]);
    spec([started(), endedEvent({ problemsCompleted: 0, correctAnswers: 0 })]).when(idle('2026-03-02T10:30:00.000Z')).then([]);
    spec().when(idle('2026-03-02T10:30:00.000Z')).then([]);
  });
});

describe('state size', () => {
  it('keeps only ids of ended sessions and at most MAX_OPEN_SESSIONS open ones', () => {
    const events: PracticeEvent[] = [];
    for (let s = 0; s < 300; s += 1) {
      const id = `s-${s}`;
      events.push(started(id));
      for (let p = 0; p < 10; p += 1) {
        events.push(answered({ sessionId: id, attemptId: `a-${s}-${p}`, problemId: `p-${p}` }));
      }
      if (s % 3 !== 0) {
        events.push(endedEvent({ problemsCompleted: 10, correctAnswers: 10 }, { sessionId: id }));
      }
    }
    const begin = performance.now();
    const state = foldEvents(practiceDecider, events);
    const elapsed = performance.now() - begin;
    expect(state.open.length).toBeLessThanOrEqual(MAX_OPEN_SESSIONS);
    expect(state.ended.length + state.expired.length).toBe(300 - state.open.length);
    expect(elapsed).toBeLessThan(1000);
    // The oldest abandoned session expired: commands for it are refused.
    expect(state.expired).toContain('s-0');
    spec(events).when(submit({ sessionId: 's-0', attemptId: 'late' })).thenThrows('CONFLICT', /no longer open/);
    // A recent abandoned one is still open.
    spec(events).when(submit({ sessionId: 's-297', attemptId: 'late', problem: { id: 'p-new' } })).events();
  });
});
