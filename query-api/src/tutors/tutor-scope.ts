import type { FastifyRequest } from 'fastify';
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
