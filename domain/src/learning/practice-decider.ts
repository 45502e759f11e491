/**
 * Decider of the practice stream `practice-{userId}`: sessions, hints, answers, ratings.
 *
 * Rules
 * - StartSession: starts a session with its plan (mode daily | topic | again, the topic of a topic
 *   session, the problems in order: unique, at most MAX_PLANNED_PROBLEMS); starting an open session
 *   again emits nothing (idempotent); starting an ended session is a CONFLICT.
 * - ExtendSession ("Keep going"): adds problems not planned yet to an open session's plan
 *   (PracticeSessionExtended), never past MAX_PLANNED_PROBLEMS.
 * - OpenHint / SubmitAnswer in a session that has not started start it implicitly
 *   (PracticeSessionStarted is emitted first). Opening the same hint twice emits nothing.
 * - SubmitAnswer: a problem answered right in a session cannot be answered again in it (CONFLICT);
 *   a missed one can (the session asks it again a few problems later, FSRS's learning step), and
 *   the session's counts score only its first answer. An attempt id is used once (CONFLICT). hintsUsed is 1 when a HintOpened exists for (session, problem) or the command says
 *   a hint was used. The command carries the problem and the typed answer; the decider checks the
 *   answer (checkAnswer). An answer that cannot be read in the problem's answer form ('abc' for a
 *   number) is UNREADABLE_ANSWER with the checker's message and records nothing: a retry, not a
 *   wrong answer. A rating sent with the answer is recorded in the same decision when the rating
 *   rules allow it for this answer, and otherwise left out (the caller says why).
 * - OpenHint after the problem was answered right in the session: CONFLICT.
 * - RateDifficulty: only for an answer recorded in an open session (NOT_FOUND otherwise), only once
 *   (CONFLICT), and only with a rating `allowedRatings` permits (VALIDATION_FAILED naming them).
 * - Any command for an ended session: CONFLICT 'This practice session has ended'.
 * - EndSession: emits PracticeSessionEnded with the session's counts (`sessionCounts`: first tries
 *   scored, retries counted as such), its time and reason (finished when the plan's queue is done,
 *   else ended). Ending an already-ended session emits nothing (so a retried End is harmless).
 *   Ending a session that never started emits PracticeSessionStarted and PracticeSessionEnded
 *   (0 problems) so the id cannot be reused.
 * - EndIdleSession (the scheduled check): an open session idle for SESSION_IDLE_MS ends as of its
 *   last activity, reason idle; anything else emits nothing (a later answer makes the check's
 *   append fail on the stream's version, so a session in use is never ended).
 *
 * State is kept small so a long history folds quickly (about 2 µs per event once warm): per open
 * session only its plan, hints and attempts; an ended session leaves only its id. At most
 * MAX_OPEN_SESSIONS sessions stay open (a closed browser tab never sends EndSession); starting one
 * more expires the oldest open session in the state (no event), after which commands for it are
 * refused as no longer open.
 */
