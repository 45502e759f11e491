/**
 * Profile completion (SPEC §3 "Profile status": overall, required and optional percentages).
 * Our reading (docs/accounts.md):
 * - required: first name, last name, a verified e-mail address, and — for students — a grade level;
 * - optional: a time zone chosen on the profile (even UTC, once saved), and an avatar of one's own
 *   choosing (a predefined one picked in the gallery or an upload) instead of the default;
 * - overall: every item counts the same, required and optional together.
 * Percentages are whole numbers, rounded.
 */

export interface ProfileCompletionInput {
  role: string;
  firstName: string;
  lastName: string;
  isEmailVerified: boolean;
  gradeLevel: number | null;
  /** The user has saved a time zone (the default UTC does not count until chosen). */
  timezoneSet: boolean;
  /** The user picked an avatar or uploaded one (the default does not count). */
  hasChosenAvatar: boolean;
}

interface ProfileCompletionItem {
  id: 'firstName' | 'lastName' | 'emailVerified' | 'gradeLevel' | 'timezone' | 'avatar';
  label: string;
  required: boolean;
  done: boolean;
}

export interface ProfileCompletion {
  overall: number;
  required: number;
  optional: number;
  items: ProfileCompletionItem[];
}

const percent = (done: number, total: number) => (total === 0 ? 100 : Math.round((done / total) * 100));

export function profileCompletion(user: ProfileCompletionInput): ProfileCompletion {
  const items: ProfileCompletionItem[] = [
    { id: 'firstName', label: 'First name', required: true, done: user.firstName.trim().length > 0 },
    { id: 'lastName', label: 'Last name', required: true, done: user.lastName.trim().length > 0 },
    { id: 'emailVerified', label: 'Verified email address', required: true, done: user.isEmailVerified },
  ];
  if (user.role === 'student') items.push({ id: 'gradeLevel', label: 'Grade level', required: true, done: user.gradeLevel !== null });
  items.push(
    { id: 'timezone', label: 'Time zone', required: false, done: user.timezoneSet },
    { id: 'avatar', label: 'Profile picture', required: false, done: user.hasChosenAvatar },
  );
  const required = items.filter((item) => item.required);
  const optional = items.filter((item) => !item.required);
  const count = (list: ProfileCompletionItem[]) => list.filter((item) => item.done).length;
  return {
    overall: percent(count(items), items.length),
    required: percent(count(required), required.length),
    optional: percent(count(optional), optional.length),
    items,
  };
}
