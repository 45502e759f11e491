/**
 * "Fell behind", the alert a tutor gets for an active student (decided here; the scheduled check,
 * projector/src/tutor-alert-check.ts, gathers the facts from read models every 15 minutes and the
 * relationship decider records it once per quiet spell). Measured against a simulated class in
 * analytics/src/alert-simulation.ts (docs/tutor-area.md, "How the alerts were measured").
 */

/** No answer for this long (or since activation) is falling behind. */
export const QUIET_MS = 2 * 86_400_000;
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
}

export function fellBehindReasons(facts: FellBehindFacts, now: Date): FellBehindReason[] {
  const quietSince = Date.parse(facts.lastPracticeAt ?? facts.activeSince);
  return [
    ...(now.getTime() - quietSince > QUIET_MS ? (['no_practice'] as const) : []),
    ...(facts.overdueReviews >= OVERDUE_REVIEWS ? (['overdue_reviews'] as const) : []),
  ];
}
