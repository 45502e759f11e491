import { describe, expect, it } from 'vitest';
import { upcast } from '../events/upcasters.ts';
import { reportedUrl, withoutSecrets } from './events.ts';

const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwic2lkIjoiYSJ9.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const linkToken = '3f2b8c1e-5d4a-4b6c-8d7e-9f0a1b2c3d4e.Q2hlY2tzdW1zQXJlTm90U2VjcmV0c0J1dFRoaXNJcw';
const refresh = 'c0ffee00-1111-4222-8333-444455556666.aGVsbG8td29ybGQtdGhpcy1pcy1hLXJhbmRvbS10b2tlbg';

describe('crash reports keep no secrets', () => {
  it.each([
    [`Request failed: Authorization Bearer ${jwt}`, 'Request failed: Authorization Bearer [redacted]'],
    [`token ${jwt} was rejected`, 'token [redacted] was rejected'],
    [`reset ${linkToken} failed`, 'reset [redacted] failed'],
    [`{"refreshToken":"${refresh}"}`, '{"refreshToken":"[redacted]"}'],
    ['password=Secret123! and code: 123456', 'password=[redacted] and code: [redacted]'],
    ['api_key=abc&x=1', 'api_key=[redacted]&x=1'],
    ['session a7Bq9xK2mP4vT8wZ1nR6yL3cF5hJ0dS2eG7', 'session [redacted]'],
  ])('%s', (text, expected) => {
    expect(withoutSecrets(text)).toBe(expected);
  });

  it('keeps what helps find the fault: ids, names, line numbers, short hashes', () => {
    const stack = "TypeError: Cannot read properties of undefined (reading 'map')\n    at ProgressPage (progress-page-B1x9Qz7k.js:42:17)\n    at problem 3f2b8c1e-5d4a-4b6c-8d7e-9f0a1b2c3d4e";
    expect(withoutSecrets(stack)).toBe(stack);
    expect(withoutSecrets('useLearnerQueueSubscriptionEffectHandler failed')).toBe('useLearnerQueueSubscriptionEffectHandler failed');
  });

  it('an address loses its query string, fragment and ; parameters, and any token in its path', () => {
    expect(reportedUrl('http://localhost:3000/reset-password;token=abc?x=1#top')).toBe('http://localhost:3000/reset-password');
    expect(reportedUrl(`http://localhost:3000/verify-email/${linkToken}`)).toBe('http://localhost:3000/verify-email/[redacted]');
    expect(reportedUrl('http://localhost:3000/learn')).toBe('http://localhost:3000/learn');
  });

  it('reports stored before this are read without their secrets (schema version 1 → 2)', () => {
    const stored = {
      type: 'ClientErrorReported',
      data: { reportId: 'r', message: `bad ${jwt}`, stack: `at x (token=${refresh})`, url: 'http://h/reset-password;token=abc', userAgent: 'UA', occurredAt: '2026-03-01T10:00:00.000Z' },
      metadata: { actorId: null, correlationId: 'c', causationId: null, at: '2026-03-01T10:00:00.000Z', schemaVersion: 1 },
    };
    expect(upcast(stored)).toMatchObject({
      data: { message: 'bad [redacted]', stack: 'at x (token=[redacted])', url: 'http://h/reset-password', userAgent: 'UA' },
      metadata: { schemaVersion: 2 },
    });
  });
});
