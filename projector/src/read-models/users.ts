import { ERASED_FIRST_NAME, ERASED_LAST_NAME, profileImageUrlOf } from '@mathdaily/domain';
import { defineReadModel } from '../read-model.ts';
import type { RowInput } from '../tables/index.ts';
import { usersTables } from '../tables/users.ts';

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
export const users = defineReadModel({
  name: 'users',
  version: 4,
  tables: usersTables,
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
  keys: (events) => ({ users: events.map((event) => [event.data.userId]) }),
  apply(event, tables) {
    const at = event.metadata.at;
    const table = tables.users;
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
    const current = table.get(event.data.userId);
    if (!current || current.erased_at) return;
    // The placement check's grade is the account's grade from then on (the profile shows it),
    // until the student changes it in the profile.
    if (event.type === 'PlacementCompleted') {
      table.put({ ...current, grade_level: event.data.grade, updated_at: at });
      return;
    }
    const change = (fields: Partial<RowInput<'users'>>) => {
      const next = { ...current, ...fields };
      next.profile_image_url = profileImageUrlOf({
        role: next.role,
        firstName: next.first_name,
        lastName: next.last_name,
        avatarUrl: next.avatar_url,
      });
      table.put(next);
    };
    switch (event.type) {
      case 'EmailVerified':
        return change({ is_email_verified: true, email_verified_at: current.email_verified_at ?? at, updated_at: at });
      case 'UserSignedIn':
        return change({ last_login_at: at, login_count: current.login_count + 1, failed_sign_ins: 0 });
      case 'SignInFailed':
        return change({ failed_sign_ins: current.failed_sign_ins + 1 });
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
});
