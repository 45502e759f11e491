import { localDate, localDayNumber } from '../learning/progress.ts';

/**
 * "Fell behind", the alert a tutor gets for an active student (decided here; the scheduled check,
 * projector/src/tutor-alert-check.ts, gathers the facts from read models every 15 minutes and the
 * relationship decider records it once per quiet spell). Measured against a simulated class in
 * analytics/src/alert-simulation.ts (docs/tutor-area.md, "How the alerts were measured").
 */

/**
 * This many whole days of the student's own calendar with no answer (or since activation) is
 * falling behind. Whole local days, not 48 hours: a child who skips one day and practises later in
 * the evening than last time has been quiet 48 hours without missing two days (measured: precision
 * 0.695 with 48 hours, docs/tutor-area.md).
 */
export const QUIET_DAYS = 2;
/** This many overdue reviews (due before the start of the student's today) is falling behind too. */
export const OVERDUE_REVIEWS = 10;

export type FellBehindReason = 'no_practice' | 'overdue_reviews';

export interface FellBehindFacts {
  /** The student's last answer (null: none yet). */
  lastPracticeAt: string | null;
  /** When the relationship became active: a student who never practised is quiet since then. */
  activeSince: string;
  /** Reviews due before the start of the student's today, in their time zone. */
  overdueReviews: number;
  /** The student's IANA time zone: their days are the ones that count. */
  timeZone: string;
}

export function fellBehindReasons(facts: FellBehindFacts, now: Date): FellBehindReason[] {
  const dayOf = (at: Date | string) => localDayNumber(localDate(at, facts.timeZone));
  // Days strictly between the last answer's day and today.
  const wholeDaysQuiet = dayOf(now) - dayOf(facts.lastPracticeAt ?? facts.activeSince) - 1;
  return [
    ...(wholeDaysQuiet >= QUIET_DAYS ? (['no_practice'] as const) : []),
    ...(facts.overdueReviews >= OVERDUE_REVIEWS ? (['overdue_reviews'] as const) : []),
  ];
}
