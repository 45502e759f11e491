import type { FastifyInstance } from 'fastify';
import type { CommandApiDeps } from './deps.ts';
import { registerRegister } from './auth/register.ts';
import { registerLogin } from './auth/login.ts';
import { registerLogout } from './auth/logout.ts';
import { registerRefresh } from './auth/refresh.ts';
import { registerForgotPassword } from './auth/forgot-password.ts';
import { registerResetPassword } from './auth/reset-password.ts';
import { registerVerifyEmail } from './auth/verify-email.ts';
import { registerResendVerification } from './auth/resend-verification.ts';
import { registerUpdateProfile } from './auth/update-profile.ts';
import { registerChangePassword } from './auth/change-password.ts';
import { registerChooseAvatar } from './auth/choose-avatar.ts';
import { registerUploadAvatar } from './auth/upload-avatar.ts';
import { registerRemoveAvatar } from './auth/remove-avatar.ts';
import { registerChangeUserRole } from './admin/change-user-role.ts';
import { registerRequestContact } from './contact/request-contact.ts';
import { registerReportClientError } from './client-errors/report-client-error.ts';
import { registerSubmitAnswer } from './learning/submit-answer.ts';
import { registerOpenHint } from './learning/open-hint.ts';
import { registerRateDifficulty } from './learning/rate-difficulty.ts';
import { registerStartSession } from './learning/start-session.ts';
import { registerEndSession } from './learning/end-session.ts';

/** Every state-changing route (POST/PUT/DELETE). One line per command slice. */
export async function commandApi(app: FastifyInstance, deps: CommandApiDeps) {
  registerRequestContact(app, deps);
  registerRegister(app, deps);
  registerLogin(app, deps);
  registerLogout(app, deps);
  registerRefresh(app, deps);
  registerForgotPassword(app, deps);
  registerResetPassword(app, deps);
  registerVerifyEmail(app, deps);
  registerResendVerification(app, deps);
  registerUpdateProfile(app, deps);
  registerChangePassword(app, deps);
  registerChooseAvatar(app, deps);
  registerUploadAvatar(app, deps);
  registerRemoveAvatar(app, deps);
  registerChangeUserRole(app, deps);
  registerReportClientError(app, deps);
  registerSubmitAnswer(app, deps);
  registerOpenHint(app, deps);
  registerRateDifficulty(app, deps);
  registerStartSession(app, deps);
  registerEndSession(app, deps);
}
