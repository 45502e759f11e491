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
 * How much closer to the target a second (third…) problem of a topic must be than the best
 * problem of a topic not chosen yet: a session should not be six problems of one topic just
 * because that topic sits a little nearer 75 % (a wrong answer lowers a topic's ability, which can
 * put all its problems nearest the target at once).
 */
export const TOPIC_REPEAT_PENALTY = 0.1;

/**
 * New problems closest to the target success probability, restricted to `grade` when given
 * (candidates without a grade are kept), excluding `exclude` (already attempted, already in the
 * session). Chosen one at a time by |p − target| + TOPIC_REPEAT_PENALTY × (problems of the same
 * topic already chosen); candidates without a topic never pay the penalty. Ties (to 1e-9) are
 * broken by seededHash(seed, problemId), then by problemId, so the same inputs always give the same
 * list. Candidates with a probability that is not a number are ignored.
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
  const ranked = eligible
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
    );

  // One queue per topic in ranked order (a candidate without a topic is a queue of its own); each
  // step takes the head with the lowest penalised distance, the better-ranked head on a tie.
  interface Queue {
    ranks: number[];
    next: number;
    chosen: number;
  }
  const queues = new Map<string, Queue>();
  ranked.forEach((entry, rank) => {
    const key = entry.candidate.topicId === undefined ? `problem:${rank}` : `topic:${entry.candidate.topicId}`;
    const queue = queues.get(key) ?? { ranks: [], next: 0, chosen: 0 };
    queue.ranks.push(rank);
    queues.set(key, queue);
  });
  const chosen: C[] = [];
  while (chosen.length < count) {
    let best: { queue: Queue; score: number; rank: number } | null = null;
    for (const queue of queues.values()) {
      const rank = queue.ranks[queue.next];
      if (rank === undefined) continue;
      const score = ranked[rank]!.distance + TOPIC_REPEAT_PENALTY * queue.chosen;
      if (!best || score < best.score - 1e-9 || (Math.abs(score - best.score) <= 1e-9 && rank < best.rank)) {
        best = { queue, score, rank };
      }
    }
    if (!best) break;
    chosen.push(ranked[best.rank]!.candidate);
    best.queue.next += 1;
    best.queue.chosen += 1;
  }
  return chosen;
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
 * `assigned` problems (a tutor's question sets given to the learner, not attempted yet) are new
 * problems that come before the generated ones: they take the new places first.
 */
export function composeSession<R extends { problemId: string }, N extends { problemId: string }>(input: {
  dueReviews: readonly R[];
  newProblems: readonly N[];
  assigned?: readonly N[];
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
  for (const problem of [...(input.assigned ?? []), ...input.newProblems]) {
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
