/**
 * Pure calculators behind the Learn, Progress and Dashboard screens (SPEC §2, §4, §9).
 */

export type MasteryLevel = 'Expert' | 'Advanced' | 'Proficient' | 'Developing' | 'Beginner';

/** The label of the first threshold `value` reaches (thresholds highest first), else `below`. */
function band<Label extends string>(value: number, thresholds: readonly (readonly [min: number, label: Label])[], below: Label): Label {
  return thresholds.find(([min]) => value >= min)?.[1] ?? below;
}

/** From a mastery rate 0-1: ≥0.9 Expert, ≥0.8 Advanced, ≥0.6 Proficient, ≥0.4 Developing, else Beginner. */
export function masteryLevel(rate: number): MasteryLevel {
  return band(rate, [[0.9, 'Expert'], [0.8, 'Advanced'], [0.6, 'Proficient'], [0.4, 'Developing']], 'Beginner');
}

export type SessionPerformance = 'Excellent' | 'Great' | 'Good' | 'Learning' | 'Developing';

/** From accuracy in percent: ≥90 Excellent, ≥80 Great, ≥70 Good, ≥50 Learning, else Developing. */
export function sessionPerformance(accuracyPercent: number): SessionPerformance {
  return band(accuracyPercent, [[90, 'Excellent'], [80, 'Great'], [70, 'Good'], [50, 'Learning']], 'Developing');
}

export type SessionAchievement = 'High Accuracy' | 'Persistence';

/**
 * Problems a session needs for 'Persistence': a whole daily session (4 reviews + 2 new,
 * DAILY_SESSION_SIZE). SPEC §4 says 10, but a student who practises every day gets sessions of 6
 * to 9 problems, so at 10 only one with a backlog of missed days could earn it, rewarding the
 * opposite of the habit it names (docs/learning-model.md §9).
 */
export const PERSISTENCE_PROBLEMS = 6;

/** 'High Accuracy' at 80 % or more (with at least one problem done), 'Persistence' at PERSISTENCE_PROBLEMS or more problems. */
export function sessionAchievements(input: { accuracy: number; completed: number }): SessionAchievement[] {
  const earned: SessionAchievement[] = [];
  if (input.completed > 0 && input.accuracy >= 80) earned.push('High Accuracy');
  if (input.completed >= PERSISTENCE_PROBLEMS) earned.push('Persistence');
  return earned;
}

/** Accuracy in percent (0 when nothing was done), rounded to a whole number. */
export function accuracyPercent(correct: number, completed: number): number {
  return completed > 0 ? Math.round((correct / completed) * 100) : 0;
}

/** The running average after one more value (SPEC §4: submitting updates the average response time). */
export function runningAverage(previousAverage: number, previousCount: number, value: number): number {
  return (previousAverage * previousCount + value) / (previousCount + 1);
}

/** Problems per minute with one decimal (0 for no time). */
export function problemsPerMinute(completed: number, elapsedMs: number): number {
  if (elapsedMs <= 0) return 0;
  return Math.round((completed / (elapsedMs / 60_000)) * 10) / 10;
}

/** SPEC: estimated time in minutes, rounded up. */
export const estimatedMinutes = (seconds: number): number => Math.max(0, Math.ceil(seconds / 60));

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Every time zone's UTC offset, and every change of it, falls on a quarter hour, so the local date
 * is the same for every instant of a UTC quarter hour: memoising per (zone, quarter) is exact, and
 * spares Intl's formatToParts on the projector's hot path (a replay asks for every answer).
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const MAX_MEMOISED_QUARTERS = 1_000_000;
/** Per zone: UTC quarter-hour index → local date. About a year of quarters per zone in practice. */
const datesByQuarter = new Map<string, Map<number, string>>();
let memoisedQuarters = 0;

/**
 * The calendar date ('YYYY-MM-DD') of an instant in an IANA time zone. Throws a RangeError for an
 * invalid instant or time zone.
 */
export function localDate(at: Date | string, timeZone: string): string {
  const instant = typeof at === 'string' ? new Date(at) : at;
  const time = instant.getTime();
  if (Number.isNaN(time)) throw new RangeError(`Invalid time: ${String(at)}`);
  return quarterDate(Math.floor(time / QUARTER_HOUR_MS), timeZone, instant);
}

/** The local date of every instant of UTC quarter hour `quarter` (`instant`: one of them, when the caller has it). */
function quarterDate(quarter: number, timeZone: string, instant?: Date): string {
  let zoneDates = datesByQuarter.get(timeZone);
  const memoised = zoneDates?.get(quarter);
  if (memoised !== undefined) return memoised;
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant ?? new Date(quarter * QUARTER_HOUR_MS));
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
  if (memoisedQuarters >= MAX_MEMOISED_QUARTERS) {
    datesByQuarter.clear();
    memoisedQuarters = 0;
    zoneDates = undefined;
  }
  if (!zoneDates) datesByQuarter.set(timeZone, (zoneDates = new Map()));
  zoneDates.set(quarter, date);
  memoisedQuarters += 1;
  return date;
}

