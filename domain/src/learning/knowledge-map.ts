/**
 * The knowledge map (docs/learning-model.md §10; ALEKS's "pie" and Khan Academy's course mastery):
 * each topic as mastered, in progress, ready to learn (everything it builds on is mastered) or not
 * yet ready. Shown on the progress page per strand, and in the topic chooser.
 */
import { getTopic, prerequisitesOf } from '../problems/topics.ts';

export const topicStatuses = ['mastered', 'in_progress', 'ready', 'not_ready'] as const;
export type TopicStatus = (typeof topicStatuses)[number];

/** What the map needs to know about the student and one topic (ability_student_topics). */
export interface TopicProgress {
  /** Answers on the topic, placement answers included. */
  answers: number;
  mastered: boolean;
}

/**
 * A prerequisite is met when it is mastered, or when the student never practised it here and it
 * belongs to earlier school years than the student's grade (its last grade below theirs): a
 * grade-5 student is not sent back to count coins before fractions. One practised and not
 * mastered is not met, whatever the grade.
 */
function prerequisiteMet(prerequisiteId: string, progress: ReadonlyMap<string, TopicProgress>, grade: number | null): boolean {
  const known = progress.get(prerequisiteId);
  if (known && known.answers > 0) return known.mastered;
  return grade !== null && getTopic(prerequisiteId).grades.at(-1)! < grade;
}

export function topicStatus(topicId: string, progress: ReadonlyMap<string, TopicProgress>, grade: number | null): TopicStatus {
  const own = progress.get(topicId);
  if (own?.mastered) return 'mastered';
  if (own && own.answers > 0) return 'in_progress';
  return prerequisitesOf(topicId).every((id) => prerequisiteMet(id, progress, grade)) ? 'ready' : 'not_ready';
}

/** The prerequisites still to master before a topic is ready (for "Learn X first"). */
export const missingPrerequisites = (topicId: string, progress: ReadonlyMap<string, TopicProgress>, grade: number | null): string[] =>
  prerequisitesOf(topicId).filter((id) => !prerequisiteMet(id, progress, grade));
