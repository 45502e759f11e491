import { describe, it } from 'vitest';
import { given } from '../testing/decider-spec.ts';
import { authSessionDecider, REFRESH_GRACE_MS, SESSION_MESSAGES, type AuthSessionCommand } from './auth-session-decider.ts';
import { emailReservationDecider } from './email-reservation-decider.ts';
import type { AuthSessionEvent, EmailReservationEvent } from './events.ts';

const userId = '11111111-1111-4111-8111-111111111111';
const sessionId = '22222222-2222-4222-8222-222222222222';
const hash = (c: string) => c.repeat(64);

describe('email reservation decider', () => {
  it('reserves a free address', () => {
    given(emailReservationDecider).when({ type: 'ReserveEmail', email: 'ann@example.com', userId }).then([
      { type: 'EmailAddressReserved', data: { email: 'ann@example.com', userId } },
    ]);
  });

  it('refuses a reserved one with 409 and a clear message', () => {
    given(emailReservationDecider, [{ type: 'EmailAddressReserved', data: { email: 'ann@example.com', userId } } as EmailReservationEvent])
      .when({ type: 'ReserveEmail', email: 'ann@example.com', userId: sessionId })
      .thenThrows('CONFLICT', /already exists/);
  });
});

const started: AuthSessionEvent = {
  type: 'AuthSessionStarted',
  data: {
    sessionId,
    userId,
    refreshTokenHash: hash('a'),
    credentialsVersion: 0,
    idleExpiresAt: '2030-01-08T00:00:00.000Z',
    absoluteExpiresAt: '2030-01-31T00:00:00.000Z',
    method: 'password',
  },
};
const user = { exists: true, credentialsVersion: 0, keptSessionId: null };
const refresh = (presented: string, at = '2030-01-02T00:00:00.000Z', u: AuthSessionCommand & { type: 'RefreshSession' } extends { user: infer U } ? U : never = user): AuthSessionCommand => ({
  type: 'RefreshSession',
  presentedTokenHash: hash(presented),
  newTokenHash: hash('b'),
  at,
  user: u,
});
const refreshed: AuthSessionEvent = {
  type: 'AuthSessionRefreshed',
  data: {
    sessionId,
    userId,
    previousTokenHash: hash('a'),
    refreshTokenHash: hash('b'),
    credentialsVersion: 0,
    idleExpiresAt: '2030-01-09T00:00:00.000Z',
    refreshedAt: '2030-01-02T00:00:00.000Z',
  },
};
const later = (ms: number) => new Date(Date.parse('2030-01-02T00:00:00.000Z') + ms).toISOString();

describe('auth session decider', () => {
  it('starts with 7-day idle and 30-day absolute expiry', () => {
    given(authSessionDecider)
      .when({ type: 'StartSession', sessionId, userId, refreshTokenHash: hash('a'), credentialsVersion: 0, method: 'password', at: '2030-01-01T00:00:00.000Z' })
      .then([started]);
  });

  it('rotates the refresh token, sliding the idle expiry', () => {
    given(authSessionDecider, [started]).when(refresh('a')).then([refreshed]);
  });

  it('the idle expiry never passes the absolute one', () => {
    const late = { ...refreshed, data: { ...refreshed.data, idleExpiresAt: '2030-01-31T00:00:00.000Z', refreshedAt: '2030-01-29T00:00:00.000Z' } };
    given(authSessionDecider, [{ ...started, data: { ...started.data, idleExpiresAt: '2030-01-30T00:00:00.000Z' } } as AuthSessionEvent])
      .when(refresh('a', '2030-01-29T00:00:00.000Z'))
      .then([late as AuthSessionEvent]);
  });

  it('reuse of a rotated token after the grace window revokes the whole session', () => {
    given(authSessionDecider, [started, refreshed]).when(refresh('a', later(REFRESH_GRACE_MS + 1))).then([
      { type: 'AuthSessionRevoked', data: { sessionId, userId, reason: 'refresh-token-reuse' } },
    ]);
  });

  it('the token rotated last, within the grace window, yields the same new token and records nothing (two tabs at once)', () => {
    given(authSessionDecider, [started, refreshed]).when(refresh('a', later(REFRESH_GRACE_MS))).then([]);
  });

  it('the grace window covers only the token rotated last, asking for the token it was rotated to', () => {
    const second: AuthSessionEvent = {
      type: 'AuthSessionRefreshed',
      data: { ...refreshed.data, previousTokenHash: hash('b'), refreshTokenHash: hash('c'), refreshedAt: later(1000) },
    };
    given(authSessionDecider, [started, refreshed, second]).when(refresh('a', later(2000))).then([
      { type: 'AuthSessionRevoked', data: { sessionId, userId, reason: 'refresh-token-reuse' } },
    ]);
    given(authSessionDecider, [started, refreshed]).when({ ...refresh('a', later(1000)), newTokenHash: hash('x') } as AuthSessionCommand).then([
      { type: 'AuthSessionRevoked', data: { sessionId, userId, reason: 'refresh-token-reuse' } },
    ]);
  });

  it('a rotation recorded without a time (before the grace window existed) has no grace', () => {
    const old = { ...refreshed, data: { ...refreshed.data, refreshedAt: undefined } } as AuthSessionEvent;
    given(authSessionDecider, [started, old]).when(refresh('a')).then([
      { type: 'AuthSessionRevoked', data: { sessionId, userId, reason: 'refresh-token-reuse' } },
    ]);
  });

  it('refuses unknown tokens (without revoking), expired and revoked sessions', () => {
    given(authSessionDecider, [started]).when(refresh('z')).thenThrows('UNAUTHORIZED', SESSION_MESSAGES.expired);
    given(authSessionDecider, [started]).when(refresh('a', '2030-01-08T00:00:00.000Z')).thenThrows('UNAUTHORIZED', SESSION_MESSAGES.expired);
    given(authSessionDecider, [started, { type: 'AuthSessionRevoked', data: { sessionId, userId, reason: 'logout' } }])
      .when(refresh('a'))
      .thenThrows('UNAUTHORIZED', SESSION_MESSAGES.expired);
    given(authSessionDecider).when(refresh('a')).thenThrows('UNAUTHORIZED', SESSION_MESSAGES.expired);
  });

  it('a password change ends sessions other than the one it was made from', () => {
    given(authSessionDecider, [started]).when(refresh('a', undefined, { exists: true, credentialsVersion: 1, keptSessionId: null })).thenThrows('UNAUTHORIZED');
    given(authSessionDecider, [started])
      .when(refresh('a', undefined, { exists: true, credentialsVersion: 1, keptSessionId: sessionId }))
      .then([{ ...refreshed, data: { ...refreshed.data, credentialsVersion: 1 } } as AuthSessionEvent]);
  });

  it('sign-out revokes once, and ignores tokens the session never issued', () => {
    given(authSessionDecider, [started]).when({ type: 'RevokeSession', reason: 'logout', presentedTokenHash: hash('a') }).then([
      { type: 'AuthSessionRevoked', data: { sessionId, userId, reason: 'logout' } },
    ]);
    given(authSessionDecider, [started]).when({ type: 'RevokeSession', reason: 'logout', presentedTokenHash: hash('z') }).then([]);
    given(authSessionDecider, [started, { type: 'AuthSessionRevoked', data: { sessionId, userId, reason: 'logout' } }])
      .when({ type: 'RevokeSession', reason: 'password-changed' })
      .then([]);
  });
});
