import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { sql } from 'slonik';
import {
  DEFAULT_STUDENT_AVATAR,
  ERASED_FIRST_NAME,
  ERASED_LAST_NAME,
  initialsAvatarUrl,
  placementStreamId,
  userStreamId,
  type PlacementEvent,
  type UserEvent,
  type UserRole,
} from '@mathdaily/domain';
import { tableRows } from '../tables/index.ts';
import { expectReplayToRebuildTheSameRows, factAt, projectAll, projectorFixtureForFile } from '../testing/projector-fixture.ts';
import { users } from './users.ts';

/**
 * users on a real database: one row per account from its registration; sign-ins and failures
 * counted (a sign-in clears the failures); profile, placement grade, picture, role, password and
 * weekly-summary changes; the picture shown recomputed from role and names; erasure, after which
 * the row reads "Deleted user" and nothing changes it; a registration seen twice keeps the first;
 * and a replay, after the erased account's keys are destroyed, rebuilds the same rows.
 */

const models = [users];
const fixture = projectorFixtureForFile();

const MINUTE = 60_000;
const t0 = Date.UTC(2026, 2, 2, 9);
const at = (minutes: number) => t0 + minutes * MINUTE;
const iso = (minutes: number) => new Date(at(minutes)).toISOString();
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';

const registered = (userId: string, firstName: string, lastName: string, role: UserRole = 'student'): UserEvent => ({
  type: 'UserRegistered',
  data: { userId, email: `${firstName.toLowerCase()}.${userId.slice(0, 8)}@example.com`, firstName, lastName, role, gradeLevel: 5, timezone: 'Europe/London', passwordHash: PASSWORD_HASH, source: 'self-registration' },
});
const signedIn = (userId: string): UserEvent => ({ type: 'UserSignedIn', data: { userId, sessionId: randomUUID(), method: 'password', absoluteExpiresAt: iso(30 * 24 * 60) } });
const signInFailed = (userId: string): UserEvent => ({ type: 'SignInFailed', data: { userId, reason: 'wrong-password' } });

/** Appends `[event, minute]` pairs to the account's stream (a PlacementCompleted to the placement stream). */
async function append(userId: string, events: [UserEvent | PlacementEvent, number][]) {
  for (const [event, minute] of events) {
    const stream = event.type === 'PlacementCompleted' ? placementStreamId(userId) : userStreamId(userId);
    await fixture.store.append(stream, [factAt(event, at(minute))], { expectedVersion: 'any' });
  }
}

const userRow = (userId: string) => fixture.pool.maybeOne(sql.type(tableRows.users)`SELECT * FROM read_models.users WHERE id = ${userId}`);

// Small batches: rows go through PostgreSQL between events.
const project = () => projectAll(fixture, models, 2);

test('a student account: verification, sign-ins and failures, profile and placement grade, avatar, password and weekly summary', async () => {
  const userId = randomUUID();
  const event = registered(userId, 'Sam', 'Student');
  await append(userId, [
    [event, 0],
    [{ type: 'EmailVerified', data: { userId, email: `sam.${userId.slice(0, 8)}@example.com`, tokenHash: null, method: 'link' } }, 1],
    // Verified again (a password reset verifies too): the first time stays.
    [{ type: 'EmailVerified', data: { userId, email: `sam.${userId.slice(0, 8)}@example.com`, tokenHash: null, method: 'password-reset' } }, 2],
    [signedIn(userId), 3],
    [signInFailed(userId), 4],
    [signInFailed(userId), 5],
    // A sign-in clears the failures before it; the one after counts again.
    [signedIn(userId), 6],
    [signInFailed(userId), 7],
    [{ type: 'ProfileUpdated', data: { userId, lastName: 'Smith', timezone: 'Asia/Tokyo' } }, 8],
    // The placement check's grade is the account's grade from then on.
    [{ type: 'PlacementCompleted', data: { placementId: randomUUID(), userId, grade: 6, questions: 8, correct: 5 } }, 9],
    // A change that names no grade or time zone keeps them.
    [{ type: 'ProfileUpdated', data: { userId, firstName: 'Samuel' } }, 10],
    [{ type: 'AvatarChosen', data: { userId, avatarId: 'owl', url: '/avatars/owl.svg' } }, 11],
    [{ type: 'PasswordChanged', data: { userId, passwordHash: PASSWORD_HASH, credentialsVersion: 1, keptSessionId: null } }, 12],
    [{ type: 'WeeklySummaryPreferenceChanged', data: { userId, enabled: false, via: 'settings' } }, 13],
  ]);
  await project();

  expect(await userRow(userId)).toEqual({
    id: userId,
    email: (event.data as { email: string }).email,
    first_name: 'Samuel',
    last_name: 'Smith',
    role: 'student',
    grade_level: 6,
    timezone: 'Asia/Tokyo',
    timezone_set: true,
    is_email_verified: true,
    email_verified_at: iso(1),
    avatar_kind: 'predefined',
    avatar_url: '/avatars/owl.svg',
    profile_image_url: '/avatars/owl.svg',
    credentials_version: 1,
    source: 'self-registration',
    login_count: 2,
    failed_sign_ins: 1,
    last_login_at: iso(6),
    created_at: iso(0),
    updated_at: iso(13),
    erased_at: null,
    weekly_summary: false,
  });
});

