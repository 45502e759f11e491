import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { DomainError } from '@mathdaily/domain';
import { sendError } from './errors.ts';

/**
 * The Idempotency-Key header (draft-ietf-httpapi-idempotency-key-header) on every state-changing
 * route: a client that re-sends a request after a timeout gets the first answer again and no
 * second event. Keys live in `runtime.idempotency_keys` (every instance sees them) for 24 hours,
 * scoped to the signed-in user (or, for guests, the client address), so nobody can replay
 * another caller's answer.
 */

const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** How long a claimed key waits for its first request to finish before a retry may run it again (a crashed server). */
const LOCK_SECONDS = 60;

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  otherRequest: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  inFlight: 'A request with this Idempotency-Key is still being processed. Please retry in a moment.',
} as const;

const KEY = /^[\x21-\x7e]{1,255}$/;
const COMMAND_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const claimRow = z.object({ claimed: z.boolean(), fingerprint: z.string(), status: z.number().nullable(), response: z.string().nullable() });

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: { scope: string; key: string };
    /** The request's fingerprint, taken of the body as sent (before the route's schema reshapes it). */
    idempotencyFingerprint?: string;
  }
}

/** The key of a request (a structured-field string may come quoted), or undefined when none was sent. */
function keyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const text = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  const key = /^"(.*)"$/.exec(text)?.[1] ?? text;
  if (!KEY.test(key)) throw new DomainError('VALIDATION_FAILED', IDEMPOTENCY_MESSAGES.badKey, { 'Idempotency-Key': IDEMPOTENCY_MESSAGES.badKey });
  return key;
}

/**
 * What makes two requests "the same": method, route, address and body, the body as the client sent
 * it. Taken before validation: a schema that fills defaults or drops ignored fields would otherwise
 * make the fingerprint depend on the server's version, and a retry across a release would be
 * refused as another request.
 */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
}

export function registerIdempotency(app: FastifyInstance, pool: DatabasePool) {
  let claims = 0;
  app.addHook('preValidation', async (request) => {
    if (COMMAND_METHODS.has(request.method) && request.headers['idempotency-key'] !== undefined) request.idempotencyFingerprint = fingerprintOf(request);
  });
  // preHandler: after the access check and body validation, so only well-formed requests claim a key.
  app.addHook('preHandler', async (request, reply) => {
    if (!COMMAND_METHODS.has(request.method)) return;
    const key = keyOf(request);
    if (key === undefined) return;
    const scope = request.principal ? `user:${request.principal.userId}` : `address:${request.ip}`;
    const fingerprint = request.idempotencyFingerprint ?? fingerprintOf(request);
    claims += 1;
    if (claims % 500 === 0) void pool.query(sql.unsafe`DELETE FROM runtime.idempotency_keys WHERE expires_at < now()`).catch(() => {});
    // Claims the key unless a live claim or a stored answer holds it; either way returns the row.
    const row = await pool.maybeOne(sql.type(claimRow)`
      WITH claim AS (
        INSERT INTO runtime.idempotency_keys AS k (scope, key, fingerprint, status, response, locked_until, expires_at)
        VALUES (${scope}, ${key}, ${fingerprint}, NULL, NULL, now() + make_interval(secs => ${LOCK_SECONDS}), now() + make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS}))
        ON CONFLICT (scope, key) DO UPDATE SET
          fingerprint = EXCLUDED.fingerprint, status = NULL, response = NULL,
          locked_until = EXCLUDED.locked_until, expires_at = EXCLUDED.expires_at
        WHERE k.expires_at < now() OR (k.status IS NULL AND k.locked_until < now() AND k.fingerprint = EXCLUDED.fingerprint)
        RETURNING true AS claimed, fingerprint, status, response
      )
      SELECT * FROM claim
      UNION ALL
      SELECT false, fingerprint, status, response FROM runtime.idempotency_keys
      WHERE scope = ${scope} AND key = ${key} AND NOT EXISTS (SELECT 1 FROM claim)`);
    // No row: another request claimed the key after this statement's snapshot was taken.
    if (row === null) return replyError(reply.header('retry-after', '1'), 409, 'IDEMPOTENCY_IN_FLIGHT', IDEMPOTENCY_MESSAGES.inFlight);
    if (row.claimed) {
      request.idempotencyClaim = { scope, key };
      return;
    }
    if (row.fingerprint !== fingerprint) return replyError(reply, 422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.otherRequest);
    if (row.status === null || row.response === null) return replyError(reply.header('retry-after', '1'), 409, 'IDEMPOTENCY_IN_FLIGHT', IDEMPOTENCY_MESSAGES.inFlight);
    return reply.status(row.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(row.response);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    // Transient refusals (rate limit, outage, our bugs) are not the answer to keep: the retry runs again.
    const keep = typeof payload === 'string' && reply.statusCode < 500 && reply.statusCode !== 429;
    if (keep) {
      await pool.query(sql.unsafe`
        UPDATE runtime.idempotency_keys SET status = ${reply.statusCode}, response = ${payload}
        WHERE scope = ${claim.scope} AND key = ${claim.key}`);
    } else {
      await pool.query(sql.unsafe`DELETE FROM runtime.idempotency_keys WHERE scope = ${claim.scope} AND key = ${claim.key} AND status IS NULL`);
    }
    return payload;
  });
}

function replyError(reply: FastifyReply, status: number, code: string, message: string) {
  return sendError(reply, status, { code, message });
}
