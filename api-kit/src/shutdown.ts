import type { FastifyInstance } from 'fastify';
import type { Logger } from './logger.ts';

/** How long requests in flight get to finish once a service is told to stop (compose waits 30 s before it kills). */
const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Stops a server the gentle way: no new connections, keep-alive connections closed once idle,
 * requests in flight answered (with `Connection: close`, so the client's next request goes to
 * another instance), live sockets closed with 1001 by their own preClose hook. Whatever is still
 * open at the deadline is cut.
 */
export async function closeServer(server: FastifyInstance, deadlineMs = SHUTDOWN_DEADLINE_MS): Promise<void> {
  const cut = setTimeout(() => server.server.closeAllConnections(), deadlineMs);
  try {
    await server.close();
  } finally {
    clearTimeout(cut);
  }
}

/**
 * SIGTERM (compose, an orchestrator) and SIGINT (Ctrl-C) run `stop` once, then the process exits
 * 0; a second signal, or `stop` taking longer than the deadline and a margin for closing pools,
 * exits 1 at once.
 */
export function stopOnSignals(logger: Logger, stop: () => Promise<void>, deadlineMs = SHUTDOWN_DEADLINE_MS + 5_000): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal}: finishing the work in hand, then stopping`);
    setTimeout(() => {
      logger.error(`still stopping after ${deadlineMs / 1000} s: exiting`);
      process.exit(1);
    }, deadlineMs).unref();
    stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'failed to stop cleanly');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
