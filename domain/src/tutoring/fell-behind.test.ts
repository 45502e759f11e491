import { describe, expect, it } from 'vitest';
import { fellBehindReasons } from './fell-behind.ts';

const facts = { activeSince: '2026-03-01T09:00:00.000Z', overdueReviews: 0, timeZone: 'Europe/London' };

describe('fell behind: two whole days of the student’s own calendar without an answer', () => {
  it('skipping one day is not falling behind, even past 48 hours', () => {
    // Monday 16:00, then nothing on Tuesday; Wednesday 20:00 is 52 hours later.
    expect(fellBehindReasons({ ...facts, lastPracticeAt: '2026-03-02T16:00:00.000Z' }, new Date('2026-03-04T20:00:00.000Z'))).toEqual([]);
  });

  it('from the first minute of the third day it is', () => {
    const last = { ...facts, lastPracticeAt: '2026-03-02T16:00:00.000Z' };
    expect(fellBehindReasons(last, new Date('2026-03-04T23:59:00.000Z'))).toEqual([]);
    expect(fellBehindReasons(last, new Date('2026-03-05T00:01:00.000Z'))).toEqual(['no_practice']);
  });

  it("the days are the student's: 23:30 UTC is already the next day in Tokyo", () => {
    const last = { ...facts, lastPracticeAt: '2026-03-02T23:30:00.000Z' };
    const now = new Date('2026-03-05T00:30:00.000Z');
    expect(fellBehindReasons(last, now)).toEqual(['no_practice']);
    expect(fellBehindReasons({ ...last, timeZone: 'Asia/Tokyo' }, now)).toEqual([]);
  });

  it('a student who never answered is quiet since activation; many overdue reviews count too', () => {
    expect(fellBehindReasons({ ...facts, lastPracticeAt: null }, new Date('2026-03-04T00:00:01.000Z'))).toEqual(['no_practice']);
    expect(fellBehindReasons({ ...facts, lastPracticeAt: '2026-03-02T16:00:00.000Z', overdueReviews: 10 }, new Date('2026-03-02T17:00:00.000Z'))).toEqual(['overdue_reviews']);
  });
});