/**
 * A learner's calendar day as instants (epoch ms): the local midnight that starts it and the one
 * that starts the next ("today" of the due rule, `isDueOn`).
 */
export interface LearnerDay {
  startOfToday: number;
  startOfTomorrow: number;
}

/** Quarter hours searched on either side of an instant for its day's bounds: two days (a local day is at most 25 hours long). */
const DAY_SEARCH_QUARTERS = 2 * 96;
const MAX_MEMOISED_DAYS = 100_000;
const daysByZoneDate = new Map<string, LearnerDay>();

/**
 * The calendar day of instant `at` in an IANA time zone, as instants: its first instant (local
 * midnight, or the first instant after it when a clock change skips midnight) and the next day's.
 * An instant t is on that day exactly when `localDate(t, timeZone)` is its date. Local midnights
 * fall on UTC quarter hours (see above), so each bound is found by bisecting quarter hours.
 */
export function learnerDayOf(at: Date | string, timeZone: string): LearnerDay {
  const today = localDate(at, timeZone);
  const key = `${timeZone}\u0000${today}`;
  let day = daysByZoneDate.get(key);
  if (day) return day;
  const quarter = Math.floor(new Date(at).getTime() / QUARTER_HOUR_MS);
  // The first quarter on or after today (local dates only grow with time), then the first after today.
  const firstFrom = (low: number, high: number, date: string) => {
    // quarterDate(low) < date <= quarterDate(high)
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (quarterDate(middle, timeZone) >= date) high = middle;
      else low = middle;
    }
    return high;
  };
  const start = firstFrom(quarter - DAY_SEARCH_QUARTERS, quarter, today);
  const end = firstFrom(quarter, quarter + DAY_SEARCH_QUARTERS, addLocalDays(today, 1));
  day = { startOfToday: start * QUARTER_HOUR_MS, startOfTomorrow: end * QUARTER_HOUR_MS };
  if (daysByZoneDate.size >= MAX_MEMOISED_DAYS) daysByZoneDate.clear();
  daysByZoneDate.set(key, day);
  return day;
}

const usableZones = new Map<string, boolean>();

/** An IANA zone Intl accepts, else UTC (a stored zone must never make a projection throw). */
export function usableTimeZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  let usable = usableZones.get(zone);
  if (usable === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      usable = true;
    } catch {
      usable = false;
    }
    usableZones.set(zone, usable);
  }
  return usable ? zone : 'UTC';
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date. */
export function localDayNumber(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Expected a YYYY-MM-DD date, got ${date}`);
  return Math.round(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS);
}

/** The 'YYYY-MM-DD' date `days` after (or before, when negative) `date`. */
export function addLocalDays(date: string, days: number): string {
  return new Date((localDayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Day streaks from the local dates on which the student practised (any order, duplicates allowed).
 * `current` counts consecutive calendar days ending today, or yesterday when today has no practice
 * yet (the streak is still alive until today ends); `longest` is the longest run ever.
 */
export function streaks(localDates: readonly string[], today: string): { current: number; longest: number } {
  const days = [...new Set(localDates.map(localDayNumber))].sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const day of days) {
    run = day === previous + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const todayNumber = localDayNumber(today);
  const practised = new Set(days);
  let cursor = practised.has(todayNumber) ? todayNumber : todayNumber - 1;
  let current = 0;
  while (practised.has(cursor)) {
    current += 1;
    cursor -= 1;
  }
  return { current, longest };
}

/** The Learn screen's motivational line (SPEC §2), by accuracy in percent and problems done. */
export function motivationalLine(accuracy: number, done: number): string {
  if (done <= 0) return "Ready to start learning? Let's go.";
  if (accuracy >= 80) return "Excellent performance! You're on fire!";
  if (accuracy >= 60) return 'Good progress! Keep building your skills!';
  return 'Learning in progress! Every problem helps you grow!';
}

export type Greeting = 'Good morning' | 'Good afternoon' | 'Good evening';

/** By local hour 0-23: morning before 12, afternoon before 17, else evening. */
export function greeting(hour: number): Greeting {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/** '850ms' below one second, otherwise seconds with one decimal: '1.5s'. */
export function formatResponseTime(ms: number): string {
  const value = Math.max(0, ms);
  if (Math.round(value) < 1000) return `${Math.round(value)}ms`;
  return `${(value / 1000).toFixed(1)}s`;
}

/** SPEC: study time in hours and minutes — '0h 0m', '0h 45m', '2h 5m' (seconds are dropped). */
export function formatStudyTime(seconds: number): string {
  const totalMinutes = Math.floor(Math.max(0, seconds) / 60);
  return `${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}m`;
}
