/**
 * How far a student is with an assignment. A problem of it counts as done with the student's first
 * answer to it at or after the assignment was given (right or wrong: the score says which); an
 * answer from before does not count. Done when every problem has such an answer; overdue when the
 * due time has passed before that.
 */

export interface AssignmentAnswers {
  problemIds: readonly string[];
  assignedAt: string;
  /** Per problem: the first answer since the assignment was given ([right, at]). */
  answers: Readonly<Record<string, readonly [boolean, string]>>;
}

export interface AssignmentProgress {
  total: number;
  answered: number;
  correct: number;
  startedAt: string | null;
  completedAt: string | null;
  lastAnswerAt: string | null;
}

export type AssignmentStatus = 'not_started' | 'in_progress' | 'done' | 'overdue';

/** The assignments (by id) this answer counts for, with the answer recorded; the others are left as they were (other fields of an assignment are kept). */
export function recordAssignmentAnswer<Assignment extends AssignmentAnswers>(
  assignments: Readonly<Record<string, Assignment>>,
  answer: { problemId: string; isCorrect: boolean; at: string },
): { assignments: Record<string, Assignment>; changed: string[] } {
  const changed: string[] = [];
  const next: Record<string, Assignment> = { ...assignments };
  for (const [id, assignment] of Object.entries(assignments)) {
    if (!assignment.problemIds.includes(answer.problemId) || assignment.answers[answer.problemId] || Date.parse(answer.at) < Date.parse(assignment.assignedAt)) continue;
    next[id] = { ...assignment, answers: { ...assignment.answers, [answer.problemId]: [answer.isCorrect, answer.at] } };
    changed.push(id);
  }
  return { assignments: next, changed };
}

export function progressOf(assignment: AssignmentAnswers): AssignmentProgress {
  const answers = assignment.problemIds.flatMap((id) => (assignment.answers[id] ? [assignment.answers[id]] : []));
  const times = answers.map(([, at]) => at).sort();
  const done = answers.length === assignment.problemIds.length;
  return {
    total: assignment.problemIds.length,
    answered: answers.length,
    correct: answers.filter(([right]) => right).length,
    startedAt: times[0] ?? null,
    completedAt: done ? times.at(-1)! : null,
    lastAnswerAt: times.at(-1) ?? null,
  };
}

export function assignmentStatusOf(progress: Pick<AssignmentProgress, 'total' | 'answered'>, dueAt: string, now: Date): AssignmentStatus {
  if (progress.answered >= progress.total) return 'done';
  if (now.getTime() > Date.parse(dueAt)) return 'overdue';
  return progress.answered > 0 ? 'in_progress' : 'not_started';
}

