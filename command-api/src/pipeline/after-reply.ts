import type { FastifyRequest } from 'fastify';

/**
 * Runs work after the HTTP reply has gone out, so the reply's timing cannot tell whether there was
 * anything to do (an account behind an address). Failures are logged, never answered.
 */
export function afterReply(request: FastifyRequest, what: string, work: () => Promise<unknown>): void {
  setImmediate(() => {
    work().catch((error: unknown) => request.log.error({ err: error }, `${what} failed`));
  });
}
