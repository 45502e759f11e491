import type { FigureData } from '../../components/problem-figure.tsx';
import { api, currentMinPosition } from '../../api/client.ts';
import type { DifficultyRating } from '@mathdaily/domain/learning/rating-availability';

/**
 * The practice-loop calls of the Learn screen (SPEC §7 Learning), in the shapes the command and
 * query APIs answer with (command-api/src/learning/*, query-api/src/learning/*).
 */

/** SPEC §3 "Due problem": a problem plus the student's progress on it (null for a new problem). */
export interface DueProblem {
  id: string;
  topic: string;
  question: string;
  problem_type: string;
  answer_options: string[] | null;
  /** The queue holds the hint back: opening it (POST /hints) records it and answers with the text. */
  hint?: string | null;
  has_hint: boolean;
  /** A review of a problem answered before, or a new problem. */
  kind: 'review' | 'new' | null;
  /** A new problem from a question set the student's tutor assigned. */
  assigned?: boolean;
  difficulty_level: number;
  estimated_time_seconds: number;
  progress: { next_review_at: Date | null; consecutive_correct: number } | null;
  /** Set on a missed problem asked again later in the session (not scored a second time). */
  retry?: boolean;
  /** A drawing of the problem with its text alternative (shapes, angles, clocks). */
  figure?: FigureData | null;
}

interface RawDueProblem extends Omit<DueProblem, 'id' | 'progress' | 'has_hint' | 'kind'> {
  id?: string;
  problem_id?: string;
  has_hint?: boolean;
  kind?: string;
  progress?: { next_review_at?: string | null; consecutive_correct?: number | null } | null;
}

/**
 * What submit-answer returns that the page uses. (It also sends `allowed_ratings` and `rating_note`:
 * the page applies the domain's rating rule to `is_correct` and `hints_used` itself, `ratingChoices`.)
 */
export interface AnswerResult {
  attempt_id: string;
  is_correct: boolean;
  /** 1 when the answer was recorded as given after a hint (this tab's or one opened in the session before). */
  hints_used: 0 | 1;
  correct_answer: string;
  explanation: string;
  /** Extra words from the answer checker, e.g. 'Write the fraction in its simplest form'. */
  message?: string;
}

export interface SubmitAnswerInput {
  problem_id: string;
  user_answer: string;
  response_time_ms: number;
  session_id: string;
  hints_used: 0 | 1;
}

/** How a session came about (PracticeSessionStarted's mode): the daily mix, one topic chosen, or the problems missed in a session. */
export type SessionMode = 'daily' | 'topic' | 'again';

/** One answer of a session, as the summary's review and the header's streak need it. */
export interface SessionAnswer {
  problemId: string;
  userAnswer: string;
  isCorrect: boolean;
  /** A missed problem answered again (not scored a second time). */
  retry: boolean;
  correctAnswer: string | null;
  explanation: string | null;
  responseTimeMs: number;
}

/** GET /api/learning/sessions/current: the open session of the student's day, to continue. */
export interface OpenSession {
  sessionId: string;
  mode: string;
  /** The topic of a focused session (mode 'topic'), else null. */
  topicId: string | null;
  /** The planned problems in order (sessionQueue places the retries). */
  plan: string[];
  startedAt: number;
  problems: DueProblem[];
  answers: SessionAnswer[];
  counts: { problems_completed: number; correct_answers: number; retries: number; correct_on_retry: number };
}

interface RawOpenSession {
  session_id: string;
  mode: string;
  topic_id: string | null;
  plan: string[];
  started_at: string;
  problems: (RawDueProblem & { correct_answer?: string | null; explanation?: string | null })[];
  answers: { problem_id: string; user_answer: string; is_correct: boolean; first_try: boolean; response_time_ms: number }[];
  counts: OpenSession['counts'];
}

export function toOpenSession(raw: RawOpenSession): OpenSession {
  const shown = new Map(raw.problems.map((problem) => [problem.problem_id ?? problem.id ?? '', problem]));
  return {
    sessionId: raw.session_id,
    mode: raw.mode,
    topicId: raw.topic_id,
    plan: raw.plan,
    startedAt: Date.parse(raw.started_at),
    problems: raw.problems.map(toDueProblem).filter((problem) => problem.id !== ''),
    answers: raw.answers.map((answer) => ({
      problemId: answer.problem_id,
      userAnswer: answer.user_answer,
      isCorrect: answer.is_correct,
      retry: !answer.first_try,
      correctAnswer: shown.get(answer.problem_id)?.correct_answer ?? null,
      explanation: shown.get(answer.problem_id)?.explanation ?? null,
      responseTimeMs: answer.response_time_ms,
    })),
    counts: raw.counts,
  };
}

