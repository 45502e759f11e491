import { column, defineTable } from './define-table.ts';

/** read-models/registrations.ts */
export const registrationsTables = [
  defineTable({
    name: 'registrations',
    columns: {
      user_id: column.uuid(),
      role: column.text(),
      grade_level: column.int2().nullable(),
      source: column.text(),
      registered_at: column.timestamptz(),
    },
    primaryKey: ['user_id'],
    insertOnly: true,
    indexes: ['registrations_at ON (registered_at DESC)'],
  }),
] as const;
