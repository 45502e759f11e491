import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '@mathdaily/domain';
import type { QueryApiDeps } from './deps.ts';

/** Positions are PostgreSQL bigints (EventStoreDB commit positions fit too). */
const MAX_POSITION = 2n ** 63n - 1n;

/**
 * A client that has just sent a command passes its position as `x-min-position`; the read
 * waits (up to 2 s, woken by the projector's NOTIFY) until the read models include it.
 */
export function registerMinPosition(app: FastifyInstance, deps: QueryApiDeps) {
  app.addHook('preHandler', async (request, reply) => {
    const position = minPositionOf(request);
    if (position === null) return;
    const appliedIn = await deps.waiter.waitFor(position);
    if (appliedIn === null) void reply.header('x-consistency', 'stale');
  });
}

/** The request's `x-min-position` (null without one); a malformed one is a 400. */
export function minPositionOf(request: FastifyRequest): bigint | null {
  const header = request.headers['x-min-position'];
  if (header === undefined || header === '') return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,19}$/.test(value) || BigInt(value) > MAX_POSITION) {
    throw new DomainError('VALIDATION_FAILED', 'The x-min-position header must be a whole number (an event position).');
  }
  return BigInt(value);
}
