import { usableTimeZone, type PlacementCompletedData, type ProfileUpdated, type UserRegistered, type UserRoleChanged } from '@mathdaily/domain';
import { type ReadModel, isUuid } from '../read-model.ts';

const PROFILE_EVENTS = new Set(['UserRegistered', 'ProfileUpdated', 'UserRoleChanged', 'PlacementCompleted']);

/**
 * What the practice loop needs to know about a user, fed by the accounts events of `user-{id}`
 * and PlacementCompleted of `placement-{id}`: role, grade level (new problems are chosen within
 * it: the grade given at sign-up or in the profile, or the starting grade of a finished placement
 * check, whichever came last) and time zone (practice days, streaks and "due today" are calendar
 * days there; default UTC). It also tells the practice models, through the batch context, the
 * student's time zone at the moment of each answer (placement answers too) and rating (a rating
 * moves the topic's mastery on its day, ability-model).
 */
export const learnerProfiles: ReadModel = {
  name: 'learner-profiles',
  version: 4,
  tables: [
    {
      name: 'learner_profiles',
      columns: [
        { name: 'user_id', type: 'uuid' },
        { name: 'role', type: 'text' },
        { name: 'grade_level', type: 'int2', nullable: true },
        { name: 'timezone', type: 'text' },
        { name: 'registered_at', type: 'timestamptz' },
        { name: 'updated_at', type: 'timestamptz' },
      ],
      primaryKey: ['user_id'],
    },
  ],
  handles: ['UserRegistered', 'ProfileUpdated', 'UserRoleChanged', 'PlacementCompleted', 'AnswerSubmitted', 'DifficultyRated', 'PlacementAnswerRecorded'],
  keys: (events) => ({
    learner_profiles: events.flatMap((event) => {
      const userId = (event.data as { userId: unknown }).userId;
      return isUuid(userId) ? [[userId]] : [];
    }),
  }),
  apply(event, tables, context) {
    const table = tables.learner_profiles!;
    const userId = (event.data as { userId: unknown }).userId;
    if (!isUuid(userId)) return;
    const at = event.metadata.at;
    const current = table.get(userId);
    if (!PROFILE_EVENTS.has(event.type)) {
      context.setTimeZone(event, usableTimeZone(current?.timezone as string | undefined));
      return;
    }
    switch (event.type) {
      case 'UserRegistered': {
        if (current) return;
        const data = event.data as UserRegistered['data'];
        table.put({
          user_id: userId,
          role: data.role,
          grade_level: data.gradeLevel,
          timezone: usableTimeZone(data.timezone),
          registered_at: at,
          updated_at: at,
        });
        return;
      }
      case 'ProfileUpdated': {
        if (!current) return;
        const data = event.data as ProfileUpdated['data'];
        table.put({
          ...current,
          grade_level: data.gradeLevel === undefined ? current.grade_level : data.gradeLevel,
          timezone: data.timezone === undefined ? current.timezone : usableTimeZone(data.timezone),
          updated_at: at,
        });
        return;
      }
      case 'PlacementCompleted': {
        if (!current) return;
        table.put({ ...current, grade_level: (event.data as PlacementCompletedData).grade, updated_at: at });
        return;
      }
      case 'UserRoleChanged': {
        if (!current) return;
        table.put({ ...current, role: (event.data as UserRoleChanged['data']).role, updated_at: at });
        return;
      }
    }
  },
};
