import { z } from 'zod';
import { userRoles } from '../accounts/events.ts';
import { commandPosition, isoTime } from './common.ts';

const userRole = z.enum(userRoles);

/** A user's account as a list shows it (the admin's user table); a UserView without the profile. */
export const userAccount = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: userRole,
  gradeLevel: z.number().nullable(),
  isEmailVerified: z.boolean(),
  lastLoginAt: isoTime.nullable(),
  createdAt: isoTime,
});

/** SPEC §3 User as every API answers with it (domain UserView): with the profile's time zone and picture. */
const userView = userAccount.extend({
  timezone: z.string(),
  /** Always set: the chosen or uploaded picture, else the default for the role. */
  profileImageUrl: z.string(),
});

/** GET /api/auth/me and GET /api/auth/profile. */
export const userResponse = z.object({ user: userView });

/** GET /api/auth/profile/status (docs/accounts.md: what counts and whether it is done). */
const profileCompletion = z.object({
  overall: z.number(),
  required: z.number(),
  optional: z.number(),
  items: z.array(
    z.object({
      id: z.enum(['firstName', 'lastName', 'emailVerified', 'gradeLevel', 'timezone', 'avatar']),
      label: z.string(),
      required: z.boolean(),
      done: z.boolean(),
    }),
  ),
});
export const profileStatusResponse = z.object({ profileCompletion });

const avatarCategory = z.enum(['math', 'science', 'character', 'abstract', 'color']);
/** GET /api/auth/avatars: the predefined avatars and the gallery's filters. */
export const avatarsResponse = z.object({
  avatars: z.array(z.object({ id: z.string(), name: z.string(), url: z.string(), category: avatarCategory })),
  filters: z.array(z.object({ id: z.string(), label: z.string(), category: avatarCategory.nullable() })),
});

/** GET /api/auth/test-accounts (only with DEMO_ACCOUNTS on). */
export const testAccountsResponse = z.object({
  accounts: z.array(z.object({ label: z.string(), email: z.string(), password: z.string(), role: userRole, gradeLevel: z.number().nullable() })),
});
export type TestAccountsResponse = z.input<typeof testAccountsResponse>;

// Commands (command-api/src/auth/*).

/** POST /api/auth/register (201) and POST /api/auth/login: the tokens and the user signed in. */
export const signedInResponse = z.object({ accessToken: z.string(), refreshToken: z.string(), user: userView, position: commandPosition });
export type SignedInResponse = z.input<typeof signedInResponse>;

/** POST /api/auth/refresh: a new pair of tokens. */
export const refreshResponse = z.object({ accessToken: z.string(), refreshToken: z.string(), position: commandPosition });

/** POST /api/auth/forgot-password: the same sentence whether or not the address has an account. */
export const forgotPasswordResponse = z.object({ message: z.string() });

/** POST /api/auth/reset-password/check: the link can be used (otherwise a 400 says why). */
export const resetLinkCheckResponse = z.object({ valid: z.boolean() });

/** PUT /api/auth/profile: the user as saved. */
export const profileUpdatedResponse = z.object({ user: userView, position: commandPosition });

/** POST /api/auth/change-password: a new access token for this session (the others are signed out). */
export const passwordChangedResponse = z.object({ message: z.string(), position: commandPosition, accessToken: z.string() });

/** PUT and POST /api/auth/profile/avatar: the picture now shown. */
export const avatarResponse = z.object({ profileImageUrl: z.string(), position: commandPosition });
export type AvatarResponse = z.input<typeof avatarResponse>;

/** DELETE /api/auth/profile/avatar: back to the default picture. */
export const avatarRemovedResponse = z.object({ message: z.string(), profileImageUrl: z.string(), position: commandPosition });
export type AvatarRemovedResponse = z.input<typeof avatarRemovedResponse>;

/** DELETE /api/auth/account, POST /api/parent/children/{id}/erase, POST /api/admin/users/{id}/erase. */
export const accountErasedResponse = z.object({ message: z.string(), userId: z.string(), position: commandPosition });

/** PUT /api/admin/users/role. */
export const roleChangedResponse = z.object({ message: z.string(), userId: z.string(), role: userRole, position: commandPosition });
export type RoleChangedResponse = z.input<typeof roleChangedResponse>;
