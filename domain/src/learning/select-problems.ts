/**
 * Choosing what a practice session contains. Pure and deterministic: ties are broken by a hash of
 * (seed, problemId), never by Math.random.
 */

/** Success probability new problems aim at. */
export const TARGET_SUCCESS = 0.75;
/** The landing page's daily outline: 3-4 reviews then 1-2 new problems. */
export const DAILY_SESSION_SIZE = 6;
export const MIN_NEW_PER_SESSION = 2;
/** SPEC §9: a session never holds more than 20 problems. */
export const MAX_SESSION_SIZE = 20;

export interface NewProblemCandidate {
  problemId: string;
  /** Predicted probability of a correct answer (ability model). */
  p: number;
  /** Grade of the problem, when the caller wants it filtered to the student's grade. */
  grade?: number;
  topicId?: string;
}

/** FNV-1a 32-bit hash of the seed and a string, for seeded, stable tie-breaks. */
export function seededHash(seed: number | string, value: string): number {
  let hash = 0x811c9dc5;
  const text = `${seed}\u0000${value}`;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * New problems closest to the target success probability (|p − target| ascending), restricted to
 * `grade` when given (candidates without a grade are kept), excluding `exclude` (already attempted,
 * already in the session). Ties (equal distance to 1e-9) are broken by seededHash(seed, problemId),
 * then by problemId, so the same inputs always give the same order. Candidates with a probability
 * that is not a number are ignored.
 */
export function selectNewProblems<C extends NewProblemCandidate>(
  candidates: readonly C[],
  options: { count: number; seed: number | string; target?: number; grade?: number; exclude?: Iterable<string> },
): C[] {
  const target = options.target ?? TARGET_SUCCESS;
  const exclude = new Set(options.exclude ?? []);
  const count = Math.max(0, Math.floor(options.count));
  const seen = new Set<string>();
  const eligible = candidates.filter((c) => {
    if (!Number.isFinite(c.p) || exclude.has(c.problemId) || seen.has(c.problemId)) return false;
    if (options.grade !== undefined && c.grade !== undefined && c.grade !== options.grade) return false;
    seen.add(c.problemId);
    return true;
  });
  return eligible
    .map((candidate) => ({
      candidate,
      distance: Math.abs(candidate.p - target),
      tie: seededHash(options.seed, candidate.problemId),
    }))
    .sort(
      (a, b) =>
        (Math.abs(a.distance - b.distance) > 1e-9 ? a.distance - b.distance : 0) ||
        a.tie - b.tie ||
        (a.candidate.problemId < b.candidate.problemId ? -1 : a.candidate.problemId > b.candidate.problemId ? 1 : 0),
    )
    .slice(0, count)
    .map((entry) => entry.candidate);
}

export type SessionItem<R, N> = { kind: 'review'; problem: R } | { kind: 'new'; problem: N };

/**
 * The session's problems, reviews first:
 *
 *   L = min(limit, 20)                    (limit defaults to DAILY_SESSION_SIZE = 6)
 *   newSlots = min(2, new available, L)   (new problems are guaranteed at least 2 places)
 *   reviews  = min(due available, L − newSlots)       most overdue first (order of `dueReviews`)
 *   new      = min(new available, L − reviews)        in the order given (selectNewProblems)
 *
 * With the default size this is the landing outline: 4 reviews + 2 new when 4 or more are due,
 * 3 + 3 when 3 are due, fewer reviews padded with new problems, 6 new ones for a new student;
 * with limit 20, up to 18 reviews + 2 new. A problem present in both lists is only taken as a review.
 */
export function composeSession<R extends { problemId: string }, N extends { problemId: string }>(input: {
  dueReviews: readonly R[];
  newProblems: readonly N[];
  limit?: number;
}): Array<SessionItem<R, N>> {
  const limit = Math.max(0, Math.min(MAX_SESSION_SIZE, Math.floor(input.limit ?? DAILY_SESSION_SIZE)));
  const reviews: R[] = [];
  const reviewIds = new Set<string>();
  for (const review of input.dueReviews) {
    if (!reviewIds.has(review.problemId)) {
      reviewIds.add(review.problemId);
      reviews.push(review);
    }
  }
  const fresh: N[] = [];
  const freshIds = new Set<string>();
  for (const problem of input.newProblems) {
    if (!reviewIds.has(problem.problemId) && !freshIds.has(problem.problemId)) {
      freshIds.add(problem.problemId);
      fresh.push(problem);
    }
  }
  const newSlots = Math.min(MIN_NEW_PER_SESSION, fresh.length, limit);
  const reviewCount = Math.min(reviews.length, limit - newSlots);
  const newCount = Math.min(fresh.length, limit - reviewCount);
  return [
    ...reviews.slice(0, reviewCount).map((problem): SessionItem<R, N> => ({ kind: 'review', problem })),
    ...fresh.slice(0, newCount).map((problem): SessionItem<R, N> => ({ kind: 'new', problem })),
  ];
}
