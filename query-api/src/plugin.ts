import type { FastifyInstance } from 'fastify';
import type { QueryApiDeps } from './deps.ts';
import { registerMinPosition } from './min-position.ts';
import { registerGetHealth } from './health/get-health.ts';
import { registerGetMe } from './auth/get-me.ts';
import { registerGetProfile } from './auth/get-profile.ts';
import { registerGetProfileStatus } from './auth/get-profile-status.ts';
import { registerListAvatars } from './auth/list-avatars.ts';
import { registerListTestAccounts } from './auth/list-test-accounts.ts';
import { registerListMailboxMessages } from './dev/list-mailbox-messages.ts';
import { registerGetUploadedAvatar } from './avatars/get-uploaded-avatar.ts';
import { registerListContactRequests } from './contact/list-contact-requests.ts';
import { registerListClientErrors } from './client-errors/list-client-errors.ts';
import { registerGenerateProblems } from './problems/generate-problems.ts';
import { registerListProblemTopics } from './problems/list-problem-topics.ts';
import { registerGetProblem } from './problems/get-problem.ts';
import { registerListProblems } from './problems/list-problems.ts';
import { registerGetDueProblems } from './learning/get-due-problems.ts';
import { registerGetProgress } from './learning/get-progress.ts';
import { registerGetAchievements } from './learning/get-achievements.ts';
import { registerGetDashboard } from './learning/get-dashboard.ts';

/** Every GET route: reads read models only. One line per query slice. */
export async function queryApi(app: FastifyInstance, deps: QueryApiDeps) {
  registerMinPosition(app, deps);
  registerGetHealth(app, deps);
  registerGetMe(app, deps);
  registerGetProfile(app, deps);
  registerGetProfileStatus(app, deps);
  registerListAvatars(app, deps);
  registerListTestAccounts(app, deps);
  registerListMailboxMessages(app, deps);
  registerGetUploadedAvatar(app, deps);
  registerListContactRequests(app, deps);
  registerGenerateProblems(app, deps);
  registerListProblemTopics(app, deps);
  registerGetProblem(app, deps);
  registerListProblems(app, deps);
  registerListClientErrors(app, deps);
  registerGetDueProblems(app, deps);
  registerGetProgress(app, deps);
  registerGetAchievements(app, deps);
  registerGetDashboard(app, deps);
}
