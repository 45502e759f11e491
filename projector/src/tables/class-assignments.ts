import type { AssignmentAnswers, AssignmentSource } from '@mathdaily/domain';
import { column, defineTable } from './define-table.ts';

/** A student's assignment still open (some problem not answered since it was given), as assignment_learners keeps it. */
export type OpenAssignment = AssignmentAnswers & { classId: string; tutorId: string };

/** read-models/class-assignments.ts */
export const classAssignmentsTables = [
  defineTable({
    name: 'class_assignments',
    columns: {
      assignment_id: column.uuid(),
      class_id: column.uuid(),
      tutor_id: column.uuid(),
      title: column.text(),
      source: column.jsonb<AssignmentSource>(),
      problem_ids: column.jsonb<string[]>(),
      student_ids: column.jsonb<string[]>(),
      due_local: column.text(),
      time_zone: column.text(),
      due_at: column.timestamptz(),
      created_at: column.timestamptz(),
      position: column.position(),
    },
    primaryKey: ['assignment_id'],
    indexes: ['class_assignments_class ON (class_id, due_at)'],
  }),
  defineTable({
    name: 'assignment_results',
    columns: {
      assignment_id: column.uuid(),
      student_id: column.uuid(),
      class_id: column.uuid(),
      tutor_id: column.uuid(),
      total: column.int4(),
      answered: column.int4(),
      correct: column.int4(),
      answers: column.jsonb<AssignmentAnswers['answers']>(),
      assigned_at: column.timestamptz(),
      started_at: column.timestamptz().nullable(),
      completed_at: column.timestamptz().nullable(),
      last_answer_at: column.timestamptz().nullable(),
    },
    primaryKey: ['assignment_id', 'student_id'],
    indexes: ['assignment_results_student ON (student_id, assigned_at)', 'assignment_results_class ON (class_id)'],
  }),
  defineTable({
    name: 'assignment_learners',
    columns: {
      student_id: column.uuid(),
      open: column.jsonb<Record<string, OpenAssignment>>(),
    },
    primaryKey: ['student_id'],
  }),
] as const;
