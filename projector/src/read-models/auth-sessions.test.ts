import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { sql } from 'slonik';
import { authSessionStreamId, type AuthSessionEvent, type AuthSessionRevokeReason } from '@mathdaily/domain';
import { tableRows } from '../tables/index.ts';
import { expectReplayToRebuildTheSameRows, factAt, projectAll, projectorFixtureForFile } from '../testing/projector-fixture.ts';
import { authSessions } from './auth-sessions.ts';

/**
 * auth_sessions on a real database: one row per signed-in device; a refresh counts, moves the idle
 * expiry (never the absolute one) and takes the credentials version it was made with; a revocation
 * ends the session once, with its first time and reason; a session's start seen again, or events of
 * a session never started, change nothing; a replay rebuilds the same rows.
 */

const models = [authSessions];
const fixture = projectorFixtureForFile();

const DAY = 86_400_000;
const t0 = Date.UTC(2026, 2, 2, 9);
const iso = (at: number) => new Date(at).toISOString();
const tokenHash = () => randomUUID().replace(/-/g, '').repeat(2);

const started = (sessionId: string, userId: string, at: number, options: { method?: 'password' | 'registration'; credentialsVersion?: number } = {}): AuthSessionEvent => ({
  type: 'AuthSessionStarted',
  data: {
    sessionId,
    userId,
    refreshTokenHash: tokenHash(),
    credentialsVersion: options.credentialsVersion ?? 0,
    idleExpiresAt: iso(at + 7 * DAY),
    absoluteExpiresAt: iso(at + 30 * DAY),
    method: options.method ?? 'password',
  },
});
const refreshed = (sessionId: string, userId: string, at: number, credentialsVersion: number): AuthSessionEvent => ({
  type: 'AuthSessionRefreshed',
  data: { sessionId, userId, previousTokenHash: tokenHash(), refreshTokenHash: tokenHash(), credentialsVersion, idleExpiresAt: iso(at + 7 * DAY), refreshedAt: iso(at) },
});
const revoked = (sessionId: string, userId: string, reason: AuthSessionRevokeReason): AuthSessionEvent => ({ type: 'AuthSessionRevoked', data: { sessionId, userId, reason } });

async function append(sessionId: string, events: [AuthSessionEvent, number][]) {
  await fixture.store.append(authSessionStreamId(sessionId), events.map(([event, at]) => factAt(event, at)), { expectedVersion: 'any' });
}

const sessionsOf = (userId: string) =>
  fixture.pool.any(sql.type(tableRows.auth_sessions)`SELECT * FROM read_models.auth_sessions WHERE user_id = ${userId} ORDER BY started_at, session_id`);

// One event per batch: each row is loaded back from PostgreSQL before the next event changes it.
const project = () => projectAll(fixture, models, 1);

test('a refresh counts and moves the idle expiry, never the absolute one; a revocation ends the session once, with its first reason', async () => {
  const userId = randomUUID();
  const [laptop, phone] = [randomUUID(), randomUUID()];
  await append(laptop, [
    [started(laptop, userId, t0), t0],
    [refreshed(laptop, userId, t0 + DAY, 0), t0 + DAY],
    // Refreshed after a password change elsewhere: the session carries the new credentials version.
    [refreshed(laptop, userId, t0 + 3 * DAY, 1), t0 + 3 * DAY],
    [revoked(laptop, userId, 'password-changed'), t0 + 4 * DAY],
    [revoked(laptop, userId, 'logout'), t0 + 5 * DAY],
  ]);
  await append(phone, [[started(phone, userId, t0 + 2 * DAY, { method: 'registration', credentialsVersion: 1 }), t0 + 2 * DAY]]);
  await project();

  expect(await sessionsOf(userId)).toEqual([
    {
      session_id: laptop,
      user_id: userId,
      method: 'password',
      credentials_version: 1,
      started_at: iso(t0),
      last_refreshed_at: iso(t0 + 3 * DAY),
      refresh_count: 2,
      idle_expires_at: iso(t0 + 10 * DAY),
      absolute_expires_at: iso(t0 + 30 * DAY),
      revoked_at: iso(t0 + 4 * DAY),
      revoke_reason: 'password-changed',
    },
    {
      session_id: phone,
      user_id: userId,
      method: 'registration',
      credentials_version: 1,
      started_at: iso(t0 + 2 * DAY),
      last_refreshed_at: null,
      refresh_count: 0,
      idle_expires_at: iso(t0 + 9 * DAY),
      absolute_expires_at: iso(t0 + 32 * DAY),
      revoked_at: null,
      revoke_reason: null,
    },
  ]);
});

test('a start seen again keeps the first; a session never started gets no row; a replay rebuilds the same rows', async () => {
  const userId = randomUUID();
  const [tablet, ghost] = [randomUUID(), randomUUID()];
  await append(tablet, [[started(tablet, userId, t0), t0]]);
  await project();
  const [first] = await sessionsOf(userId);
  // The same session's start again (another device's data, later): the row stays as it was.
  await append(tablet, [[started(tablet, userId, t0 + DAY, { method: 'registration', credentialsVersion: 3 }), t0 + DAY]]);
  // A refresh and a revocation of a session whose start this projection never saw.
  await append(ghost, [
    [refreshed(ghost, userId, t0 + DAY, 0), t0 + DAY],
    [revoked(ghost, userId, 'logout'), t0 + 2 * DAY],
  ]);
  await project();
  expect(await sessionsOf(userId)).toEqual([first]);
  expect(first).toMatchObject({ method: 'password', credentials_version: 0, started_at: iso(t0), absolute_expires_at: iso(t0 + 30 * DAY) });

  // The same events again, from event 0 in one pass: the same rows.
  const live = await expectReplayToRebuildTheSameRows(fixture, models);
  expect(live.auth_sessions).toHaveLength(3);
});
