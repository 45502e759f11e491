import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PLAIN_TEXT_MESSAGES, QUESTION_SET_MESSAGES, REFERRAL_MESSAGES, RELATIONSHIP_MESSAGES } from '@mathdaily/domain';
import { appendFractionProblem, productCaller, type Caller, type RunningApp, startTestApp } from '@mathdaily/testing';

/**
 * The tutor area through the whole app on a real database: registration and redemption with a
 * code, relationship transitions, the tutor's read models, question sets and who may see what.
 * The referral codes' own commands (reserve, check, deactivate, refusals) are API specifications
 * in referral-codes.test.ts.
 */

let app: RunningApp;
const { call, signIn } = productCaller(() => app);

let counter = 0;
async function register(fields: Record<string, unknown> = {}) {
  const email = `pupil.${Date.now().toString(36)}.${++counter}@example.com`;
  const result = await call('POST', '/api/auth/register', null, { email, password: 'Secret123!', firstName: 'Pia', lastName: 'Pupil', gradeLevel: 7, ...fields });
  return { ...result, email };
}

let tutor: Caller;
let admin: Caller;
let otherTutor: Caller;
let student: Caller;
const problemId = randomUUID();
/** The tutor's generated and custom referral codes (made in beforeAll). */
let generated = '';
const custom = `CLASS${Date.now().toString(36).toUpperCase()}`.slice(0, 20);

