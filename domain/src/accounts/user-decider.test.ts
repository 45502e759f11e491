import { describe, expect, it } from 'vitest';
import { given } from '../testing/decider-spec.ts';
import type { UserEvent } from './events.ts';
import { LINK_PLACEHOLDER } from './emails.ts';
import { sessionsToEnd, TOKEN_MESSAGES, USER_MESSAGES, userDecider, type UserCommand } from './user-decider.ts';

const userId = '11111111-1111-4111-8111-111111111111';
const adminId = '99999999-9999-4999-8999-999999999999';
const sessionId = '22222222-2222-4222-8222-222222222222';
const otherSession = '33333333-3333-4333-8333-333333333333';
const tokenId = '44444444-4444-4444-8444-444444444444';
const messageId = '55555555-5555-4555-8555-555555555555';
const hash = (c: string) => c.repeat(64);
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', role: 'student', gradeLevel: 7, timezone: 'UTC', passwordHash: HASH, source: 'self-registration' },
};
const verificationRequested: UserEvent = {
  type: 'EmailVerificationRequested',
  data: { userId, email: 'ann@example.com', tokenId, tokenHash: hash('a'), expiresAt: '2030-01-03T00:00:00.000Z' },
};
const signedIn = (id: string, absoluteExpiresAt = '2030-02-01T00:00:00.000Z'): UserEvent => ({
  type: 'UserSignedIn',
  data: { userId, sessionId: id, method: 'password', absoluteExpiresAt },
});
const resetRequested = (c: string): UserEvent => ({
  type: 'PasswordResetRequested',
  data: { userId, tokenId, tokenHash: hash(c), expiresAt: '2030-01-01T01:00:00.000Z' },
});

const register: UserCommand = {
  type: 'RegisterUser',
  userId,
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  gradeLevel: 7,
  role: 'student',
  passwordHash: HASH,
  source: 'self-registration',
  verification: { tokenId, tokenHash: hash('a'), expiresAt: '2030-01-03T00:00:00.000Z', messageId },
  session: { sessionId, absoluteExpiresAt: '2030-01-31T00:00:00.000Z' },
};

describe('user decider: registration', () => {
  it('registers, asks for verification by e-mail and records the first sign-in', () => {
    const events = given(userDecider).when(register).events();
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'EmailVerificationRequested', 'EmailRequested', 'UserSignedIn']);
    expect(events[0]).toEqual(registered);
    const mail = events[2]!;
    expect(mail.type === 'EmailRequested' && mail.data).toMatchObject({
      to: 'ann@example.com',
      kind: 'email-verification',
      link: { purpose: 'verify-email', tokenId },
    });
    expect(mail.type === 'EmailRequested' && mail.data.text).toContain(LINK_PLACEHOLDER);
    expect(JSON.stringify(events)).not.toContain('verify-email?token=');
  });

  it('demo accounts start verified and signed out', () => {
    given(userDecider)
      .when({ ...register, role: 'tutor', source: 'demo-seed', verification: 'pre-verified', session: null })
      .then([
        { ...registered, data: { ...registered.data, role: 'tutor', source: 'demo-seed' } } as UserEvent,
        { type: 'EmailVerified', data: { userId, email: 'ann@example.com', tokenHash: null, method: 'demo-seed' } },
      ]);
  });

  it('refuses a second registration of the same stream', () => {
    given(userDecider, [registered]).when(register).thenThrows('CONFLICT');
  });

  it('refuses commands on an unknown user', () => {
    given(userDecider).when({ type: 'RecordSignInFailure' }).thenThrows('NOT_FOUND', 'User not found');
  });
});

describe('user decider: sign-in records', () => {
  it('records a sign-in and a failure', () => {
    given(userDecider, [registered]).when({ type: 'RecordSignIn', sessionId, absoluteExpiresAt: '2030-01-31T00:00:00.000Z' }).then([
      { type: 'UserSignedIn', data: { userId, sessionId, method: 'password', absoluteExpiresAt: '2030-01-31T00:00:00.000Z' } },
    ]);
    given(userDecider, [registered]).when({ type: 'RecordSignInFailure' }).then([{ type: 'SignInFailed', data: { userId, reason: 'wrong-password' } }]);
  });
});

