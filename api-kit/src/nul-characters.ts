import type { FastifyInstance } from 'fastify';
import { DomainError } from '@mathdaily/domain';

/** The path of the first string holding a NUL character in a parsed body or query, if any. */
function firstNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstNul(item, `${path}.${index}`);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = firstNul(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * PostgreSQL stores no NUL character (neither in text nor in jsonb), so one in any field of a
 * body or query string would fail deep in a read or an append as a 500. Refuse it up front, for
 * every route, after the access check.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = firstNul(request.query, '') ?? firstNul(request.body, '');
    if (field === undefined) return;
    const name = field || 'body';
    throw new DomainError('VALIDATION_FAILED', `${name} must not contain control characters`, { [name]: `${name} must not contain control characters` });
  });
}
