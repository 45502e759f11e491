import { column, defineTable } from './define-table.ts';

/** read-models/users.ts */
export const usersTables = [
  defineTable({
    name: 'users',
    columns: {
      id: column.uuid(),
      email: column.text(),
      first_name: column.text(),
      last_name: column.text(),
      role: column.text(),
      grade_level: column.int2().nullable(),
      timezone: column.text(),
      timezone_set: column.bool(),
      is_email_verified: column.bool(),
      email_verified_at: column.timestamptz().nullable(),
      avatar_kind: column.text(),
      avatar_url: column.text().nullable(),
      profile_image_url: column.text(),
      credentials_version: column.int4(),
      source: column.text(),
      login_count: column.int4(),
      failed_sign_ins: column.int4(),
      last_login_at: column.timestamptz().nullable(),
      created_at: column.timestamptz(),
      updated_at: column.timestamptz(),
      erased_at: column.timestamptz().nullable(),
      // A parent's weekly summary e-mail (on unless they turned it off).
      weekly_summary: column.bool(),
    },
    primaryKey: ['id'],
    indexes: ['users_email ON (email)', 'users_created ON (created_at DESC, id)', 'users_role ON (role, created_at DESC)', 'users_last_login ON (last_login_at DESC NULLS LAST)'],
  }),
] as const;
