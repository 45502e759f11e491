import { z } from 'zod';
import { TIME_ZONE_IDS } from './time-zones.ts';

/**
 * SPEC §5 validation rules with their exact messages, shared by the server (request schemas)
 * and the browser (forms). Each schema reports the first failing rule first, so a form shows
 * one message per field: `firstErrors(result)`.
 */

export const MESSAGES = {
  emailRequired: 'Email address is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email address is too long',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password is too long (maximum 128 characters)',
  passwordComplexity: 'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
  confirmRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  nameRequired: (field: NameField) => `${field} is required`,
  nameTooShort: (field: NameField) => `${field} must be at least 2 characters long`,
  nameInvalid: (field: NameField) => `${field} can only contain letters, spaces, hyphens, and apostrophes`,
  gradeInvalid: 'Please select a valid grade level (1-12)',
  termsRequired: 'You must agree to the Terms of Service to create an account',
  newPasswordsDoNotMatch: 'New passwords do not match',
  newPasswordTooShort: 'New password must be at least 8 characters long',
  // Not worded by the SPEC; written in the same voice.
  newPasswordRequired: 'New password is required',
  newPasswordTooLong: 'New password is too long (maximum 128 characters)',
  newPasswordSameAsCurrent: 'New password must be different from your current password',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  emailReadOnly: 'Email address cannot be changed',
  timezoneInvalid: 'Please choose one of the listed time zones',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email address already exists. Please sign in instead.',
  studentsPredefinedOnly: 'Students can only use predefined avatars',
  avatarTooLarge: 'File size exceeds maximum limit of 2MB',
  avatarTypeNotSupported: 'File type not supported. Please use JPEG, PNG, or GIF images.',
} as const;

export type NameField = 'First name' | 'Last name';

const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;
const NAME_MIN_LENGTH = 2;
const NAME_MAX_LENGTH = 50;
const GRADE_MIN = 1;
const GRADE_MAX = 12;

/** The usual "standard" pattern: something@something.something, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters of any script (with their combining marks), spaces, hyphens and apostrophes (straight or typographic). */
const NAME_PATTERN = /^[\p{L}\p{M}' \-’]+$/u;

export const hasUppercase = (value: string) => /\p{Lu}/u.test(value);
export const hasLowercase = (value: string) => /\p{Ll}/u.test(value);
export const hasDigit = (value: string) => /\p{Nd}/u.test(value);
/** Anything that is not a letter, a digit or white space: !, @, #, €, _ … */
export const hasSpecial = (value: string) => /[^\p{L}\p{M}\p{N}\s]/u.test(value);

/** Lower-cased and trimmed: the form in which addresses are stored and compared. */
function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const missing = (iss: { input?: unknown }) => iss.input === undefined || iss.input === null;

/** Email: required, standard pattern, at most 254 characters. Output is trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: (iss) => (missing(iss) ? MESSAGES.emailRequired : MESSAGES.emailInvalid) })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid)
  .max(EMAIL_MAX_LENGTH, MESSAGES.emailTooLong)
  .transform(normaliseEmail);

function passwordRules(messages: { required: string; tooShort: string; tooLong: string }) {
  return z
    .string({ error: () => messages.required })
    .min(1, messages.required)
    .min(PASSWORD_MIN_LENGTH, messages.tooShort)
    .max(PASSWORD_MAX_LENGTH, messages.tooLong)
    .refine((value) => value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH || isComplexEnough(value), {
      message: MESSAGES.passwordComplexity,
    });
}

/** Uppercase, lowercase, digit and special character all present. */
function isComplexEnough(password: string): boolean {
  return hasUppercase(password) && hasLowercase(password) && hasDigit(password) && hasSpecial(password);
}

/** Password: required, 8-128 characters, upper + lower + digit + special. Login applies it too. */
export const passwordSchema = passwordRules({
  required: MESSAGES.passwordRequired,
  tooShort: MESSAGES.passwordTooShort,
  tooLong: MESSAGES.passwordTooLong,
});

/** The new password of a password change (SPEC: 'New password must be at least 8 characters long'). */
const newPasswordSchema = passwordRules({
  required: MESSAGES.newPasswordRequired,
  tooShort: MESSAGES.newPasswordTooShort,
  tooLong: MESSAGES.newPasswordTooLong,
});

/** First or last name: trimmed, required, at least 2, letters/spaces/hyphens/apostrophes, at most 50. */
function nameSchema(field: NameField) {
  return z
    .string({ error: () => MESSAGES.nameRequired(field) })
    .trim()
    .min(1, MESSAGES.nameRequired(field))
    .refine((value) => value.length === 0 || value.length >= NAME_MIN_LENGTH, { message: MESSAGES.nameTooShort(field) })
    .refine((value) => value.length < NAME_MIN_LENGTH || (NAME_PATTERN.test(value) && value.length <= NAME_MAX_LENGTH), {
      message: MESSAGES.nameInvalid(field),
    })
    .transform((value) => value.replace(/\s+/g, ' '));
}

export const firstNameSchema = nameSchema('First name');
export const lastNameSchema = nameSchema('Last name');

/** A whole grade from 1 to 12. */
const grade = z
  .number({ error: () => MESSAGES.gradeInvalid })
  .int(MESSAGES.gradeInvalid)
  .min(GRADE_MIN, MESSAGES.gradeInvalid)
  .max(GRADE_MAX, MESSAGES.gradeInvalid);

/** A grade typed in a form: digits in a string are the number. */
const typedGrade = (value: unknown): unknown => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value);

