import type { UserRegistered } from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';

/**
 * `registrations`: who registered when, with the role and grade they registered with (the admin's
 * "recent registrations" and the 30-day "new users" figure). Names and addresses are not copied
 * here: queries join `users`, which reads "Deleted user" once an account is erased.
 */
export const registrations: ReadModel = {
  name: 'registrations',
  version: 3,
  tables: [
    {
      name: 'registrations',
      columns: [
        { name: 'user_id', type: 'uuid' },
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
      role: d.role,
      grade_level: d.gradeLevel,
      source: d.source,
      registered_at: event.metadata.at,
    });
  },
};