import { unknownCommand, type Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { z } from 'zod';
import {
  answerSubmittedSchema,
  difficultyRatedSchema,
  hintOpenedSchema,
  practiceSessionEndedSchema,
  practiceSessionExtendedSchema,
  practiceSessionStartedSchema,
  type AnswerSubmittedData,
  type PracticeEvent,
} from './events.ts';
import { isSessionIdle, MAX_PLANNED_PROBLEMS, sessionCounts, sessionQueue, tallyOf, type SessionMode } from './practice-session.ts';
import { isRatingAllowed, ratingRefusal } from './rating-availability.ts';
import { checkAnswer, type CheckableProblem } from '../problems/check-answer.ts';
import type { Problem } from '../problems/problem.ts';
import { maySeeSetProblem, type QuestionSetHolders } from '../tutoring/question-sets.ts';

export const MAX_OPEN_SESSIONS = 20;

/** A session with its plan (the problems it asks, in order); without one it is a daily session with an empty plan. */
type StartSession = {
  type: 'StartSession';
  data: { userId: string; sessionId: string; mode?: SessionMode; topicId?: string | null; problemIds?: readonly string[] };
};
/** "Keep going": more problems for an open session (those already planned are left out). */
type ExtendSession = { type: 'ExtendSession'; data: { userId: string; sessionId: string; problemIds: readonly string[] } };
/** A tutor's question-set problem names who holds its set; a bank problem (null or absent) is everyone's. */
type ProblemHolders = { setHolders?: QuestionSetHolders | null };
type OpenHint = { type: 'OpenHint'; data: { userId: string; sessionId: string; problemId: string } & ProblemHolders };
/** What the decider needs to know about the problem being answered. */
export type AnsweredProblem = CheckableProblem & Pick<Problem, 'topic' | 'topic_id' | 'grade' | 'difficulty_level'> & { id: string };

export type SubmitAnswer = {
  type: 'SubmitAnswer';
  data: Pick<AnswerSubmittedData, 'attemptId' | 'sessionId' | 'userId' | 'userAnswer' | 'responseTimeMs'> & {
    problem: AnsweredProblem & ProblemHolders;
    /** True when the client reports a hint was used (the stream's HintOpened events count too). */
    hintUsed?: boolean;
    /** A difficulty rating given with the answer; recorded only when the rules allow it for the answer. */
    rating?: number | null;
  };
};
type RateDifficulty = {
  type: 'RateDifficulty';
  data: {
    userId: string;
    attemptId: string;
    /** Optional: the attempt is looked up in the open sessions when absent. */
    sessionId?: string;
    rating: number;
  };
};
/** `at`: the command's time, the session's end. */
type EndSession = { type: 'EndSession'; data: { userId: string; sessionId: string; at: string } };
/**
 * The scheduled check's: ends a session abandoned for SESSION_IDLE_MS at `now`, as of its last
 * activity (`lastActivityAt`, the time of the stream's last event about it, which the check reads).
 */
type EndIdleSession = { type: 'EndIdleSession'; data: { userId: string; sessionId: string; lastActivityAt: string; now: string } };

export type PracticeCommand = StartSession | ExtendSession | OpenHint | SubmitAnswer | RateDifficulty | EndSession | EndIdleSession;

interface AttemptFact {
  attemptId: string;
  problemId: string;
  isCorrect: boolean;
  hintUsed: boolean;
  rated: boolean;
}

interface OpenSession {
  sessionId: string;
  /** The problems planned, in order ("Keep going" adds to the end). */
  plan: readonly string[];
  /** Problems whose hint was opened in this session and not answered yet. */
  hints: readonly string[];
  /** The answers given in this session, in order. */
  attempts: readonly AttemptFact[];
}

/**
 * Arrays rather than records: copying a short array on each event is much cheaper than spreading
 * a record with computed keys, and lookups scan at most a session's answers.
 */
export interface PracticeState {
  userId: string | null;
  /** Open sessions, oldest first (at most MAX_OPEN_SESSIONS). */
  open: readonly OpenSession[];
  /** Ids of sessions that ended. */
  ended: readonly string[];
  /** Ids of sessions dropped from `open` unended (see MAX_OPEN_SESSIONS). */
  expired: readonly string[];
}

const initialPracticeState = (): PracticeState => ({ userId: null, open: [], ended: [], expired: [] });

const findOpen = (state: PracticeState, sessionId: string) => state.open.find((s) => s.sessionId === sessionId);
const findAttempt = (session: OpenSession | undefined, attemptId: string) =>
  session?.attempts.find((a) => a.attemptId === attemptId);
/** Answered in the session, and right the last time: a missed problem may be asked again until it is right. */
const answeredRight = (session: OpenSession | undefined, problemId: string) =>
  session?.attempts.findLast((a) => a.problemId === problemId)?.isCorrect ?? false;
const closedAs = (state: PracticeState, sessionId: string): 'ended' | 'expired' | null =>
  state.ended.includes(sessionId) ? 'ended' : state.expired.includes(sessionId) ? 'expired' : null;

const openSession = (sessionId: string, plan: readonly string[], hints: readonly string[], attempts: readonly AttemptFact[]): OpenSession => ({
  sessionId,
  plan,
  hints,
  attempts,
});

function replaceOpen(state: PracticeState, session: OpenSession): PracticeState {
  const open = state.open.slice();
  const index = open.findIndex((s) => s.sessionId === session.sessionId);
  if (index >= 0) open[index] = session;
  return { userId: state.userId, open, ended: state.ended, expired: state.expired };
}

function startSession(state: PracticeState, sessionId: string, userId: string, plan: readonly string[] = []): PracticeState {
  if (findOpen(state, sessionId) || closedAs(state, sessionId) !== null) return state;
  const session = openSession(sessionId, plan, [], []);
  const open = [...state.open, session];
  const overflow = open.length - MAX_OPEN_SESSIONS;
  return {
    userId: state.userId ?? userId,
    open: overflow > 0 ? open.slice(overflow) : open,
    ended: state.ended,
    expired: overflow > 0 ? [...state.expired, ...open.slice(0, overflow).map((s) => s.sessionId)] : state.expired,
  };
}

function evolvePractice(state: PracticeState, event: PracticeEvent): PracticeState {
  switch (event.type) {
    case 'PracticeSessionStarted':
      return startSession(state, event.data.sessionId, event.data.userId, event.data.problemIds);
    case 'PracticeSessionExtended': {
      const session = findOpen(state, event.data.sessionId);
      if (!session) return state;
      return replaceOpen(state, openSession(session.sessionId, [...session.plan, ...event.data.problemIds], session.hints, session.attempts));
    }
    case 'HintOpened': {
      const started = startSession(state, event.data.sessionId, event.data.userId);
      const session = findOpen(started, event.data.sessionId);
      if (!session || session.hints.includes(event.data.problemId)) return started;
      return replaceOpen(started, openSession(session.sessionId, session.plan, [...session.hints, event.data.problemId], session.attempts));
    }
    case 'AnswerSubmitted': {
      const started = startSession(state, event.data.sessionId, event.data.userId);
      const session = findOpen(started, event.data.sessionId);
      if (!session) return started;
      const { attemptId, problemId, isCorrect } = event.data;
      const attempt: AttemptFact = { attemptId, problemId, isCorrect, hintUsed: event.data.hintsUsed === 1, rated: false };
      return replaceOpen(
        started,
        openSession(
          session.sessionId,
          session.plan,
          session.hints.includes(problemId) ? session.hints.filter((p) => p !== problemId) : session.hints,
          [...session.attempts, attempt],
        ),
      );
    }
    case 'DifficultyRated': {
      const session = findOpen(state, event.data.sessionId);
      if (!session || !findAttempt(session, event.data.attemptId)) return state;
      const attempts = session.attempts.map((a) =>
        a.attemptId === event.data.attemptId
          ? { attemptId: a.attemptId, problemId: a.problemId, isCorrect: a.isCorrect, hintUsed: a.hintUsed, rated: true }
          : a,
      );
      return replaceOpen(state, openSession(session.sessionId, session.plan, session.hints, attempts));
    }
    case 'PracticeSessionEnded': {
      if (state.ended.includes(event.data.sessionId)) return state;
      return {
        userId: state.userId ?? event.data.userId,
        open: state.open.filter((s) => s.sessionId !== event.data.sessionId),
        ended: [...state.ended, event.data.sessionId],
        expired: state.expired,
      };
    }
    default:
      return state;
  }
}

const conflict = (message: string) => new DomainError('CONFLICT', message);

/** Event data checked against its schema; a failure is VALIDATION_FAILED naming the fields (never an appended bad event). */
export function validated<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'data';
    fields[key] ??= issue.message;
  }
  throw new DomainError('VALIDATION_FAILED', `Invalid ${Object.keys(fields).join(', ')}`, fields);
}