/** Grade level 1-12; '' or null mean "not given" (undefined), numeric strings are accepted. */
export const gradeLevelSchema = z.preprocess((value) => (value === '' || value === null ? undefined : typedGrade(value)), grade.optional());

/** Grade level on a profile edit: a number 1-12, or null to clear it. */
const profileGradeLevelSchema = z.preprocess((value) => (value === '' ? null : typedGrade(value)), grade.nullable());

const timezoneSchema = z
  .string({ error: () => MESSAGES.timezoneInvalid })
  .refine((value) => (TIME_ZONE_IDS as readonly string[]).includes(value), { message: MESSAGES.timezoneInvalid });

/**
 * What POST /api/auth/register accepts. `role` is accepted and ignored (registration always
 * creates a student); `confirmPassword`, when sent, must match.
 */
export const registrationPayloadSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    gradeLevel: gradeLevelSchema,
    confirmPassword: z.string().optional(),
    role: z.unknown().optional(),
    /**
     * A parent or guardian registers as a parent (issue 33); anything else is a student. `role` is
     * still ignored: tutor and admin come only from an admin, and a parent sees a child only
     * after the child hands them a link code.
     */
    accountType: z.enum(['student', 'parent'], { error: () => 'Please choose student or parent.' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== undefined && value.confirmPassword !== value.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsDoNotMatch });
    }
  })
  .transform(({ email, password, firstName, lastName, gradeLevel, accountType }) => ({
    email,
    password,
    firstName,
    lastName,
    // A grade is a student's: a parent's account has none.
    gradeLevel: accountType === 'parent' ? null : (gradeLevel ?? null),
    accountType: accountType ?? ('student' as const),
  }));

/** The registration form in the browser: the payload plus confirmation and terms (not sent). */
export const registrationFormSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: () => MESSAGES.confirmRequired }).min(1, MESSAGES.confirmRequired),
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    gradeLevel: gradeLevelSchema,
    agreeToTerms: z.boolean({ error: () => MESSAGES.termsRequired }).refine((value) => value, { message: MESSAGES.termsRequired }),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword && value.confirmPassword !== value.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsDoNotMatch });
    }
  });

/** Sign-in applies the same email and password rules (SPEC §5). */
export const loginPayloadSchema = z.object({ email: emailSchema, password: passwordSchema });

/** Password change; `confirmPassword` is optional on the wire and must match when sent. */
export const changePasswordPayloadSchema = z
  .object({
    currentPassword: z.string({ error: () => MESSAGES.currentPasswordRequired }).min(1, MESSAGES.currentPasswordRequired),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== undefined && value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.newPasswordsDoNotMatch });
    }
  });

/** PUT /api/auth/profile: every field optional; the e-mail address is read-only. */
export const profileUpdateSchema = z
  .object({
    firstName: firstNameSchema.optional(),
    lastName: lastNameSchema.optional(),
    gradeLevel: profileGradeLevelSchema.optional(),
    timezone: timezoneSchema.optional(),
    email: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.email !== undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.emailReadOnly });
  })
  .transform(({ email: _email, ...changes }) => changes);

/** The first message for each field of a failed parse, keyed by field path ('email', 'confirmPassword'…). */
export function firstErrors(result: { success: boolean; error?: z.ZodError }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (result.success || !result.error) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}
