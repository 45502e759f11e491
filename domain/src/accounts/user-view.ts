import { defaultAvatarUrl } from './avatars.ts';
import type { UserRole } from './events.ts';
import type { UserState } from './user-decider.ts';

/** The user as every API answers with it (SPEC §3 User, plus the profile's timezone and picture). */
export interface UserView {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  gradeLevel: number | null;
  isEmailVerified: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  timezone: string;
  /** Always set: the chosen or uploaded picture, else the default for the role. */
  profileImageUrl: string;
}

/** The picture to show: the user's own choice, else the role's default. */
export function profileImageUrlOf(user: { role: string; firstName: string; lastName: string; avatarUrl: string | null }): string {
  return user.avatarUrl ?? defaultAvatarUrl(user);
}

/** Builds the API's user from the stream state and the times taken from event metadata. */
export function userViewOf(state: UserState, times: { createdAt: string; lastLoginAt: string | null }): UserView {
  return {
    id: state.userId,
    email: state.email,
    firstName: state.firstName,
    lastName: state.lastName,
    role: state.role,
    gradeLevel: state.gradeLevel,
    isEmailVerified: state.isEmailVerified,
    lastLoginAt: times.lastLoginAt,
    createdAt: times.createdAt,
    timezone: state.timezone,
    profileImageUrl: profileImageUrlOf({ ...state, avatarUrl: state.avatar?.url ?? null }),
  };
}
