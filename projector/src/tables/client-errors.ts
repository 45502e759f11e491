import { column, defineTable } from './define-table.ts';

/** read-models/client-errors.ts */
export const clientErrorsTables = [
  defineTable({
    name: 'client_errors',
    columns: {
      report_id: column.uuid(),
      message: column.text(),
      stack: column.text().nullable(),
      url: column.text(),
      user_agent: column.text(),
      user_id: column.text().nullable(),
      occurred_at: column.timestamptz(),
      reported_at: column.timestamptz(),
    },
    primaryKey: ['report_id'],
    insertOnly: true,
    indexes: ['client_errors_reported ON (reported_at DESC, report_id)'],
  }),
] as const;
