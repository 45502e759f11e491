import { sql } from 'slonik';
import type { UserRegistered } from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';

/**
 * `registrations`: who registered when, as they registered (the admin's "recent registrations"
 * and the 30-day "new users" figure). Current names and roles are in `users`.
 */
export const registrations: ReadModel = {
  name: 'registrations',
  version: 1,
  tables: [
    sql.unsafe`
      CREATE TABLE registrations (
        user_id uuid PRIMARY KEY,
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        role text NOT NULL,
        grade_level smallint,
        source text NOT NULL,
        registered_at timestamptz NOT NULL
      )`,
    sql.unsafe`CREATE INDEX registrations_at ON registrations (registered_at DESC)`,
  ],
  handles: ['UserRegistered'],
  async apply(tx, event) {
    const d = event.data as UserRegistered['data'];
    await tx.query(sql.unsafe`
      INSERT INTO registrations (user_id, email, first_name, last_name, role, grade_level, source, registered_at)
      VALUES (${d.userId}, ${d.email}, ${d.firstName}, ${d.lastName}, ${d.role}, ${d.gradeLevel}, ${d.source}, ${event.metadata.at})
      ON CONFLICT (user_id) DO NOTHING`);
  },
};
