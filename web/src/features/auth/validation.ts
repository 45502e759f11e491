/**
 * The sign-in family's form checks: thin adapters over the shared SPEC §5 rules in
 * `@mathdaily/domain/accounts/validation` (the same schemas the API validates with), so every
 * message is the SPEC's, word for word, on both sides. Field keys are the API's input names.
 */
import {
  emailSchema,
  firstErrors,
  loginPayloadSchema,
  MESSAGES,
  passwordSchema,
  registrationFormSchema,
} from '@mathdaily/domain/accounts/validation';

export type FieldErrors = Record<string, string>;

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

export const validateEmail = (value: string) => firstMessage(emailSchema.safeParse(value));
export const validatePassword = (value: string) => firstMessage(passwordSchema.safeParse(value));

export function validateConfirmPassword(password: string, confirm: string): string | null {
  if (!confirm) return MESSAGES.confirmRequired;
  if (confirm !== password) return MESSAGES.passwordsDoNotMatch;
  return null;
}

/** Keeps the errors in the order the fields appear on screen. */
function ordered(errors: FieldErrors, order: readonly string[]): FieldErrors {
  const result: FieldErrors = {};
  for (const key of order) if (errors[key]) result[key] = errors[key];
  for (const [key, message] of Object.entries(errors)) result[key] ??= message;
  return result;
}

/** SPEC §5: login applies the same email and password rules as registration. */
export function validateLogin(values: { email: string; password: string }): FieldErrors {
  return ordered(firstErrors(loginPayloadSchema.safeParse(values)), ['email', 'password']);
}

export interface RegistrationForm {
  firstName: string;
  lastName: string;
  email: string;
  gradeLevel: string;
  password: string;
  confirmPassword: string;
  agreeToTerms: boolean;
}

const REGISTRATION_FIELD_ORDER = ['firstName', 'lastName', 'email', 'gradeLevel', 'password', 'confirmPassword', 'agreeToTerms'] as const;

export function validateRegistration(form: RegistrationForm): FieldErrors {
  return ordered(firstErrors(registrationFormSchema.safeParse(form)), REGISTRATION_FIELD_ORDER);
}
