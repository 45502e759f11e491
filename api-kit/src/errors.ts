import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type DomainErrorCode } from '@mathdaily/domain';

/** The one error body every API answers with. */
export interface ErrorBody {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

const statusByCode: Record<DomainErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNREADABLE_ANSWER: 422,
  RATE_LIMITED: 429,
};

function statusFor(code: DomainErrorCode): number {
  return statusByCode[code];
}

export function sendError(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json').send(body);
}

/** Turns a path like ['body', 'email'] or '/email' into the field name the client knows. */
function fieldName(path: string): string {
  return path.replace(/^\//, '').replace(/\//g, '.') || 'body';
}

/** Connection failures (node's socket codes, PostgreSQL's admin-shutdown/cannot-connect classes, slonik's wrappers). */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

const EVENT_STORE_UNAVAILABLE = new Set(['unavailable', 'deadline-exceeded', 'timeout']);

/** True when the error (or its cause) says the database could not be reached: the request may simply be retried. */
export function isUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, name, message, cause, syscall, type } = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; syscall?: unknown; type?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  // The EventStoreDB client: its errors' `type` (gRPC UNAVAILABLE, a deadline or timeout while the node is away).
  if (typeof type === 'string' && EVENT_STORE_UNAVAILABLE.has(type)) return true;
  // Over a Unix socket a stopped server has no socket file: connect fails with ENOENT.
  if (code === 'ENOENT' && syscall === 'connect') return true;
  if (name === 'ConnectionError' || name === 'BackendTerminatedError') return true;
  if (typeof message === 'string' && /Connection terminated|not queryable|timeout exceeded when trying to connect/i.test(message)) return true;
  return isUnavailable(cause, depth + 1);
}

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

export const UNAVAILABLE_MESSAGE = 'MathDaily is briefly unavailable. Please try again in a moment.';

/** Maps framework errors (bad JSON, too large, wrong content type, schema failures) and domain errors to 4xx. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(async (thrown: FastifyError, request, reply) => {
    let error = thrown;
    // A principal taken from the cache is confirmed before any error leaves: a caller signed out
    // elsewhere gets 401 (or 403), never a validation error or a refusal meant for a live session.
    if (request.principalCheck?.pending) await request.principalCheck.verify().catch((refusal: unknown) => (error = refusal as FastifyError));
    if (error instanceof DomainError) {
      return sendError(reply, statusFor(error.code), {
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath);
        fields[name] ??= issue.message ?? 'Invalid value';
      }
      const messages = [...new Set(Object.values(fields))];
      return sendError(reply, 400, {
        code: 'VALIDATION_FAILED',
        message: messages.length === 1 ? messages[0]! : 'Please fix the following errors:',
        fields,
      });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 400, { code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 413, { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 415, { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as JSON (Content-Type: application/json).' });
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, 400, { code: 'BAD_REQUEST', message: 'The Content-Length header does not match the body.' });
      case 'FST_ERR_VALIDATION':
        return sendError(reply, 400, { code: 'VALIDATION_FAILED', message: error.message });
    }
    if (isUnavailable(error)) {
      request.log.warn({ err: error, req: request }, 'database unavailable');
      return sendError(reply.header('retry-after', '5'), 503, { code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE });
    }
    if (error.code === 'FST_ERR_RESPONSE_SERIALIZATION') {
      // The handler's answer does not fit the route's schema.response (domain/src/api): our bug, never
      // sent. Logged with where it failed; not the values, which may be personal or an answer.
      const issues = ((error.cause as { issues?: { path: PropertyKey[]; code: string; message: string }[] } | undefined)?.issues ?? []).map(
        (issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
      );
      request.log.error({ req: request, issues }, `response does not match its schema: ${request.method} ${request.routeOptions.url ?? request.url}`);
      return sendError(reply, 500, { code: 'INTERNAL', message: INTERNAL_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendError(reply, 429, { code: 'RATE_LIMITED', message: error.message || 'Too many requests. Please wait a moment and try again.' });
    }
    if (status >= 400 && status < 500) {
      return sendError(reply, status, { code: 'BAD_REQUEST', message: error.message });
    }
    request.log.error({ err: error, req: request }, 'unhandled error');
    return sendError(reply, 500, { code: 'INTERNAL', message: INTERNAL_MESSAGE });
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, { code: 'NOT_FOUND', message: `There is no ${request.method} ${request.url.split('?')[0]} route.` }),
  );
}
