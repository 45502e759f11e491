import { State } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import {
  applyReview,
  createReviewScheduler,
  isDue,
  LIVE_FSRS_CONFIG,
  newReviewCard,
  recordAnswer,
  recordRating,
  retrievability,
  reviewGrade,
  type ReviewState,
} from './review-schedule.ts';

const at = (iso: string) => new Date(iso);

describe('reviewGrade (DESIGN §6 mapping)', () => {
  it.each([
    [false, false, null, 'Again'],
    [false, true, 5, 'Again'],
    [true, true, null, 'Hard'],
    [true, true, 3, 'Hard'],
    [true, false, 1, 'Easy'],
    [true, false, 2, 'Easy'],
    [true, false, 3, 'Good'],
    [true, false, 4, 'Hard'],
    [true, false, 5, 'Hard'],
    [true, false, null, 'Good'],
  ] as const)('correct=%s hint=%s rating=%s → %s', (isCorrect, hintUsed, rating, grade) => {
    expect(reviewGrade({ isCorrect, hintUsed, rating })).toBe(grade);
  });
});

describe('applyReview', () => {
  it('follows a scripted history to the expected due dates (fuzz off, whole days; a lapse relearns in 10 minutes)', () => {
    const script = [
      { at: '2025-01-01T09:00:00.000Z', grade: 'Good', due: '2025-01-04T09:00:00.000Z' },
      { at: '2025-01-04T09:00:00.000Z', grade: 'Good', due: '2025-01-18T09:00:00.000Z' },
      { at: '2025-01-18T09:00:00.000Z', grade: 'Good', due: '2025-03-16T09:00:00.000Z' },
      { at: '2025-03-16T09:00:00.000Z', grade: 'Again', due: '2025-03-16T09:10:00.000Z' },
      // Asked again later in the same session, right: back to whole days.
      { at: '2025-03-16T09:12:00.000Z', grade: 'Good', due: '2025-03-20T09:12:00.000Z' },
    ] as const;
    let card = null as ReturnType<typeof applyReview> | null;
    for (const step of script) {
      card = applyReview(card, step.grade, at(step.at));
      expect(card.due).toBe(step.due);
      expect(card.last_review).toBe(step.at);
    }
    expect(card).toMatchObject({ reps: 5, lapses: 1, state: 'Review' });
    // Plain JSON survives a round trip.
    expect(JSON.parse(JSON.stringify(card))).toEqual(card);
  });

  it('orders first intervals Again < Hard < Good < Easy: a miss within minutes, a right answer whole days later', () => {
    const start = at('2025-06-01T12:00:00Z');
    const minutes = (['Again', 'Hard', 'Good', 'Easy'] as const).map(
      (grade) => (Date.parse(applyReview(null, grade, start).due) - start.getTime()) / 60_000,
    );
    expect(minutes).toEqual([1, 2 * 1440, 3 * 1440, 8 * 1440]);
    expect(applyReview(null, 'Again', start).state).toBe('Learning');
  });

  it('a missed problem stays in its learning step (1 minute) until it is answered right', () => {
    let card = applyReview(null, 'Again', at('2025-06-01T12:00:00Z'));
    card = applyReview(card, 'Again', at('2025-06-01T12:03:00Z'));
    expect(card).toMatchObject({ due: '2025-06-01T12:04:00.000Z', state: 'Learning', lapses: 0 });
    card = applyReview(card, 'Hard', at('2025-06-01T12:06:00Z'));
    expect(card.state).toBe('Review');
    expect(Date.parse(card.due) - Date.parse('2025-06-01T12:06:00Z')).toBeGreaterThanOrEqual(86_400_000);
  });

  it('is deterministic and uses only the given time', () => {
    const a = applyReview(newReviewCard(at('2025-01-01T00:00:00Z')), 'Good', at('2025-01-01T00:00:00Z'));
    const b = applyReview(newReviewCard(at('2025-01-01T00:00:00Z')), 'Good', at('2025-01-01T00:00:00Z'));
    expect(a).toEqual(b);
    expect(() => applyReview(null, 'Good', new Date('nonsense'))).toThrow(RangeError);
  });

  it('retrievability needs only the due date, state, stability and last review: whole cards give the same figure', () => {
    const grades = ['Again', 'Good', 'Hard', 'Again', 'Easy', 'Good'] as const;
    let card = newReviewCard(at('2025-01-01T00:00:00Z'));
    let time = at('2025-01-01T00:00:00Z').getTime();
    for (const [index, grade] of grades.entries()) {
      time += (index + 1) * 9 * 3_600_000;
      card = applyReview(card, grade, new Date(time));
      for (const later of [0, 600_000, 86_400_000, 40 * 86_400_000]) {
        const when = new Date(time + later);
        const whole = createReviewScheduler(LIVE_FSRS_CONFIG).days.get_retrievability({ ...card, due: new Date(card.due), state: State[card.state], last_review: new Date(card.last_review!) }, when, false);
        const { due, state, stability, last_review } = card;
        expect(retrievability({ due, state, stability, last_review }, when)).toBe(whole);
      }
    }
  });

  it('retrievability is about 90% at the due date', () => {
    const card = applyReview(null, 'Good', at('2025-01-01T00:00:00Z'));
    expect(retrievability(card, new Date(card.due))).toBeCloseTo(0.9, 1);
    expect(retrievability(newReviewCard(at('2025-01-01T00:00:00Z')), at('2025-01-02T00:00:00Z'))).toBe(0);
  });
});

