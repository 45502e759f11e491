import { describe, expect, it } from 'vitest';
import {
  changePasswordPayloadSchema,
  emailSchema,
  firstErrors,
  firstNameSchema,
  gradeLevelSchema,
  lastNameSchema,
  loginPayloadSchema,
  MESSAGES,
  passwordSchema,
  profileUpdateSchema,
  registrationFormSchema,
  registrationPayloadSchema,
} from './validation.ts';

const firstMessage = (schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error!.issues[0]!.message;
};

describe('SPEC §5 email', () => {
  it.each([
    [undefined, 'Email address is required'],
    ['', 'Email address is required'],
    ['   ', 'Email address is required'],
    ['plainaddress', 'Please enter a valid email address'],
    ['a@b', 'Please enter a valid email address'],
    ['a b@c.com', 'Please enter a valid email address'],
    [`${'a'.repeat(250)}@b.com`, 'Email address is too long'],
  ])('%j → %s', (value, message) => {
    expect(firstMessage(emailSchema, value)).toBe(message);
  });

  it('accepts 254 characters and normalises to trimmed lower case', () => {
    const address = `${'a'.repeat(248)}@b.com`;
    expect(address).toHaveLength(254);
    expect(emailSchema.parse(address)).toBe(address);
    expect(emailSchema.parse('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });
});

describe('SPEC §5 password', () => {
  it.each([
    [undefined, 'Password is required'],
    ['', 'Password is required'],
    ['Ab1!', 'Password must be at least 8 characters long'],
    [`Ab1!${'x'.repeat(125)}`, 'Password is too long (maximum 128 characters)'],
    ['abcdefgh', 'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character'],
    ['Abcdefgh1', 'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character'],
    ['ABCDEFG1!', 'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character'],
    ['Abcdefg!!', 'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character'],
  ])('%j → %s', (value, message) => {
    expect(firstMessage(passwordSchema, value)).toBe(message);
  });

  it('accepts a password with all four kinds, 8 to 128 long', () => {
    expect(passwordSchema.safeParse('Demo123!').success).toBe(true);
    expect(passwordSchema.safeParse(`Ab1!${'x'.repeat(124)}`).success).toBe(true);
    expect(passwordSchema.safeParse('Pässwörd 1€').success).toBe(true);
  });

  it('sign-in applies the same email and password rules', () => {
    expect(firstErrors(loginPayloadSchema.safeParse({ email: 'nope', password: 'short' }))).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters long',
    });
  });
});

describe('SPEC §5 names', () => {
  it.each([
    [firstNameSchema, undefined, 'First name is required'],
    [firstNameSchema, '  ', 'First name is required'],
    [firstNameSchema, 'A', 'First name must be at least 2 characters long'],
    [firstNameSchema, 'R2-D2', 'First name can only contain letters, spaces, hyphens, and apostrophes'],
    [firstNameSchema, 'x'.repeat(51), 'First name can only contain letters, spaces, hyphens, and apostrophes'],
    [lastNameSchema, '', 'Last name is required'],
    [lastNameSchema, 'B', 'Last name must be at least 2 characters long'],
    [lastNameSchema, 'Smith!', 'Last name can only contain letters, spaces, hyphens, and apostrophes'],
  ])('%#: %j → %s', (schema, value, message) => {
    expect(firstMessage(schema, value)).toBe(message);
  });

  it("accepts letters of any script, spaces, hyphens and apostrophes, up to 50", () => {
    for (const name of ["O'Brien", 'Mary-Jane', 'Zoë', 'José María', 'Søren', 'x'.repeat(50), 'D’Angelo']) {
      expect(firstNameSchema.safeParse(name).success, name).toBe(true);
    }
    expect(firstNameSchema.parse('  Ada   Lovelace ')).toBe('Ada Lovelace');
  });
});

describe('SPEC §5 grade level', () => {
  it('is optional; 1-12 when given', () => {
    expect(gradeLevelSchema.parse(undefined)).toBeUndefined();
    expect(gradeLevelSchema.parse('')).toBeUndefined();
    expect(gradeLevelSchema.parse(null)).toBeUndefined();
    expect(gradeLevelSchema.parse(7)).toBe(7);
    expect(gradeLevelSchema.parse('12')).toBe(12);
    for (const bad of [0, 13, 2.5, 'seven', -1, true]) {
      expect(firstMessage(gradeLevelSchema, bad), String(bad)).toBe('Please select a valid grade level (1-12)');
    }
  });
});

describe('registration', () => {
  const valid = { email: 'Ann@Example.com', password: 'Demo123!', firstName: 'Ann', lastName: 'Lee', gradeLevel: 5 };

  it('ignores a role field and keeps only the payload', () => {
    expect(registrationPayloadSchema.parse({ ...valid, role: 'admin' })).toEqual({
      email: 'ann@example.com',
      password: 'Demo123!',
      firstName: 'Ann',
      lastName: 'Lee',
      gradeLevel: 5,
      accountType: 'student',
    });
  });

  it('makes a parent only when asked for a parent account, never a tutor or admin, and a parent has no grade', () => {
    expect(registrationPayloadSchema.parse({ ...valid, accountType: 'parent', role: 'admin' })).toMatchObject({ accountType: 'parent', gradeLevel: null });
    expect(firstErrors(registrationPayloadSchema.safeParse({ ...valid, accountType: 'tutor' }))).toEqual({ accountType: 'Please choose student or parent.' });
  });

  it('checks confirmation when sent', () => {
    expect(firstErrors(registrationPayloadSchema.safeParse({ ...valid, confirmPassword: 'Other123!' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('the browser form adds confirmation and terms', () => {
    expect(firstErrors(registrationFormSchema.safeParse({ ...valid, confirmPassword: '', agreeToTerms: false }))).toEqual({
      confirmPassword: 'Please confirm your password',
      agreeToTerms: 'You must agree to the Terms of Service to create an account',
    });
    expect(firstErrors(registrationFormSchema.safeParse({ ...valid, confirmPassword: 'Demo123?', agreeToTerms: true }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(registrationFormSchema.safeParse({ ...valid, confirmPassword: 'Demo123!', agreeToTerms: true }).success).toBe(true);
  });

  it('reports every field of an empty form with its SPEC message', () => {
    expect(firstErrors(registrationFormSchema.safeParse({}))).toEqual({
      email: MESSAGES.emailRequired,
      password: MESSAGES.passwordRequired,
      confirmPassword: MESSAGES.confirmRequired,
      firstName: 'First name is required',
      lastName: 'Last name is required',
      agreeToTerms: MESSAGES.termsRequired,
    });
  });
});

describe('profile and password change', () => {
  it('refuses an email change with a clear message', () => {
    expect(firstErrors(profileUpdateSchema.safeParse({ email: 'new@example.com' }))).toEqual({ email: 'Email address cannot be changed' });
  });

  it('accepts the 12 time zones only, and null to clear the grade', () => {
    expect(profileUpdateSchema.parse({ timezone: 'Asia/Kolkata', gradeLevel: null })).toEqual({ timezone: 'Asia/Kolkata', gradeLevel: null });
    expect(firstErrors(profileUpdateSchema.safeParse({ timezone: 'Mars/Olympus' }))).toEqual({ timezone: MESSAGES.timezoneInvalid });
  });

  it('uses the SPEC messages for the new password', () => {
    expect(firstErrors(changePasswordPayloadSchema.safeParse({ currentPassword: 'x', newPassword: 'Ab1!' }))).toEqual({
      newPassword: 'New password must be at least 8 characters long',
    });
    expect(firstErrors(changePasswordPayloadSchema.safeParse({ currentPassword: 'x', newPassword: 'Demo123!', confirmPassword: 'Demo1234!' }))).toEqual({
      confirmPassword: 'New passwords do not match',
    });
    expect(firstErrors(changePasswordPayloadSchema.safeParse({ newPassword: 'Demo123!' }))).toEqual({ currentPassword: 'Current password is required' });
  });
});
