import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps.ts';
import { CLASS_COLUMNS, classRow } from './class-scope.ts';
import { inScope, registerTutorScopedQuery } from './tutor-scope.ts';
import { classesResponse } from '@mathdaily/domain/api/tutoring';

const row = classRow.extend({ students: z.number(), active_students: z.number(), open_assignments: z.number() });

/**
 * GET /api/tutors/classes (tutors: theirs; admins: ?tutor_id= or all) → {classes}: each class with
 * its join code, time zone, students (and how many are active with the tutor), work not yet due,
 * archived or not; open classes first, then by name.
 */
export function registerListClasses(app: FastifyInstance, deps: QueryApiDeps) {
  registerTutorScopedQuery(app, '/api/tutors/classes', classesResponse, async (scope) => {
    const now = deps.clock().toISOString();
    const classes = await deps.pool.any(sql.type(row)`
      SELECT ${CLASS_COLUMNS},
        (SELECT count(*) FROM read_models.class_members m WHERE m.class_id = c.class_id) AS students,
        (SELECT count(*) FROM read_models.class_members m JOIN read_models.tutor_students ts ON ts.tutor_id = m.tutor_id AND ts.student_id = m.student_id AND ts.status = 'active'
          WHERE m.class_id = c.class_id) AS active_students,
        (SELECT count(*) FROM read_models.class_assignments a WHERE a.class_id = c.class_id AND a.due_at > ${now}::timestamptz) AS open_assignments
      FROM read_models.classes c
      WHERE ${inScope('c', scope)}
      ORDER BY c.archived_at IS NOT NULL, lower(c.name), c.class_id`);
    return { classes: [...classes] };
  });
}