function assertOwner(state: PracticeState, userId: string): void {
  if (state.userId !== null && state.userId !== userId) {
    throw new DomainError('FORBIDDEN', 'This practice record belongs to another student');
  }
}

function assertNotClosed(state: PracticeState, sessionId: string): void {
  const closed = closedAs(state, sessionId);
  if (closed === 'ended') throw conflict('This practice session has ended');
  if (closed === 'expired') throw conflict('This practice session is no longer open; start a new session');
}

/** PracticeSessionStarted first when the session is not open yet (after the closed check): a daily session without a plan. */
function startIfNeeded(state: PracticeState, userId: string, sessionId: string): PracticeEvent[] {
  if (findOpen(state, sessionId)) return [];
  return [{ type: 'PracticeSessionStarted', data: validated(practiceSessionStartedSchema, { sessionId, userId, mode: 'daily', topicId: null, problemIds: [] }) }];
}

const tooManyProblems = () =>
  new DomainError('VALIDATION_FAILED', `A practice session holds at most ${MAX_PLANNED_PROBLEMS} problems.`, {
    problem_ids: `A practice session holds at most ${MAX_PLANNED_PROBLEMS} problems.`,
  });

/** The session's end, its counts as `sessionCounts` defines them. */
function ended(session: OpenSession | undefined, data: { userId: string; sessionId: string; endedAt: string; reason: 'finished' | 'ended' | 'idle' }): PracticeEvent {
  const attempts = session?.attempts ?? [];
  return { type: 'PracticeSessionEnded', data: validated(practiceSessionEndedSchema, { ...data, ...sessionCounts(tallyOf(attempts)) }) };
}

