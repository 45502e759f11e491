import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import type { AnswerResult, DueProblem, LearnApi, OpenSession, SessionMode, SubmitAnswerInput } from './learn-api.ts';
import {
  answerStreak,
  ANSWER_REQUIRED_MESSAGE,
  createLearnStore,
  currentProblem,
  EMPTY_QUEUE_MESSAGE,
  LOAD_ERROR_MESSAGE,
  missedProblems,
  ratingChoices,
  remainingProblems,
  SUBMIT_ERROR_MESSAGE,
  type LearnStore,
} from './learn-store.ts';

const problem = (n: number): DueProblem => ({
  id: `p${n}`,
  topic: `Topic ${n}`,
  question: `What is ${n} + ${n}?`,
  problem_type: 'numeric',
  answer_options: null,
  hint: null,
  has_hint: true,
  kind: 'new',
  difficulty_level: 2,
  estimated_time_seconds: 60,
  progress: null,
});

/** The day's open session as the server hands it back on a reload: daily, p1 to p3, nothing answered unless said. */
const openSession = (session: Partial<OpenSession>): OpenSession => ({
  sessionId: 's1',
  mode: 'daily',
  topicId: null,
  plan: ['p1', 'p2', 'p3'],
  startedAt: 0,
  problems: [],
  answers: [],
  counts: { problems_completed: 0, correct_answers: 0, retries: 0, correct_on_retry: 0 },
  ...session,
});

class FakeApi implements LearnApi {
  problems: DueProblem[] = [1, 2, 3].map(problem);
  calls: string[] = [];
  submitted: SubmitAnswerInput[] = [];
  keys: string[] = [];
  ratings: { attemptId: string; rating: number }[] = [];
  open: OpenSession | null = null;
  plans: { sessionId: string; mode: SessionMode; topicId: string | null; problemIds: string[] }[] = [];
  topics: (string | null)[] = [];
  failDue = false;
  failSubmit = false;
  failRating = false;
  async dueProblems(_userId: string, limit: number, topicId: string | null = null) {
    this.calls.push(`due ${limit}`);
    this.topics.push(topicId);
    if (this.failDue) throw new Error('down');
    return this.problems;
  }
  async currentSession() {
    this.calls.push('current');
    return this.open;
  }
  async startSession(sessionId: string, plan: { mode: SessionMode; topicId: string | null; problemIds: string[] }) {
    this.calls.push(`start ${sessionId}`);
    this.plans.push({ sessionId, ...plan });
  }
  async endSession(sessionId: string) {
    this.calls.push(`end ${sessionId}`);
  }
  async openHint(_sessionId: string, problemId: string) {
    this.calls.push(`hint ${problemId}`);
    return `Hint for ${problemId}`;
  }
  async submitAnswer(input: SubmitAnswerInput, idempotencyKey: string): Promise<AnswerResult> {
    this.calls.push(`submit ${input.problem_id}`);
    this.keys.push(idempotencyKey);
    if (this.failSubmit) throw new Error('down');
    if (input.user_answer === 'abc') throw new ApiError(422, 'UNREADABLE_ANSWER', "We couldn't read 'abc' as a number.");
    this.submitted.push(input);
    const isCorrect = input.user_answer === 'right';
    return {
      attempt_id: `a-${input.problem_id}`,
      is_correct: isCorrect,
      // As the server records it (a hint opened in the session counts too; this fake has none).
      hints_used: input.hints_used,
      correct_answer: 'right',
      explanation: 'Because.',
    };
  }
  async rateDifficulty(attemptId: string, rating: number) {
    this.calls.push(`rate ${attemptId} ${rating}`);
    if (this.failRating) throw new Error('down');
    this.ratings.push({ attemptId, rating });
  }
}

