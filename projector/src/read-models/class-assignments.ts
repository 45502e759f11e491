import { progressOf, recordAssignmentAnswer } from '@mathdaily/domain';
import { defineReadModel, isUuid, type TablesOf } from '../read-model.ts';
import { classAssignmentsTables, type OpenAssignment } from '../tables/class-assignments.ts';

type Tables = TablesOf<typeof classAssignmentsTables>;

/**
 * Work given to classes: `class_assignments` (one row per assignment: its class, title, where its
 * problems came from, the problems and students, due time), `assignment_results` (one row per
 * assignment × student: problems answered since it was given, right ones, when started, finished
 * and last answered, and per problem the first answer) and `assignment_learners` (per student, the
 * assignments they have not finished: an answer looks there for what it counts towards, so a
 * batch loads one row per answering student, not one per assignment).
 */
export const classAssignments = defineReadModel({
  name: 'class-assignments',
  version: 1,
  tables: classAssignmentsTables,
  handles: ['ClassAssignmentCreated', 'ClassAssignmentDueChanged', 'ClassAssignmentRemoved', 'AnswerSubmitted'],
  keys: (events) => {
    const assignments: string[][] = [];
    const learners: string[][] = [];
    for (const event of events) {
      if (event.type === 'AnswerSubmitted') {
        const { userId } = event.data;
        if (isUuid(userId)) learners.push([userId]);
        continue;
      }
      const data = event.data;
      assignments.push([data.assignmentId]);
      if (event.type !== 'ClassAssignmentDueChanged') for (const studentId of data.studentIds) learners.push([studentId]);
    }
    return { class_assignments: assignments, assignment_learners: learners };
  },
  apply(event, tables) {
    const at = event.metadata.at;
    switch (event.type) {
      case 'ClassAssignmentCreated': {
        const data = event.data;
        tables.class_assignments.put({
          assignment_id: data.assignmentId,
          class_id: data.classId,
          tutor_id: data.tutorId,
          title: data.title,
          source: data.source,
          problem_ids: data.problemIds,
          student_ids: data.studentIds,
          due_local: data.dueLocal,
          time_zone: data.timeZone,
          due_at: data.dueAt,
          created_at: at,
          position: event.position,
        });
        const assignment: OpenAssignment = { classId: data.classId, tutorId: data.tutorId, problemIds: data.problemIds, assignedAt: at, answers: {} };
        for (const studentId of data.studentIds) {
          updateOpen(tables, studentId, (open) => ({ ...open, [data.assignmentId]: assignment }));
          putResult(tables, data.assignmentId, studentId, assignment);
        }
        return;
      }
      case 'ClassAssignmentDueChanged': {
        const data = event.data;
        const row = tables.class_assignments.get(data.assignmentId);
        if (row) tables.class_assignments.put({ ...row, due_local: data.dueLocal, time_zone: data.timeZone, due_at: data.dueAt });
        return;
      }
      case 'ClassAssignmentRemoved': {
        const data = event.data;
        tables.class_assignments.delete(data.assignmentId);
        for (const studentId of data.studentIds) {
          updateOpen(tables, studentId, ({ [data.assignmentId]: _removed, ...rest }) => rest);
          tables.assignment_results.delete(data.assignmentId, studentId);
        }
        return;
      }
      case 'AnswerSubmitted': {
        const data = event.data;
        if (!isUuid(data.userId)) return;
        const row = tables.assignment_learners.get(data.userId);
        if (!row) return;
        const { assignments, changed } = recordAssignmentAnswer(row.open, { problemId: data.problemId.toLowerCase(), isCorrect: data.isCorrect, at });
        if (changed.length === 0) return;
        for (const id of changed) putResult(tables, id, data.userId, assignments[id]!);
        // Finished work needs nothing more from answers: it leaves the open list.
        const stillOpen = Object.fromEntries(Object.entries(assignments).filter(([, assignment]) => progressOf(assignment).completedAt === null));
        tables.assignment_learners.put({ student_id: data.userId, open: stillOpen });
        return;
      }
    }
  },
});

function updateOpen(tables: Tables, studentId: string, change: (open: Record<string, OpenAssignment>) => Record<string, OpenAssignment>) {
  const row = tables.assignment_learners.get(studentId);
  tables.assignment_learners.put({ student_id: studentId, open: change(row?.open ?? {}) });
}

/** The student's result row, written whole from the assignment as it stands (never read back by the model). */
function putResult(tables: Tables, assignmentId: string, studentId: string, assignment: OpenAssignment) {
  const progress = progressOf(assignment);
  tables.assignment_results.put({
    assignment_id: assignmentId,
    student_id: studentId,
    class_id: assignment.classId,
    tutor_id: assignment.tutorId,
    total: progress.total,
    answered: progress.answered,
    correct: progress.correct,
    answers: assignment.answers,
    assigned_at: assignment.assignedAt,
    started_at: progress.startedAt,
    completed_at: progress.completedAt,
    last_answer_at: progress.lastAnswerAt,
  });
}
