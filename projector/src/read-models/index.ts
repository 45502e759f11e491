import type { ReadModel } from '../read-model.ts';
import { adminActivity } from './admin-activity.ts';
import { abilityModel } from './ability-model.ts';
import { achievements } from './achievements.ts';
import { attempts } from './attempts.ts';
import { authSessions } from './auth-sessions.ts';
import { clientErrors } from './client-errors.ts';
import { contactRequests } from './contact-requests.ts';
import { eventLog } from './event-log.ts';
import { learnerProfiles } from './learner-profiles.ts';
import { practiceDays } from './practice-days.ts';
import { practiceSessions } from './practice-sessions.ts';
import { problems } from './problems.ts';
import { registrations } from './registrations.ts';
import { reviewStates } from './review-states.ts';
import { signInLog } from './sign-in-log.ts';
import { users } from './users.ts';
import { tutorActivity } from './tutor-activity.ts';
import { tutorRelationships } from './tutor-relationships.ts';
import { questionSets } from './question-sets.ts';
import { placements } from './placements.ts';
import { familyLinks } from './family-links.ts';
import { classes } from './classes.ts';
import { classAssignments } from './class-assignments.ts';
import { liveLearners } from './live-learners.ts';

/**
 * The practice loop. learner-profiles hands time zones to the models after it, practice-sessions
 * hands attempts, practice-days and tutor-activity whether an answer was a first try, review-states
 * hands ability-model, attempts and achievements what it derived from the same event, and
 * ability-model hands achievements the topic's mastery (BatchContext).
 */
const practiceLoop: readonly ReadModel[] = [learnerProfiles, practiceSessions, reviewStates, abilityModel, attempts, practiceDays, achievements];

/** Every read model the projector maintains. One line per read model. */
export const readModels: readonly ReadModel[] = [users, authSessions, signInLog, registrations, contactRequests, clientErrors, problems, ...practiceLoop, eventLog, adminActivity, tutorRelationships, tutorActivity, questionSets, placements, classes, classAssignments, liveLearners, familyLinks];
