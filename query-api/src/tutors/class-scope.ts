import type { FastifyRequest } from 'fastify';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { CLASS_MESSAGES, DomainError } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import { inScope, tutorScopeOf } from './tutor-scope.ts';

/** Shared by the class queries: the class a request names, if the caller may see it. */

export const classParams = z.object({ id: z.string().uuid(CLASS_MESSAGES.notFound).transform((id) => id.toLowerCase()) });

export const classRow = tableRows.classes.pick({ tutor_id: true, name: true, time_zone: true, join_code: true, archived_at: true, created_at: true }).extend({ id: tableRows.classes.shape.class_id });
export type ClassRow = z.infer<typeof classRow>;

export const CLASS_COLUMNS = sql.fragment`c.class_id AS id, c.tutor_id, c.name, c.time_zone, c.join_code, c.archived_at, c.created_at`;

/** The class, when it is the caller's (a tutor's own; an admin's any): anyone else is told it does not exist. */
export async function visibleClass(pool: DatabasePool, request: FastifyRequest, classId: string): Promise<ClassRow> {
  const scope = tutorScopeOf(request, {});
  const row = await pool.maybeOne(sql.type(classRow)`SELECT ${CLASS_COLUMNS} FROM read_models.classes c WHERE c.class_id = ${classId}::uuid AND ${inScope('c', scope)}`);
  if (!row) throw new DomainError('NOT_FOUND', CLASS_MESSAGES.notFound);
  return row;
}