describe('user decider: e-mail verification', () => {
  const verify = (c: string, at = '2030-01-01T00:00:00.000Z'): UserCommand => ({ type: 'VerifyEmail', tokenHash: hash(c), at });

  it('verifies with a pending token', () => {
    given(userDecider, [registered, verificationRequested]).when(verify('a')).then([
      { type: 'EmailVerified', data: { userId, email: 'ann@example.com', tokenHash: hash('a'), method: 'link' } },
    ]);
  });

  it('refuses an unknown and an expired token', () => {
    given(userDecider, [registered, verificationRequested]).when(verify('b')).thenThrows('VALIDATION_FAILED', TOKEN_MESSAGES.verificationInvalid);
    given(userDecider, [registered, verificationRequested]).when(verify('a', '2030-01-03T00:00:00.000Z')).thenThrows('GONE', TOKEN_MESSAGES.verificationExpired);
  });

  it('given the address verified with a link, when the link is opened again, then nothing happens and nothing is refused', () => {
    const verified: UserEvent = { type: 'EmailVerified', data: { userId, email: 'ann@example.com', tokenHash: hash('a'), method: 'link' } };
    given(userDecider, [registered, verificationRequested, verified]).when(verify('a')).then([]);
    given(userDecider, [registered, verificationRequested, verified]).when(verify('b')).thenThrows('VALIDATION_FAILED', TOKEN_MESSAGES.verificationInvalid);
  });

  it('does not resend to a verified address', () => {
    const verified: UserEvent = { type: 'EmailVerified', data: { userId, email: 'ann@example.com', tokenHash: null, method: 'demo-seed' } };
    given(userDecider, [registered, verified])
      .when({ type: 'RequestEmailVerification', tokenId, tokenHash: hash('c'), expiresAt: '2030-01-03T00:00:00.000Z', messageId })
      .thenThrows('VALIDATION_FAILED', TOKEN_MESSAGES.alreadyVerified);
  });
});

describe('user decider: password reset', () => {
  const reset = (c: string, at = '2030-01-01T00:30:00.000Z'): UserCommand => ({ type: 'ResetPassword', tokenHash: hash(c), passwordHash: `${HASH}2`, at });

  it('resets with the latest token, bumps the credentials version and verifies the address', () => {
    given(userDecider, [registered, resetRequested('a')]).when(reset('a')).then([
      { type: 'PasswordReset', data: { userId, passwordHash: `${HASH}2`, credentialsVersion: 1, tokenHash: hash('a') } },
      { type: 'EmailVerified', data: { userId, email: 'ann@example.com', tokenHash: null, method: 'password-reset' } },
    ]);
  });

  it('only the latest link works, once, within its hour', () => {
    given(userDecider, [registered, resetRequested('a'), resetRequested('b')]).when(reset('a')).thenThrows('GONE', TOKEN_MESSAGES.resetReplaced);
    given(userDecider, [registered, resetRequested('a')]).when(reset('a', '2030-01-01T01:00:00.000Z')).thenThrows('GONE', TOKEN_MESSAGES.resetExpired);
    given(userDecider, [registered, resetRequested('a')]).when(reset('z')).thenThrows('VALIDATION_FAILED', TOKEN_MESSAGES.resetInvalid);
    const done: UserEvent = { type: 'PasswordReset', data: { userId, passwordHash: `${HASH}2`, credentialsVersion: 1, tokenHash: hash('a') } };
    given(userDecider, [registered, resetRequested('a'), done]).when(reset('a')).thenThrows('GONE', TOKEN_MESSAGES.resetUsed);
  });

  it('a reset request mails a link', () => {
    const events = given(userDecider, [registered])
      .when({ type: 'RequestPasswordReset', tokenId, tokenHash: hash('a'), expiresAt: '2030-01-01T01:00:00.000Z', messageId })
      .events();
    expect(events.map((e) => e.type)).toEqual(['PasswordResetRequested', 'EmailRequested']);
    expect(events[1]!.type === 'EmailRequested' && events[1]!.data.link).toEqual({ purpose: 'reset-password', tokenId });
  });
});

describe('user decider: password change', () => {
  it('bumps the credentials version, keeps the current session and notifies by e-mail', () => {
    const events = given(userDecider, [registered]).when({ type: 'ChangePassword', passwordHash: `${HASH}3`, keptSessionId: sessionId, messageId }).events();
    expect(events[0]).toEqual({ type: 'PasswordChanged', data: { userId, passwordHash: `${HASH}3`, credentialsVersion: 1, keptSessionId: sessionId } });
    expect(events[1]!.type === 'EmailRequested' && events[1]!.data.kind).toBe('password-changed');
  });

  it('lists the other live sessions to end', () => {
    const state = given(userDecider, [registered, signedIn(sessionId), signedIn(otherSession), signedIn(tokenId, '2029-01-01T00:00:00.000Z')]).state();
    expect(sessionsToEnd(state, '2030-01-01T00:00:00.000Z', sessionId)).toEqual([otherSession]);
    expect(sessionsToEnd(state, '2030-01-01T00:00:00.000Z', null)).toEqual([sessionId, otherSession]);
  });
});

