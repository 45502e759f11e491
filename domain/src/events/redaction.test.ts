import { describe, expect, test } from 'vitest';
import { auditEventOf, auditFormIsStoredForm, REDACTED, redactEventData } from './redaction.ts';
import { eventSchemas } from './registry.ts';

const userId = '11111111-2222-4333-8444-555555555555';
const hash = 'a'.repeat(64);

describe('redaction by schema', () => {
  test('password and token hashes are hidden, every other field kept', () => {
    expect(
      redactEventData('UserRegistered', {
        userId,
        email: 'sam@example.com',
        firstName: 'Sam',
        lastName: 'Lee',
        role: 'student',
        gradeLevel: 7,
        timezone: 'UTC',
        passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$abc$def',
        source: 'self-registration',
      }),
    ).toEqual({ userId, email: 'sam@example.com', firstName: 'Sam', lastName: 'Lee', role: 'student', gradeLevel: 7, timezone: 'UTC', passwordHash: REDACTED, source: 'self-registration' });
    expect(redactEventData('AuthSessionRefreshed', { sessionId: userId, userId, previousTokenHash: hash, refreshTokenHash: hash, credentialsVersion: 0, idleExpiresAt: 'x' })).toMatchObject({
      previousTokenHash: REDACTED,
      refreshTokenHash: REDACTED,
      credentialsVersion: 0,
    });
    // A nullable secret stays null when there is nothing to hide.
    expect(redactEventData('EmailVerified', { userId, email: 'a@b.co', tokenHash: null, method: 'demo-seed' })).toMatchObject({ tokenHash: null });
    expect(redactEventData('EmailVerified', { userId, email: 'a@b.co', tokenHash: hash, method: 'link' })).toMatchObject({ tokenHash: REDACTED });
  });

  test('no event type lets a hash through: every top-level field named …Hash in any schema is marked secret', () => {
    // Sample values for each secret-looking field, by name, in every registered schema.
    for (const [type, schema] of Object.entries(eventSchemas)) {
      const shape = (schema as { shape?: Record<string, unknown> }).shape ?? {};
      const data = Object.fromEntries(Object.keys(shape).map((key) => [key, /hash/i.test(key) ? hash : 'kept']));
      const redacted = redactEventData(type, data) as Record<string, unknown>;
      for (const key of Object.keys(shape)) expect(redacted[key], `${type}.${key}`).toBe(/hash/i.test(key) ? REDACTED : 'kept');
    }
  });

  test('an event type is stored as the audit shows it only without secret fields and upcasters', () => {
    expect(auditFormIsStoredForm('AnswerSubmitted')).toBe(true);
    expect(auditFormIsStoredForm('NoSuchEventType')).toBe(true);
    expect(auditFormIsStoredForm('UserRegistered')).toBe(false); // passwordHash
    expect(auditFormIsStoredForm('EmailVerified')).toBe(false); // a nullable tokenHash
    expect(auditFormIsStoredForm('AuthSessionRefreshed')).toBe(false); // secrets and an upcaster
    // Whatever the type: an event of a type said to be stored as shown comes out of the audit unchanged.
    for (const [type, schema] of Object.entries(eventSchemas)) {
      if (!auditFormIsStoredForm(type)) continue;
      const shape = (schema as { shape?: Record<string, unknown> }).shape ?? {};
      const data = Object.fromEntries(Object.keys(shape).map((key) => [key, hash]));
      expect(redactEventData(type, data), type).toBe(data);
    }
  });

  test('the audit shape carries the envelope whole with the position as a decimal string, and leaves the stored event untouched', () => {
    const data = { sessionId: userId, userId, refreshTokenHash: hash, credentialsVersion: 0, idleExpiresAt: 'x', absoluteExpiresAt: 'y', method: 'password' };
    const metadata = { actorId: userId, correlationId: 'req-1', causationId: null, at: '2026-03-01T09:00:00.000Z', schemaVersion: 1 };
    const audit = auditEventOf({ id: userId, type: 'AuthSessionStarted', streamId: `auth-session-${userId}`, version: 1, position: 9007199254740993n, data, metadata });
    expect(audit).toEqual({ id: userId, type: 'AuthSessionStarted', streamId: `auth-session-${userId}`, version: 1, position: '9007199254740993', data: { ...data, refreshTokenHash: REDACTED }, metadata });
    expect(data.refreshTokenHash).toBe(hash);
  });
});
