import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLASS_MESSAGES, localOfInstant, RELATIONSHIP_MESSAGES } from '@mathdaily/domain';
import { productCaller, type Caller, type RunningApp, startTestApp } from '@mathdaily/testing';

/**
 * Classes through the whole app on a real database: a tutor makes a class, students join with its
 * code at registration and from the profile (active at once), the roster's bulk changes, work from
 * the bank with a due date in the class's time zone, its standings as students answer, the work in
 * the students' practice after their due reviews, the reports, and another tutor told 404 for all
 * of it. A role change away from student ends the student's links by events.
 */

let app: RunningApp;
const { call, signIn } = productCaller(() => app, '198.51.101');

let counter = 0;
async function register(fields: Record<string, unknown> = {}): Promise<Caller & { status: number; body: any; email: string }> {
  const email = `class.${Date.now().toString(36)}.${++counter}@example.com`;
  const result = await call('POST', '/api/auth/register', null, { email, password: 'Secret123!', firstName: 'Cara', lastName: 'Class', gradeLevel: 5, ...fields });
  return { ...result, email, token: result.body?.accessToken, userId: result.body?.user?.id };
}

/** Tomorrow's date in a time zone ('YYYY-MM-DD'). */
const tomorrowIn = (timeZone: string) => localOfInstant(new Date(Date.now() + 86_400_000), timeZone).slice(0, 10);

let tutor: Caller;
let otherTutor: Caller;
let admin: Caller;
let classId = '';
let joinCode = '';
let ann: Awaited<ReturnType<typeof register>>;
let ben: Awaited<ReturnType<typeof register>>;
let bank: { id: string; correct_answer: string }[] = [];