let api: FakeApi;
let clock: number;
let store: LearnStore;
let ids: number;
const logged: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  api = new FakeApi();
  clock = 1_000_000;
  ids = 0;
  logged.length = 0;
  store = createLearnStore({
    api,
    userId: 'u1',
    newSessionId: () => `s${++ids}`,
    now: () => clock,
    log: (message) => logged.push(message),
  });
});
afterEach(() => {
  vi.useRealTimers();
});

const flush = () => vi.advanceTimersByTimeAsync(0);

async function answer(text: string, ms = 2000) {
  clock += ms;
  await store.getState().submit(text);
}

async function rate(rating: number) {
  store.getState().continueToRating();
  store.getState().selectRating(rating);
  await vi.advanceTimersByTimeAsync(500);
  await vi.advanceTimersByTimeAsync(1000);
}

describe('the practice session store', () => {
  test('loads up to 20 due problems and starts the session on the server', async () => {
    api.problems = Array.from({ length: 25 }, (_, i) => problem(i));
    store.getState().start();
    await flush();
    const state = store.getState();
    expect(api.calls).toContain('due 20');
    expect(api.calls).toContain('start s1');
    expect(state.step).toBe('problem');
    expect(state.problems).toHaveLength(20);
    expect(state.progress.totalProblems).toBe(20);
    expect(state.index).toBe(0);
  });

  test('an empty queue and a failed load show their panels; Try Again reloads', async () => {
    api.problems = [];
    store.getState().start();
    await flush();
    expect(store.getState().step).toBe('empty');
    expect(EMPTY_QUEUE_MESSAGE).toBe('No problems are due for review. Great job staying on top of your studies!');

    api.failDue = true;
    await store.getState().load();
    expect(store.getState().step).toBe('load-error');
    expect(LOAD_ERROR_MESSAGE).toBe('Failed to load learning session. Please try again.');
    expect(logged).toContain('Failed to load due problems');
    api.failDue = false;
    api.problems = [problem(1)];
    await store.getState().load();
    expect(store.getState().step).toBe('problem');
  });

  test('a whole session: answers, running average, hint, ratings committed after 500 ms, next problem 1 s later, summary', async () => {
    store.getState().start();
    await flush();

    // An empty answer is refused without a call.
    expect(await store.getState().submit('   ')).toBe(false);
    expect(store.getState().answerError).toBe(ANSWER_REQUIRED_MESSAGE);
    expect(api.submitted).toHaveLength(0);

    // An answer the server cannot read is a retry: its message, still on the problem, nothing counted.
    expect(await store.getState().submit('abc')).toBe(false);
    expect(store.getState()).toMatchObject({ step: 'problem', submitting: false, submitError: null, answerError: "We couldn't read 'abc' as a number." });
    expect(store.getState().progress.problemsCompleted).toBe(0);
    expect(logged).toEqual([]);

    await answer('right', 1000);
    let state = store.getState();
    expect(state.step).toBe('feedback');
    expect(state.progress).toMatchObject({ problemsCompleted: 1, correctAnswers: 1, averageResponseTime: 1000 });
    expect(api.submitted[0]).toMatchObject({ problem_id: 'p1', user_answer: 'right', response_time_ms: 1000, session_id: 's1', hints_used: 0 });

    // Rating: only allowed ones are taken; the choice can change during the 500 ms.
    store.getState().continueToRating();
    expect(store.getState().step).toBe('rating');
    store.getState().selectRating(1);
    await vi.advanceTimersByTimeAsync(300);
    store.getState().selectRating(3);
    await vi.advanceTimersByTimeAsync(499);
    expect(api.ratings).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.ratings).toEqual([{ attemptId: 'a-p1', rating: 3 }]);
    expect(store.getState().ratingCommitted).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(store.getState().step).toBe('rating');
    await vi.advanceTimersByTimeAsync(1);
    state = store.getState();
    expect(state.step).toBe('problem');
    expect(state.index).toBe(1);

    // Problem 2: hint opened (recorded and marked used), wrong answer, ratings 4-5 only.
    await store.getState().toggleHint();
    expect(api.calls).toContain('hint p2');
    expect(store.getState().hint).toMatchObject({ open: true, used: true, text: 'Hint for p2' });
    await answer('wrong', 3000);
    expect(api.submitted[1]).toMatchObject({ hints_used: 1, response_time_ms: 3000 });
    state = store.getState();
    expect(state.progress).toMatchObject({ problemsCompleted: 2, correctAnswers: 1, averageResponseTime: 2000 });
    store.getState().continueToRating();
    store.getState().selectRating(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(store.getState().selectedRating).toBeNull();
    expect(api.ratings).toHaveLength(1);

    // A failed rating save is only logged; the next problem loads anyway.
    api.failRating = true;
    store.getState().selectRating(5);
    await vi.advanceTimersByTimeAsync(1500);
    expect(logged).toContain('Saving the difficulty rating failed');
    expect(store.getState().index).toBe(2);

    // The missed problem 2 comes back at the end of this short queue, not scored a second time.
    api.failRating = false;
    expect(store.getState().problems.map((p) => `${p.id}${p.retry ? ' again' : ''}`)).toEqual(['p1', 'p2', 'p3', 'p2 again']);
    expect(remainingProblems(store.getState())).toBe(2);
    await answer('right', 2000);
    await rate(4);
    state = store.getState();
    expect(state).toMatchObject({ step: 'problem', index: 3 });
    expect(currentProblem(state)).toMatchObject({ id: 'p2', retry: true });
    expect(remainingProblems(state)).toBe(1);
    await answer('wrong', 5000);
    expect(store.getState().problems).toHaveLength(4); // asked again once, not forever
    await rate(5);

    // Last problem → summary, and the session is ended on the server.
    state = store.getState();
    expect(state.step).toBe('summary');
    expect(state.progress).toMatchObject({ problemsCompleted: 3, correctAnswers: 2, totalProblems: 3, averageResponseTime: 2000 });
    expect(api.submitted.map((input) => input.problem_id)).toEqual(['p1', 'p2', 'p3', 'p2']);
    await flush();
    expect(api.calls.at(-1)).toBe('end s1');
  });

  test('a missed problem is asked again after two others', async () => {
    api.problems = [1, 2, 3, 4, 5].map(problem);
    store.getState().start();
    await flush();
    await answer('wrong');
    expect(store.getState().problems.map((p) => `${p.id}${p.retry ? ' again' : ''}`)).toEqual(['p1', 'p2', 'p3', 'p1 again', 'p4', 'p5']);
    expect(store.getState().progress).toMatchObject({ problemsCompleted: 1, correctAnswers: 0, totalProblems: 5 });
  });

  test('a failed submit keeps the problem and shows the SPEC message', async () => {
    store.getState().start();
    await flush();
    api.failSubmit = true;
    await answer('right');
    const state = store.getState();
    expect(state.step).toBe('problem');
    expect(state.submitError).toBe(SUBMIT_ERROR_MESSAGE);
    expect(SUBMIT_ERROR_MESSAGE).toBe('Error submitting answer. Please try again.');
    expect(logged).toContain('Failed to record problem attempt');
    expect(state.progress.problemsCompleted).toBe(0);
    // Try Again sends the same answer again: the very same request and Idempotency-Key, so an
    // answer that did reach the server the first time is answered, not refused as a second one.
    api.failSubmit = false;
    await answer('right');
    expect(store.getState()).toMatchObject({ step: 'feedback', submitError: null });
    expect(store.getState().progress.problemsCompleted).toBe(1);
    expect(api.keys).toHaveLength(2);
    expect(api.keys[1]).toBe(api.keys[0]);
    expect(api.submitted[0]!.response_time_ms).toBe(2000);
  });

  test('another answer after a failure is a new request with a new key', async () => {
    store.getState().start();
    await flush();
    api.failSubmit = true;
    await answer('wrong');
    api.failSubmit = false;
    await answer('right');
    expect(api.keys).toHaveLength(2);
    expect(api.keys[1]).not.toBe(api.keys[0]);
  });

  test('End Session goes to the summary at any time, keeping a chosen rating; Start New Session takes a new id', async () => {
    store.getState().start();
    await flush();
    await answer('right');
    store.getState().continueToRating();
    store.getState().selectRating(2);
    store.getState().endSession();
    expect(store.getState().step).toBe('summary');
    await flush();
    expect(api.calls.slice(-2)).toEqual(['rate a-p1 2', 'end s1']);
    // No late timer moves the screen on.
    await vi.advanceTimersByTimeAsync(5000);
    expect(store.getState().step).toBe('summary');

    store.getState().startNewSession();
    await flush();
    const state = store.getState();
    expect(state.sessionId).toBe('s2');
    expect(state.step).toBe('problem');
    expect(state.progress.problemsCompleted).toBe(0);
    expect(api.calls.filter((call) => call.startsWith('due'))).toHaveLength(2);
  });
});

