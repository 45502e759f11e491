import type { FigureData } from '../../components/problem-figure.tsx';
import { api, currentMinPosition } from '../../api/client.ts';
import type { DifficultyRating } from '@mathdaily/domain/learning/rating-availability';
import type {
  AnswerResult as AnswerData,
  CurrentSessionResponse,
  DueProblemsResponse,
  OpenHintResponse,
  OpenSessionView,
  PracticeProblem,
  SubmitAnswerResponse,
} from '@mathdaily/domain/api/learning';

/**
 * The practice-loop calls of the Learn screen (SPEC §7 Learning). The answers' shapes are the
 * APIs' response schemas (@mathdaily/domain/api/learning); this module turns them into what the
 * Learn store works with.
 */

/** SPEC §3 "Due problem" as the Learn store keeps it: the problem, and the student's progress on it with its date parsed. */
export interface DueProblem extends Pick<PracticeProblem, 'id' | 'topic' | 'question' | 'problem_type' | 'answer_options' | 'has_hint' | 'difficulty_level' | 'estimated_time_seconds'> {
  /** The queue holds the hint back: opening it (POST /hints) records it and answers with the text. */
  hint?: string | null;
  /** A review of a problem answered before, or a new problem. */
  kind: 'review' | 'new' | null;
  /** A new problem from a question set the student's tutor assigned. */
  assigned?: boolean;
  progress: { next_review_at: Date | null; consecutive_correct: number } | null;
  /** Set on a missed problem asked again later in the session (not scored a second time). */
  retry?: boolean;
  /** A drawing of the problem with its text alternative (shapes, angles, clocks). */
  figure?: FigureData | null;
}

/** A problem as the due queue or the session to continue sends it. */
type WireProblem = DueProblemsResponse['data']['problems'][number] | OpenSessionView['problems'][number];

/**
 * What submit-answer returns that the page uses. (It also sends `allowed_ratings` and `rating_note`:
 * the page applies the domain's rating rule to `is_correct` and `hints_used` itself, `ratingChoices`.)
 */
export type AnswerResult = Pick<AnswerData, 'attempt_id' | 'is_correct' | 'hints_used' | 'correct_answer' | 'explanation' | 'message'>;

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

export function toOpenSession(raw: OpenSessionView): OpenSession {
  const shown = new Map(raw.problems.map((problem) => [problem.id, problem]));
  return {
    sessionId: raw.session_id,
    mode: raw.mode,
    topicId: raw.topic_id,
    plan: raw.plan,
    startedAt: Date.parse(raw.started_at),
    problems: raw.problems.map(toDueProblem),
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

/** SPEC §3: next_review_at is converted to a date. */
export function toDueProblem(raw: WireProblem): DueProblem {
  const nextReview = raw.progress.next_review_at ? new Date(raw.progress.next_review_at) : null;
  return {
    id: raw.id,
    topic: raw.topic,
    question: raw.question,
    problem_type: raw.problem_type,
    answer_options: raw.answer_options,
    hint: raw.hint,
    has_hint: raw.has_hint,
    kind: raw.kind,
    assigned: raw.assigned,
    difficulty_level: raw.difficulty_level,
    estimated_time_seconds: raw.estimated_time_seconds,
    figure: raw.figure,
    progress: {
      next_review_at: nextReview && !Number.isNaN(nextReview.getTime()) ? nextReview : null,
      consecutive_correct: raw.progress.consecutive_correct,
    },
  };
}

async function fetchDueProblems(userId: string, limit: number, topicId: string | null = null): Promise<DueProblem[]> {
  const topic = topicId ? `&topic=${encodeURIComponent(topicId)}` : '';
  const body = await api.get<DueProblemsResponse>(`/api/learning/due-problems/${encodeURIComponent(userId)}?limit=${limit}${topic}`);
  return body.data.problems.map(toDueProblem);
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
    const body = await api.get<CurrentSessionResponse>(`/api/learning/sessions/current/${encodeURIComponent(userId)}`);
    return body.data.session ? toOpenSession(body.data.session) : null;
  },
  async startSession(sessionId, plan) {
    await api.post('/api/learning/sessions', { session_id: sessionId, mode: plan.mode, topic_id: plan.topicId, problem_ids: plan.problemIds });
  },
  async endSession(sessionId) {
    await api.post(`/api/learning/sessions/${encodeURIComponent(sessionId)}/end`);
  },
  async openHint(sessionId, problemId) {
    const body = await api.post<OpenHintResponse>('/api/learning/hints', { session_id: sessionId, problem_id: problemId });
    return body.data.hint;
  },
  async submitAnswer(input, idempotencyKey) {
    const body = await api.post<SubmitAnswerResponse>('/api/learning/submit-answer', input, { idempotencyKey });
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
