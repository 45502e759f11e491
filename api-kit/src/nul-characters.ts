import type { FastifyInstance } from 'fastify';
import { DomainError } from '@mathdaily/domain';

type Problem = 'control' | 'surrogate';

/**
 * The path of the first string in a parsed body or query that PostgreSQL would refuse: a NUL
 * character (stored in neither text nor jsonb) or a lone UTF-16 surrogate (not valid UTF-8, so
 * not storable either). Recursion is safe: the JSON parser caps nesting (json-body.ts).
 */
function firstUnstorable(value: unknown, path: string): { path: string; problem: Problem } | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { path, problem: 'control' };
    return value.isWellFormed() ? undefined : { path, problem: 'surrogate' };
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstUnstorable(item, `${path}.${index}`);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = firstUnstorable(key, path ? `${path}.${key}` : key) ?? firstUnstorable(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}

const messages: Record<Problem, (name: string) => string> = {
  control: (name) => `${name} must not contain control characters`,
  surrogate: (name) => `${name} contains a broken character (an unpaired UTF-16 surrogate); please retype it`,
};

/**
 * Refuse unstorable text up front, for every route, after the access check: otherwise it fails
 * deep in a read or an append as a 500.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const found = firstUnstorable(request.query, '') ?? firstUnstorable(request.body, '');
    if (found === undefined) return;
    // A field name that is itself unstorable cannot be echoed back safely.
    const name = found.path.isWellFormed() && !found.path.includes('\u0000') ? found.path || 'body' : 'body';
    const message = messages[found.problem](name);
    throw new DomainError('VALIDATION_FAILED', message, { [name]: message });
  });
}
