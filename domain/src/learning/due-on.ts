/**
 * "Is it due today": the one rule of when a review is due on a learner's calendar day. The due
 * queue (`dueReviews`, compose-due-queue.ts) and the projection's review facts (`countsAsReview`,
 * review-states) call it; the progress figures count with its SQL form (`dueToday`,
 * query-api/src/learning/learning-figures.ts), which a test checks against it on real PostgreSQL.
 */
import type { LearnerDay } from './progress.ts';
import type { CardState } from './review-schedule.ts';

/** What the due rule reads of a review state: times as epoch milliseconds. */
export interface DueFacts {
  /** FSRS due time. */
  dueMs: number;
  /** The last answer's time (null: never reviewed). */
  lastReviewMs: number | null;
  /** The FSRS card state. */
  cardState: string;
}

/** FSRS states of a card in a learning step of minutes (a miss, docs/learning-model.md §3). */
export const LEARNING_STEP_STATES: readonly CardState[] = ['Learning', 'Relearning'];
const inLearningStep = new Set<string>(LEARNING_STEP_STATES);

/** Reviewed before the day began (never reviewed counts as not). */
const reviewedBefore = (review: DueFacts, day: LearnerDay) => review.lastReviewMs !== null && review.lastReviewMs < day.startOfToday;

/**
 * Due on the learner's day `day` at instant `atMs` (epoch ms): FSRS due before the day ends, and
 * not already reviewed that day — except a problem missed that day, in its FSRS learning step: it
 * is due again once the step has passed (due at or before `atMs`). Day granularity (as other
 * spaced-repetition apps): a review due at 3 pm is due in the morning; a problem answered right a
 * moment ago is not due again the same day (docs/practice-loop.md, "The due queue").
 */
export function isDueOn(review: DueFacts, day: LearnerDay, atMs: number): boolean {
  return review.dueMs < day.startOfTomorrow && (reviewedBefore(review, day) || (inLearningStep.has(review.cardState) && review.dueMs <= atMs));
}

/**
 * An answer at `atMs` to a problem in this review state is a review (achievements' Review
 * Champion, attempts.was_review): the problem was due on the day (`isDueOn`) and was not
 * reviewed earlier that day. A problem missed earlier the same day and asked again once its
 * learning step passed is due again, but that answer counts as practice, not as a review
 * (docs/learning-model.md §3).
 */
export function countsAsReview(review: DueFacts, day: LearnerDay, atMs: number): boolean {
  return isDueOn(review, day, atMs) && reviewedBefore(review, day);
}
