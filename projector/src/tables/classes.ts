import { column, defineTable } from './define-table.ts';

/** read-models/classes.ts */
export const classesTables = [
  defineTable({
    name: 'classes',
    columns: {
      class_id: column.uuid(),
      tutor_id: column.uuid(),
      name: column.text(),
      time_zone: column.text(),
      join_code: column.text(),
      archived_at: column.timestamptz().nullable(),
      created_at: column.timestamptz(),
      updated_at: column.timestamptz(),
      position: column.position(),
    },
    primaryKey: ['class_id'],
    indexes: ['classes_tutor ON (tutor_id, created_at)', 'classes_join_code ON (join_code)'],
  }),
  defineTable({
    name: 'class_members',
    columns: {
      class_id: column.uuid(),
      student_id: column.uuid(),
      tutor_id: column.uuid(),
      via: column.text(),
      joined_at: column.timestamptz(),
    },
    primaryKey: ['class_id', 'student_id'],
    indexes: ['class_members_student ON (student_id)'],
  }),
] as const;
