import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { currentPlacementQuestion, foldEvents, placementDecider, placementStreamId } from '@mathdaily/domain';
import { productCaller, type Caller, type RunningApp, startTestApp } from '@mathdaily/testing';

/**
 * The placement check through the whole app on a real database: a student who gave no grade at
 * sign-up is placed by simulated answers, and the practice queue then serves the grade found.
 */

let app: RunningApp;
const { call } = productCaller(() => app);

let counter = 0;
async function registerWithoutGrade(): Promise<Caller> {
  const email = `placed.${Date.now().toString(36)}.${++counter}@example.com`;
  const { status, body } = await call('POST', '/api/auth/register', null, { email, password: 'Secret123!', firstName: 'Pia', lastName: 'Pupil' });
  expect(status, JSON.stringify(body)).toBe(201);
  expect(body.user.gradeLevel ?? body.user.grade_level ?? null).toBeNull();
  return { token: body.accessToken, userId: body.user.id };
}

/** The question the decider will check now, from the student's stream: the simulated student's answer key. */
async function answerKey(student: Caller) {
  const stream = await app.store.readStream(placementStreamId(student.userId));
  return currentPlacementQuestion(foldEvents(placementDecider, stream.events).current!);
}

/**
 * A simulated student who has learned everything up to `grade`: the right answer to questions of
 * that grade or below, "I haven't learned this yet" above. Returns the placement's result.
 */
async function simulate(student: Caller, grade: number, placementId: string) {
  const asked: number[] = [];
  for (let number = 1; number <= 12; number++) {
    const shown = await call('GET', '/api/learning/placement', student);
    expect(shown.body.data).toMatchObject({ status: 'in_progress', placement_id: placementId, question: number, max_questions: 12 });
    const key = await answerKey(student);
    // The page shows the question the decider checks, without its answer.
    expect(shown.body.data.problem).toMatchObject({ question: key.problem.question, grade: key.grade });
    expect(shown.body.data.problem.correct_answer).toBeUndefined();
    asked.push(key.grade);
    const knows = key.grade <= grade;
    const answered = await call('POST', '/api/learning/placement/answer', student, {
      placement_id: placementId,
      question: number,
      response_time_ms: 8000,
      ...(knows ? { user_answer: key.problem.correct_answer } : { skipped: true }),
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    if (answered.body.data.completed) return { grade: answered.body.data.grade as number, asked };
  }
  throw new Error('the placement did not finish after 12 answers');
}

beforeAll(async () => {
  app = await startTestApp({ demoAccounts: true });
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe('placement check', () => {
  test('converges on a simulated student of a known grade, and the practice queue then serves that grade', async () => {
    const student = await registerWithoutGrade();
    expect((await call('GET', '/api/learning/placement', student)).body.data).toMatchObject({ status: 'not_started', grade: null });

    const placementId = randomUUID();
    expect((await call('POST', '/api/learning/placement', student, { placement_id: placementId })).status).toBe(201);
    // Starting it again (a second click) records nothing.
    expect((await call('POST', '/api/learning/placement', student, { placement_id: placementId })).status).toBe(200);

    const result = await simulate(student, 4, placementId);
    expect(result.grade).toBe(4);
    expect(result.asked.length).toBeLessThanOrEqual(12);
    expect(new Set(result.asked).size).toBeGreaterThan(1);

    const after = await call('GET', '/api/learning/placement', student);
    expect(after.body.data).toMatchObject({ status: 'completed', grade: 4, problem: null });
    const queue = await call('GET', `/api/learning/due-problems/${student.userId}`, student);
    expect(queue.status).toBe(200);
    expect(queue.body.data.problems.length).toBeGreaterThan(0);
    expect(new Set(queue.body.data.problems.map((p: { grade: number }) => p.grade))).toEqual(new Set([4]));

    // A finished check takes no more answers.
    const late = await call('POST', '/api/learning/placement/answer', student, { placement_id: placementId, question: result.asked.length + 1, skipped: true, response_time_ms: 1000 });
    expect(late.status).toBe(409);
  });

  test('issue 31: a grade chosen in the profile after a placement is saved, even when it is the grade given at sign-up', async () => {
    const email = `regraded.${Date.now().toString(36)}@example.com`;
    const registered = await call('POST', '/api/auth/register', null, { email, password: 'Secret123!', firstName: 'Gil', lastName: 'Grade', gradeLevel: 3 });
    const student: Caller = { token: registered.body.accessToken, userId: registered.body.user.id };
    const placementId = randomUUID();
    await call('POST', '/api/learning/placement', student, { placement_id: placementId });
    expect((await simulate(student, 4, placementId)).grade).toBe(4);
    expect((await call('GET', '/api/auth/me', student)).body.user.gradeLevel).toBe(4);
    // Signing in shows the grade in effect too, not the stream's own.
    const signedIn = await call('POST', '/api/auth/login', null, { email, password: 'Secret123!' });
    expect(signedIn.body.user.gradeLevel).toBe(4);

    const profileEvents = async () => (await app.store.readStream(`user-${student.userId}`)).events.filter((event) => event.type === 'ProfileUpdated');
    const saved = await call('PUT', '/api/auth/profile', student, { firstName: 'Gil', lastName: 'Grade', gradeLevel: 3 });
    expect(saved.status).toBe(200);
    expect(saved.body.user.gradeLevel).toBe(3);
    expect((await profileEvents()).map((event) => event.data)).toEqual([{ userId: student.userId, gradeLevel: 3 }]);
    expect((await call('GET', '/api/auth/me', student)).body.user.gradeLevel).toBe(3);
    const queue = await call('GET', `/api/learning/due-problems/${student.userId}`, student);
    expect(new Set(queue.body.data.problems.map((p: { grade: number }) => p.grade))).toEqual(new Set([3]));
    // Saving the same grade again records nothing.
    expect((await call('PUT', '/api/auth/profile', student, { gradeLevel: 3 })).body.user.gradeLevel).toBe(3);
    expect(await profileEvents()).toHaveLength(1);
  });

  test('an unreadable answer is a retry (422, nothing recorded); a stale question number and an unknown check are refused', async () => {
    const student = await registerWithoutGrade();
    const placementId = randomUUID();
    expect((await call('POST', '/api/learning/placement', student, { placement_id: placementId })).status).toBe(201);
    const before = await app.store.readStream(placementStreamId(student.userId));
    // With no grade the first question is of grade 7, where every answer form is stricter than free text.
    expect((await answerKey(student)).grade).toBe(7);
    const unreadable = await call('POST', '/api/learning/placement/answer', student, { placement_id: placementId, question: 1, user_answer: 'abc?!', response_time_ms: 1000 });
    expect(unreadable.status, JSON.stringify(unreadable.body)).toBe(422);
    expect(unreadable.body).toMatchObject({ code: 'UNREADABLE_ANSWER' });
    expect((await app.store.readStream(placementStreamId(student.userId))).version).toBe(before.version);
    const empty = await call('POST', '/api/learning/placement/answer', student, { placement_id: placementId, question: 1, user_answer: '  ', response_time_ms: 1000 });
    expect(empty).toMatchObject({ status: 400 });
    expect((await call('POST', '/api/learning/placement/answer', student, { placement_id: placementId, question: 2, skipped: true, response_time_ms: 1000 })).status).toBe(409);
    expect((await call('POST', '/api/learning/placement/answer', student, { placement_id: randomUUID(), question: 1, skipped: true, response_time_ms: 1000 })).status).toBe(404);
  });
});
