import { ERASED_FIRST_NAME, ERASED_LAST_NAME, profileImageUrlOf, type UserEvent } from '@mathdaily/domain';
import type { ReadModel, Row } from '../read-model.ts';

/**
 * `users`: one row per account, for /api/auth/me and /profile, the admin user list, tutor views and
 * the practice features (join on `id`). `profile_image_url` is the picture to show (the user's own
 * choice, else the role's default); `avatar_url` is the own choice only. `credentials_version`
 * mirrors the user stream's; no API reads it here: both check access tokens against the user and
 * session streams themselves (`streamPrincipalLoader`, api-kit/src/principal-loader.ts).
 * The one table that holds people's names and addresses in plain text: every other read model
 * joins it on `id`. Once an account is erased (UserErased) its row reads "Deleted user" with no
 * address and the default picture, and `erased_at` says when (docs/personal-data.md).
 */
export const users: ReadModel = {
  name: 'users',
  version: 4,
  tables: [
    {
      name: 'users',
      columns: [
        { name: 'id', type: 'uuid' },
        { name: 'email', type: 'text' },
        { name: 'first_name', type: 'text' },
        { name: 'last_name', type: 'text' },
        { name: 'role', type: 'text' },
        { name: 'grade_level', type: 'int2', nullable: true },
        { name: 'timezone', type: 'text' },
        { name: 'timezone_set', type: 'bool' },
        { name: 'is_email_verified', type: 'bool' },
        { name: 'email_verified_at', type: 'timestamptz', nullable: true },
        { name: 'avatar_kind', type: 'text' },
        { name: 'avatar_url', type: 'text', nullable: true },
        { name: 'profile_image_url', type: 'text' },
        { name: 'credentials_version', type: 'int4' },
        { name: 'source', type: 'text' },
        { name: 'login_count', type: 'int4' },
        { name: 'failed_sign_ins', type: 'int4' },
        { name: 'last_login_at', type: 'timestamptz', nullable: true },
        { name: 'created_at', type: 'timestamptz' },
        { name: 'updated_at', type: 'timestamptz' },
        { name: 'erased_at', type: 'timestamptz', nullable: true },
        // A parent's weekly summary e-mail (on unless they turned it off).
        { name: 'weekly_summary', type: 'bool' },
      ],
      primaryKey: ['id'],
      indexes: [
        'users_email ON (email)',
        'users_created ON (created_at DESC, id)',
        'users_role ON (role, created_at DESC)',
        'users_last_login ON (last_login_at DESC NULLS LAST)',
      ],
    },
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
    'PlacementCompleted',
    'UserErased',
    'WeeklySummaryPreferenceChanged',
  ],
  keys: (events) => ({ users: events.map((event) => [(event.data as { userId: string }).userId]) }),
  apply(recorded, tables) {
    const event = { type: recorded.type, data: recorded.data } as UserEvent;
    const at = recorded.metadata.at;
    const table = tables.users!;
    if (event.type === 'UserRegistered') {
      const d = event.data;
      if (table.get(d.userId)) return;
      table.put({
        id: d.userId,
        email: d.email,
        first_name: d.firstName,
        last_name: d.lastName,
        role: d.role,
        grade_level: d.gradeLevel,
        timezone: d.timezone,
        timezone_set: false,
        is_email_verified: false,
        email_verified_at: null,
        avatar_kind: 'default',
        avatar_url: null,
        profile_image_url: profileImageUrlOf({ ...d, avatarUrl: null }),
        credentials_version: 0,
        source: d.source,
        login_count: 0,
        failed_sign_ins: 0,
        last_login_at: null,
        created_at: at,
        updated_at: at,
        erased_at: null,
        weekly_summary: true,
      });
      return;
    }
    const current = table.get((event.data as { userId: string }).userId);
    if (!current || current.erased_at) return;
    // The placement check's grade is the account's grade from then on (the profile shows it),
    // until the student changes it in the profile.
    if (recorded.type === 'PlacementCompleted') {
      table.put({ ...current, grade_level: (recorded.data as { grade: number }).grade, updated_at: at });
      return;
    }
    const change = (fields: Row) => {
      const next = { ...current, ...fields };
      next.profile_image_url = profileImageUrlOf({
        role: next.role as string,
        firstName: next.first_name as string,
        lastName: next.last_name as string,
        avatarUrl: next.avatar_url as string | null,
      });
      table.put(next);
    };
    switch (event.type) {
      case 'EmailVerified':
        return change({ is_email_verified: true, email_verified_at: current.email_verified_at ?? at, updated_at: at });
      case 'UserSignedIn':
        return change({ last_login_at: at, login_count: (current.login_count as number) + 1, failed_sign_ins: 0 });
      case 'SignInFailed':
        return change({ failed_sign_ins: (current.failed_sign_ins as number) + 1 });
      case 'ProfileUpdated': {
        const d = event.data;
        return change({
          first_name: d.firstName ?? current.first_name,
          last_name: d.lastName ?? current.last_name,
          grade_level: d.gradeLevel !== undefined ? (d.gradeLevel ?? null) : current.grade_level,
          timezone: d.timezone ?? current.timezone,
          timezone_set: current.timezone_set === true || d.timezone !== undefined,
          updated_at: at,
        });
      }
      case 'AvatarChosen':
      case 'AvatarUploaded':
        return change({ avatar_kind: event.type === 'AvatarChosen' ? 'predefined' : 'uploaded', avatar_url: event.data.url, updated_at: at });
      case 'AvatarRemoved':
        return change({ avatar_kind: 'default', avatar_url: null, updated_at: at });
      case 'UserRoleChanged':
        return change({ role: event.data.role, updated_at: at });
      case 'PasswordChanged':
      case 'PasswordReset':
        return change({ credentials_version: event.data.credentialsVersion, updated_at: at });
      case 'WeeklySummaryPreferenceChanged':
        return change({ weekly_summary: event.data.enabled, updated_at: at });
      case 'UserErased':
        return change({
          email: '',
          first_name: ERASED_FIRST_NAME,
          last_name: ERASED_LAST_NAME,
          avatar_kind: 'default',
          avatar_url: null,
          timezone: 'UTC',
          is_email_verified: false,
          email_verified_at: null,
          erased_at: at,
          updated_at: at,
        });
      default:
        return;
    }
  },
};