/** A question-set problem is practised only by the students who hold its set: anyone else is told it does not exist. */
function assertMayPractise(userId: string, problemId: string, setHolders: QuestionSetHolders | null | undefined) {
  if (setHolders && !maySeeSetProblem({ userId, role: 'student' }, setHolders)) throw new DomainError('NOT_FOUND', `Problem ${problemId} was not found.`);
}

function decidePractice(command: PracticeCommand, state: PracticeState): PracticeEvent[] {
  assertOwner(state, command.data.userId);
  switch (command.type) {
    case 'StartSession': {
      const { userId, sessionId, mode = 'daily', topicId = null, problemIds = [] } = command.data;
      assertNotClosed(state, sessionId);
      if (findOpen(state, sessionId)) return [];
      if (new Set(problemIds).size !== problemIds.length) {
        throw new DomainError('VALIDATION_FAILED', 'A problem can be planned only once in a session.', { problem_ids: 'A problem can be planned only once in a session.' });
      }
      if (problemIds.length > MAX_PLANNED_PROBLEMS) throw tooManyProblems();
      if (mode === 'topic' && topicId === null) throw new DomainError('VALIDATION_FAILED', 'A topic session names its topic.', { topic_id: 'A topic session names its topic.' });
      return [{ type: 'PracticeSessionStarted', data: validated(practiceSessionStartedSchema, { sessionId, userId, mode, topicId: mode === 'topic' ? topicId : null, problemIds: [...problemIds] }) }];
    }
    case 'ExtendSession': {
      const { userId, sessionId } = command.data;
      assertNotClosed(state, sessionId);
      const session = findOpen(state, sessionId);
      if (!session) throw new DomainError('NOT_FOUND', 'No open practice session with this id');
      const added = [...new Set(command.data.problemIds)].filter((problemId) => !session.plan.includes(problemId));
      if (added.length === 0) return [];
      if (session.plan.length + added.length > MAX_PLANNED_PROBLEMS) throw tooManyProblems();
      return [{ type: 'PracticeSessionExtended', data: validated(practiceSessionExtendedSchema, { sessionId, userId, problemIds: added }) }];
    }
    case 'OpenHint': {
      const { userId, sessionId, problemId, setHolders } = command.data;
      assertMayPractise(userId, problemId, setHolders);
      assertNotClosed(state, sessionId);
      const hint = validated(hintOpenedSchema, { sessionId, userId, problemId });
      const session = findOpen(state, sessionId);
      if (answeredRight(session, problemId)) throw conflict('This problem has already been answered in this session');
      if (session?.hints.includes(problemId)) return [];
      return [...startIfNeeded(state, userId, sessionId), { type: 'HintOpened', data: hint }];
    }
    case 'SubmitAnswer': {
      const { hintUsed, problem, rating, ...facts } = command.data;
      assertMayPractise(facts.userId, problem.id, problem.setHolders);
      assertNotClosed(state, facts.sessionId);
      const session = findOpen(state, facts.sessionId);
      const hintOpened = session?.hints.includes(problem.id) ?? false;
      if (answeredRight(session, problem.id)) {
        throw conflict('This problem has already been answered in this session');
      }
      if (state.open.some((s) => findAttempt(s, facts.attemptId))) {
        throw conflict('An answer with this attempt id has already been recorded');
      }
      const check = checkAnswer(problem, facts.userAnswer);
      if (check.unreadable) throw new DomainError('UNREADABLE_ANSWER', check.message ?? 'Please check your answer and try again.');
      const answer = validated(answerSubmittedSchema, {
        attemptId: facts.attemptId,
        sessionId: facts.sessionId,
        userId: facts.userId,
        problemId: problem.id,
        topic: problem.topic,
        topicId: problem.topic_id,
        grade: problem.grade,
        difficultyLevel: problem.difficulty_level,
        userAnswer: facts.userAnswer,
        isCorrect: check.correct,
        responseTimeMs: facts.responseTimeMs,
        hintsUsed: hintUsed === true || hintOpened ? 1 : 0,
        ...(check.message ? { feedback: check.message } : {}),
      });
      const events: PracticeEvent[] = [...startIfNeeded(state, answer.userId, answer.sessionId), { type: 'AnswerSubmitted', data: answer }];
      const rated = { isCorrect: answer.isCorrect, hintUsed: answer.hintsUsed === 1 };
      if (rating === undefined || rating === null || !isRatingAllowed(rated, rating)) return events;
      const difficulty = validated(difficultyRatedSchema, {
        attemptId: answer.attemptId,
        sessionId: answer.sessionId,
        userId: answer.userId,
        problemId: answer.problemId,
        rating,
      });
      return [...events, { type: 'DifficultyRated', data: difficulty }];
    }
    case 'RateDifficulty': {
      const { userId, attemptId, rating } = command.data;
      if (command.data.sessionId !== undefined) assertNotClosed(state, command.data.sessionId);
      if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
        throw new DomainError('VALIDATION_FAILED', 'Rating must be a whole number from 1 to 5', {
          rating: 'Rating must be a whole number from 1 to 5',
        });
      }
      const session =
        command.data.sessionId !== undefined
          ? findOpen(state, command.data.sessionId)
          : state.open.find((s) => findAttempt(s, attemptId));
      const attempt = findAttempt(session, attemptId);
      if (!session || !attempt) throw new DomainError('NOT_FOUND', 'No answer found for this attempt in an open session');
      if (attempt.rated) throw conflict('This answer has already been rated');
      const answer = { isCorrect: attempt.isCorrect, hintUsed: attempt.hintUsed };
      const refusal = ratingRefusal(answer, rating);
      if (refusal !== null) throw new DomainError('VALIDATION_FAILED', refusal, { rating: refusal });
      return [
        {
          type: 'DifficultyRated',
          data: validated(difficultyRatedSchema, {
            attemptId,
            sessionId: session.sessionId,
            userId,
            problemId: attempt.problemId,
            rating,
          }),
        },
      ];
    }
    case 'EndSession': {
      const { userId, sessionId, at } = command.data;
      const closed = closedAs(state, sessionId);
      if (closed === 'ended') return [];
      if (closed === 'expired') throw conflict('This practice session is no longer open; start a new session');
      const session = findOpen(state, sessionId);
      const queue = session && session.plan.length > 0 ? sessionQueue(session.plan, session.attempts) : null;
      const reason = queue && queue.next >= queue.items.length ? 'finished' : 'ended';
      return [...startIfNeeded(state, userId, sessionId), ended(session, { userId, sessionId, endedAt: at, reason })];
    }
    case 'EndIdleSession': {
      const { userId, sessionId, lastActivityAt, now } = command.data;
      const session = findOpen(state, sessionId);
      if (!session || !isSessionIdle(lastActivityAt, new Date(now))) return [];
      return [ended(session, { userId, sessionId, endedAt: lastActivityAt, reason: 'idle' })];
    }
    default:
      return unknownCommand(command, 'practice');
  }
}

export const practiceDecider: Decider<PracticeState, PracticeCommand, PracticeEvent> = {
  initialState: initialPracticeState,
  evolve: evolvePractice,
  decide: decidePractice,
};
