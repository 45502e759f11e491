import { progressOf, recordAssignmentAnswer, type AnswerSubmittedData, type AssignmentAnswers, type ClassEventData } from '@mathdaily/domain';
import { isUuid, type ReadModel, type Tables } from '../read-model.ts';

/** A student's assignment still open (some problem not answered since it was given), as assignment_learners keeps it. */
type OpenAssignment = AssignmentAnswers & { classId: string; tutorId: string };

/**
 * Work given to classes: `class_assignments` (one row per assignment: its class, title, where its
 * problems came from, the problems and students, due time), `assignment_results` (one row per
 * assignment × student: problems answered since it was given, right ones, when started, finished
 * and last answered, and per problem the first answer) and `assignment_learners` (per student, the
 * assignments they have not finished: an answer looks there for what it counts towards, so a
 * batch loads one row per answering student, not one per assignment).
 */
export const classAssignments: ReadModel = {
  name: 'class-assignments',
  version: 1,
  tables: [
    {
      name: 'class_assignments',
      columns: [
        { name: 'assignment_id', type: 'uuid' },
        { name: 'class_id', type: 'uuid' },
        { name: 'tutor_id', type: 'uuid' },
        { name: 'title', type: 'text' },
        { name: 'source', type: 'jsonb' },
        { name: 'problem_ids', type: 'jsonb' },
        { name: 'student_ids', type: 'jsonb' },
        { name: 'due_local', type: 'text' },
        { name: 'time_zone', type: 'text' },
        { name: 'due_at', type: 'timestamptz' },
        { name: 'created_at', type: 'timestamptz' },
        { name: 'position', type: 'int8' },
      ],
      primaryKey: ['assignment_id'],
      indexes: ['class_assignments_class ON (class_id, due_at)'],
    },
    {
      name: 'assignment_results',
      columns: [
        { name: 'assignment_id', type: 'uuid' },
        { name: 'student_id', type: 'uuid' },
        { name: 'class_id', type: 'uuid' },
        { name: 'tutor_id', type: 'uuid' },
        { name: 'total', type: 'int4' },
        { name: 'answered', type: 'int4' },
        { name: 'correct', type: 'int4' },
        { name: 'answers', type: 'jsonb' },
        { name: 'assigned_at', type: 'timestamptz' },
        { name: 'started_at', type: 'timestamptz', nullable: true },
        { name: 'completed_at', type: 'timestamptz', nullable: true },
        { name: 'last_answer_at', type: 'timestamptz', nullable: true },
      ],
      primaryKey: ['assignment_id', 'student_id'],
      indexes: ['assignment_results_student ON (student_id, assigned_at)', 'assignment_results_class ON (class_id)'],
    },
    {
      name: 'assignment_learners',
      columns: [
        { name: 'student_id', type: 'uuid' },
        { name: 'open', type: 'jsonb' },
      ],
      primaryKey: ['student_id'],
    },
  ],
  handles: ['ClassAssignmentCreated', 'ClassAssignmentDueChanged', 'ClassAssignmentRemoved', 'AnswerSubmitted'],
  keys: (events) => {
    const assignments: unknown[][] = [];
    const learners: unknown[][] = [];
    for (const event of events) {
      if (event.type === 'AnswerSubmitted') {
        const { userId } = event.data as AnswerSubmittedData;
        if (isUuid(userId)) learners.push([userId]);
        continue;
      }
      const data = event.data as { assignmentId: string; studentIds: string[] };
      assignments.push([data.assignmentId]);
      if (event.type !== 'ClassAssignmentDueChanged') for (const studentId of data.studentIds) learners.push([studentId]);
    }
    return { class_assignments: assignments, assignment_learners: learners };
  },
  apply(event, tables) {
    const at = event.metadata.at;
    switch (event.type) {
      case 'ClassAssignmentCreated': {
        const data = event.data as ClassEventData<'ClassAssignmentCreated'>;
        tables.class_assignments!.put({
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
        const data = event.data as ClassEventData<'ClassAssignmentDueChanged'>;
        const row = tables.class_assignments!.get(data.assignmentId);
        if (row) tables.class_assignments!.put({ ...row, due_local: data.dueLocal, time_zone: data.timeZone, due_at: data.dueAt });
        return;
      }
      case 'ClassAssignmentRemoved': {
        const data = event.data as ClassEventData<'ClassAssignmentRemoved'>;
        tables.class_assignments!.delete(data.assignmentId);
        for (const studentId of data.studentIds) {
          updateOpen(tables, studentId, ({ [data.assignmentId]: _removed, ...rest }) => rest);
          tables.assignment_results!.delete(data.assignmentId, studentId);
        }
        return;
      }
      case 'AnswerSubmitted': {
        const data = event.data as AnswerSubmittedData;
        if (!isUuid(data.userId)) return;
        const row = tables.assignment_learners!.get(data.userId);
        if (!row) return;
        const { assignments, changed } = recordAssignmentAnswer(row.open as Record<string, OpenAssignment>, { problemId: data.problemId.toLowerCase(), isCorrect: data.isCorrect, at });
        if (changed.length === 0) return;
        for (const id of changed) putResult(tables, id, data.userId, assignments[id] as OpenAssignment);
        // Finished work needs nothing more from answers: it leaves the open list.
        const stillOpen = Object.fromEntries(Object.entries(assignments).filter(([, assignment]) => progressOf(assignment).completedAt === null));
        tables.assignment_learners!.put({ student_id: data.userId, open: stillOpen });
        return;
      }
    }
  },
};

function updateOpen(tables: Tables, studentId: string, change: (open: Record<string, OpenAssignment>) => Record<string, OpenAssignment>) {
  const row = tables.assignment_learners!.get(studentId);
  tables.assignment_learners!.put({ student_id: studentId, open: change((row?.open ?? {}) as Record<string, OpenAssignment>) });
}

/** The student's result row, written whole from the assignment as it stands (never read back by the model). */
function putResult(tables: Tables, assignmentId: string, studentId: string, assignment: OpenAssignment) {
  const progress = progressOf(assignment);
  tables.assignment_results!.put({
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