beforeAll(async () => {
  app = await startTestApp({ demoAccounts: true });
  tutor = await signIn('tutor@example.com');
  admin = await signIn('admin@example.com');
  const other = await register({ firstName: 'Otto', lastName: 'Other' });
  const promoted = await call('PUT', '/api/admin/users/role', admin, { userId: other.body.user.id, role: 'tutor' });
  expect(promoted.status).toBe(200);
  otherTutor = await signIn(other.email, 'Secret123!');
  await appendFractionProblem(app.store, problemId, { grade: 7, correlationId: 'tutors-test' });
  // The tutor's codes the tests below join with and count: a generated one, a custom one and a deactivated spare.
  const made = await call('POST', '/api/tutors/referral-codes', tutor, {});
  expect(made.status).toBe(201);
  generated = made.body.code;
  expect((await call('POST', '/api/tutors/referral-codes', tutor, { code: custom })).status).toBe(201);
  const spare = await call('POST', '/api/tutors/referral-codes', tutor, {});
  expect(spare.status).toBe(201);
  expect((await call('POST', `/api/tutors/referral-codes/${spare.body.code}/deactivate`, tutor)).body.status).toBe('inactive');
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe('tutor views', () => {
  test("students cannot read the tutor's views, and nobody signed out can", async () => {
    const pupil = await register();
    const as = { token: pupil.body.accessToken, userId: pupil.body.user.id };
    for (const url of ['/api/tutors/dashboard', '/api/tutors/students', '/api/tutors/referral-codes']) {
      expect((await call('GET', url, as)).status, `GET ${url}`).toBe(403);
      expect((await call('GET', url, null)).status, `GET ${url}`).toBe(401);
    }
  });
});

describe('joining a tutor', () => {
  test('a student registers with a code (any letter case) and is pending; the tutor activates them', async () => {
    const joined = await register({ referralCode: generated.toLowerCase(), firstName: 'Rhea', lastName: 'Referred' });
    expect(joined.status).toBe(201);
    student = { token: joined.body.accessToken, userId: joined.body.user.id };

    const listed = await call('GET', '/api/tutors/students', tutor);
    expect(listed.body.students).toContainEqual(
      expect.objectContaining({ id: student.userId, name: 'Rhea Referred', relationship_status: 'pending', referral_code: generated, grade_level: 7, last_active: null }),
    );
    expect((await call('GET', '/api/tutors/students', otherTutor)).body.students).toEqual([]);

    // Another tutor cannot change (or see) this student; a second redemption is refused.
    expect((await call('PUT', `/api/tutors/students/${student.userId}`, otherTutor, { relationship_status: 'active' })).body.message).toBe(RELATIONSHIP_MESSAGES.notYourStudent);
    const again = await call('POST', '/api/tutors/referral-codes/redeem', student, { code: custom });
    expect(again).toMatchObject({ status: 409, body: { message: RELATIONSHIP_MESSAGES.alreadyLinked } });
    expect((await call('PUT', `/api/tutors/students/${student.userId}`, tutor, { relationship_status: 'inactive' })).status).toBe(409);
    expect((await call('PUT', `/api/tutors/students/${student.userId}`, tutor, { relationship_status: 'paused' })).status).toBe(400);

    const activated = await call('PUT', `/api/tutors/students/${student.userId}`, tutor, { relationship_status: 'active' });
    expect(activated).toMatchObject({ status: 200, body: { relationship_status: 'active' } });
    expect((await call('PUT', `/api/tutors/students/${student.userId}`, tutor, { relationship_status: 'active' })).body.message).toBe(RELATIONSHIP_MESSAGES.activateOnlyPending);
  });

  test("the tutor sees the student's answers, progress and dashboard; the other tutor does not", async () => {
    const sessionId = randomUUID();
    expect((await call('POST', '/api/learning/sessions', student, { session_id: sessionId })).status).toBeLessThan(300);
    const answered = await call('POST', '/api/learning/submit-answer', student, { problem_id: problemId, session_id: sessionId, user_answer: '3/4', response_time_ms: 9000 });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);

    const dashboard = await call('GET', '/api/tutors/dashboard', tutor);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.stats).toMatchObject({ totalStudents: 1, activeStudents: 1, pendingStudents: 0, totalReferrals: 1 });
    expect(dashboard.body.recentActivity.map((item: { type: string }) => item.type)).toEqual(['answered', 'student_activated', 'student_joined']);
    expect(dashboard.body.recentActivity[0].message).toBe('Rhea Referred is practising Fractions: 1 of 1 problem right first time so far (last answer right)');
    expect(dashboard.body.recentStudents[0]).toMatchObject({ id: student.userId, relationship_status: 'active', practising_now: true });

    const progress = await call('GET', `/api/tutors/students/${student.userId}/progress`, tutor);
    expect(progress.status).toBe(200);
    expect(progress.body.topics).toEqual(['Fractions']);
    expect(progress.body.days.at(-1)).toMatchObject({ answers: 1, correct: 1, accuracy: 1 });
    // Mastery chart (ability_topic_days): one right answer is not yet mastery (the knowledge model needs ≥ 3 answers); no value before the first day.
    expect(progress.body.mastery_over_time.at(-1)).toMatchObject({ Fractions: 0 });
    expect(progress.body.mastery_over_time[0].Fractions).toBeNull();
    expect((await call('GET', `/api/learning/progress/${student.userId}`, tutor)).status).toBe(200);
    expect((await call('GET', `/api/tutors/students/${student.userId}/progress`, otherTutor)).status).toBe(404);
    expect((await call('GET', `/api/learning/progress/${student.userId}`, otherTutor)).status).toBe(403);
    expect((await call('GET', '/api/tutors/dashboard', otherTutor)).body.recentActivity).toEqual([]);

    // Admins see any tutor's, one tutor's with tutor_id, and change a status naming the tutor.
    expect((await call('GET', `/api/tutors/students?tutor_id=${tutor.userId}`, admin)).body.total).toBe(1);
    expect((await call('GET', `/api/tutors/students?tutor_id=${otherTutor.userId}`, admin)).body.total).toBe(0);
    expect((await call('PUT', `/api/tutors/students/${student.userId}`, admin, { relationship_status: 'inactive' })).status).toBe(400);
    expect((await call('PUT', `/api/tutors/students/${student.userId}`, admin, { relationship_status: 'inactive', tutor_id: tutor.userId })).status).toBe(200);
    expect((await call('GET', `/api/tutors/students/${student.userId}/progress`, tutor)).status).toBe(403);
  });

  test('search is case-insensitive by name or e-mail, and the status filter narrows the list', async () => {
    const later = await register({ firstName: 'Sam', lastName: 'Later' });
    const as = { token: later.body.accessToken, userId: later.body.user.id };
    expect((await call('POST', '/api/tutors/referral-codes/redeem', as, { code: 'nope' })).body.message).toBe(REFERRAL_MESSAGES.notFound);
    expect((await call('POST', '/api/tutors/referral-codes/redeem', as, { code: custom })).status).toBe(200);
    const names = async (query: string) => (await call('GET', `/api/tutors/students${query}`, tutor)).body.students.map((row: { name: string }) => row.name);
    expect(await names('?search=sAm')).toEqual(['Sam Later']);
    expect(await names(`?search=${encodeURIComponent(later.email.toUpperCase())}`)).toEqual(['Sam Later']);
    expect(await names('?status=pending')).toEqual(['Sam Later']);
    expect(await names('?status=inactive')).toEqual(['Rhea Referred']);
    expect(await names('?search=%25')).toEqual([]);
    expect((await call('GET', '/api/tutors/students?status=lost', tutor)).status).toBe(400);

    const codes = await call('GET', '/api/tutors/referral-codes', tutor);
    const byCode = Object.fromEntries(codes.body.codes.map((row: { code: string }) => [row.code, row]));
    expect(byCode[generated]).toMatchObject({ status: 'active', uses: 1, student_name: 'Rhea Referred' });
    expect(byCode[custom]).toMatchObject({ status: 'active', uses: 1, student_name: 'Sam Later' });
    expect(codes.body.stats).toMatchObject({ totalCodes: 3, activeCodes: 2, inactiveCodes: 1, totalUses: 2, studentsJoined: 2 });
  });

});

