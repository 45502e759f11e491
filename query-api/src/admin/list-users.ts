import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { userRoles } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { registerAdminQuery } from './admin-query.ts';
import { pageQuery, pagination } from './paging.ts';
import { usersPageResponse, type AdminUser } from '@mathdaily/domain/api/admin';

const userColumn = tableRows.users.shape;
const row = z.object({
  id: userColumn.id,
  email: userColumn.email,
  firstName: userColumn.first_name,
  lastName: userColumn.last_name,
  role: userColumn.role,
  gradeLevel: userColumn.grade_level,
  isEmailVerified: userColumn.is_email_verified,
  lastLoginAt: userColumn.last_login_at,
  createdAt: userColumn.created_at,
  total: z.number(),
});

/** `%` and `_` typed into the search box are letters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const querystring = z.object({
  ...pageQuery(10),
  search: z.string().trim().max(254, 'search must be at most 254 characters').optional(),
  role: z.enum(userRoles, { error: () => 'role must be student, tutor, admin or parent' }).optional(),
});

/**
 * GET /api/admin/users?page&limit=10&search&role (admins): the user table, newest accounts first.
 * `search` matches first name, last name, "first last" and e-mail, case-insensitively.
 */
export function registerListUsers(app: FastifyInstance, deps: QueryApiDeps) {
  registerAdminQuery(app, '/api/admin/users', querystring, usersPageResponse, async ({ page, limit, search, role }) => {
    const conditions = [];
    if (role) conditions.push(sql.fragment`role = ${role}`);
    if (search) {
      const pattern = likePattern(search);
      conditions.push(
        sql.fragment`(email ILIKE ${pattern} OR first_name ILIKE ${pattern} OR last_name ILIKE ${pattern} OR (first_name || ' ' || last_name) ILIKE ${pattern})`,
      );
    }
    const where = conditions.length ? sql.fragment`WHERE ${sql.join(conditions, sql.fragment` AND `)}` : sql.fragment``;
    // count(*) OVER () gives the total with the page; a page past the end has no rows, so count apart then.
    const rows = await deps.pool.any(sql.type(row)`
      SELECT id, email, first_name AS "firstName", last_name AS "lastName", role, grade_level AS "gradeLevel",
             is_email_verified AS "isEmailVerified", last_login_at AS "lastLoginAt", created_at AS "createdAt",
             count(*) OVER ()::int AS total
      FROM read_models.users ${where}
      ORDER BY created_at DESC, id
      LIMIT ${limit} OFFSET ${(page - 1) * limit}`);
    const total = rows[0]?.total ?? (await deps.pool.oneFirst(sql.type(z.object({ count: z.number() }))`SELECT count(*)::int FROM read_models.users ${where}`));
    return { data: { users: rows.map(({ total: _total, ...user }) => user as AdminUser), pagination: pagination(page, limit, total) } };
  });
}
