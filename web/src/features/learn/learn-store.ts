import { createStore, type StoreApi } from 'zustand/vanilla';
import { accuracyPercent, runningAverage } from '@mathdaily/domain/learning/progress';
import { RETRY_AFTER, retryOptionOrder, sessionQueue } from '@mathdaily/domain/learning/practice-session';
import { allowedRatings, ratingNote, type DifficultyRating } from '@mathdaily/domain/learning/rating-availability';
import { ApiError } from '../../api/client.ts';
import {
  newSessionId,
  type AnswerResult,
  type DueProblem,
  type LearnApi,
  type OpenSession,
  type SessionAnswer,
  type SessionMode,
  type SubmitAnswerInput,
} from './learn-api.ts';

/**
 * One practice session screen (SPEC §2 Learn, §4 "Practice session"):
 *
 *   loading → problem (or the empty / load-error panels) → submit → feedback → Continue → rating
 *   → a choice is committed 500 ms after it is made → 1 s later the next problem, or the summary
 *   when the queue is done. 'End Session' goes to the summary at any time; 'Start New Session'
 *   takes a new session id and reloads the due problems; 'Practise these again' starts a session
 *   on the problems missed in this one.
 *
 * A visit first asks for the open session of the student's day (GET sessions/current): a reload,
 * another tab or another device continues it at the same problem, the queue computed as it was
 * (`sessionQueue`, the missed problems asked again where they fell). Otherwise it loads the due
 * problems and records the session with its plan. Timers and the server are injected, which keeps
 * the flow testable without a browser.
 */

export const SESSION_LIMIT = 20;
const RATING_COMMIT_MS = 500;
const NEXT_PROBLEM_MS = 1000;

export const EMPTY_QUEUE_MESSAGE = 'No problems are due for review. Great job staying on top of your studies!';
export const LOAD_ERROR_MESSAGE = 'Failed to load learning session. Please try again.';
export const SUBMIT_ERROR_MESSAGE = 'Error submitting answer. Please try again.';
export const ANSWER_REQUIRED_MESSAGE = 'Please enter an answer';
/** The error code of an answer that could not be read in the problem's answer form (HTTP 422). */
const UNREADABLE_ANSWER = 'UNREADABLE_ANSWER';
const HINT_ERROR_MESSAGE = 'The hint could not be loaded. Please try again.';
/** SPEC §8 'Learning': what the learning service reports (logged; the screen shows the messages above). */
const DUE_PROBLEMS_FAILED = 'Failed to load due problems';
const ATTEMPT_FAILED = 'Failed to record problem attempt';

type LearnStep = 'idle' | 'loading' | 'load-error' | 'empty' | 'problem' | 'feedback' | 'rating' | 'summary';

/** SPEC §3 "Session progress". */
export interface SessionProgress {
  problemsCompleted: number;
  correctAnswers: number;
  totalProblems: number;
  /** Milliseconds, running average over the answers of this session. */
  averageResponseTime: number;
  /** Epoch milliseconds. */
  sessionStartTime: number;
}

export interface HintState {
  open: boolean;
  /** Set once the hint text was shown: the answer is then sent with hints_used 1. */
  used: boolean;
  loading: boolean;
  text: string | null;
  error: string | null;
}

export interface Feedback extends AnswerResult {
  userAnswer: string;
}

export interface LearnState {
  step: LearnStep;
  sessionId: string;
  /** Set when the session was continued from an earlier visit (reload, other tab or device). */
  resumed: boolean;
  /** The topic of a focused session (chosen, or continued), else null. */
  topicId: string | null;
  problems: DueProblem[];
  /** Every answer of the session in order, retries included (header streak, summary review). */
  answers: SessionAnswer[];
  index: number;
  progress: SessionProgress;
  /** Epoch ms when the current problem was shown (response time is measured from here). */
  shownAt: number;
  hint: HintState;
  answerError: string | null;
  submitting: boolean;
  submitError: string | null;
  feedback: Feedback | null;
  selectedRating: DifficultyRating | null;
  ratingCommitted: boolean;
  /** Epoch ms when the summary was reached (the session time stops there). */
  endedAt: number | null;
}

interface LearnActions {
  /** Loads the first session of this screen (does nothing once started). */
  start(): void;
  /** Continues the open session of the day if there is one (unless `continueOpen` is false), else starts one on the due problems. */
  load(continueOpen?: boolean): Promise<void>;
  toggleHint(): Promise<void>;
  retryHint(): Promise<void>;
  submit(answer: string): Promise<boolean>;
  clearAnswerError(): void;
  continueToRating(): void;
  selectRating(rating: number): void;
  endSession(): void;
  startNewSession(): void;
  /** A new session on the problems missed at the first try in this one (the summary's button). */
  practiseMissed(): void;
  /** Stops the timers (the screen is going away). */
  dispose(): void;
}

