/**
 * The grade a student practises in (docs/learning-model.md §8): the account's grade (given at
 * registration or in the profile) or the starting grade of a finished placement check, whichever
 * was set last. The read models (learner_profiles, users) apply the same rule as they fold the
 * events in order; the command side, which reads streams, uses these functions, so a profile edit
 * after a placement is compared with the grade the student actually sees.
 */

/** A grade and when it was set (an event's `metadata.at`). */
export interface GradeFact {
  grade: number | null;
  at: string;
}

export function gradeInEffect(profile: GradeFact, placement: GradeFact | null): number | null {
  return placement !== null && Date.parse(placement.at) >= Date.parse(profile.at) ? placement.grade : profile.grade;
}

/** The starting grade of the last finished placement check in a `placement-{userId}` stream, or null. */
export function lastPlacementGrade(events: readonly { type: string; data: unknown; metadata: { at: string } }[]): GradeFact | null {
  const completed = events.findLast((event) => event.type === 'PlacementCompleted');
  return completed ? { grade: (completed.data as { grade: number }).grade, at: completed.metadata.at } : null;
}
