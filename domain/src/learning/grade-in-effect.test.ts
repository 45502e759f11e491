import { describe, expect, it } from 'vitest';
import { gradeInEffect, lastPlacementGrade } from './grade-in-effect.ts';

describe('gradeInEffect', () => {
  it('is the placement grade when the check finished after the profile grade was set, else the profile grade', () => {
    const profile = { grade: 3, at: '2026-01-01T09:00:00Z' };
    expect(gradeInEffect(profile, null)).toBe(3);
    expect(gradeInEffect(profile, { grade: 4, at: '2026-01-01T09:10:00Z' })).toBe(4);
    expect(gradeInEffect({ grade: 3, at: '2026-01-01T09:20:00Z' }, { grade: 4, at: '2026-01-01T09:10:00Z' })).toBe(3);
  });

  it('reads the last finished check of a placement stream', () => {
    const at = (minute: number) => ({ at: `2026-01-01T09:${String(minute).padStart(2, '0')}:00.000Z` });
    expect(lastPlacementGrade([{ type: 'PlacementStarted', data: {}, metadata: at(0) }])).toBeNull();
    expect(
      lastPlacementGrade([
        { type: 'PlacementCompleted', data: { grade: 4 }, metadata: at(5) },
        { type: 'PlacementStarted', data: {}, metadata: at(6) },
        { type: 'PlacementCompleted', data: { grade: 5 }, metadata: at(9) },
      ]),
    ).toEqual({ grade: 5, at: '2026-01-01T09:09:00.000Z' });
  });
});
