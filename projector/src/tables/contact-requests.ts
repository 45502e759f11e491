import { column, defineTable } from './define-table.ts';

/** read-models/contact-requests.ts. `name`, `email`, `organization` and `message` hold the field as the event stores it: sealed (docs/personal-data.md). */
export const contactRequestsTables = [
  defineTable({
    name: 'contact_requests',
    columns: {
      request_id: column.uuid(),
      source: column.text(),
      name: column.json<unknown>(),
      email: column.json<unknown>(),
      organization: column.json<unknown>().nullable(),
      plan: column.text().nullable(),
      subject: column.text().nullable(),
      message: column.json<unknown>(),
      user_id: column.text().nullable(),
      created_at: column.timestamptz(),
    },
    primaryKey: ['request_id'],
    insertOnly: true,
    indexes: ['contact_requests_created ON (created_at DESC, request_id)', 'contact_requests_source ON (source, created_at DESC)'],
  }),
] as const;
