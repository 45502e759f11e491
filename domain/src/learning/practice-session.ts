/**
 * What one practice session is, in one place (docs/learning-model.md §9): how its answers are
 * counted, the order in which its problems are asked (a missed problem comes back once, two
 * problems later), when it is idle, and how a problem asked again shows its options. The practice
 * decider, the read models (practice-sessions, practice-days, tutor-activity), the queries and the
 * Learn page all use these functions, so the summary, the tutor's feed, progress, the admin figures
 * and PracticeSessionEnded can never count a session differently.
 */
import { seededHash } from './select-problems.ts';

/** A missed problem is asked again after this many other problems (or at the end of a shorter queue). */
export const RETRY_AFTER = 2;
/** A session with nothing happening for this long has been abandoned: the scheduled check ends it. */
export const SESSION_IDLE_MS = 30 * 60_000;
/** Most problems a session's plan may hold, "Keep going" included (SPEC §9: a session holds up to 20). */
export const MAX_PLANNED_PROBLEMS = 20;

/** How a session came about: the daily mix, one topic chosen by the student, or the missed problems of a session. */
export const sessionModes = ['daily', 'topic', 'again'] as const;
export type SessionMode = (typeof sessionModes)[number];

/** One problem's answers in a session: the first is scored, later ones are retries. */
interface TalliedProblem {
  problemId: string;
  firstCorrect: boolean;
  lastCorrect: boolean;
  answers: number;
}

/** The answers of a session so far, per problem in the order first answered. */
export type SessionTally = readonly TalliedProblem[];

/**
 * A session's counts. A problem counts once, by its first answer; answering a missed problem
 * again is a retry, shown as such and never scored a second time.
 */
export interface SessionCounts {
  /** Problems answered (first tries). SPEC's "Problems Completed". */
  problemsCompleted: number;
  /** Problems right at the first try. SPEC's "Correct"; accuracy is this over problemsCompleted. */
  correctAnswers: number;
  /** Answers after a problem's first (a missed problem tried again). */
  retries: number;
  /** Problems missed at first and then answered right on a retry. */
  correctOnRetry: number;
}

const emptySessionCounts = (): SessionCounts => ({ problemsCompleted: 0, correctAnswers: 0, retries: 0, correctOnRetry: 0 });

/** True when the answer is the problem's first in the session (anything else is a retry). */
export const isFirstTry = (tally: SessionTally, problemId: string): boolean => !tally.some((p) => p.problemId === problemId);

export function tallyAnswer(tally: SessionTally, answer: { problemId: string; isCorrect: boolean }): SessionTally {
  const index = tally.findIndex((p) => p.problemId === answer.problemId);
  if (index < 0) return [...tally, { problemId: answer.problemId, firstCorrect: answer.isCorrect, lastCorrect: answer.isCorrect, answers: 1 }];
  const next = tally.slice();
  const current = tally[index]!;
  next[index] = { ...current, lastCorrect: answer.isCorrect, answers: current.answers + 1 };
  return next;
}

export function sessionCounts(tally: SessionTally): SessionCounts {
  const counts = emptySessionCounts();
  for (const problem of tally) {
    counts.problemsCompleted += 1;
    if (problem.firstCorrect) counts.correctAnswers += 1;
    counts.retries += problem.answers - 1;
    if (!problem.firstCorrect && problem.lastCorrect) counts.correctOnRetry += 1;
  }
  return counts;
}

export const tallyOf = (answers: readonly { problemId: string; isCorrect: boolean }[]): SessionTally => answers.reduce(tallyAnswer, [] as SessionTally);

/** One place in a session's queue: a planned problem, or a missed one asked again. */
interface QueueItem {
  problemId: string;
  retry: boolean;
}

export interface SessionQueue {
  /** Every problem the session asks, in order, the retries where they fall. */
  items: QueueItem[];
  /** Index in `items` of the problem to answer next (`items.length` when the session is done). */
  next: number;
}

/**
 * The order a session asks its problems in, from its plan and the answers given so far: the plan
 * in order; a problem missed at its first try comes back once, RETRY_AFTER problems later (or at
 * the end of a shorter queue); a retry missed again does not come back in this session (the due
 * queue offers it again once its FSRS step has passed). An answer to a problem that is not where
 * the queue expected it (another tab, an older client) is taken where it was given. The Learn page
 * and the resume query compute the same queue, so a reload continues at the same problem.
 */
export function sessionQueue(plan: readonly string[], answers: readonly { problemId: string; isCorrect: boolean }[]): SessionQueue {
  const items: QueueItem[] = plan.map((problemId) => ({ problemId, retry: false }));
  const answered = new Set<string>();
  let next = 0;
  for (const answer of answers) {
    const retry = answered.has(answer.problemId);
    const at = items.findIndex((item, i) => i >= next && item.problemId === answer.problemId && item.retry === retry);
    if (at < 0) items.splice(next, 0, { problemId: answer.problemId, retry });
    else if (at > next) items.splice(next, 0, ...items.splice(at, 1));
    next += 1;
    answered.add(answer.problemId);
    if (!retry && !answer.isCorrect) items.splice(Math.min(next + RETRY_AFTER, items.length), 0, { problemId: answer.problemId, retry: true });
  }
  return { items, next };
}

/**
 * The options of a multiple-choice problem asked again: in another order than the first time
 * (seeded, so a reload shows the same order), so the child reads them again rather than clicking
 * the same place.
 */
export function retryOptionOrder<T>(options: readonly T[], seed: string): T[] {
  if (options.length < 2) return options.slice();
  const order = options.map((option, index) => ({ option, index, key: seededHash(seed, String(index)) })).sort((a, b) => a.key - b.key || a.index - b.index);
  if (order.every((entry, index) => entry.index === index)) order.push(order.shift()!);
  return order.map((entry) => entry.option);
}

/** Whether an open session whose last activity was at `lastActivityAt` is abandoned at `now`. */
export const isSessionIdle = (lastActivityAt: Date | string, now: Date): boolean => now.getTime() - new Date(lastActivityAt).getTime() >= SESSION_IDLE_MS;
