import { defineReadModel } from '../read-model.ts';
import { registrationsTables } from '../tables/registrations.ts';

/**
 * `registrations`: who registered when, with the role and grade they registered with (the admin's
 * "recent registrations" and the 30-day "new users" figure). Names and addresses are not copied
 * here: queries join `users`, which reads "Deleted user" once an account is erased.
 */
export const registrations = defineReadModel({
  name: 'registrations',
  version: 3,
  tables: registrationsTables,
  handles: ['UserRegistered'],
  apply(event, tables) {
    const d = event.data;
    tables.registrations.put({
      user_id: d.userId,
      role: d.role,
      grade_level: d.gradeLevel,
      source: d.source,
      registered_at: event.metadata.at,
    });
  },
});
