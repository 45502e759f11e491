/**
 * Which difficulty ratings a student may give after an answer (DESIGN §6, SPEC §5).
 *
 *   correct, no hint   → 1-5
 *   correct, with hint → 3-5   'Since you used a hint, ratings 1-2 are not available'
 *   incorrect, no hint → 4-5   'Since you got it wrong, ratings 1-3 are not available'
 *   incorrect and hint → 4-5   'Since you used a hint and got it wrong, ratings 1-3 are not available'
 *
 * SPEC §5 reads two ways for hint plus incorrect (its filter allows 3-5 although its note says
 * 1-3 are unavailable); DESIGN §6 settles it: incorrect allows 4-5 with or without a hint, so the
 * note names exactly the ratings removed.
 */

export type DifficultyRating = 1 | 2 | 3 | 4 | 5;

export const DIFFICULTY_RATINGS: readonly DifficultyRating[] = [1, 2, 3, 4, 5];

/** Labels of the rating step after feedback (SPEC §2 Learn). */
export const RATING_STEP_LABELS: Readonly<Record<DifficultyRating, string>> = {
  1: 'Too Easy',
  2: 'Easy',
  3: 'Just Right',
  4: 'Hard',
  5: 'Too Hard',
};

/** Labels of the problem card widget (SPEC §2 Problem card, §9). */
export const DIFFICULTY_CARD_LABELS: Readonly<Record<DifficultyRating, string>> = {
  1: 'Very Easy',
  2: 'Easy',
  3: 'Medium',
  4: 'Hard',
  5: 'Very Hard',
};

export interface AnswerFacts {
  isCorrect: boolean;
  hintUsed: boolean;
}

export function allowedRatings({ isCorrect, hintUsed }: AnswerFacts): DifficultyRating[] {
  if (!isCorrect) return [4, 5];
  if (hintUsed) return [3, 4, 5];
  return [1, 2, 3, 4, 5];
}

export function isRatingAllowed(answer: AnswerFacts, rating: number): boolean {
  return allowedRatings(answer).some((allowed) => allowed === rating);
}

/** The note shown above the rating options, or null when every rating is available. */
export function ratingNote({ isCorrect, hintUsed }: AnswerFacts): string | null {
  if (!isCorrect && hintUsed) return 'Since you used a hint and got it wrong, ratings 1-3 are not available';
  if (!isCorrect) return 'Since you got it wrong, ratings 1-3 are not available';
  if (hintUsed) return 'Since you used a hint, ratings 1-2 are not available';
  return null;
}

/** 'ratings 3, 4 or 5' style list of what is allowed, for error messages. */
export function describeAllowedRatings(answer: AnswerFacts): string {
  const allowed = allowedRatings(answer);
  if (allowed.length === 1) return `rating ${allowed[0]}`;
  return `ratings ${allowed.slice(0, -1).join(', ')} or ${allowed[allowed.length - 1]}`;
}

/**
 * Why `rating` cannot be given for this answer, naming what can ('Rating 2 is not available for
 * this answer: choose ratings 4 or 5 (Since you got it wrong, ratings 1-3 are not available)'), or
 * null when it is allowed: the refusal of RateDifficulty and submit-answer's `rating_ignored`.
 */
export function ratingRefusal(answer: AnswerFacts, rating: number): string | null {
  if (isRatingAllowed(answer, rating)) return null;
  const note = ratingNote(answer);
  return `Rating ${rating} is not available for this answer: choose ${describeAllowedRatings(answer)}${note ? ` (${note})` : ''}`;
}
