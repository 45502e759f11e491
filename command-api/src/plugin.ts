import type { FastifyInstance } from 'fastify';
import type { CommandApiDeps } from './deps.ts';
import { registerRequestContact } from './contact/request-contact.ts';
import { registerReportClientError } from './client-errors/report-client-error.ts';

/** Every state-changing route (POST/PUT/DELETE). One line per command slice. */
export async function commandApi(app: FastifyInstance, deps: CommandApiDeps) {
  registerRequestContact(app, deps);
  registerReportClientError(app, deps);
}