describe('resume, streak, retries and the review (issue 31)', () => {
  const choice = (n: number): DueProblem => ({ ...problem(n), problem_type: 'multiple_choice', answer_options: ['A', 'B', 'C', 'D'] });

  test('a new session is recorded with its plan; with an open session of the day the page continues it at the same problem', async () => {
    store.getState().start();
    await flush();
    expect(api.plans).toEqual([{ sessionId: 's1', mode: 'daily', topicId: null, problemIds: ['p1', 'p2', 'p3'] }]);

    // Another visit (a reload): p1 right, p2 missed, so p3 is next and p2 comes back after it.
    const reload = createLearnStore({ api, userId: 'u1', newSessionId: () => 'fresh', now: () => clock });
    api.open = openSession({
      startedAt: 500_000,
      problems: [problem(1), problem(2), problem(3)],
      answers: [
        { problemId: 'p1', userAnswer: 'right', isCorrect: true, retry: false, correctAnswer: 'right', explanation: 'Because.', responseTimeMs: 1000 },
        { problemId: 'p2', userAnswer: 'wrong', isCorrect: false, retry: false, correctAnswer: 'right', explanation: 'Because.', responseTimeMs: 3000 },
      ],
      counts: { problems_completed: 2, correct_answers: 1, retries: 0, correct_on_retry: 0 },
    });
    api.calls.length = 0;
    reload.getState().start();
    await flush();
    const state = reload.getState();
    expect(api.calls).toEqual(['due 20', 'current']);
    expect(state).toMatchObject({ step: 'problem', sessionId: 's1', resumed: true, index: 2 });
    expect(state.problems.map((p) => `${p.id}${p.retry ? ' again' : ''}`)).toEqual(['p1', 'p2', 'p3', 'p2 again']);
    expect(state.progress).toMatchObject({ problemsCompleted: 2, correctAnswers: 1, totalProblems: 3, averageResponseTime: 2000, sessionStartTime: 500_000 });
    clock += 1000;
    await reload.getState().submit('right');
    expect(api.submitted.at(-1)).toMatchObject({ problem_id: 'p3', session_id: 's1' });

    // Start New Session after the summary never continues the session just ended.
    api.calls.length = 0;
    reload.getState().endSession();
    reload.getState().startNewSession();
    await flush();
    expect(api.calls).not.toContain('current');
    expect(reload.getState().sessionId).toBe('fresh');
  });

  test('a topic chosen: the queue of that topic, a session of mode topic; an open daily session is not continued there', async () => {
    api.open = openSession({
      sessionId: 'daily-open',
      plan: ['p1'],
      problems: [problem(1)],
    });
    const focused = createLearnStore({ api, userId: 'u1', topicId: 'fractions', newSessionId: () => 'focus', now: () => clock });
    focused.getState().start();
    await flush();
    expect(focused.getState()).toMatchObject({ step: 'problem', sessionId: 'focus', resumed: false, topicId: 'fractions' });
    expect(api.topics).toEqual(['fractions']);
    expect(api.plans).toEqual([{ sessionId: 'focus', mode: 'topic', topicId: 'fractions', problemIds: ['p1', 'p2', 'p3'] }]);
  });

  test('the header streak is the run of right answers across the session, not the current problem’s', async () => {
    store.getState().start();
    await flush();
    await answer('right');
    await rate(3);
    await answer('right');
    expect(answerStreak(store.getState().answers)).toBe(2);
    await rate(3);
    await answer('wrong');
    expect(answerStreak(store.getState().answers)).toBe(0);
  });

  test('a missed multiple-choice question asked again shows its options in another order, the same on a reload', async () => {
    api.problems = [choice(1), problem(2), problem(3)];
    store.getState().start();
    await flush();
    await answer('wrong');
    const again = store.getState().problems.find((p) => p.retry)!;
    expect(again.id).toBe('p1');
    expect([...again.answer_options!].sort()).toEqual(['A', 'B', 'C', 'D']);
    expect(again.answer_options).not.toEqual(['A', 'B', 'C', 'D']);
    // A reload computes the same order (seeded by session and problem).
    const reload = createLearnStore({ api, userId: 'u1', newSessionId: () => 'x', now: () => clock });
    api.open = openSession({
      problems: [choice(1), problem(2), problem(3)],
      answers: [{ problemId: 'p1', userAnswer: 'wrong', isCorrect: false, retry: false, correctAnswer: 'A', explanation: 'E', responseTimeMs: 1 }],
      counts: { problems_completed: 1, correct_answers: 0, retries: 0, correct_on_retry: 0 },
    });
    reload.getState().start();
    await flush();
    expect(reload.getState().problems.find((p) => p.retry)!.answer_options).toEqual(again.answer_options);
  });

  test('the summary lists the problems missed at the first try with the answers; Practise these again starts a session on them', async () => {
    store.getState().start();
    await flush();
    await answer('wrong');
    await rate(4);
    await answer('right');
    await rate(3);
    await answer('right');
    await rate(3);
    // p1 again (the retry), right this time.
    await answer('right');
    await rate(3);
    expect(store.getState().step).toBe('summary');
    const missed = missedProblems(store.getState());
    expect(missed.map(({ problem: p, answer: a, rightOnRetry }) => [p.id, a.userAnswer, a.correctAnswer, a.explanation, rightOnRetry])).toEqual([
      ['p1', 'wrong', 'right', 'Because.', true],
    ]);
    store.getState().practiseMissed();
    await flush();
    expect(store.getState()).toMatchObject({ step: 'problem', sessionId: 's2', index: 0 });
    expect(store.getState().problems.map((p) => p.id)).toEqual(['p1']);
    expect(api.plans.at(-1)).toEqual({ sessionId: 's2', mode: 'again', topicId: null, problemIds: ['p1'] });
  });
});

describe('ratingChoices', () => {
  const feedback = (isCorrect: boolean, hintsUsed: 0 | 1) => ({
    attempt_id: 'a1',
    is_correct: isCorrect,
    hints_used: hintsUsed,
    correct_answer: '4',
    explanation: 'Because.',
    userAnswer: '4',
  });

  test('the domain rule on the answer as the server recorded it (a hint opened in another tab counts)', () => {
    expect(ratingChoices(null)).toEqual({ allowed: [], note: null });
    expect(ratingChoices(feedback(true, 0))).toEqual({ allowed: [1, 2, 3, 4, 5], note: null });
    expect(ratingChoices(feedback(true, 1))).toEqual({ allowed: [3, 4, 5], note: 'Since you used a hint, ratings 1-2 are not available' });
    expect(ratingChoices(feedback(false, 0))).toEqual({ allowed: [4, 5], note: 'Since you got it wrong, ratings 1-3 are not available' });
    expect(ratingChoices(feedback(false, 1))).toEqual({ allowed: [4, 5], note: 'Since you used a hint and got it wrong, ratings 1-3 are not available' });
  });
});
