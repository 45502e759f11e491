import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { relationshipStatuses } from '@mathdaily/domain';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps.ts';
import { studentColumns, studentRow, studentViewOf } from './student-view.ts';
import { inScope, tutorScopeOf, tutorScopeQuery } from './tutor-scope.ts';
import { tutorStudentsResponse } from '@mathdaily/domain/api/tutoring';

/** Enough for a class list; the page says when a search would narrow it. */
const MAX_STUDENTS = 500;

const SORTS = {
  joined: sql.fragment`ts.joined_at DESC`,
  name: sql.fragment`lower(u.last_name), lower(u.first_name)`,
  last_active: sql.fragment`l.last_active_at DESC NULLS LAST`,
  accuracy: sql.fragment`(coalesce(d.correct, 0)::float8 / nullif(d.answers, 0)) ASC NULLS LAST`,
} as const;

/**
 * GET /api/tutors/students?search=&status=&class_id=&sort= (tutors: their students; admins:
 * ?tutor_id= or all) → {students, total}. Search: name or e-mail, case-insensitive, anywhere in
 * them; status: active | pending | inactive (absent: all); class_id: students in that class (a
 * class of another tutor's: none); sort: joined (newest first, the default), name, last_active
 * (most recent first), accuracy (over the last 30 days, lowest first: who needs attention).
 * Each student carries the tutor's classes they are in and their 30-day accuracy.
 */
export function registerListTutorStudents(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/tutors/students', {
    config: { access: ['tutor', 'admin'] },
    schema: {
      response: { 200: tutorStudentsResponse },
      tags: ['tutors'],
      querystring: tutorScopeQuery.extend({
        search: z.string().max(200, 'Please shorten your search.').optional(),
        status: z.enum(relationshipStatuses, { error: "Please choose a status: 'active', 'pending' or 'inactive'." }).optional(),
        class_id: z.string().uuid('Please choose a class.').transform((id) => id.toLowerCase()).optional(),
        sort: z.enum(['joined', 'name', 'last_active', 'accuracy'], { error: "Please sort by 'joined', 'name', 'last_active' or 'accuracy'." }).default('joined'),
      }),
    },
    handler: async (request) => {
      const scope = tutorScopeOf(request, request.query);
      const search = request.query.search?.trim();
      // ILIKE with the user's text as a literal: escape its wildcards.
      const pattern = search ? `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
      const now = deps.clock();
      const classId = request.query.class_id;
      const rows = await deps.pool.any(sql.type(studentRow)`
        SELECT ${studentColumns(now)}
        WHERE ${inScope('ts', scope)}
          ${request.query.status ? sql.fragment`AND ts.status = ${request.query.status}` : sql.fragment``}
          ${pattern ? sql.fragment`AND (u.first_name || ' ' || u.last_name ILIKE ${pattern} OR u.email ILIKE ${pattern})` : sql.fragment``}
          ${classId ? sql.fragment`AND EXISTS (SELECT 1 FROM read_models.class_members m WHERE m.class_id = ${classId}::uuid AND m.student_id = ts.student_id AND m.tutor_id = ts.tutor_id)` : sql.fragment``}
        ORDER BY ${SORTS[request.query.sort]}, ts.student_id LIMIT ${MAX_STUDENTS}`);
      return { students: rows.map((row) => studentViewOf(row, now)), total: rows.length };
    },
  });
}
