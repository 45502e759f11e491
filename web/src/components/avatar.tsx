import type { User } from '../auth/auth-store.ts';

/** The user's picture, or an initials circle when they have none. */
export function Avatar({ user, size = 40 }: { user: Pick<User, 'firstName' | 'lastName' | 'profileImageUrl'>; size?: number }) {
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  if (user.profileImageUrl) {
    return <img className="avatar" src={user.profileImageUrl} alt="" width={size} height={size} />;
  }
  return (
    <span className="avatar avatar-initials" style={{ width: size, height: size, fontSize: size * 0.4 }} aria-hidden="true">
      {initials}
    </span>
  );
}
