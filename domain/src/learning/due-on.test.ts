import { describe, expect, it } from 'vitest';
import { countsAsReview, isDueOn, LEARNING_STEP_STATES, type DueFacts } from './due-on.ts';
import { learnerDayOf } from './progress.ts';
import { recordAnswer } from './review-schedule.ts';

const ms = (iso: string) => Date.parse(iso);
// 2026-03-10 in UTC.
const day = { startOfToday: ms('2026-03-10T00:00:00Z'), startOfTomorrow: ms('2026-03-11T00:00:00Z') };
const noon = ms('2026-03-10T12:00:00Z');
const review = (due: string, lastReview: string | null, cardState = 'Review'): DueFacts => ({
  dueMs: ms(due),
  lastReviewMs: lastReview === null ? null : ms(lastReview),
  cardState,
});

describe('isDueOn: due on the learner’s day', () => {
  it('given FSRS due any time before the day ends and a last review on an earlier day, then due', () => {
    expect(isDueOn(review('2026-03-01T08:00:00Z', '2026-02-20T08:00:00Z'), day, noon)).toBe(true);
    // Day granularity: due at 23:59 is due in the morning.
    expect(isDueOn(review('2026-03-10T23:59:59.999Z', '2026-03-07T08:00:00Z'), day, noon)).toBe(true);
  });

  it('given FSRS due from the next day on, then not due', () => {
    expect(isDueOn(review('2026-03-11T00:00:00Z', '2026-03-07T08:00:00Z'), day, noon)).toBe(false);
  });

  it('given a review already today, then not due again today (answered right a moment ago)', () => {
    expect(isDueOn(review('2026-03-10T06:00:00Z', '2026-03-10T00:00:00Z'), day, noon)).toBe(false);
    expect(isDueOn(review('2026-03-10T06:00:00Z', '2026-03-09T23:59:59.999Z'), day, noon)).toBe(true);
  });

  it('given a miss today in a learning step, then due again once the step has passed, not before', () => {
    for (const state of LEARNING_STEP_STATES) {
      const missed = review('2026-03-10T12:01:00Z', '2026-03-10T12:00:00Z', state);
      expect(isDueOn(missed, day, ms('2026-03-10T12:00:59Z')), state).toBe(false);
      expect(isDueOn(missed, day, ms('2026-03-10T12:01:00Z')), state).toBe(true);
    }
    // Other states take no step.
    expect(isDueOn(review('2026-03-10T12:01:00Z', '2026-03-10T12:00:00Z', 'Review'), day, ms('2026-03-10T13:00:00Z'))).toBe(false);
  });

  it('given a step that ends after the day, then not due that day', () => {
    const late = review('2026-03-11T00:05:00Z', '2026-03-10T23:55:00Z', 'Relearning');
    expect(isDueOn(late, day, ms('2026-03-11T00:10:00Z'))).toBe(false);
  });

  it('given a state never reviewed, then due only in a passed learning step', () => {
    expect(isDueOn(review('2026-03-10T06:00:00Z', null), day, noon)).toBe(false);
    expect(isDueOn(review('2026-03-10T06:00:00Z', null, 'Learning'), day, noon)).toBe(true);
  });

  it('given the learner’s time zone, then their day: 23:30 in New York is still the 9th there', () => {
    const newYork = learnerDayOf('2026-03-10T03:30:00Z', 'America/New_York');
    const dueOn9th = review('2026-03-10T03:00:00Z', '2026-03-06T15:00:00Z');
    expect(isDueOn(dueOn9th, newYork, ms('2026-03-10T03:30:00Z'))).toBe(true);
    expect(isDueOn(review('2026-03-10T05:00:00Z', '2026-03-06T15:00:00Z'), newYork, ms('2026-03-10T03:30:00Z'))).toBe(false);
  });
});

describe('countsAsReview: an answer to a problem that was due', () => {
  it('given a problem due and not reviewed earlier that day, then the answer is a review', () => {
    expect(countsAsReview(review('2026-03-10T06:00:00Z', '2026-03-07T08:00:00Z'), day, noon)).toBe(true);
    expect(countsAsReview(review('2026-03-11T06:00:00Z', '2026-03-07T08:00:00Z'), day, noon)).toBe(false);
  });

  it('given a miss earlier the same day, asked again once its step passed, then due but practice, not a review', () => {
    const missed = recordAnswer(null, { attemptId: 'a1', isCorrect: false, hintUsed: false }, new Date('2026-03-10T11:00:00Z'));
    const facts: DueFacts = { dueMs: ms(missed.card.due), lastReviewMs: ms(missed.lastReviewAt), cardState: missed.card.state };
    expect(facts.cardState).toBe('Learning');
    expect(isDueOn(facts, day, noon)).toBe(true);
    expect(countsAsReview(facts, day, noon)).toBe(false);
  });
});
