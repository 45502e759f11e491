import { describe, expect, it } from 'vitest';
import {
  allowedRatings,
  DIFFICULTY_CARD_LABELS,
  describeAllowedRatings,
  isRatingAllowed,
  RATING_STEP_LABELS,
  ratingNote,
  ratingRefusal,
} from './rating-availability.ts';

describe('rating availability', () => {
  it.each([
    [true, false, [1, 2, 3, 4, 5], null],
    [true, true, [3, 4, 5], 'Since you used a hint, ratings 1-2 are not available'],
    [false, false, [4, 5], 'Since you got it wrong, ratings 1-3 are not available'],
    [false, true, [4, 5], 'Since you used a hint and got it wrong, ratings 1-3 are not available'],
  ])('correct=%s hint=%s allows %j with note %s', (isCorrect, hintUsed, allowed, note) => {
    expect(allowedRatings({ isCorrect, hintUsed })).toEqual(allowed);
    expect(ratingNote({ isCorrect, hintUsed })).toBe(note);
    for (const rating of [1, 2, 3, 4, 5]) {
      expect(isRatingAllowed({ isCorrect, hintUsed }, rating)).toBe(allowed.includes(rating));
    }
  });

  it('the note names exactly the ratings removed', () => {
    for (const isCorrect of [true, false]) {
      for (const hintUsed of [true, false]) {
        const removed = [1, 2, 3, 4, 5].filter((r) => !allowedRatings({ isCorrect, hintUsed }).includes(r as 1));
        const note = ratingNote({ isCorrect, hintUsed });
        if (removed.length === 0) expect(note).toBeNull();
        else expect(note).toContain(`ratings 1-${removed[removed.length - 1]} are not available`);
      }
    }
  });

  it('describes what is allowed', () => {
    expect(describeAllowedRatings({ isCorrect: false, hintUsed: false })).toBe('ratings 4 or 5');
    expect(describeAllowedRatings({ isCorrect: true, hintUsed: false })).toBe('ratings 1, 2, 3, 4 or 5');
  });

  it('refuses a rating not allowed, naming what is, and nothing else', () => {
    expect(ratingRefusal({ isCorrect: false, hintUsed: true }, 2)).toBe(
      'Rating 2 is not available for this answer: choose ratings 4 or 5 (Since you used a hint and got it wrong, ratings 1-3 are not available)',
    );
    expect(ratingRefusal({ isCorrect: true, hintUsed: true }, 1)).toBe(
      'Rating 1 is not available for this answer: choose ratings 3, 4 or 5 (Since you used a hint, ratings 1-2 are not available)',
    );
    expect(ratingRefusal({ isCorrect: true, hintUsed: false }, 7)).toBe('Rating 7 is not available for this answer: choose ratings 1, 2, 3, 4 or 5');
    for (const rating of [4, 5]) expect(ratingRefusal({ isCorrect: false, hintUsed: false }, rating)).toBeNull();
  });

  it('labels', () => {
    expect(Object.values(RATING_STEP_LABELS)).toEqual(['Too Easy', 'Easy', 'Just Right', 'Hard', 'Too Hard']);
    expect(Object.values(DIFFICULTY_CARD_LABELS)).toEqual(['Very Easy', 'Easy', 'Medium', 'Hard', 'Very Hard']);
  });

  it('rejects non-integers', () => {
    expect(isRatingAllowed({ isCorrect: true, hintUsed: false }, 2.5)).toBe(false);
  });
});
