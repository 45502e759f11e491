import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { assignmentStatusOf, type AssignmentStatus } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';

/** Assignments and their results as the tutor pages, the reports and the student's dashboard show them. */

export const assignmentRow = tableRows.class_assignments
  .pick({ class_id: true, title: true, source: true, problem_ids: true, student_ids: true, due_at: true, due_local: true, time_zone: true, created_at: true })
  .extend({ id: tableRows.class_assignments.shape.assignment_id });
export const ASSIGNMENT_COLUMNS = sql.fragment`a.assignment_id AS id, a.class_id, a.title, a.source, a.problem_ids, a.student_ids, a.due_at, a.due_local, a.time_zone, a.created_at`;

export const resultRow = tableRows.assignment_results.pick({
  assignment_id: true,
  student_id: true,
  total: true,
  answered: true,
  correct: true,
  answers: true,
  started_at: true,
  completed_at: true,
  last_answer_at: true,
});
export type ResultRow = z.infer<typeof resultRow>;
export const RESULT_COLUMNS = sql.fragment`r.assignment_id, r.student_id, r.total, r.answered, r.correct, r.answers, r.started_at, r.completed_at, r.last_answer_at`;

/** One student's standing on one assignment: status (not started, in progress, done, overdue), score of the answers given, late or not. */
export function standingOf(result: Pick<ResultRow, 'total' | 'answered' | 'correct' | 'completed_at'>, dueAt: string, now: Date) {
  const status: AssignmentStatus = assignmentStatusOf(result, dueAt, now);
  return {
    status,
    answered: result.answered,
    total: result.total,
    correct: result.correct,
    /** Right answers of all its problems, once done; null before. */
    score: status === 'done' ? Math.round((result.correct / result.total) * 1000) / 1000 : null,
    late: result.completed_at !== null && Date.parse(result.completed_at) > Date.parse(dueAt),
    completed_at: result.completed_at,
  };
}

export type Standing = ReturnType<typeof standingOf>;

/** How many of the assignment's students stand where, and the average score of those done. */
export function countsOf(standings: readonly Standing[]) {
  const count = (status: AssignmentStatus) => standings.filter((standing) => standing.status === status).length;
  const scores = standings.flatMap((standing) => (standing.score === null ? [] : [standing.score]));
  return {
    students: standings.length,
    done: count('done'),
    in_progress: count('in_progress'),
    not_started: count('not_started'),
    overdue: count('overdue'),
    average_score: scores.length === 0 ? null : Math.round((scores.reduce((sum, score) => sum + score, 0) / scores.length) * 1000) / 1000,
  };
}

export async function resultsOf(pool: DatabasePool, where: { classId?: string; studentId?: string; assignmentId?: string }) {
  const conditions = [
    ...(where.classId ? [sql.fragment`r.class_id = ${where.classId}::uuid`] : []),
    ...(where.studentId ? [sql.fragment`r.student_id = ${where.studentId}::uuid`] : []),
    ...(where.assignmentId ? [sql.fragment`r.assignment_id = ${where.assignmentId}::uuid`] : []),
  ];
  return pool.any(sql.type(resultRow)`SELECT ${RESULT_COLUMNS} FROM read_models.assignment_results r WHERE ${sql.join(conditions, sql.fragment` AND `)}`);
}
