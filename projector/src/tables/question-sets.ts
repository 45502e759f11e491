import { column, defineTable } from './define-table.ts';

/** read-models/question-sets.ts */
export const questionSetsTables = [
  defineTable({
    name: 'question_sets',
    columns: {
      set_id: column.uuid(),
      tutor_id: column.uuid(),
      title: column.text(),
      problem_ids: column.jsonb<string[]>(),
      created_at: column.timestamptz(),
      updated_at: column.timestamptz(),
      position: column.position(),
    },
    primaryKey: ['set_id'],
    indexes: ['question_sets_tutor ON (tutor_id, updated_at DESC)'],
  }),
  defineTable({
    name: 'question_set_assignments',
    columns: {
      set_id: column.uuid(),
      student_id: column.uuid(),
      tutor_id: column.uuid(),
      assigned_at: column.timestamptz(),
      position: column.position(),
    },
    primaryKey: ['set_id', 'student_id'],
    indexes: ['question_set_assignments_student ON (student_id, assigned_at)'],
  }),
] as const;
