import { column, defineTable } from './define-table.ts';

/** read-models/tutor-relationships.ts */
export const tutorRelationshipsTables = [
  defineTable({
    name: 'tutor_referral_codes',
    columns: {
      code: column.text(),
      tutor_id: column.uuid(),
      kind: column.text(),
      /** 'pending' until a student uses it, then 'active'; 'inactive' once deactivated. */
      status: column.text(),
      created_at: column.timestamptz(),
      uses: column.int4(),
      first_used_at: column.timestamptz().nullable(),
      last_used_at: column.timestamptz().nullable(),
      last_student_id: column.uuid().nullable(),
      deactivated_at: column.timestamptz().nullable(),
    },
    primaryKey: ['code'],
    indexes: ['tutor_referral_codes_tutor ON (tutor_id, created_at DESC)'],
  }),
  defineTable({
    name: 'tutor_students',
    columns: {
      tutor_id: column.uuid(),
      student_id: column.uuid(),
      /** 'pending', 'active' or 'inactive'. */
      status: column.text(),
      referral_code: column.text().nullable(),
      joined_at: column.timestamptz(),
      activated_at: column.timestamptz().nullable(),
      status_changed_at: column.timestamptz(),
    },
    primaryKey: ['tutor_id', 'student_id'],
    indexes: ['tutor_students_student ON (student_id)', 'tutor_students_joined ON (tutor_id, joined_at DESC)'],
  }),
] as const;
