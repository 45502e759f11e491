import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { relationshipStatuses } from '@mathdaily/domain';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps.ts';
import { studentColumns, studentRow, studentViewOf } from './student-view.ts';
import { inScope, tutorScopeOf, tutorScopeQuery } from './tutor-scope.ts';

/** Enough for a class list; the page says when a search would narrow it. */
const MAX_STUDENTS = 500;

/**
 * GET /api/tutors/students?search=&status= (tutors: their students; admins: ?tutor_id= or all)
 * → {students, total}. Search: name or e-mail, case-insensitive, anywhere in them; status:
 * active | pending | inactive (absent: all). Newest joined first.
 */
export function registerListTutorStudents(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/tutors/students', {
    config: { access: ['tutor', 'admin'] },
    schema: {
      tags: ['tutors'],
      querystring: tutorScopeQuery.extend({
        search: z.string().max(200, 'Please shorten your search.').optional(),
        status: z.enum(relationshipStatuses, { error: "Please choose a status: 'active', 'pending' or 'inactive'." }).optional(),
      }),
    },
    handler: async (request) => {
      const scope = tutorScopeOf(request, request.query);
      const search = request.query.search?.trim();
      // ILIKE with the user's text as a literal: escape its wildcards.
      const pattern = search ? `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
      const rows = await deps.pool.any(sql.type(studentRow)`
        SELECT ${studentColumns}
        WHERE ${inScope('ts', scope)}
          ${request.query.status ? sql.fragment`AND ts.status = ${request.query.status}` : sql.fragment``}
          ${pattern ? sql.fragment`AND (u.first_name || ' ' || u.last_name ILIKE ${pattern} OR u.email ILIKE ${pattern})` : sql.fragment``}
        ORDER BY ts.joined_at DESC, ts.student_id LIMIT ${MAX_STUDENTS}`);
      const now = deps.clock();
      return { students: rows.map((row) => studentViewOf(row, now)), total: rows.length };
    },
  });
}