describe('user decider: profile', () => {
  it('records only what changed', () => {
    given(userDecider, [registered]).when({ type: 'UpdateProfile', changes: { firstName: 'Ann', lastName: 'Lee-Smith', timezone: 'Europe/London' } }).then([
      { type: 'ProfileUpdated', data: { userId, lastName: 'Lee-Smith', timezone: 'Europe/London' } },
    ]);
    given(userDecider, [registered]).when({ type: 'UpdateProfile', changes: { firstName: 'Ann', gradeLevel: 7 } }).then([]);
  });

  it('given a placement check that moved the grade in effect from 7 to 8, when the student chooses 7 again, then it is recorded (issue 31: it was lost)', () => {
    given(userDecider, [registered])
      .when({ type: 'UpdateProfile', changes: { gradeLevel: 7 }, currentGradeLevel: 8 })
      .then([{ type: 'ProfileUpdated', data: { userId, gradeLevel: 7 } }]);
    // Choosing the grade already in effect records nothing, whatever the stream's own grade.
    given(userDecider, [registered]).when({ type: 'UpdateProfile', changes: { gradeLevel: 8 }, currentGradeLevel: 8 }).then([]);
  });

  it('choosing UTC the first time counts as setting the time zone', () => {
    given(userDecider, [registered]).when({ type: 'UpdateProfile', changes: { timezone: 'UTC' } }).then([
      { type: 'ProfileUpdated', data: { userId, timezone: 'UTC' } },
    ]);
  });

  it('refuses bad input with the SPEC messages and an e-mail change', () => {
    given(userDecider, [registered]).when({ type: 'UpdateProfile', changes: { firstName: 'A' } }).thenThrows('VALIDATION_FAILED', 'First name must be at least 2 characters long');
    given(userDecider, [registered]).when({ type: 'UpdateProfile', changes: { gradeLevel: 13 } }).thenThrows('VALIDATION_FAILED', 'Please select a valid grade level (1-12)');
    given(userDecider, [registered]).when({ type: 'UpdateProfile', changes: { email: 'x@y.z' } }).thenThrows('VALIDATION_FAILED', 'Email address cannot be changed');
  });
});

describe('user decider: avatars', () => {
  const tutor: UserEvent = { ...registered, data: { ...registered.data, role: 'tutor' } } as UserEvent;
  const upload: UserCommand = {
    type: 'UploadAvatar', url: '/api/avatars/uploads/a.png', fileName: 'a.png', originalName: 'me.png',
    mimeType: 'image/png', declaredMimeType: 'image/png', bytes: 100, width: 10, height: 10,
  };

  it('chooses a predefined avatar; anything else is refused', () => {
    given(userDecider, [registered]).when({ type: 'ChooseAvatar', avatarUrl: '/avatars/owl.svg' }).then([
      { type: 'AvatarChosen', data: { userId, avatarId: 'owl', url: '/avatars/owl.svg' } },
    ]);
    given(userDecider, [registered]).when({ type: 'ChooseAvatar', avatarUrl: 'https://evil.example/x.png' }).thenThrows('VALIDATION_FAILED', 'Please choose one of the predefined avatars.');
  });

  it('students cannot upload or remove', () => {
    given(userDecider, [registered]).when(upload).thenThrows('FORBIDDEN', 'Students can only use predefined avatars');
    given(userDecider, [registered]).when({ type: 'RemoveAvatar' }).thenThrows('FORBIDDEN', 'Students can only use predefined avatars');
  });

  it('tutors upload and remove', () => {
    const uploaded = given(userDecider, [tutor]).when(upload).events();
    expect(uploaded[0]!.type).toBe('AvatarUploaded');
    given(userDecider, [tutor, ...uploaded]).when({ type: 'RemoveAvatar' }).then([
      { type: 'AvatarRemoved', data: { userId, previousUrl: '/api/avatars/uploads/a.png' } },
    ]);
    given(userDecider, [tutor]).when({ type: 'RemoveAvatar' }).then([]);
  });
});

