import { column, defineTable } from './define-table.ts';

/** read-models/learner-profiles.ts */
export const learnerProfilesTables = [
  defineTable({
    name: 'learner_profiles',
    columns: {
      user_id: column.uuid(),
      role: column.text(),
      grade_level: column.int2().nullable(),
      timezone: column.text(),
      registered_at: column.timestamptz(),
      updated_at: column.timestamptz(),
    },
    primaryKey: ['user_id'],
  }),
] as const;
