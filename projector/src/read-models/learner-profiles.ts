import { usableTimeZone } from '@mathdaily/domain';
import { defineReadModel, isUuid } from '../read-model.ts';
import { learnerProfilesTables } from '../tables/learner-profiles.ts';

const PROFILE_EVENTS: ReadonlySet<string> = new Set(['UserRegistered', 'ProfileUpdated', 'UserRoleChanged', 'PlacementCompleted']);

/**
 * What the practice loop needs to know about a user, fed by the accounts events of `user-{id}`
 * and PlacementCompleted of `placement-{id}`: role, grade level (new problems are chosen within
 * it: the grade given at sign-up or in the profile, or the starting grade of a finished placement
 * check, whichever came last) and time zone (practice days, streaks and "due today" are calendar
 * days there; default UTC). It also tells the practice models, through the batch context, the
 * student's time zone at the moment of each answer (placement answers too) and rating (a rating
 * moves the topic's mastery on its day, ability-model).
 */
export const learnerProfiles = defineReadModel({
  name: 'learner-profiles',
  version: 4,
  tables: learnerProfilesTables,
  handles: ['UserRegistered', 'ProfileUpdated', 'UserRoleChanged', 'PlacementCompleted', 'AnswerSubmitted', 'DifficultyRated', 'PlacementAnswerRecorded'],
  keys: (events) => ({
    learner_profiles: events.flatMap((event) => {
      const userId = event.data.userId;
      return isUuid(userId) ? [[userId]] : [];
    }),
  }),
  apply(event, tables, context) {
    const table = tables.learner_profiles;
    const userId = event.data.userId;
    if (!isUuid(userId)) return;
    const at = event.metadata.at;
    const current = table.get(userId);
    if (!PROFILE_EVENTS.has(event.type)) {
      context.timeZones.set(event, usableTimeZone(current?.timezone));
      return;
    }
    switch (event.type) {
      case 'UserRegistered': {
        if (current) return;
        const data = event.data;
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
        const data = event.data;
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
        table.put({ ...current, grade_level: event.data.grade, updated_at: at });
        return;
      }
      case 'UserRoleChanged': {
        if (!current) return;
        table.put({ ...current, role: event.data.role, updated_at: at });
        return;
      }
    }
  },
});