describe('user decider: role', () => {
  it('an admin changes another user role; the same role changes nothing; nobody changes their own', () => {
    given(userDecider, [registered]).when({ type: 'ChangeRole', role: 'tutor', changedBy: adminId }).then([
      { type: 'UserRoleChanged', data: { userId, role: 'tutor', previousRole: 'student', changedBy: adminId } },
    ]);
    given(userDecider, [registered]).when({ type: 'ChangeRole', role: 'student', changedBy: adminId }).then([]);
    given(userDecider, [registered]).when({ type: 'ChangeRole', role: 'admin', changedBy: userId }).thenThrows('VALIDATION_FAILED', 'You cannot change your own role.');
  });
});

describe('erasure and the weekly summary', () => {
  const userId = '66666666-6666-4666-8666-666666666666';
  const adminId = '77777777-7777-4777-8777-777777777777';
  const registered = (role: 'student' | 'parent') =>
    ({ type: 'UserRegistered', data: { userId, email: 'ada@example.org', firstName: 'Ada', lastName: 'Byron', role, gradeLevel: null, timezone: 'UTC', passwordHash: '$argon2id$x', source: 'self-registration' } }) as const;
  const erased = { type: 'UserErased', data: { userId, requestedBy: 'admin', erasedBy: adminId } } as const;

  it('given an account, when it is erased, then UserErased; from then on it takes no command and keeps nothing of the person', () => {
    given(userDecider, [registered('student')]).when({ type: 'EraseAccount', requestedBy: 'admin', erasedBy: adminId }).then([erased]);
    const state = given(userDecider, [registered('student'), erased]).state();
    expect(state).toMatchObject({ exists: false, erased: true, email: '', firstName: '', passwordHash: '' });
    given(userDecider, [registered('student'), erased]).when({ type: 'UpdateProfile', changes: { firstName: 'Eve' } }).thenThrows('NOT_FOUND', USER_MESSAGES.erased);
    given(userDecider, [registered('student'), erased]).when({ type: 'EraseAccount', requestedBy: 'self', erasedBy: userId }).thenThrows('NOT_FOUND');
  });
  it('given an erased account, when its keys are gone, then PersonalDataErased once; a live account cannot record it', () => {
    const done = { type: 'PersonalDataErased', data: { userId, keysDestroyed: 3, uploadsDeleted: 0 } } as const;
    given(userDecider, [registered('student'), erased]).when({ type: 'RecordPersonalDataErased', keysDestroyed: 3, uploadsDeleted: 0 }).then([done]);
    given(userDecider, [registered('student'), erased, done]).when({ type: 'RecordPersonalDataErased', keysDestroyed: 0, uploadsDeleted: 0 }).then([]);
    given(userDecider, [registered('student')]).when({ type: 'RecordPersonalDataErased', keysDestroyed: 0, uploadsDeleted: 0 }).thenThrows('CONFLICT');
  });
  it('given a parent, when a week’s summary is asked for twice, then one e-mail with the one-click opt-out; none once turned off', () => {
    const content = { subject: 'Your week', text: 'Hi', html: '<p>Hi</p>' };
    const messageId = '88888888-8888-4888-8888-888888888888';
    const ask = { type: 'RequestWeeklySummary', weekStart: '2026-05-04', messageId, content } as const;
    const [requested, mail] = given(userDecider, [registered('parent')]).when(ask).events();
    expect(requested).toEqual({ type: 'WeeklySummaryRequested', data: { userId, weekStart: '2026-05-04', messageId } });
    expect(mail).toMatchObject({ type: 'EmailRequested', data: { to: 'ada@example.org', kind: 'weekly-summary', link: { purpose: 'weekly-summary-opt-out', tokenId: userId } } });
    given(userDecider, [registered('parent'), requested!]).when(ask).then([]);
    const off = { type: 'WeeklySummaryPreferenceChanged', data: { userId, enabled: false, via: 'email-link' } } as const;
    given(userDecider, [registered('parent')]).when({ type: 'SetWeeklySummary', enabled: false, via: 'email-link' }).then([off]);
    given(userDecider, [registered('parent'), off]).when({ ...ask, weekStart: '2026-05-11' }).then([]);
    given(userDecider, [registered('student')]).when({ type: 'SetWeeklySummary', enabled: false, via: 'settings' }).thenThrows('FORBIDDEN', USER_MESSAGES.summaryParentsOnly);
  });
});
