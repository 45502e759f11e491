import { describe, expect, it } from 'vitest';
import { AVATAR_FILTERS, avatarsForFilter, defaultAvatarUrl, DEFAULT_STUDENT_AVATAR, initialsAvatarUrl, PREDEFINED_AVATARS } from './avatars.ts';
import { profileCompletion } from './profile-completion.ts';
import { DEFAULT_TIME_ZONE, TIME_ZONES } from './time-zones.ts';

describe('predefined avatars', () => {
  it('are 24 with unique ids and urls, filed as documented', () => {
    expect(PREDEFINED_AVATARS).toHaveLength(24);
    expect(new Set(PREDEFINED_AVATARS.map((a) => a.id)).size).toBe(24);
    expect(new Set(PREDEFINED_AVATARS.map((a) => a.url)).size).toBe(24);
    const count = (category: string) => PREDEFINED_AVATARS.filter((a) => a.category === category).length;
    expect([count('math'), count('science'), count('character'), count('abstract'), count('color')]).toEqual([5, 1, 6, 6, 6]);
    // Six per group in the SPEC's layout: the science one sits in the math group.
    expect(PREDEFINED_AVATARS.slice(0, 6).map((a) => a.category)).toEqual(['math', 'math', 'math', 'math', 'math', 'science']);
  });

  it('every filter of the gallery finds avatars', () => {
    expect(AVATAR_FILTERS.map((f) => f.id)).toEqual(['all', 'math', 'science', 'characters', 'abstract', 'colors']);
    for (const filter of AVATAR_FILTERS) expect(avatarsForFilter(filter.id).length, filter.id).toBeGreaterThan(0);
    expect(avatarsForFilter('all')).toHaveLength(24);
    expect(avatarsForFilter('characters').every((a) => a.category === 'character')).toBe(true);
  });

  it('defaults: first predefined for students, an initials circle for tutors and admins', () => {
    expect(DEFAULT_STUDENT_AVATAR.id).toBe('pi');
    expect(defaultAvatarUrl({ role: 'student', firstName: 'Ann', lastName: 'Lee' })).toBe('/avatars/pi.svg');
    const url = initialsAvatarUrl('ann', 'lee');
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(url)).toContain('>AL</text>');
    expect(defaultAvatarUrl({ role: 'tutor', firstName: 'ann', lastName: 'lee' })).toBe(url);
    expect(decodeURIComponent(initialsAvatarUrl('<b>', '&'))).not.toContain('<b>');
  });
});

describe('time zones', () => {
  it('are the 12 of SPEC §5, UTC by default', () => {
    expect(TIME_ZONES.map((z) => z.id)).toEqual([
      'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles',
      'Europe/London', 'Europe/Paris', 'Europe/Berlin', 'Asia/Tokyo', 'Asia/Shanghai', 'Asia/Kolkata', 'Australia/Sydney', 'UTC',
    ]);
    expect(DEFAULT_TIME_ZONE).toBe('UTC');
    for (const zone of TIME_ZONES) expect(() => new Intl.DateTimeFormat('en', { timeZone: zone.id })).not.toThrow();
  });
});

describe('profile completion', () => {
  const base = { role: 'student', firstName: 'Ann', lastName: 'Lee', isEmailVerified: false, gradeLevel: null, timezoneSet: false, hasChosenAvatar: false };

  it('a new student without grade: 2 of 4 required, 0 of 2 optional, 2 of 6 overall', () => {
    expect(profileCompletion(base)).toMatchObject({ required: 50, optional: 0, overall: 33 });
  });

  it('counts grade only for students', () => {
    expect(profileCompletion({ ...base, role: 'tutor' })).toMatchObject({ required: 67, optional: 0, overall: 40 });
  });

  it('a complete profile is 100 everywhere', () => {
    expect(profileCompletion({ ...base, isEmailVerified: true, gradeLevel: 7, timezoneSet: true, hasChosenAvatar: true })).toMatchObject({
      required: 100,
      optional: 100,
      overall: 100,
    });
  });
});
