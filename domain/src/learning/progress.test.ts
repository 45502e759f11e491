import { describe, expect, it } from 'vitest';
import {
  accuracyPercent,
  addLocalDays,
  estimatedMinutes,
  formatResponseTime,
  formatStudyTime,
  greeting,
  learnerDayOf,
  localDate,
  masteryLevel,
  motivationalLine,
  problemsPerMinute,
  runningAverage,
  sessionAchievements,
  sessionPerformance,
  streaks,
} from './progress.ts';

describe('levels', () => {
  it.each([
    [1, 'Expert'], [0.9, 'Expert'], [0.89, 'Advanced'], [0.8, 'Advanced'], [0.79, 'Proficient'], [0.6, 'Proficient'],
    [0.59, 'Developing'], [0.4, 'Developing'], [0.39, 'Beginner'], [0, 'Beginner'],
  ] as const)('masteryLevel(%s) = %s', (rate, level) => expect(masteryLevel(rate)).toBe(level));

  it.each([
    [100, 'Excellent'], [90, 'Excellent'], [89, 'Great'], [80, 'Great'], [79, 'Good'], [70, 'Good'], [69, 'Learning'],
    [50, 'Learning'], [49, 'Developing'], [0, 'Developing'],
  ] as const)('sessionPerformance(%s) = %s', (accuracy, level) => expect(sessionPerformance(accuracy)).toBe(level));

  it('session achievements', () => {
    expect(sessionAchievements({ accuracy: 80, completed: 10 })).toEqual(['High Accuracy', 'Persistence']);
    expect(sessionAchievements({ accuracy: 79, completed: 5 })).toEqual([]);
    // A whole daily session (6 problems) earns Persistence (issue 31: at 10 daily practice never did).
    expect(sessionAchievements({ accuracy: 50, completed: 6 })).toEqual(['Persistence']);
    expect(sessionAchievements({ accuracy: 100, completed: 3 })).toEqual(['High Accuracy']);
    expect(sessionAchievements({ accuracy: 10, completed: 12 })).toEqual(['Persistence']);
    expect(sessionAchievements({ accuracy: 0, completed: 0 })).toEqual([]);
  });
});

describe('texts', () => {
  it('motivational line', () => {
    expect(motivationalLine(0, 0)).toBe("Ready to start learning? Let's go.");
    expect(motivationalLine(80, 5)).toBe("Excellent performance! You're on fire!");
    expect(motivationalLine(60, 5)).toBe('Good progress! Keep building your skills!');
    expect(motivationalLine(59, 5)).toBe('Learning in progress! Every problem helps you grow!');
  });

  it('greeting', () => {
    expect(greeting(0)).toBe('Good morning');
    expect(greeting(11)).toBe('Good morning');
    expect(greeting(12)).toBe('Good afternoon');
    expect(greeting(16)).toBe('Good afternoon');
    expect(greeting(17)).toBe('Good evening');
    expect(greeting(23)).toBe('Good evening');
  });

  it('formats times', () => {
    expect(formatResponseTime(0)).toBe('0ms');
    expect(formatResponseTime(850)).toBe('850ms');
    expect(formatResponseTime(999.7)).toBe('1.0s');
    expect(formatResponseTime(1000)).toBe('1.0s');
    expect(formatResponseTime(12_345)).toBe('12.3s');
    expect(formatStudyTime(0)).toBe('0h 0m');
    expect(formatStudyTime(59)).toBe('0h 0m');
    expect(formatStudyTime(45 * 60)).toBe('0h 45m');
    expect(formatStudyTime(2 * 3600 + 5 * 60 + 30)).toBe('2h 5m');
    expect(formatStudyTime(3 * 3600)).toBe('3h 0m');
  });

  it('small session figures', () => {
    expect(accuracyPercent(2, 3)).toBe(67);
    expect(accuracyPercent(0, 0)).toBe(0);
    expect(runningAverage(1000, 1, 3000)).toBe(2000);
    expect(problemsPerMinute(7, 180_000)).toBe(2.3);
    expect(problemsPerMinute(3, 0)).toBe(0);
    expect(estimatedMinutes(61)).toBe(2);
    expect(estimatedMinutes(60)).toBe(1);
  });
});

