import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';

/**
 * Whose students a tutor-area query shows: a tutor always their own (a `tutor_id` they send is
 * ignored); an admin one tutor's with `?tutor_id=`, or every tutor's without it.
 */
export const tutorScopeQuery = z.object({
  tutor_id: z.string().uuid('Please choose a tutor.').transform((id) => id.toLowerCase()).optional(),
});

export interface TutorScope {
  /** null: every tutor (an admin who named none). */
  tutorId: string | null;
}

export function tutorScopeOf(request: FastifyRequest, query: { tutor_id?: string | undefined }): TutorScope {
  const principal = principalOf(request);
  if (principal.role === 'admin') return { tutorId: query.tutor_id ?? null };
  return { tutorId: principal.userId.toLowerCase() };
}

/** `<alias>.tutor_id = …`, or true for every tutor. */
export const inScope = (alias: string, scope: TutorScope): FragmentSqlToken =>
  scope.tutorId === null ? sql.fragment`TRUE` : sql.fragment`${sql.identifier([alias, 'tutor_id'])} = ${scope.tutorId}::uuid`;

/**
 * GET `path` for tutors and admins, answered by `load` for the tutors the caller may see
 * (`?tutor_id=` as tutorScopeQuery reads it).
 */
export function registerTutorScopedQuery<Response extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  response: Response,
  load: (scope: TutorScope) => Promise<z.output<Response>>,
) {
  // Typed by hand: fastify cannot resolve the reply type of a schema left generic; `load`'s type checks the reply.
  app.get<{ Querystring: z.output<typeof tutorScopeQuery> }>(path, {
    config: { access: ['tutor', 'admin'] },
    schema: { tags: ['tutors'], querystring: tutorScopeQuery, response: { 200: response } },
    handler: async (request) => load(tutorScopeOf(request, request.query)),
  });
}
