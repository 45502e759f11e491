import { expect, test } from 'vitest';
import { fieldErrorsAnnouncement } from './form-announcements.ts';
import { validateConfirmPassword, validateLogin, validateRegistration, type RegistrationForm } from './validation.ts';

const valid: RegistrationForm = {
  firstName: 'Ada',
  lastName: "O'Neil-Smith",
  email: 'ada@example.com',
  gradeLevel: '',
  password: 'Secret123!',
  confirmPassword: 'Secret123!',
  agreeToTerms: true,
};

test('a complete registration form has no errors; grade level is optional', () => {
  expect(validateRegistration(valid)).toEqual({});
  expect(validateRegistration({ ...valid, gradeLevel: '7' })).toEqual({});
});

test('registration errors are the SPEC texts, one per field, in on-screen order', () => {
  const errors = validateRegistration({ firstName: 'A', lastName: '', email: 'nope', gradeLevel: '13', password: 'short', confirmPassword: 'other', agreeToTerms: false });
  expect(Object.keys(errors)).toEqual(['firstName', 'lastName', 'email', 'gradeLevel', 'password', 'confirmPassword', 'agreeToTerms']);
  expect(errors).toEqual({
    firstName: 'First name must be at least 2 characters long',
    lastName: 'Last name is required',
    email: 'Please enter a valid email address',
    gradeLevel: 'Please select a valid grade level (1-12)',
    password: 'Password must be at least 8 characters long',
    confirmPassword: 'Passwords do not match',
    agreeToTerms: 'You must agree to the Terms of Service to create an account',
  });
  expect(validateRegistration({ ...valid, password: 'alllowercase1', confirmPassword: 'alllowercase1' }).password).toBe(
    'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
  );
  expect(validateRegistration({ ...valid, firstName: 'R2-D2' }).firstName).toBe('First name can only contain letters, spaces, hyphens, and apostrophes');
});

test('confirm password: required, then equal', () => {
  expect(validateConfirmPassword('Secret123!', '')).toBe('Please confirm your password');
  expect(validateConfirmPassword('Secret123!', 'Secret123?')).toBe('Passwords do not match');
  expect(validateConfirmPassword('Secret123!', 'Secret123!')).toBeNull();
});

test('login applies the same email and password rules', () => {
  expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'Email address is required', password: 'Password is required' });
  expect(validateLogin({ email: `${'a'.repeat(250)}@x.io`, password: 'Secret123!' })).toEqual({ email: 'Email address is too long' });
  expect(validateLogin({ email: 'ada@example.com', password: 'Secret123!' })).toEqual({});
});

test('field errors are announced as one error or a count', () => {
  expect(fieldErrorsAnnouncement({ email: 'Email address is required' })).toBe('Form error: Email address is required');
  expect(fieldErrorsAnnouncement({ email: 'Email address is required', password: 'Password is required' })).toBe(
    'Form has 2 errors: Email address is required; Password is required',
  );
});