export type LearnStore = StoreApi<LearnState & LearnActions>;

export interface LearnDeps {
  api: LearnApi;
  userId: string;
  /** A focused session on this topic (practice by choice); none for the daily mix. */
  topicId?: string | null;
  newSessionId: () => string;
  /** Idempotency keys for answers (random uuids by default). */
  newRequestKey?: () => string;
  now?: () => number;
  announce?: (message: string, politeness?: 'polite' | 'assertive') => void;
  /** A failed rating save or session start/end is only logged (SPEC §4). */
  log?: (message: string, error: unknown) => void;
}

const closedHint = (): HintState => ({ open: false, used: false, loading: false, text: null, error: null });

const freshProgress = (now: number): SessionProgress => ({
  problemsCompleted: 0,
  correctAnswers: 0,
  totalProblems: 0,
  averageResponseTime: 0,
  sessionStartTime: now,
});

/**
 * A missed problem asked again: marked as a retry, and a multiple-choice question shows its
 * options in another order (seeded by session and problem, so a reload shows the same order).
 */
function asRetry(problem: DueProblem, sessionId: string): DueProblem {
  const options = problem.answer_options;
  return { ...problem, retry: true, answer_options: options ? retryOptionOrder(options, `${sessionId}:${problem.id}`) : null };
}

/** The header's Streak: right answers in a row across the session, retries included (a miss resets it). */
export function answerStreak(answers: readonly SessionAnswer[]): number {
  let streak = 0;
  for (let i = answers.length - 1; i >= 0 && answers[i]!.isCorrect; i -= 1) streak += 1;
  return streak;
}

/** Problems missed at the first try, each with that answer and, when it was tried again, how that went. */
export function missedProblems(state: Pick<LearnState, 'answers' | 'problems'>): { problem: DueProblem; answer: SessionAnswer; rightOnRetry: boolean }[] {
  const byId = new Map(state.problems.filter((problem) => !problem.retry).map((problem) => [problem.id, problem]));
  return state.answers.flatMap((answer) => {
    const problem = byId.get(answer.problemId);
    if (answer.retry || answer.isCorrect || !problem) return [];
    const rightOnRetry = state.answers.some((later) => later.retry && later.problemId === answer.problemId && later.isCorrect);
    return [{ problem, answer, rightOnRetry }];
  });
}

export const currentProblem = (state: LearnState): DueProblem | null =>
  state.step === 'problem' || state.step === 'feedback' || state.step === 'rating' ? (state.problems[state.index] ?? null) : null;

/** Problems still to answer in the session, a missed one asked again included. */
export const remainingProblems = (state: LearnState): number =>
  Math.max(0, state.problems.length - state.index - (state.step === 'problem' ? 0 : 1));

export const sessionAccuracy = (progress: SessionProgress): number => accuracyPercent(progress.correctAnswers, progress.problemsCompleted);

/** Ratings the current answer allows and the note above them: the domain's rule, for the answer as the server recorded it. */
export function ratingChoices(feedback: Feedback | null): { allowed: DifficultyRating[]; note: string | null } {
  if (!feedback) return { allowed: [], note: null };
  const facts = { isCorrect: feedback.is_correct, hintUsed: feedback.hints_used === 1 };
  return { allowed: allowedRatings(facts), note: ratingNote(facts) };
}

