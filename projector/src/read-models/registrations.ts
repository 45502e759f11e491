import type { UserRegistered } from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';

/**
 * `registrations`: who registered when, as they registered (the admin's "recent registrations"
 * and the 30-day "new users" figure). Current names and roles are in `users`.
 */
export const registrations: ReadModel = {
  name: 'registrations',
  version: 2,
  tables: [
    {
      name: 'registrations',
      columns: [
        { name: 'user_id', type: 'uuid' },
        { name: 'email', type: 'text' },
        { name: 'first_name', type: 'text' },
        { name: 'last_name', type: 'text' },
        { name: 'role', type: 'text' },
        { name: 'grade_level', type: 'int2', nullable: true },
        { name: 'source', type: 'text' },
        { name: 'registered_at', type: 'timestamptz' },
      ],
      primaryKey: ['user_id'],
      insertOnly: true,
      indexes: ['registrations_at ON (registered_at DESC)'],
    },
  ],
  handles: ['UserRegistered'],
  apply(event, tables) {
    const d = event.data as UserRegistered['data'];
    tables.registrations!.put({
      user_id: d.userId,
      email: d.email,
      first_name: d.firstName,
      last_name: d.lastName,
      role: d.role,
      grade_level: d.gradeLevel,
      source: d.source,
      registered_at: event.metadata.at,
    });
  },
};