beforeAll(async () => {
  app = await startTestApp({ demoAccounts: true });
  tutor = await signIn('tutor@example.com');
  admin = await signIn('admin@example.com');
  const other = await register({ firstName: 'Otto', lastName: 'Other' });
  expect((await call('PUT', '/api/admin/users/role', admin, { userId: other.userId, role: 'tutor' })).status).toBe(200);
  otherTutor = await signIn(other.email, 'Secret123!');
  const problems = await call('GET', '/api/problems?topic=fractions&grade=5&limit=5', tutor);
  bank = problems.body.data.problems;
  expect(bank).toHaveLength(5);
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe('classes and join codes', () => {
  test('a tutor creates a class with a join code; bad names and time zones are refused with a message', async () => {
    const made = await call('POST', '/api/tutors/classes', tutor, { name: ' 7B Maths ', time_zone: 'Europe/London' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ name: '7B Maths', time_zone: 'Europe/London', join_code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{7}$/) });
    classId = made.body.id;
    joinCode = made.body.join_code;
    expect(await call('POST', '/api/tutors/classes', tutor, { name: '', time_zone: 'UTC' })).toMatchObject({ status: 400, body: { message: CLASS_MESSAGES.name } });
    expect(await call('POST', '/api/tutors/classes', tutor, { name: 'Mars', time_zone: 'Mars/Olympus' })).toMatchObject({ status: 400, body: { message: CLASS_MESSAGES.timeZone } });
    // The code is the tutor's own already; for anyone else it is taken (they share the referral codes' reservations).
    expect((await call('POST', '/api/tutors/referral-codes/check', tutor, { code: joinCode.toLowerCase() })).body).toMatchObject({ status: 'yours', message: `${joinCode} is already your code.` });
    expect((await call('POST', '/api/tutors/referral-codes/check', otherTutor, { code: joinCode })).body).toMatchObject({ status: 'taken', message: `${joinCode} is already taken` });
    expect((await call('POST', '/api/tutors/referral-codes', otherTutor, { code: joinCode })).status).toBe(409);
  });

  test('students join with the code at registration and from the profile, active with the tutor at once; a bad code makes no account', async () => {
    const bad = await register({ referralCode: 'NOPE2345' });
    expect(bad.status).toBe(400);
    ann = await register({ firstName: 'Ann', lastName: 'Archer', referralCode: joinCode.toLowerCase() });
    expect(ann.status, JSON.stringify(ann.body)).toBe(201);
    ben = await register({ firstName: 'Ben', lastName: 'Baker' });
    const preview = await call('GET', `/api/classes/join/${joinCode}`, ben);
    expect(preview.body).toMatchObject({ class_id: classId, class_name: '7B Maths', tutor_name: expect.any(String), member: false });
    const joined = await call('POST', '/api/tutors/referral-codes/redeem', ben, { code: joinCode });
    expect(joined).toMatchObject({ status: 200, body: { class_id: classId, message: "You're now in 7B Maths. Your teacher can see your practice and give you work." } });
    expect((await call('POST', '/api/tutors/referral-codes/redeem', ben, { code: joinCode })).body.message).toBe("You're already in 7B Maths.");

    const view = await call('GET', `/api/tutors/classes/${classId}`, tutor);
    expect(view.body.students.map((student: any) => [student.name, student.relationship_status])).toEqual([
      ['Ann Archer', 'active'],
      ['Ben Baker', 'active'],
    ]);
    const mine = await call('GET', '/api/classes/mine', ben);
    expect(mine.body.classes).toEqual([expect.objectContaining({ id: classId, name: '7B Maths' })]);
  });

  test('renaming, a new code (the old one stops), archiving and restoring; the list shows it', async () => {
    expect((await call('PUT', `/api/tutors/classes/${classId}`, tutor, { name: '7B Maths (Set 2)' })).status).toBe(200);
    const renewed = await call('POST', `/api/tutors/classes/${classId}/join-code`, tutor);
    expect(renewed.body.join_code).not.toBe(joinCode);
    const late = await register({ referralCode: joinCode });
    expect(late).toMatchObject({ status: 400, body: { message: CLASS_MESSAGES.codeNotFound } });
    joinCode = renewed.body.join_code;
    expect((await call('POST', `/api/tutors/classes/${classId}/archive`, tutor)).body).toMatchObject({ archived: true });
    expect((await register({ referralCode: joinCode })).body.message).toBe(CLASS_MESSAGES.classArchived);
    expect((await call('POST', `/api/tutors/classes/${classId}/restore`, tutor)).body).toMatchObject({ archived: false });
    const list = await call('GET', '/api/tutors/classes', tutor);
    expect(list.body.classes).toEqual([expect.objectContaining({ id: classId, name: '7B Maths (Set 2)', students: 2, active_students: 2, archived_at: null, join_code: joinCode })]);
  });
});

describe('the roster, in bulk', () => {
  let second = '';
  test('deactivate and activate many in one request: one command each, the refusals named per student', async () => {
    const pending = await register({ firstName: 'Pat', lastName: 'Pending' });
    const code = (await call('POST', '/api/tutors/referral-codes', tutor, {})).body.code;
    expect((await call('POST', '/api/tutors/referral-codes/redeem', pending, { code })).status).toBe(200);

    const off = await call('POST', '/api/tutors/students/bulk', tutor, { action: 'deactivate', student_ids: [ann.userId, pending.userId] });
    expect(off.body).toMatchObject({ succeeded: 1, failed: 1 });
    expect(off.body.results).toEqual([
      { student_id: ann.userId, ok: true },
      { student_id: pending.userId, ok: false, code: 'CONFLICT', message: RELATIONSHIP_MESSAGES.deactivateOnlyActive },
    ]);
    const on = await call('POST', '/api/tutors/students/bulk', tutor, { action: 'activate', student_ids: [pending.userId] });
    expect(on.body).toMatchObject({ succeeded: 1, failed: 0 });
    // Ann rejoins with the class code: active again at once.
    expect((await call('POST', '/api/tutors/referral-codes/redeem', ann, { code: joinCode })).body.message).toBe("You're already in 7B Maths (Set 2).");
    const back = await call('GET', `/api/tutors/students?class_id=${classId}&sort=name`, tutor);
    expect(back.body.students.map((student: any) => [student.name, student.relationship_status])).toEqual([
      ['Ann Archer', 'active'],
      ['Ben Baker', 'active'],
    ]);
    expect((await call('POST', '/api/tutors/students/bulk', tutor, { action: 'activate', student_ids: [ann.userId] })).body.results[0].ok).toBe(false);
  });

  test('move into another class and back, remove; a class not the tutorʼs refuses the whole request', async () => {
    second = (await call('POST', '/api/tutors/classes', tutor, { name: '7C Maths', time_zone: 'Europe/London' })).body.id;
    const moved = await call('POST', '/api/tutors/students/bulk', tutor, { action: 'move', student_ids: [ben.userId], class_id: second, from_class_id: classId });
    expect(moved.body).toMatchObject({ succeeded: 1, failed: 0 });
    expect((await call('GET', `/api/tutors/classes/${second}`, tutor)).body.students.map((s: any) => s.name)).toEqual(['Ben Baker']);
    const back = await call('POST', '/api/tutors/students/bulk', tutor, { action: 'move', student_ids: [ben.userId], class_id: classId, from_class_id: second });
    expect(back.body.succeeded).toBe(1);
    const stranger = await register();
    const notMine = await call('POST', '/api/tutors/students/bulk', tutor, { action: 'move', student_ids: [stranger.userId], class_id: second });
    expect(notMine.body.results[0]).toMatchObject({ ok: false, code: 'NOT_FOUND', message: CLASS_MESSAGES.notYourStudent });
    const theirs = await call('POST', '/api/tutors/students/bulk', otherTutor, { action: 'remove', student_ids: [ben.userId], from_class_id: classId });
    expect(theirs).toMatchObject({ status: 404, body: { message: CLASS_MESSAGES.notFound } });
    expect((await call('POST', '/api/tutors/students/bulk', tutor, { action: 'remove', student_ids: [ben.userId] })).status).toBe(400);
    expect((await call('POST', '/api/tutors/students/bulk', tutor, { action: 'fly', student_ids: [ben.userId] })).status).toBe(400);
  });
});

describe('work from the bank, due in the class time zone', () => {
  let assignmentId = '';
  test('5 problems of a topic, due tomorrow at 17:00 London time, for the active students', async () => {
    const due = tomorrowIn('Europe/London');
    const made = await call('POST', `/api/tutors/classes/${classId}/assignments`, tutor, {
      source: { kind: 'topic', topic_id: 'fractions', grade: 5, difficulty: null },
      problem_ids: bank.map((problem) => problem.id),
      due_date: due,
      due_time: '17:00',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    assignmentId = made.body.id;
    expect(made.body.title).toBe('Fractions · 5 problems');
    expect(made.body.student_ids.sort()).toEqual([ann.userId, ben.userId].sort());
    expect(localOfInstant(made.body.due_at, 'Europe/London')).toBe(`${due}T17:00`);

    const yesterday = localOfInstant(new Date(Date.now() - 86_400_000), 'Europe/London').slice(0, 10);
    expect(await call('POST', `/api/tutors/classes/${classId}/assignments`, tutor, { source: { kind: 'problems' }, problem_ids: [bank[0]!.id], due_date: yesterday })).toMatchObject({
      status: 400,
      body: { message: CLASS_MESSAGES.dueInPast },
    });
    expect(await call('POST', `/api/tutors/classes/${classId}/assignments`, tutor, { source: { kind: 'problems' }, problem_ids: [randomUUID()], due_date: due })).toMatchObject({ status: 400 });
    expect(await call('POST', `/api/tutors/classes/${classId}/assignments`, tutor, { source: { kind: 'problems' }, problem_ids: [bank[0]!.id], due_date: '2026-02-30' })).toMatchObject({
      status: 400,
      body: { message: CLASS_MESSAGES.dueDate },
    });
  });

  test('the work is in the students’ practice after their due reviews, and their standings follow their answers', async () => {
    const queue = await call('GET', `/api/learning/due-problems/${ann.userId}?limit=20`, ann);
    const ids = queue.body.data.problems.map((problem: any) => problem.id);
    expect(ids.slice(0, 5)).toEqual(bank.map((problem) => problem.id));

    const sessionId = randomUUID();
    await call('POST', '/api/learning/sessions', ann, { session_id: sessionId });
    for (const [index, problem] of bank.entries()) {
      const answer = index === 0 ? 'not it' : problem.correct_answer;
      const answered = await call('POST', '/api/learning/submit-answer', ann, { problem_id: problem.id, session_id: sessionId, user_answer: answer === 'not it' ? '999/7' : answer, response_time_ms: 5000 });
      expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    }
    const after = await call('GET', `/api/learning/due-problems/${ann.userId}?limit=20`, ann);
    const assigned = new Set(bank.map((problem) => problem.id));
    expect(after.body.data.problems.filter((problem: any) => problem.kind === 'new' && assigned.has(problem.id))).toEqual([]);

    const standing = await call('GET', `/api/tutors/classes/${classId}/assignments/${assignmentId}`, tutor);
    expect(standing.body).toMatchObject({ students: expect.any(Array), done: 1, not_started: 1, overdue: 0, average_score: 0.8 });
    expect(standing.body.students.map((s: any) => [s.name, s.status, s.score])).toEqual([
      ['Ann Archer', 'done', 0.8],
      ['Ben Baker', 'not_started', null],
    ]);
    expect(standing.body.problems[0]).toMatchObject({ id: bank[0]!.id, answered: 1, wrong: 1 });
    const mine = await call('GET', '/api/classes/mine', ann);
    expect(mine.body.assignments).toEqual([expect.objectContaining({ id: assignmentId, status: 'done', score: 0.8, class_name: '7B Maths (Set 2)' })]);
    const live = await call('GET', `/api/tutors/classes/${classId}/live`, tutor);
    const annCard = live.body.students.find((s: any) => s.name === 'Ann Archer');
    expect(annCard).toMatchObject({ status: 'practising', answers_today: 5, correct_today: 4, live: { right: 4, wrong: 1, topic: 'Fractions' }, needs_help: null });
    expect(live.body.trouble.problems[0]).toMatchObject({ problem_id: bank[0]!.id, wrong: 1, students: 1 });
    expect(live.body.trouble.topics[0]).toMatchObject({ topic: 'Fractions', wrong: 1, answers: 5 });
  });

  test('re-dating and removing work; the class report as CSV with a BOM and a row per student and topic', async () => {
    const redated = await call('PUT', `/api/tutors/classes/${classId}/assignments/${assignmentId}`, tutor, { due_date: tomorrowIn('Europe/London') });
    expect(localOfInstant(redated.body.due_at, 'Europe/London')).toBe(`${tomorrowIn('Europe/London')}T23:59`);
    const csv = await call('GET', `/api/tutors/classes/${classId}/report.csv`, tutor);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="7b-maths-set-2-report-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = String(csv.body);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Student,Email,Class,Topic,Attempts,Correct,Accuracy (%),Mastery (%),Mastery level,Last active,Assignments');
    expect(lines.find((line) => line.startsWith('Ann Archer'))).toMatch(/^Ann Archer,.*,7B Maths \(Set 2\),Fractions,5,4,80,\d+,\w+,\d{4}-\d{2}-\d{2} \d{2}:\d{2},1 done \(avg 80%\)$/);
    expect(lines.find((line) => line.startsWith('Ben Baker'))).toMatch(/^Ben Baker,.*,No practice yet,0,0,,,,Never,1 not started$/);

    const report = await call('GET', `/api/tutors/students/${ann.userId}/report`, tutor);
    expect(report.body).toMatchObject({ student: { name: 'Ann Archer' }, totals: { answers: 5, correct: 4, accuracy: 0.8 }, topics: [expect.objectContaining({ topic: 'Fractions', attempts: 5 })] });
    expect(report.body.recent_sessions).toEqual([expect.objectContaining({ answers: 5, correct: 4, topics: ['Fractions'] })]);
    expect(report.body.assignments).toEqual([expect.objectContaining({ id: assignmentId, status: 'done', score: 0.8 })]);
    const studentCsv = await call('GET', `/api/tutors/students/${ann.userId}/report.csv`, tutor);
    expect(String(studentCsv.body).slice(1).trim().split('\r\n')).toHaveLength(2);

    expect((await call('DELETE', `/api/tutors/classes/${classId}/assignments/${assignmentId}`, tutor)).status).toBe(200);
    expect((await call('GET', `/api/tutors/classes/${classId}/assignments/${assignmentId}`, tutor)).status).toBe(404);
    expect((await call('GET', '/api/classes/mine', ben)).body.assignments).toEqual([]);
  });

  test('another tutor is told 404 for the class, its work, its reports, its live view and its students', async () => {
    const kept = await call('POST', `/api/tutors/classes/${classId}/assignments`, tutor, { source: { kind: 'problems' }, problem_ids: [bank[1]!.id], due_date: tomorrowIn('Europe/London') });
    const work = kept.body.id;
    const reads = [
      `/api/tutors/classes/${classId}`,
      `/api/tutors/classes/${classId}/assignments/${work}`,
      `/api/tutors/classes/${classId}/live`,
      `/api/tutors/classes/${classId}/report.csv`,
      `/api/tutors/students/${ann.userId}/report`,
      `/api/tutors/students/${ann.userId}/report.csv`,
      `/api/tutors/students/${ann.userId}/progress`,
    ];
    for (const url of reads) expect((await call('GET', url, otherTutor)).status, url).toBe(404);
    const writes: [method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['PUT', `/api/tutors/classes/${classId}`, { name: 'Mine' }],
      ['POST', `/api/tutors/classes/${classId}/archive`],
      ['POST', `/api/tutors/classes/${classId}/restore`],
      ['POST', `/api/tutors/classes/${classId}/join-code`],
      ['POST', `/api/tutors/classes/${classId}/assignments`, { source: { kind: 'problems' }, problem_ids: [bank[0]!.id], due_date: tomorrowIn('UTC') }],
      ['PUT', `/api/tutors/classes/${classId}/assignments/${work}`, { due_date: tomorrowIn('UTC') }],
      ['DELETE', `/api/tutors/classes/${classId}/assignments/${work}`],
    ];
    for (const [method, url, body] of writes) expect((await call(method, url, otherTutor, body)).status, `${method} ${url}`).toBe(404);
    expect((await call('GET', '/api/tutors/classes', otherTutor)).body.classes).toEqual([]);
    expect((await call('GET', `/api/tutors/students?class_id=${classId}`, otherTutor)).body.students).toEqual([]);
    // Admins read every tutor's class.
    expect((await call('GET', `/api/tutors/classes/${classId}`, admin)).status).toBe(200);
  });
});

describe('a role change away from student', () => {
  test('ends the student’s links with tutors and their class places, by events', async () => {
    const promoted = await register({ firstName: 'Tia', lastName: 'Teacher', referralCode: joinCode });
    expect(promoted.status).toBe(201);
    expect((await call('PUT', '/api/admin/users/role', admin, { userId: promoted.userId, role: 'tutor' })).status).toBe(200);
    await expect
      .poll(async () => (await call('GET', '/api/tutors/students?status=active', tutor)).body.students.some((s: any) => s.id === promoted.userId), { timeout: 15_000 })
      .toBe(false);
    await expect.poll(async () => (await call('GET', `/api/tutors/classes/${classId}`, tutor)).body.students.some((s: any) => s.id === promoted.userId), { timeout: 15_000 }).toBe(false);
    const stream = await app.store.readStream(`relationship-${tutor.userId.toLowerCase()}-${promoted.userId.toLowerCase()}`);
    expect(stream.events.at(-1)).toMatchObject({ type: 'TutorStudentRelationshipEnded', data: { reason: 'role_changed' } });
  });
});