export function createLearnStore(deps: LearnDeps): LearnStore {
  const now = deps.now ?? (() => Date.now());
  const announce = deps.announce ?? (() => {});
  const log = deps.log ?? ((message, error) => console.warn(message, error));

  let loadGeneration = 0;
  let commitTimer: ReturnType<typeof setTimeout> | null = null;
  let nextTimer: ReturnType<typeof setTimeout> | null = null;
  /** The rating save in flight: the session is ended only after it settles. */
  let pendingRating: Promise<void> = Promise.resolve();
  let sessionStarted = false;
  /** The session's start (with its plan) in flight: an answer waits for it, so the plan is recorded first. */
  let starting: Promise<void> = Promise.resolve();
  /**
   * An answer whose submit failed (timeout, network): Try Again with the same text sends the very
   * same request and key, so if the first one did arrive the server answers it again instead of
   * refusing a second answer.
   */
  let unanswered: { problemId: string; answer: string; input: SubmitAnswerInput; key: string } | null = null;
  const newRequestKey = deps.newRequestKey ?? newSessionId;

  const clearTimers = () => {
    if (commitTimer) clearTimeout(commitTimer);
    if (nextTimer) clearTimeout(nextTimer);
    commitTimer = null;
    nextTimer = null;
  };

  return createStore<LearnState & LearnActions>()((set, get) => {
    /** What belongs to the problem on screen, as it is when a problem is first shown. */
    const freshProblemState = () => ({
      shownAt: now(),
      hint: closedHint(),
      answerError: null,
      submitting: false,
      submitError: null,
      feedback: null,
      selectedRating: null,
      ratingCommitted: false,
    });
    const showProblem = (index: number) => {
      set({ step: 'problem', index, ...freshProblemState() });
      const problem = get().problems[index];
      if (index > 0 && problem) {
        const again = problem.retry ? ' Try this one again' : '';
        announce(`Problem ${index + 1} of ${get().problems.length}: ${problem.topic}.${again}`);
      }
    };

    const goToSummary = () => {
      clearTimers();
      if (get().step === 'summary') return;
      const { sessionId, progress } = get();
      set({ step: 'summary', endedAt: now() });
      announce(
        `Session complete. ${progress.correctAnswers} of ${progress.problemsCompleted} correct, accuracy ${sessionAccuracy(progress)}%.`,
      );
      if (sessionStarted || progress.problemsCompleted > 0) {
        const ending = pendingRating.then(() => deps.api.endSession(sessionId));
        ending.catch((error) => log('Ending the practice session failed', error));
      }
    };

    /** A new session on `problems`: shown from the first, recorded with its plan. */
    const begin = (problems: DueProblem[], mode: SessionMode) => {
      set({ problems, answers: [], resumed: false, topicId: mode === 'topic' ? (deps.topicId ?? null) : null, endedAt: null, progress: { ...freshProgress(now()), totalProblems: problems.length } });
      showProblem(0);
      announce(`Practice session started: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}.`);
      sessionStarted = true;
      // A failure is only logged: answers start their session on the server anyway (without a plan to resume from).
      const topicId = mode === 'topic' ? (deps.topicId ?? null) : null;
      starting = deps.api.startSession(get().sessionId, { mode, topicId, problemIds: problems.map((problem) => problem.id) }).catch((error) => {
        log('Starting the practice session failed', error);
      });
    };

    /** Continues an open session where it was: the same queue, the next problem to answer, its counts so far. */
    const resume = (open: OpenSession) => {
      const byId = new Map(open.problems.map((problem) => [problem.id, problem]));
      const queue = sessionQueue(open.plan, open.answers);
      let index = 0;
      const problems = queue.items.flatMap((item, at) => {
        const problem = byId.get(item.problemId);
        if (!problem) return [];
        if (at < queue.next) index += 1;
        return [item.retry ? asRetry(problem, open.sessionId) : problem];
      });
      const firstTries = open.answers.filter((answer) => !answer.retry);
      const averageResponseTime = firstTries.reduce((sum, answer) => sum + answer.responseTimeMs, 0) / Math.max(1, firstTries.length);
      sessionStarted = true;
      set({
        sessionId: open.sessionId,
        resumed: true,
        topicId: open.topicId,
        problems,
        answers: open.answers,
        endedAt: null,
        progress: {
          problemsCompleted: open.counts.problems_completed,
          correctAnswers: open.counts.correct_answers,
          totalProblems: open.plan.length,
          averageResponseTime,
          sessionStartTime: open.startedAt,
        },
      });
      if (index >= problems.length) {
        goToSummary();
        return;
      }
      showProblem(index);
      announce(`Welcome back. Your session continues at problem ${index + 1} of ${problems.length}.`);
    };

    /** Opening the hint records it (POST /hints, which answers with the text) and marks it used. */
    const fetchHint = async () => {
      const state = get();
      const problem = currentProblem(state);
      if (!problem) return;
      set({ hint: { ...state.hint, loading: true, error: null } });
      let text: string | null = null;
      let failure: unknown = null;
      try {
        text = (await deps.api.openHint(state.sessionId, problem.id)) ?? problem.hint ?? null;
      } catch (error) {
        failure = error;
        text = problem.hint ?? null;
      }
      if (get().step !== 'problem' || currentProblem(get())?.id !== problem.id) return;
      if (failure) log('Recording the hint failed', failure);
      if (text) {
        set({ hint: { open: get().hint.open, used: true, loading: false, text, error: null } });
        announce('Hint shown.');
      } else {
        set({ hint: { ...get().hint, loading: false, error: HINT_ERROR_MESSAGE } });
        announce(HINT_ERROR_MESSAGE, 'assertive');
      }
    };

    const commitRating = (rating: DifficultyRating) => {
      commitTimer = null;
      const { feedback, sessionId, step } = get();
      if (step !== 'rating' || !feedback || get().ratingCommitted) return;
      set({ ratingCommitted: true });
      pendingRating = deps.api.rateDifficulty(feedback.attempt_id, rating, sessionId).catch((error) => {
        log('Saving the difficulty rating failed', error);
      });
      const saved = pendingRating;
      const waited = new Promise<void>((resolve) => {
        nextTimer = setTimeout(resolve, NEXT_PROBLEM_MS);
      });
      void Promise.all([saved, waited]).then(() => {
        nextTimer = null;
        if (get().step !== 'rating' || get().feedback !== feedback) return;
        const next = get().index + 1;
        if (next < get().problems.length) showProblem(next);
        else goToSummary();
      });
    };

    return {
      step: 'idle',
      sessionId: deps.newSessionId(),
      resumed: false,
      topicId: null,
      problems: [],
      answers: [],
      index: 0,
      progress: freshProgress(now()),
      ...freshProblemState(),
      endedAt: null,

      start() {
        if (get().step === 'idle') void get().load();
      },

      async load(continueOpen = true) {
        clearTimers();
        const generation = ++loadGeneration;
        set({ step: 'loading', problems: [], answers: [], index: 0, feedback: null, endedAt: null });
        // Asked beside the open session, not after it: a new session then waits one round trip, not two.
        const due = deps.api.dueProblems(deps.userId, SESSION_LIMIT, deps.topicId ?? null);
        // Its failure is reported below when it is needed; continuing a session does not need it.
        due.catch(() => {});
        if (continueOpen) {
          let open: OpenSession | null = null;
          try {
            open = await deps.api.currentSession(deps.userId);
          } catch (error) {
            // Practice goes on with a new session; the open one ends itself when idle.
            log('Reading the open practice session failed', error);
          }
          if (generation !== loadGeneration) return;
          // A topic chosen continues only a session on that topic; the daily page continues any.
          if (open && open.plan.length > 0 && (!deps.topicId || open.topicId === deps.topicId)) {
            resume(open);
            return;
          }
        }
        let problems: DueProblem[];
        try {
          problems = await due;
        } catch (error) {
          if (generation !== loadGeneration) return;
          log(DUE_PROBLEMS_FAILED, error);
          set({ step: 'load-error' });
          announce(LOAD_ERROR_MESSAGE, 'assertive');
          return;
        }
        if (generation !== loadGeneration) return;
        if (problems.length === 0) {
          set({ step: 'empty' });
          announce(EMPTY_QUEUE_MESSAGE);
          return;
        }
        begin(problems.slice(0, SESSION_LIMIT), deps.topicId ? 'topic' : 'daily');
      },

      async toggleHint() {
        const state = get();
        if (state.step !== 'problem' || state.hint.loading) return;
        if (state.hint.open) {
          set({ hint: { ...state.hint, open: false } });
          return;
        }
        set({ hint: { ...state.hint, open: true } });
        if (state.hint.text === null) await fetchHint();
      },

      async retryHint() {
        const state = get();
        if (state.step !== 'problem' || state.hint.loading || state.hint.text !== null) return;
        set({ hint: { ...state.hint, open: true } });
        await fetchHint();
      },

      async submit(rawAnswer) {
        const state = get();
        const problem = currentProblem(state);
        if (state.step !== 'problem' || !problem || state.submitting) return false;
        const answer = rawAnswer.trim();
        if (answer === '') {
          set({ answerError: ANSWER_REQUIRED_MESSAGE });
          announce(ANSWER_REQUIRED_MESSAGE, 'assertive');
          return false;
        }
        const hintUsed = state.hint.used;
        const again = unanswered?.problemId === problem.id && unanswered.answer === answer ? unanswered : null;
        const input: SubmitAnswerInput = again?.input ?? {
          problem_id: problem.id,
          user_answer: answer,
          response_time_ms: Math.max(0, Math.round(now() - state.shownAt)),
          session_id: state.sessionId,
          hints_used: hintUsed ? 1 : 0,
        };
        const responseTime = input.response_time_ms;
        unanswered = { problemId: problem.id, answer, input, key: again?.key ?? newRequestKey() };
        set({ submitting: true, submitError: null, answerError: null });
        let result: AnswerResult;
        await starting;
        try {
          result = await deps.api.submitAnswer(input, unanswered.key);
          unanswered = null;
        } catch (error) {
          if (currentProblem(get())?.id !== problem.id) return false;
          // An answer the checker cannot read is a retry: its message goes under the answer box,
          // which keeps the text (nothing was recorded).
          if (error instanceof ApiError && error.code === UNREADABLE_ANSWER) {
            unanswered = null;
            set({ submitting: false, answerError: error.message });
            announce(error.message, 'assertive');
            return false;
          }
          log(ATTEMPT_FAILED, error);
          set({ submitting: false, submitError: SUBMIT_ERROR_MESSAGE });
          announce(SUBMIT_ERROR_MESSAGE, 'assertive');
          return false;
        }
        if (get().step !== 'problem' || currentProblem(get())?.id !== problem.id) return false;
        const previous = get().progress;
        // A problem asked again after a miss is practice: the session scores its first answer only.
        const progress: SessionProgress = problem.retry
          ? previous
          : {
              ...previous,
              problemsCompleted: previous.problemsCompleted + 1,
              correctAnswers: previous.correctAnswers + (result.is_correct ? 1 : 0),
              averageResponseTime: runningAverage(previous.averageResponseTime, previous.problemsCompleted, responseTime),
            };
        let problems = get().problems;
        if (!result.is_correct && !problem.retry) {
          // The miss is due again within minutes (FSRS learning step): ask it again after a couple of
          // others, where `sessionQueue` puts it too (so a reload finds it there).
          const at = Math.min(get().index + 1 + RETRY_AFTER, problems.length);
          problems = [...problems.slice(0, at), asRetry(problem, get().sessionId), ...problems.slice(at)];
        }
        const recorded: SessionAnswer = {
          problemId: problem.id,
          userAnswer: answer,
          isCorrect: result.is_correct,
          retry: problem.retry === true,
          correctAnswer: result.correct_answer,
          explanation: result.explanation,
          responseTimeMs: responseTime,
        };
        set({
          step: 'feedback',
          submitting: false,
          progress,
          problems,
          answers: [...get().answers, recorded],
          feedback: { ...result, userAnswer: answer },
        });
        announce(result.is_correct ? 'Correct!' : `Not quite right. The correct answer is ${result.correct_answer}.`);
        return true;
      },

      clearAnswerError() {
        if (get().answerError) set({ answerError: null });
      },

      continueToRating() {
        if (get().step !== 'feedback') return;
        set({ step: 'rating', selectedRating: null, ratingCommitted: false });
      },

      selectRating(value) {
        const state = get();
        if (state.step !== 'rating' || state.ratingCommitted) return;
        const { allowed } = ratingChoices(state.feedback);
        const rating = allowed.find((candidate) => candidate === value);
        if (rating === undefined) return;
        set({ selectedRating: rating });
        if (commitTimer) clearTimeout(commitTimer);
        commitTimer = setTimeout(() => commitRating(rating), RATING_COMMIT_MS);
      },

      endSession() {
        const state = get();
        if (state.step === 'summary') return;
        // A choice made but not yet committed is kept.
        if (state.step === 'rating' && state.selectedRating !== null && !state.ratingCommitted && state.feedback) {
          if (commitTimer) clearTimeout(commitTimer);
          commitTimer = null;
          set({ ratingCommitted: true });
          pendingRating = deps.api
            .rateDifficulty(state.feedback.attempt_id, state.selectedRating, state.sessionId)
            .catch((error) => log('Saving the difficulty rating failed', error));
        }
        goToSummary();
      },

      startNewSession() {
        clearTimers();
        sessionStarted = false;
        pendingRating = Promise.resolve();
        set({ sessionId: deps.newSessionId() });
        // The session just ended (its end may still be on its way): never continue it.
        void get().load(false);
      },

      practiseMissed() {
        const missed = missedProblems(get()).map(({ problem }) => ({ ...problem, kind: 'review' as const, assigned: false }));
        if (get().step !== 'summary' || missed.length === 0) return;
        clearTimers();
        ++loadGeneration;
        pendingRating = Promise.resolve();
        set({ sessionId: deps.newSessionId() });
        begin(missed, 'again');
      },

      dispose() {
        clearTimers();
      },
    };
  });
}