test('the picture shown follows role and names: a tutor gets initials, redrawn when renamed, and gets them back when an upload is removed', async () => {
  const userId = randomUUID();
  const adminId = randomUUID();
  await append(userId, [
    [registered(userId, 'Tess', 'Teach'), 0],
    [{ type: 'ProfileUpdated', data: { userId, gradeLevel: null } }, 1],
  ]);
  await project();
  expect(await userRow(userId)).toMatchObject({ role: 'student', grade_level: null, timezone_set: false, avatar_kind: 'default', avatar_url: null, profile_image_url: DEFAULT_STUDENT_AVATAR.url });

  await append(userId, [[{ type: 'UserRoleChanged', data: { userId, role: 'tutor', previousRole: 'student', changedBy: adminId } }, 2]]);
  await project();
  expect(await userRow(userId)).toMatchObject({ role: 'tutor', avatar_kind: 'default', profile_image_url: initialsAvatarUrl('Tess', 'Teach'), updated_at: iso(2) });

  const upload = { userId, url: '/api/avatars/uploads/tess.png', fileName: 'tess.png', originalName: 'me.png', mimeType: 'image/png', declaredMimeType: 'image/png', bytes: 2048, width: 64, height: 64 } as const;
  await append(userId, [[{ type: 'AvatarUploaded', data: upload }, 3]]);
  await project();
  expect(await userRow(userId)).toMatchObject({ avatar_kind: 'uploaded', avatar_url: upload.url, profile_image_url: upload.url });

  await append(userId, [
    [{ type: 'AvatarRemoved', data: { userId, previousUrl: upload.url } }, 4],
    [{ type: 'ProfileUpdated', data: { userId, firstName: 'Tessa', lastName: 'Tutor' } }, 5],
  ]);
  await project();
  expect(await userRow(userId)).toMatchObject({ avatar_kind: 'default', avatar_url: null, profile_image_url: initialsAvatarUrl('Tessa', 'Tutor'), updated_at: iso(5) });
});

test('erasure: "Deleted user" with no address, nothing after it changes the row; a registration seen twice keeps the first; a replay after the keys are destroyed rebuilds the same rows', async () => {
  const erin = randomUUID();
  const twice = randomUUID();
  const ghost = randomUUID();
  await append(erin, [
    [registered(erin, 'Erin', 'Erased', 'tutor'), 0],
    [{ type: 'EmailVerified', data: { userId: erin, email: `erin.${erin.slice(0, 8)}@example.com`, tokenHash: null, method: 'link' } }, 1],
    [{ type: 'AvatarChosen', data: { userId: erin, avatarId: 'fox', url: '/avatars/fox.svg' } }, 2],
    [signedIn(erin), 3],
    [{ type: 'UserErased', data: { userId: erin, requestedBy: 'self', erasedBy: erin } }, 4],
    // After the erasure nothing moves the row.
    [signedIn(erin), 5],
    [signInFailed(erin), 6],
    [{ type: 'ProfileUpdated', data: { userId: erin, firstName: 'Back', timezone: 'Asia/Tokyo' } }, 7],
    [{ type: 'AvatarChosen', data: { userId: erin, avatarId: 'owl', url: '/avatars/owl.svg' } }, 8],
    [{ type: 'UserRoleChanged', data: { userId: erin, role: 'admin', previousRole: 'tutor', changedBy: twice } }, 9],
  ]);
  const first = registered(twice, 'Una', 'First');
  await append(twice, [
    [first, 0],
    [registered(twice, 'Otto', 'Second', 'tutor'), 1],
  ]);
  // An account whose registration this projection never saw.
  await append(ghost, [[signedIn(ghost), 2], [{ type: 'ProfileUpdated', data: { userId: ghost, firstName: 'Ghost' } }, 3]]);
  await project();

  expect(await userRow(erin)).toEqual({
    id: erin,
    email: '',
    first_name: ERASED_FIRST_NAME,
    last_name: ERASED_LAST_NAME,
    role: 'tutor',
    grade_level: 5,
    timezone: 'UTC',
    timezone_set: false,
    is_email_verified: false,
    email_verified_at: null,
    avatar_kind: 'default',
    avatar_url: null,
    profile_image_url: initialsAvatarUrl(ERASED_FIRST_NAME, ERASED_LAST_NAME),
    credentials_version: 0,
    source: 'self-registration',
    login_count: 1,
    failed_sign_ins: 0,
    last_login_at: iso(3),
    created_at: iso(0),
    updated_at: iso(4),
    erased_at: iso(4),
    weekly_summary: true,
  });
  expect(await userRow(twice)).toMatchObject({ first_name: 'Una', last_name: 'First', role: 'student', email: (first.data as { email: string }).email, created_at: iso(0) });
  expect(await userRow(ghost)).toBeNull();

  // The erasure reactor destroys the account's keys: its events now read as erased. The same
  // events from event 0, in one pass, still give the same rows.
  expect(await fixture.vault.destroyOwner(erin)).toBeGreaterThan(0);
  const live = await expectReplayToRebuildTheSameRows(fixture, models);
  expect(live.users!.some((row) => row.includes(erin))).toBe(true);
});