describe('localDate', () => {
  it('gives the calendar date in the time zone', () => {
    expect(localDate('2025-03-10T23:30:00Z', 'UTC')).toBe('2025-03-10');
    expect(localDate('2025-03-10T23:30:00Z', 'Europe/Paris')).toBe('2025-03-11');
    expect(localDate('2025-03-11T03:30:00Z', 'America/New_York')).toBe('2025-03-10');
    expect(localDate(new Date('2025-03-10T14:00:00Z'), 'Asia/Tokyo')).toBe('2025-03-10');
    expect(localDate(new Date('2025-03-10T15:00:00Z'), 'Asia/Tokyo')).toBe('2025-03-11');
    expect(localDate('2025-12-31T13:30:00Z', 'Australia/Sydney')).toBe('2026-01-01');
  });

  it('handles daylight saving transitions', () => {
    // New York springs forward on 2025-03-09 at 02:00 local (07:00 UTC).
    expect(localDate('2025-03-09T04:59:00Z', 'America/New_York')).toBe('2025-03-08');
    expect(localDate('2025-03-09T05:00:00Z', 'America/New_York')).toBe('2025-03-09');
    expect(localDate('2025-03-10T03:59:00Z', 'America/New_York')).toBe('2025-03-09');
    expect(localDate('2025-03-10T04:00:00Z', 'America/New_York')).toBe('2025-03-10');
  });

  it('memoised per quarter hour, still equals Intl for every minute, in zones with :30 and :45 offsets and DST', () => {
    const zones = ['Asia/Kathmandu', 'America/St_Johns', 'Australia/Lord_Howe', 'Australia/Adelaide', 'Europe/London', 'Pacific/Chatham'];
    const exact = (at: Date, zone: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
    // Minute by minute across days around DST changes (April and October), each zone.
    for (const zone of zones) {
      for (const start of [Date.UTC(2025, 3, 5, 0), Date.UTC(2025, 9, 4, 0)]) {
        for (let minute = 0; minute < 3 * 24 * 60; minute += 7) {
          const at = new Date(start + minute * 60_000);
          expect(localDate(at, zone)).toBe(exact(at, zone));
        }
      }
    }
  });

  it('rejects bad input', () => {
    expect(() => localDate('not a date', 'UTC')).toThrow(RangeError);
    expect(() => localDate('2025-01-01T00:00:00Z', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('learnerDayOf', () => {
  const iso = (ms: number) => new Date(ms).toISOString();

  it('given an instant and a zone, then the local midnights around it', () => {
    const day = learnerDayOf('2026-03-02T14:59:00Z', 'Asia/Tokyo');
    expect([iso(day.startOfToday), iso(day.startOfTomorrow)]).toEqual(['2026-03-01T15:00:00.000Z', '2026-03-02T15:00:00.000Z']);
    const next = learnerDayOf(new Date('2026-03-02T15:00:00Z'), 'Asia/Tokyo');
    expect(iso(next.startOfToday)).toBe('2026-03-02T15:00:00.000Z');
  });

  it('given a clock change, then a 23- or 25-hour day, and a day whose midnight was skipped starts at its first instant', () => {
    const spring = learnerDayOf('2025-03-09T12:00:00Z', 'America/New_York');
    expect([iso(spring.startOfToday), iso(spring.startOfTomorrow)]).toEqual(['2025-03-09T05:00:00.000Z', '2025-03-10T04:00:00.000Z']);
    const autumn = learnerDayOf('2025-11-02T12:00:00Z', 'America/New_York');
    expect(autumn.startOfTomorrow - autumn.startOfToday).toBe(25 * 3_600_000);
    // Santiago moved from 00:00 to 01:00 on 2024-09-08: the day starts at 01:00 local, 04:00 UTC.
    const skipped = learnerDayOf('2024-09-08T15:00:00Z', 'America/Santiago');
    expect([iso(skipped.startOfToday), iso(skipped.startOfTomorrow)]).toEqual(['2024-09-08T04:00:00.000Z', '2024-09-09T03:00:00.000Z']);
  });

  it('an instant is on the day exactly when localDate says it is, in zones with :30 and :45 offsets and DST', () => {
    const zones = ['UTC', 'Asia/Kathmandu', 'America/St_Johns', 'Australia/Lord_Howe', 'Europe/London', 'Pacific/Chatham', 'Pacific/Kiritimati'];
    for (const zone of zones) {
      for (const start of [Date.UTC(2025, 3, 5, 0), Date.UTC(2025, 9, 4, 0)]) {
        for (let minute = 0; minute < 3 * 24 * 60; minute += 37) {
          const at = start + minute * 60_000;
          const day = learnerDayOf(new Date(at), zone);
          const today = localDate(new Date(at), zone);
          expect(localDate(new Date(day.startOfToday), zone), zone).toBe(today);
          expect(localDate(new Date(day.startOfToday - 1), zone) < today, zone).toBe(true);
          expect(localDate(new Date(day.startOfTomorrow - 1), zone), zone).toBe(today);
          expect(localDate(new Date(day.startOfTomorrow), zone) > today, zone).toBe(true);
        }
      }
    }
  });
});

describe('streaks', () => {
  it('counts consecutive days ending today or yesterday', () => {
    const days = ['2025-01-01', '2025-01-02', '2025-01-03', '2025-01-05', '2025-01-06'];
    expect(streaks(days, '2025-01-06')).toEqual({ current: 2, longest: 3 });
    expect(streaks(days, '2025-01-07')).toEqual({ current: 2, longest: 3 });
    expect(streaks(days, '2025-01-08')).toEqual({ current: 0, longest: 3 });
    expect(streaks([], '2025-01-08')).toEqual({ current: 0, longest: 0 });
  });

  it('ignores duplicates and order, and crosses month and year ends', () => {
    expect(streaks(['2025-01-01', '2024-12-31', '2024-12-31', '2024-12-30'], '2025-01-01')).toEqual({ current: 3, longest: 3 });
    expect(streaks(['2024-02-28', '2024-02-29', '2024-03-01'], '2024-03-01')).toEqual({ current: 3, longest: 3 });
    expect(addLocalDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addLocalDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('depends on the time zone around midnight', () => {
    // Practice at 23:30 UTC on three evenings: in Paris that is already the next day.
    const times = ['2025-03-01T23:30:00Z', '2025-03-02T23:30:00Z', '2025-03-03T23:30:00Z'];
    const now = '2025-03-04T22:30:00Z';
    const inZone = (tz: string) => streaks(times.map((t) => localDate(t, tz)), localDate(now, tz));
    // UTC: practised 1st, 2nd, 3rd; today is the 4th with no practice yet → streak still 3.
    expect(inZone('UTC')).toEqual({ current: 3, longest: 3 });
    // Paris: practised 2nd, 3rd, 4th; today is the 4th → 3.
    expect(inZone('Europe/Paris')).toEqual({ current: 3, longest: 3 });
    // Tokyo at 07:30 next morning: 2nd, 3rd, 4th; "now" is 07:30 on the 5th → yesterday counts → 3.
    expect(inZone('Asia/Tokyo')).toEqual({ current: 3, longest: 3 });
    // Two days later in Los Angeles the streak is broken.
    expect(streaks(times.map((t) => localDate(t, 'America/Los_Angeles')), localDate('2025-03-06T09:00:00Z', 'America/Los_Angeles'))).toEqual({
      current: 0,
      longest: 3,
    });
  });
});
