import type { ReadModel } from '../read-model.ts';
import { contactRequests } from './contact-requests.ts';
import { users } from './users.ts';
import { authSessions } from './auth-sessions.ts';
import { signInLog } from './sign-in-log.ts';
import { registrations } from './registrations.ts';
import { clientErrors } from './client-errors.ts';
import { problems } from './problems.ts';
import { learnerProfiles } from './learner-profiles.ts';
import { reviewStates } from './review-states.ts';
import { attempts } from './attempts.ts';
import { practiceDays } from './practice-days.ts';
import { achievements } from './achievements.ts';
import { abilityModel } from './ability-model.ts';

/** The practice loop. review-states comes before attempts and achievements: they read what it derived from the same event. */
const practiceLoop: readonly ReadModel[] = [learnerProfiles, reviewStates, attempts, practiceDays, achievements, abilityModel];

/** Every read model the projector maintains. One line per read model. */
export const readModels: readonly ReadModel[] = [users, authSessions, signInLog, registrations, contactRequests, clientErrors, problems, ...practiceLoop];
