import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { DomainError, profileCompletion, type UserRole, type UserView } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';

/** A row of read_models.users as the auth queries read it. */
const userRow = tableRows.users.pick({
  id: true,
  email: true,
  first_name: true,
  last_name: true,
  role: true,
  grade_level: true,
  timezone: true,
  timezone_set: true,
  is_email_verified: true,
  avatar_kind: true,
  profile_image_url: true,
  last_login_at: true,
  created_at: true,
});
export type UserRow = z.infer<typeof userRow>;

/**
 * The signed-in user's row. The caller's token was checked against the event streams, so the
 * account exists: a missing row means the projector has not caught up yet (e.g. right after
 * start-up), and the read waits a little for it before giving up.
 */
export async function findUserRow(pool: DatabasePool, userId: string, waitMs = 5000): Promise<UserRow> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const row = await pool.maybeOne(sql.type(userRow)`
      SELECT id, email, first_name, last_name, role, grade_level, timezone, timezone_set, is_email_verified, avatar_kind,
             profile_image_url, last_login_at, created_at
      FROM read_models.users WHERE id = ${userId}`);
    if (row) return row;
    if (Date.now() >= deadline) throw new DomainError('NOT_FOUND', 'User not found');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function userViewOfRow(row: UserRow): UserView {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role as UserRole,
    gradeLevel: row.grade_level,
    isEmailVerified: row.is_email_verified,
    lastLoginAt: row.last_login_at,
    createdAt: row.created_at,
    timezone: row.timezone,
    profileImageUrl: row.profile_image_url,
  };
}

export function completionOfRow(row: UserRow) {
  return profileCompletion({
    role: row.role,
    firstName: row.first_name,
    lastName: row.last_name,
    isEmailVerified: row.is_email_verified,
    gradeLevel: row.grade_level,
    timezoneSet: row.timezone_set,
    hasChosenAvatar: row.avatar_kind !== 'default',
  });
}
