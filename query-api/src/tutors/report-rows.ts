import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { masteryLevel, type AssignmentStatus } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { Standing } from './assignment-view.ts';

/** What the reports (CSV and printed) say per student and topic, from the practice read models. */

const topicColumn = tableRows.ability_student_topics.shape;
const topicRow = z.object({
  student_id: tableRows.attempts.shape.user_id,
  topic: tableRows.attempts.shape.topic,
  attempts: z.number(),
  correct: z.number(),
  last_answer_at: z.string().nullable(),
  problems: topicColumn.problems,
  problems_mastered: topicColumn.problems_mastered,
  topic_mastered: topicColumn.mastered,
});
export type TopicRow = z.infer<typeof topicRow>;

/** Per student and topic practised: answers and right ones (attempts), mastery (the knowledge model's problems mastered of problems tried). */
export function topicRowsOf(pool: DatabasePool, studentIds: readonly string[]) {
  return pool.any(sql.type(topicRow)`
    SELECT a.user_id AS student_id, a.topic, a.attempts, a.correct, a.last_answer_at,
           coalesce(t.problems, 0) AS problems, coalesce(t.problems_mastered, 0) AS problems_mastered, coalesce(t.mastered, false) AS topic_mastered
    FROM (
      SELECT user_id, topic_id, min(topic) AS topic, count(*) AS attempts, count(*) FILTER (WHERE is_correct) AS correct, max(answered_at) AS last_answer_at
      FROM read_models.attempts WHERE user_id = ANY(${sql.array(studentIds, 'uuid')}) GROUP BY user_id, topic_id) a
    LEFT JOIN read_models.ability_student_topics t ON t.user_id = a.user_id AND t.topic_id = a.topic_id
    ORDER BY a.user_id, a.topic`);
}

export const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

export function topicFigures(row: TopicRow) {
  const mastery = ratio(row.problems_mastered, row.problems);
  return {
    topic: row.topic,
    attempts: row.attempts,
    correct: row.correct,
    accuracy: ratio(row.correct, row.attempts),
    mastery,
    mastery_level: mastery === null ? null : masteryLevel(mastery),
    last_answer_at: row.last_answer_at,
  };
}

/** A student's work in a few words: "2 done (avg 80%), 1 in progress, 1 overdue" ("No work set" when none). */
export function assignmentSummary(standings: readonly Pick<Standing, 'status' | 'score'>[]): string {
  if (standings.length === 0) return 'No work set';
  const count = (status: AssignmentStatus) => standings.filter((standing) => standing.status === status).length;
  const scores = standings.flatMap((standing) => (standing.score === null ? [] : [standing.score]));
  const average = scores.length > 0 ? ` (avg ${Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100)}%)` : '';
  const parts = [
    count('done') > 0 ? `${count('done')} done${average}` : '',
    count('in_progress') > 0 ? `${count('in_progress')} in progress` : '',
    count('not_started') > 0 ? `${count('not_started')} not started` : '',
    count('overdue') > 0 ? `${count('overdue')} overdue` : '',
  ];
  return parts.filter(Boolean).join(', ');
}
