import type { FastifyInstance } from 'fastify';
import type { CommandApiDeps } from './deps.ts';
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
  registerReportClientError(app, deps);
  registerSubmitAnswer(app, deps);
  registerOpenHint(app, deps);
  registerRateDifficulty(app, deps);
  registerStartSession(app, deps);
  registerEndSession(app, deps);
}
