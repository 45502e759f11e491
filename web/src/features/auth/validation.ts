/**
 * SPEC §5 validation for the sign-in and sign-up forms, every message word for word.
 * Field keys are the input names the API uses in `fields`.
 */

export type FieldErrors = Record<string, string>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_PATTERN = /^[\p{L}\s'-]+$/u;

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return 'Email address is required';
  if (email.length > 254) return 'Email address is too long';
  if (!EMAIL_PATTERN.test(email)) return 'Please enter a valid email address';
  return null;
}

export function validatePassword(password: string): string | null {
  if (!password) return 'Password is required';
  if (password.length < 8) return 'Password must be at least 8 characters long';
  if (password.length > 128) return 'Password is too long (maximum 128 characters)';
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/\d/.test(password) || !/[^A-Za-z0-9]/.test(password))
    return 'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character';
  return null;
}

export function validateConfirmPassword(password: string, confirm: string): string | null {
  if (!confirm) return 'Please confirm your password';
  if (confirm !== password) return 'Passwords do not match';
  return null;
}

export function validateName(value: string, field: 'First name' | 'Last name'): string | null {
  const name = value.trim();
  if (!name) return `${field} is required`;
  if (name.length < 2) return `${field} must be at least 2 characters long`;
  if (name.length > 50 || !NAME_PATTERN.test(name)) return `${field} can only contain letters, spaces, hyphens, and apostrophes`;
  return null;
}

/** Optional: blank is fine; otherwise an integer 1-12. */
export function validateGradeLevel(value: string): string | null {
  if (value === '') return null;
  const grade = Number(value);
  if (!Number.isInteger(grade) || grade < 1 || grade > 12) return 'Please select a valid grade level (1-12)';
  return null;
}

export const TERMS_MESSAGE = 'You must agree to the Terms of Service to create an account';

function collect(entries: [string, string | null][]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, message] of entries) if (message) errors[key] = message;
  return errors;
}

/** SPEC §5: login applies the same email and password rules as registration. */
export function validateLogin(values: { email: string; password: string }): FieldErrors {
  return collect([
    ['email', validateEmail(values.email)],
    ['password', validatePassword(values.password)],
  ]);
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

export function validateRegistration(form: RegistrationForm): FieldErrors {
  return collect([
    ['firstName', validateName(form.firstName, 'First name')],
    ['lastName', validateName(form.lastName, 'Last name')],
    ['email', validateEmail(form.email)],
    ['gradeLevel', validateGradeLevel(form.gradeLevel)],
    ['password', validatePassword(form.password)],
    ['confirmPassword', validateConfirmPassword(form.password, form.confirmPassword)],
    ['agreeToTerms', form.agreeToTerms ? null : TERMS_MESSAGE],
  ]);
}