describe('question sets', () => {
  const question = {
    topic_id: 'fractions', grade: 5, question: 'What is $\\frac{2}{3} + \\frac{1}{6}$?', problem_type: 'numeric', correct_answer: '5/6',
    answer_form: { kind: 'exact_fraction' }, hint: 'Use sixths.', explanation: '4/6 + 1/6 = 5/6', difficulty_level: 2, estimated_time_seconds: 60,
  };
  let setId = '';
  let questionId = '';
  let active: Caller;
  let pending: Caller;

  test('a tutor writes a set; an answer the checker cannot read is refused and nothing is stored', async () => {
    const created = await call('POST', '/api/tutors/question-sets', tutor, { title: '  Fractions week ' });
    expect(created).toMatchObject({ status: 201, body: { title: 'Fractions week' } });
    setId = created.body.id;
    expect((await call('POST', '/api/tutors/question-sets', tutor, { title: ' ' })).body.message).toBe(QUESTION_SET_MESSAGES.title);
    // Titles others read say something visible, with no controls or direction overrides.
    const setsBefore = (await call('GET', '/api/tutors/question-sets', tutor)).body.sets.length;
    for (const [title, message] of [
      ['\u200b\u200d\ufeff', QUESTION_SET_MESSAGES.title],
      ['Homework \u202egnp.exe', PLAIN_TEXT_MESSAGES.controls],
      ['Week\u2066 one', PLAIN_TEXT_MESSAGES.controls],
      ['Bell\u0007 ringer', PLAIN_TEXT_MESSAGES.controls],
    ] as const) {
      expect(await call('POST', '/api/tutors/question-sets', tutor, { title }), JSON.stringify(title)).toMatchObject({ status: 400, body: { message } });
      expect(await call('PUT', `/api/tutors/question-sets/${setId}`, tutor, { title }), JSON.stringify(title)).toMatchObject({ status: 400, body: { message } });
    }
    expect((await call('GET', '/api/tutors/question-sets', tutor)).body.sets).toHaveLength(setsBefore);
    expect((await call('GET', `/api/tutors/question-sets/${setId}`, tutor)).body.title).toBe('Fractions week');
    // Right-to-left writing itself is welcome.
    const arabic = await call('POST', '/api/tutors/question-sets', tutor, { title: 'الكسور' });
    expect(arabic).toMatchObject({ status: 201, body: { title: 'الكسور' } });

    const stream = `question-set-${setId}`;
    const before = (await app.store.readStream(stream)).events.length;
    const unreadable = await call('POST', `/api/tutors/question-sets/${setId}/questions`, tutor, { ...question, correct_answer: 'five sixths' });
    expect(unreadable).toMatchObject({ status: 422, body: { message: 'The correct answer "five sixths" cannot be read in its answer form (exact fraction).', fields: { correct_answer: expect.any(String) } } });
    const unsimplified = await call('POST', `/api/tutors/question-sets/${setId}/questions`, tutor, { ...question, correct_answer: '10/12', answer_form: { kind: 'exact_fraction', require: 'simplest' } });
    expect(unsimplified.status).toBe(422);
    expect(unsimplified.body.message).toMatch(/^The correct answer "10\/12" does not pass its own check/);
    expect((await call('POST', `/api/tutors/question-sets/${setId}/questions`, tutor, { ...question, topic_id: 'astrology' })).status).toBe(400);
    expect((await app.store.readStream(stream)).events.length).toBe(before);

    const added = await call('POST', `/api/tutors/question-sets/${setId}/questions`, tutor, question);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    questionId = added.body.problem_id;
    const shown = await call('GET', `/api/tutors/question-sets/${setId}`, tutor);
    expect(shown.body).toMatchObject({ title: 'Fractions week', questions: [{ id: questionId, topic: 'Fractions', correct_answer: '5/6', source: 'tutor' }], assigned_students: [] });
    expect((await call('GET', '/api/tutors/question-sets', tutor)).body.sets).toContainEqual(expect.objectContaining({ id: setId, question_count: 1, assigned_count: 0 }));
    // The set's problems are private to it: not in the shared bank's list.
    expect((await call('GET', '/api/problems?q=sixths&limit=100', tutor)).body.data.problems.map((p: { id: string }) => p.id)).not.toContain(questionId);
  });

  test("another tutor cannot see, change or assign the set; a student cannot call; an admin can see it", async () => {
    expect((await call('GET', `/api/tutors/question-sets/${setId}`, otherTutor)).status).toBe(404);
    expect((await call('GET', '/api/tutors/question-sets', otherTutor)).body.sets).toEqual([]);
    expect((await call('POST', `/api/tutors/question-sets/${setId}/questions`, otherTutor, question)).body.message).toBe(QUESTION_SET_MESSAGES.notFound);
    expect((await call('POST', `/api/tutors/question-sets/${setId}/assignments`, otherTutor, { student_ids: [student.userId] })).status).toBe(404);
    expect((await call('GET', `/api/tutors/question-sets/${setId}`, admin)).status).toBe(200);
    for (const [method, url, body] of [
      ['GET', '/api/tutors/question-sets', undefined],
      ['GET', `/api/tutors/question-sets/${setId}`, undefined],
      ['POST', '/api/tutors/question-sets', { title: 'Mine' }],
      ['POST', `/api/tutors/question-sets/${setId}/questions`, question],
      ['POST', `/api/tutors/question-sets/${setId}/assignments`, { student_ids: [student.userId] }],
    ] as const) {
      expect((await call(method, url, student, body)).status, `${method} ${url}`).toBe(403);
    }
  });

  test('the set goes only to active students, and its problem comes first among their new problems', async () => {
    const quinn = await register({ referralCode: custom, firstName: 'Quinn', lastName: 'Quiz' });
    active = { token: quinn.body.accessToken, userId: quinn.body.user.id };
    const penny = await register({ referralCode: custom, firstName: 'Penny', lastName: 'Pending' });
    pending = { token: penny.body.accessToken, userId: penny.body.user.id };
    expect((await call('PUT', `/api/tutors/students/${active.userId}`, tutor, { relationship_status: 'active' })).status).toBe(200);

    const assign = (ids: string[]) => call('POST', `/api/tutors/question-sets/${setId}/assignments`, tutor, { student_ids: ids });
    expect(await assign([active.userId, pending.userId])).toMatchObject({ status: 409, body: { message: QUESTION_SET_MESSAGES.notActive } });
    expect(await assign([student.userId])).toMatchObject({ status: 409, body: { message: QUESTION_SET_MESSAGES.notActive } });
    expect(await assign([otherTutor.userId])).toMatchObject({ status: 403, body: { message: QUESTION_SET_MESSAGES.notYourStudent } });
    expect((await assign([])).status).toBe(400);
    expect((await assign([active.userId])).status).toBe(200);
    expect((await call('GET', `/api/tutors/question-sets/${setId}`, tutor)).body.assigned_students).toEqual([expect.objectContaining({ id: active.userId, name: 'Quinn Quiz' })]);

    const queue = (await call('GET', `/api/learning/due-problems/${active.userId}`, active)).body.data;
    expect(queue.problems[0]).toMatchObject({ id: questionId, kind: 'new', assigned: true, correct_answer: null, explanation: null });
    // The bank's own new problems are not shown as assigned.
    expect(queue.problems.slice(1).every((p: { assigned: boolean }) => !p.assigned)).toBe(true);
    const others = (await call('GET', `/api/learning/due-problems/${pending.userId}`, pending)).body.data.problems.map((p: { id: string }) => p.id);
    expect(others).not.toContain(questionId);

    const sessionId = randomUUID();
    await call('POST', '/api/learning/sessions', active, { session_id: sessionId });
    const answered = await call('POST', '/api/learning/submit-answer', active, { problem_id: questionId, session_id: sessionId, user_answer: '10/12', response_time_ms: 7000 });
    expect(answered.body.data ?? answered.body).toMatchObject({ is_correct: true });
    expect((await call('GET', `/api/learning/due-problems/${active.userId}`, active)).body.data.problems.map((p: { id: string }) => p.id)).not.toContain(questionId);
  });

  test("a set's problem is seen and answered only by its tutor, admins and the students who hold the set; anyone else is told it does not exist", async () => {
    const notFound = { status: 404, body: { message: `Problem ${questionId} was not found.` } };
    expect((await call('GET', `/api/problems/${questionId}`, tutor)).body.data.problem).toMatchObject({ id: questionId, correct_answer: '5/6' });
    expect((await call('GET', `/api/problems/${questionId}`, admin)).body.data.problem).toMatchObject({ id: questionId, correct_answer: '5/6' });
    expect((await call('GET', `/api/problems/${questionId}`, active)).body.data.problem).toMatchObject({ id: questionId, question: question.question });
    for (const stranger of [otherTutor, student, pending]) expect(await call('GET', `/api/problems/${questionId}`, stranger)).toMatchObject(notFound);

    // Answering or opening the hint as a student without the set: 404, and nothing is recorded.
    for (const outsider of [student, pending]) {
      const stream = `practice-${outsider.userId}`;
      const before = (await app.store.readStream(stream)).version;
      const sessionId = randomUUID();
      expect(await call('POST', '/api/learning/submit-answer', outsider, { problem_id: questionId, session_id: sessionId, user_answer: '5/6', response_time_ms: 4000 })).toMatchObject(notFound);
      expect(await call('POST', '/api/learning/hints', outsider, { problem_id: questionId, session_id: sessionId })).toMatchObject(notFound);
      expect((await app.store.readStream(stream)).version).toBe(before);
    }
  });

  test('an edited question is a new problem in the old one\'s place', async () => {
    const edited = await call('PUT', `/api/tutors/question-sets/${setId}/questions/${questionId}`, tutor, { ...question, hint: 'Twelfths work too.' });
    expect(edited.status).toBe(200);
    const shown = (await call('GET', `/api/tutors/question-sets/${setId}`, tutor)).body;
    expect(shown.questions.map((q: { id: string; hint: string }) => [q.id, q.hint])).toEqual([[edited.body.problem_id, 'Twelfths work too.']]);
    expect((await call('GET', `/api/learning/due-problems/${active.userId}`, active)).body.data.problems[0].id).toBe(edited.body.problem_id);
    expect((await call('DELETE', `/api/tutors/question-sets/${setId}/questions/${edited.body.problem_id}`, tutor)).status).toBe(200);
    expect((await call('GET', `/api/tutors/question-sets/${setId}`, tutor)).body.questions).toEqual([]);
  });

  test('the tutor or an admin takes the set back: it leaves the student\'s queue, and only a student who has it can lose it', async () => {
    const unassign = (caller: Caller, studentId: string) => call('DELETE', `/api/tutors/question-sets/${setId}/assignments/${studentId}`, caller);
    expect((await unassign(otherTutor, active.userId)).body.message).toBe(QUESTION_SET_MESSAGES.notFound);
    expect((await unassign(active, active.userId)).status).toBe(403);
    expect(await unassign(tutor, 'not-a-student')).toMatchObject({ status: 400, body: { message: QUESTION_SET_MESSAGES.notAssigned } });
    expect(await unassign(tutor, pending.userId)).toMatchObject({ status: 404, body: { message: QUESTION_SET_MESSAGES.notAssigned } });

    const stream = `question-set-${setId}`;
    const before = (await app.store.readStream(stream)).events.length;
    expect((await unassign(tutor, active.userId)).status).toBe(200);
    expect((await app.store.readStream(stream)).events.at(-1)).toMatchObject({ type: 'QuestionSetUnassigned', data: { setId, studentId: active.userId } });
    expect((await app.store.readStream(stream)).events.length).toBe(before + 1);
    expect((await call('GET', `/api/tutors/question-sets/${setId}`, tutor)).body.assigned_students).toEqual([]);
    expect((await call('GET', '/api/tutors/question-sets', tutor)).body.sets).toContainEqual(expect.objectContaining({ id: setId, assigned_count: 0 }));
    expect(await unassign(tutor, active.userId)).toMatchObject({ status: 404, body: { message: QUESTION_SET_MESSAGES.notAssigned } });
    // Taken back, the set's problems are no longer the student's to see or answer.
    // (Its first question was replaced and removed since, but it is still the set's problem.)
    for (const id of [questionId]) {
      expect((await call('GET', `/api/problems/${id}`, active)).status).toBe(404);
      expect((await call('POST', '/api/learning/submit-answer', active, { problem_id: id, session_id: randomUUID(), user_answer: '5/6', response_time_ms: 4000 })).status).toBe(404);
    }

    // Given again with a new question, then taken back by an admin: the question leaves the queue.
    const added = await call('POST', `/api/tutors/question-sets/${setId}/questions`, tutor, question);
    expect((await call('POST', `/api/tutors/question-sets/${setId}/assignments`, tutor, { student_ids: [active.userId] })).status).toBe(200);
    expect((await call('GET', `/api/learning/due-problems/${active.userId}`, active)).body.data.problems[0].id).toBe(added.body.problem_id);
    expect((await unassign(admin, active.userId)).status).toBe(200);
    const queue = (await call('GET', `/api/learning/due-problems/${active.userId}`, active)).body.data.problems.map((p: { id: string }) => p.id);
    expect(queue).not.toContain(added.body.problem_id);
  });
});
