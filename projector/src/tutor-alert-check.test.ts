import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DatabasePool } from 'slonik';
import { createSlonikPool } from '@mathdaily/api-kit';
import { createTestDatabase, startApp, type RunningApp } from '@mathdaily/testing';
import { OVERDUE_REVIEWS, QUIET_DAYS } from '@mathdaily/domain';

const DAY_MS = 86_400_000;
import { TutorAlertCheck } from './tutor-alert-check.ts';

/**
 * The scheduled "fell behind" check on a real database: an active student with no practice for
 * 2 days gets one StudentFellBehind (not two), and the tutor's dashboard shows it as an alert;
 * reviews are overdue by the student's own calendar day, not UTC's.
 */

let app: RunningApp;
let pool: DatabasePool;
let ips = 0;

async function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown, minPosition?: string) {
  const response = await app.server.inject({
    method,
    url,
    remoteAddress: `198.51.100.${++ips % 250}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(minPosition ? { 'x-min-position': minPosition } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as any;
}

beforeAll(async () => {
  const databaseUrl = await createTestDatabase('tutor_alerts', { seeded: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-tutor-alerts-'));
  app = await startApp({ databaseUrl, jwtSecret: 'tutor-alert-check-secret-0123456789abcdef', demoAccounts: true, dataDir, port: 0, log: () => {}, webDist: path.join(dataDir, 'no-web') });
  pool = await createSlonikPool(databaseUrl, { maximumPoolSize: 2 });
}, 180_000);

afterAll(async () => {
  await pool?.end();
  await app?.stop();
});

/** The demo tutor signed in, and a new student who registered with the tutor's code, made active. */
async function tutorWithActiveStudent(firstName: string, lastName: string) {
  const signedIn = await call('POST', '/api/auth/login', null, { email: 'tutor@example.com', password: 'Demo123!' });
  const tutor = signedIn.accessToken as string;
  const { code } = await call('POST', '/api/tutors/referral-codes', tutor, {});
  const student = await call('POST', '/api/auth/register', null, {
    email: `${firstName.toLowerCase()}.${Date.now().toString(36)}@example.com`, password: 'Secret123!', firstName, lastName, gradeLevel: 5, referralCode: code,
  });
  const activated = await call('PUT', `/api/tutors/students/${student.user.id}`, tutor, { relationship_status: 'active' });
  return { signedIn, tutor, student, activated };
}

test('an active student quiet for 2 days is reported once, and the tutor sees the alert', async () => {
  const { signedIn, tutor, student, activated } = await tutorWithActiveStudent('Quinn', 'Quiet');
  await call('GET', '/api/tutors/students', tutor, undefined, activated.position);

  const soon = new TutorAlertCheck({ pool, store: app.store });
  expect(await soon.checkNow()).toBe(0);
  // Quiet for more than 48 hours but only one whole day of theirs in between: not yet.
  const oneWholeDay = new TutorAlertCheck({ pool, store: app.store, clock: () => new Date(Date.now() + 2 * DAY_MS) });
  expect(await oneWholeDay.checkNow()).toBe(0);
  const later = new TutorAlertCheck({ pool, store: app.store, clock: () => new Date(Date.now() + (QUIET_DAYS + 1) * DAY_MS) });
  expect(await later.checkNow()).toBe(1);
  expect(await later.checkNow()).toBe(0);

  const stream = await app.store.readStream(`relationship-${signedIn.user.id}-${student.user.id}`);
  expect(stream.events.at(-1)).toMatchObject({ type: 'StudentFellBehind', data: { lastPracticeAt: null, reasons: ['no_practice'], overdueReviews: 0 } });
  const dashboard = await call('GET', '/api/tutors/dashboard', tutor, undefined, (await app.store.lastPosition()).toString());
  expect(dashboard.recentActivity[0]).toMatchObject({ type: 'fell_behind', alert: true, message: 'Quinn Quiet is falling behind: has not practised yet' });
});

test("overdue reviews are counted by the student's day in their own time zone", async () => {
  const { signedIn, tutor, student } = await tutorWithActiveStudent('Toki', 'Tokyo');
  const studentId = student.user.id as string;
  // Ten problems missed at 13:00 UTC on 10 March (22:00 in Tokyo): due again minutes later, that evening.
  const answeredAt = '2026-03-10T13:00:00.000Z';
  const answers = Array.from({ length: OVERDUE_REVIEWS }, () => ({
    id: randomUUID(),
    type: 'AnswerSubmitted',
    data: {
      attemptId: randomUUID(), sessionId: randomUUID(), userId: studentId, problemId: randomUUID(), topic: 'Fractions', topicId: 'fractions', grade: 5,
      difficultyLevel: 2, userAnswer: '1', isCorrect: false, responseTimeMs: 4000, hintsUsed: 0,
    },
    metadata: { actorId: studentId, correlationId: randomUUID(), causationId: null, at: answeredAt, schemaVersion: 1 },
  }));
  await app.store.append(`practice-${studentId}`, answers, { expectedVersion: 'any' });
  await call('GET', '/api/tutors/students', tutor, undefined, (await app.store.lastPosition()).toString());

  // 16:00 UTC the same day: still 10 March in UTC (nothing overdue), already 11 March in Tokyo.
  const check = new TutorAlertCheck({ pool, store: app.store, clock: () => new Date('2026-03-10T16:00:00.000Z') });
  expect(await check.checkNow()).toBe(0);
  const moved = await call('PUT', '/api/auth/profile', student.accessToken, { timezone: 'Asia/Tokyo' });
  await call('GET', '/api/tutors/students', tutor, undefined, moved.position);
  expect(await check.checkNow()).toBe(1);
  const stream = await app.store.readStream(`relationship-${signedIn.user.id}-${studentId}`);
  expect(stream.events.at(-1)).toMatchObject({ type: 'StudentFellBehind', data: { reasons: ['overdue_reviews'], overdueReviews: OVERDUE_REVIEWS, lastPracticeAt: answeredAt } });
});