describe('review state: answers, ratings and mastery', () => {
  const answer = (state: ReviewState | null, iso: string, isCorrect = true, hintUsed = false, id = iso) =>
    recordAnswer(state, { attemptId: id, isCorrect, hintUsed }, at(iso));

  it('a rating re-grades the last review instead of adding one', () => {
    const unrated = answer(null, '2025-01-01T09:00:00.000Z');
    expect(unrated.card.due).toBe('2025-01-04T09:00:00.000Z'); // Good
    const easy = recordRating(unrated, { attemptId: unrated.lastAttemptId, rating: 1 });
    expect(easy.card).toEqual(applyReview(null, 'Easy', at('2025-01-01T09:00:00.000Z')));
    expect(easy.card.reps).toBe(1);
    const hard = recordRating(unrated, { attemptId: unrated.lastAttemptId, rating: 5 });
    expect(Date.parse(hard.card.due)).toBeLessThan(Date.parse(unrated.card.due));
    // A rating for another attempt changes nothing.
    expect(recordRating(unrated, { attemptId: 'other', rating: 1 })).toBe(unrated);
  });

  it('ratings do not change the grade of incorrect or hinted answers', () => {
    const wrong = answer(null, '2025-01-01T09:00:00.000Z', false);
    expect(recordRating(wrong, { attemptId: wrong.lastAttemptId, rating: 5 }).card).toEqual(wrong.card);
    const hinted = answer(null, '2025-01-01T09:00:00.000Z', true, true);
    expect(recordRating(hinted, { attemptId: hinted.lastAttemptId, rating: 3 }).card).toEqual(hinted.card);
  });

  it('counts consecutive correct answers and attempts (mastery is the knowledge model’s, topic-mastery.ts)', () => {
    let state = answer(null, '2025-01-01T09:00:00.000Z');
    expect(state.consecutiveCorrect).toBe(1);
    state = answer(state, state.card.due);
    state = answer(state, state.card.due);
    expect(state.consecutiveCorrect).toBe(3);
    state = answer(state, state.card.due, false);
    expect(state.consecutiveCorrect).toBe(0);
    expect(state).toMatchObject({ attempts: 4, correctAttempts: 3, firstAttemptAt: '2025-01-01T09:00:00.000Z' });
  });

  it('isDue compares with the given time', () => {
    const state = answer(null, '2025-01-01T09:00:00.000Z');
    expect(isDue(state, at('2025-01-04T08:59:59.999Z'))).toBe(false);
    expect(isDue(state, at('2025-01-04T09:00:00.000Z'))).toBe(true);
  });
});

describe('interval cap', () => {
  it('schedules about a year ahead at most', () => {
    let good = applyReview(null, 'Good', at('2025-01-01T00:00:00Z'));
    for (let i = 0; i < 6; i += 1) good = applyReview(good, 'Good', new Date(good.due));
    // ts-fsrs keeps Hard < Good < Easy a day apart, so Good may pass the cap by 1 day, Easy by 2.
    expect(good.scheduled_days).toBeGreaterThanOrEqual(365);
    expect(good.scheduled_days).toBeLessThanOrEqual(366);
    let easy = applyReview(null, 'Easy', at('2025-01-01T00:00:00Z'));
    for (let i = 0; i < 6; i += 1) easy = applyReview(easy, 'Easy', new Date(easy.due));
    expect(easy.scheduled_days).toBeLessThanOrEqual(367);
  });
});
