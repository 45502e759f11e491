import { sql, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import { profileImageUrlOf, type UserEvent } from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';

/**
 * `users`: one row per account, for /api/auth/me and /profile, the admin user list, tutor views and
 * the practice features (join on `id`). `profile_image_url` is the picture to show (the user's own
 * choice, else the role's default); `avatar_url` is the own choice only. `credentials_version` and
 * `kept_session_id` let the production query-api check access tokens (query-api/src/auth/load-principal.ts).
 */
export const users: ReadModel = {
  name: 'users',
  version: 1,
  tables: [
    sql.unsafe`
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        email text NOT NULL UNIQUE,
        first_name text NOT NULL,
        last_name text NOT NULL,
        role text NOT NULL,
        grade_level smallint,
        timezone text NOT NULL,
        timezone_set boolean NOT NULL DEFAULT false,
        is_email_verified boolean NOT NULL DEFAULT false,
        email_verified_at timestamptz,
        avatar_kind text NOT NULL DEFAULT 'default',
        avatar_url text,
        profile_image_url text NOT NULL,
        credentials_version integer NOT NULL DEFAULT 0,
        source text NOT NULL,
        login_count integer NOT NULL DEFAULT 0,
        failed_sign_ins integer NOT NULL DEFAULT 0,
        last_login_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
    sql.unsafe`CREATE INDEX users_created ON users (created_at DESC, id)`,
    sql.unsafe`CREATE INDEX users_role ON users (role, created_at DESC)`,
    sql.unsafe`CREATE INDEX users_last_login ON users (last_login_at DESC NULLS LAST)`,
  ],
  handles: [
    'UserRegistered',
    'EmailVerified',
    'UserSignedIn',
    'SignInFailed',
    'ProfileUpdated',
    'AvatarChosen',
    'AvatarUploaded',
    'AvatarRemoved',
    'UserRoleChanged',
    'PasswordChanged',
    'PasswordReset',
  ],
  async apply(tx, recorded) {
    const event = { type: recorded.type, data: recorded.data } as UserEvent;
    const at = recorded.metadata.at;
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data;
        await tx.query(sql.unsafe`
          INSERT INTO users (id, email, first_name, last_name, role, grade_level, timezone, profile_image_url, source, created_at, updated_at)
          VALUES (${d.userId}, ${d.email}, ${d.firstName}, ${d.lastName}, ${d.role}, ${d.gradeLevel}, ${d.timezone},
                  ${profileImageUrlOf({ ...d, avatarUrl: null })}, ${d.source}, ${at}, ${at})
          ON CONFLICT (id) DO NOTHING`);
        return;
      }
      case 'EmailVerified':
        await tx.query(sql.unsafe`
          UPDATE users SET is_email_verified = true, email_verified_at = COALESCE(email_verified_at, ${at}), updated_at = ${at}
          WHERE id = ${event.data.userId}`);
        return;
      case 'UserSignedIn':
        await tx.query(sql.unsafe`
          UPDATE users SET last_login_at = ${at}, login_count = login_count + 1, failed_sign_ins = 0 WHERE id = ${event.data.userId}`);
        return;
      case 'SignInFailed':
        await tx.query(sql.unsafe`UPDATE users SET failed_sign_ins = failed_sign_ins + 1 WHERE id = ${event.data.userId}`);
        return;
      case 'ProfileUpdated': {
        const d = event.data;
        await tx.query(sql.unsafe`
          UPDATE users SET
            first_name = COALESCE(${d.firstName ?? null}, first_name),
            last_name = COALESCE(${d.lastName ?? null}, last_name),
            grade_level = CASE WHEN ${d.gradeLevel !== undefined} THEN ${d.gradeLevel ?? null}::smallint ELSE grade_level END,
            timezone = COALESCE(${d.timezone ?? null}, timezone),
            timezone_set = timezone_set OR ${d.timezone !== undefined},
            updated_at = ${at}
          WHERE id = ${d.userId}`);
        await refreshPicture(tx, d.userId);
        return;
      }
      case 'AvatarChosen':
      case 'AvatarUploaded':
        await tx.query(sql.unsafe`
          UPDATE users SET avatar_kind = ${event.type === 'AvatarChosen' ? 'predefined' : 'uploaded'}, avatar_url = ${event.data.url}, updated_at = ${at}
          WHERE id = ${event.data.userId}`);
        await refreshPicture(tx, event.data.userId);
        return;
      case 'AvatarRemoved':
        await tx.query(sql.unsafe`UPDATE users SET avatar_kind = 'default', avatar_url = NULL, updated_at = ${at} WHERE id = ${event.data.userId}`);
        await refreshPicture(tx, event.data.userId);
        return;
      case 'UserRoleChanged':
        await tx.query(sql.unsafe`UPDATE users SET role = ${event.data.role}, updated_at = ${at} WHERE id = ${event.data.userId}`);
        await refreshPicture(tx, event.data.userId);
        return;
      case 'PasswordChanged':
      case 'PasswordReset':
        await tx.query(sql.unsafe`
          UPDATE users SET credentials_version = ${event.data.credentialsVersion}, updated_at = ${at} WHERE id = ${event.data.userId}`);
        return;
      default:
        return;
    }
  },
};

const pictureRow = z.object({ role: z.string(), first_name: z.string(), last_name: z.string(), avatar_url: z.string().nullable() });

/** Recomputes the picture to show after a change of name, role or avatar (the default depends on all three). */
async function refreshPicture(tx: DatabaseTransactionConnection, userId: string) {
  const row = await tx.maybeOne(sql.type(pictureRow)`SELECT role, first_name, last_name, avatar_url FROM users WHERE id = ${userId}`);
  if (!row) return;
  const url = profileImageUrlOf({ role: row.role, firstName: row.first_name, lastName: row.last_name, avatarUrl: row.avatar_url });
  await tx.query(sql.unsafe`UPDATE users SET profile_image_url = ${url} WHERE id = ${userId}`);
}