/** What the Learn store needs from the server; the page passes `learnApi`, tests a fake. */
export interface LearnApi {
  /** The due queue, or with `topicId` the queue of that one topic (practice by choice). */
  dueProblems(userId: string, limit: number, topicId?: string | null): Promise<DueProblem[]>;
  /** The session to continue (a reload, another tab or device), or null. */
  currentSession(userId: string): Promise<OpenSession | null>;
  /** Records the session and its plan, so that it can be continued anywhere. */
  startSession(sessionId: string, plan: { mode: SessionMode; topicId: string | null; problemIds: string[] }): Promise<void>;
  endSession(sessionId: string): Promise<void>;
  openHint(sessionId: string, problemId: string): Promise<string | null>;
  /** `idempotencyKey` is the same when the same answer is sent again after a failure (flaky Wi-Fi). */
  submitAnswer(input: SubmitAnswerInput, idempotencyKey: string): Promise<AnswerResult>;
  rateDifficulty(attemptId: string, rating: DifficultyRating, sessionId: string): Promise<void>;
}

/** SPEC §3: next_review_at is converted to a date; the id may come as `problem_id` or `id`. */
export function toDueProblem(raw: RawDueProblem): DueProblem {
  const nextReview = raw.progress?.next_review_at ? new Date(raw.progress.next_review_at) : null;
  return {
    id: raw.problem_id ?? raw.id ?? '',
    topic: raw.topic,
    question: raw.question,
    problem_type: raw.problem_type,
    answer_options: raw.answer_options ?? null,
    hint: raw.hint ?? null,
    has_hint: raw.has_hint ?? Boolean(raw.hint),
    kind: raw.kind === 'review' || raw.kind === 'new' ? raw.kind : null,
    assigned: raw.assigned === true,
    difficulty_level: raw.difficulty_level,
    estimated_time_seconds: raw.estimated_time_seconds,
    figure: raw.figure ?? null,
    progress: raw.progress
      ? {
          next_review_at: nextReview && !Number.isNaN(nextReview.getTime()) ? nextReview : null,
          consecutive_correct: raw.progress.consecutive_correct ?? 0,
        }
      : null,
  };
}

async function fetchDueProblems(userId: string, limit: number, topicId: string | null = null): Promise<DueProblem[]> {
  const topic = topicId ? `&topic=${encodeURIComponent(topicId)}` : '';
  const body = await api.get<{ data: { problems: RawDueProblem[] } }>(
    `/api/learning/due-problems/${encodeURIComponent(userId)}?limit=${limit}${topic}`,
  );
  return body.data.problems.map(toDueProblem).filter((problem) => problem.id !== '');
}

/** Due problems asked for when Start Practice was clicked, before the Learn page had rendered. */
let headStart: { userId: string; limit: number; at: number; position: bigint; problems: Promise<DueProblem[]> } | null = null;
const HEAD_START_MS = 5_000;

/**
 * Starts loading the due problems now, for the Learn page about to open. Its first load takes
 * them if they are for the same student and limit, at most 5 s old, and no command has been sent
 * since (which could change what is due); otherwise it asks again.
 */
export function startDueProblemsEarly(userId: string, limit: number) {
  const problems = fetchDueProblems(userId, limit);
  // A failure is the Learn page's to report, when it takes the answer.
  problems.catch(() => {});
  headStart = { userId, limit, at: Date.now(), position: currentMinPosition(), problems };
}

export const learnApi: LearnApi = {
  dueProblems(userId, limit, topicId) {
    if (topicId) return fetchDueProblems(userId, limit, topicId);
    const early = headStart;
    headStart = null;
    const fresh =
      early?.userId === userId && early.limit === limit && Date.now() - early.at < HEAD_START_MS && early.position === currentMinPosition();
    return fresh ? early.problems : fetchDueProblems(userId, limit);
  },
  async currentSession(userId) {
    const body = await api.get<{ data: { session: RawOpenSession | null } }>(`/api/learning/sessions/current/${encodeURIComponent(userId)}`);
    return body.data.session ? toOpenSession(body.data.session) : null;
  },
  async startSession(sessionId, plan) {
    await api.post('/api/learning/sessions', { session_id: sessionId, mode: plan.mode, topic_id: plan.topicId, problem_ids: plan.problemIds });
  },
  async endSession(sessionId) {
    await api.post(`/api/learning/sessions/${encodeURIComponent(sessionId)}/end`);
  },
  async openHint(sessionId, problemId) {
    const body = await api.post<{ data: { hint?: string | null } }>('/api/learning/hints', { session_id: sessionId, problem_id: problemId });
    return body.data.hint ?? null;
  },
  async submitAnswer(input, idempotencyKey) {
    const body = await api.post<{ data: AnswerResult }>('/api/learning/submit-answer', input, { idempotencyKey });
    return body.data;
  },
  async rateDifficulty(attemptId, rating, sessionId) {
    await api.post('/api/learning/rate-difficulty', { attempt_id: attemptId, rating, session_id: sessionId });
  },
};

/** A random session id per session screen (SPEC §3); crypto.randomUUID needs a secure context. */
export function newSessionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
