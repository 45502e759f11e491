import type { FastifyRequest } from 'fastify';
import { sql } from 'slonik';
import { principalOf } from '@mathdaily/api-kit';
import { DomainError } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';

export const STUDENT_MESSAGES = {
  notFound: "We couldn't find this student among yours.",
  notActive: 'This student is not active with you. Activate them to see their progress.',
} as const;

const linkRow = tableRows.tutor_students.pick({ status: true });

/**
 * The student a tutor-area query is about: a tutor's own student who is active with them (their
 * pending or inactive student → 403), an admin's anyone. Anyone else's student → 404, as if there
 * were no such student: another tutor learns nothing of yours.
 */
export async function tutorsStudent(request: FastifyRequest, deps: QueryApiDeps, studentId: string): Promise<void> {
  const principal = principalOf(request);
  if (principal.role === 'admin') return;
  const link = await deps.pool.maybeOne(sql.type(linkRow)`
    SELECT status FROM read_models.tutor_students WHERE tutor_id = ${principal.userId.toLowerCase()}::uuid AND student_id = ${studentId}::uuid`);
  if (!link) throw new DomainError('NOT_FOUND', STUDENT_MESSAGES.notFound);
  if (link.status !== 'active') throw new DomainError('FORBIDDEN', STUDENT_MESSAGES.notActive);
}
