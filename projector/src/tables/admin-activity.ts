import { column, defineTable } from './define-table.ts';

/** read-models/admin-activity.ts */
export const adminActivityTables = [
  defineTable({
    name: 'admin_event_counts',
    columns: {
      day: column.date(),
      type: column.text(),
      events: column.int8(),
    },
    primaryKey: ['day', 'type'],
  }),
] as const;
