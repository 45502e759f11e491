import { randomUUID } from 'node:crypto';
import { currentPlacementQuestion, initialPlacementState, parseEventData, placementDecider, placementStreamId, problemTemplates, type NewEvent, type PlacementCommand } from '@mathdaily/domain';
import type { EventStore } from '@mathdaily/event-store';

/** A seeded generator, so a failing run can be repeated. */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HASH = (n: number) => n.toString(16).padStart(64, '0');
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';

/**
 * Appends a history that touches every read model: problems, registrations (students, a tutor,
 * an admin), sign-ins and failed ones, sessions started, refreshed and revoked, profile and role
 * changes, answers with hints and ratings over several weeks, a tutor's referral codes and the
 * students who joined with them (activated, deactivated, fallen behind), a class with work from the bank, a parent's
 * links to two children (one unlinked and linked again), contact requests and
 * client error reports. Every event is checked against its domain schema first, so the history follows the
 * event shapes as they change. Returns the number of events appended.
 */
export async function appendMixedHistory(store: EventStore, options: { students: number; answersPerStudent: number; seed: number }): Promise<number> {
  const random = mulberry32(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  let clock = Date.UTC(2026, 0, 5, 8);
  const tick = (minutes: number) => new Date((clock += Math.round(minutes * 60_000 * (0.5 + random())))).toISOString();
  let hash = 0;
  let appended = 0;
  const event = (type: string, data: unknown, at: string): NewEvent => ({
    id: randomUUID(),
    type,
    data: parseEventData(type, data),
    metadata: { actorId: null, correlationId: randomUUID(), causationId: null, at, schemaVersion: 1 },
  });
  const append = async (streamId: string, events: NewEvent[]) => {
    await store.append(streamId, events, { expectedVersion: 'any' });
    appended += events.length;
  };

  const problems = problemTemplates.slice(0, 12).map((template, index) => {
    const problem = template.generate(index + 1, {});
    return { problem_id: randomUUID(), ...problem, source: 'generator' as const };
  });
  for (const problem of problems) await append(`problem-${problem.problem_id}`, [event('ProblemCreated', problem, tick(1))]);

  const register = async (role: 'student' | 'tutor' | 'admin' | 'parent', index: number) => {
    const userId = randomUUID();
    await append(`user-${userId}`, [
      event(
        'UserRegistered',
        {
          userId,
          email: `${role}${index}@example.com`,
          firstName: `First${index}`,
          lastName: `Last${index}`,
          role,
          gradeLevel: role === 'student' ? 1 + (index % 12) : null,
          timezone: pick(['UTC', 'Europe/London', 'America/New_York', 'Australia/Sydney']),
          passwordHash: PASSWORD_HASH,
          source: role === 'student' ? 'self-registration' : 'demo-seed',
        },
        tick(30),
      ),
    ]);
    return userId;
  };
  const signIn = async (userId: string) => {
    const sessionId = randomUUID();
    const at = tick(5);
    const expires = new Date(Date.parse(at) + 30 * 86_400_000).toISOString();
    if (random() < 0.3) await append(`user-${userId}`, [event('SignInFailed', { userId, reason: 'wrong-password' }, at)]);
    await append(`user-${userId}`, [event('UserSignedIn', { userId, sessionId, method: 'password', absoluteExpiresAt: expires }, at)]);
    const first = HASH((hash += 1));
    const common = { sessionId, userId, credentialsVersion: 0 };
    const events = [
      event('AuthSessionStarted', { ...common, refreshTokenHash: first, idleExpiresAt: expires, absoluteExpiresAt: expires, method: 'password' }, at),
    ];
    if (random() < 0.5) {
      events.push(event('AuthSessionRefreshed', { ...common, previousTokenHash: first, refreshTokenHash: HASH((hash += 1)), idleExpiresAt: expires }, tick(20)));
    }
    if (random() < 0.3) events.push(event('AuthSessionRevoked', { sessionId, userId, reason: 'logout' }, tick(20)));
    await append(`auth-session-${sessionId}`, events);
  };

  const admin = await register('admin', 0);
  const tutor = await register('tutor', 0);
  await signIn(admin);
  await append(`user-${tutor}`, [event('UserRoleChanged', { userId: tutor, role: 'admin', previousRole: 'tutor', changedBy: admin }, tick(10))]);
  await append(`user-${tutor}`, [event('UserRoleChanged', { userId: tutor, role: 'tutor', previousRole: 'admin', changedBy: admin }, tick(10))]);

  const codes = ['TUTORMIX01', 'MIXEDCODE'];
  await append(`referral-${codes[0]}`, [event('ReferralCodeCreated', { code: codes[0], tutorId: tutor, kind: 'generated' }, tick(5))]);
  await append(`referral-${codes[1]}`, [event('ReferralCodeCreated', { code: codes[1], tutorId: tutor, kind: 'custom' }, tick(5))]);

  /** A whole placement check through the real decider: right answers on even questions, the rest skipped. */
  const placementCheck = async (userId: string) => {
    const placementId = randomUUID();
    let state = initialPlacementState();
    const decide = async (command: PlacementCommand) => {
      const decided = placementDecider.decide(command, state);
      for (const decidedEvent of decided) state = placementDecider.evolve(state, decidedEvent);
      await append(placementStreamId(userId), decided.map((decidedEvent) => event(decidedEvent.type, decidedEvent.data, tick(1))));
      return decided;
    };
    await decide({ type: 'StartPlacement', data: { userId, placementId, seed: Math.floor(random() * 1e6), statedGrade: null } });
    for (let question = 1; state.current?.placementId === placementId; question += 1) {
      const { problem } = currentPlacementQuestion(state.current);
      const right = question % 2 === 0;
      await decide({
        type: 'AnswerPlacement',
        data: { userId, placementId, question, userAnswer: right ? problem.correct_answer : '', skipped: !right, responseTimeMs: 9000 },
      });
    }
  };

  /** One answer to a problem (a hint opened first now and then), in a session of its own. */
  const answerOf = (userId: string, problem: (typeof problems)[number]) => {
    const attemptId = randomUUID();
    const facts = { sessionId: randomUUID(), userId, problemId: problem.problem_id };
    const hint = random() < 0.2;
    const events = hint ? [event('HintOpened', facts, tick(1))] : [];
    events.push(
      event(
        'AnswerSubmitted',
        {
          ...facts,
          attemptId,
          topic: problem.topic,
          topicId: problem.topic_id,
          grade: problem.grade,
          difficultyLevel: problem.difficulty_level,
          userAnswer: random() < 0.7 ? problem.correct_answer : 'wrong',
          isCorrect: random() < 0.7,
          responseTimeMs: Math.round(2_000 + random() * 60_000),
          hintsUsed: hint ? 1 : 0,
        },
        tick(2),
      ),
    );
    return { events, facts, attemptId };
  };

  const activeStudents: string[] = [];
  /** Every student who joined with a code: the class's roster. */
  const linkedStudents: string[] = [];
  for (let s = 1; s <= options.students; s += 1) {
    const userId = await register('student', s);
    await signIn(userId);
    if (s === 1) await placementCheck(userId);
    if (s % 2 === 1) {
      const relationship = `relationship-${tutor}-${userId}`;
      const code = codes[s % 4 === 1 ? 0 : 1]!;
      linkedStudents.push(userId);
      await append(relationship, [event('ReferralCodeRedeemed', { code, tutorId: tutor, studentId: userId, via: s % 3 ? 'registration' : 'profile' }, tick(1))]);
      if (s % 4 === 1) {
        await append(relationship, [event('TutorStudentActivated', { tutorId: tutor, studentId: userId, changedBy: tutor }, tick(30))]);
        if (s % 8 === 1) await append(relationship, [event('TutorStudentDeactivated', { tutorId: tutor, studentId: userId, changedBy: admin }, tick(30))]);
        else activeStudents.push(userId);
        if (s % 8 !== 1) await append(relationship, [event('StudentFellBehind', { tutorId: tutor, studentId: userId, lastPracticeAt: null, overdueReviews: 0, reasons: ['no_practice'] }, tick(60))]);
      }
    }
    if (s % 3 === 0) await append(`user-${userId}`, [event('ProfileUpdated', { userId, lastName: `Renamed${s}`, timezone: 'Europe/Paris' }, tick(3))]);
    for (let a = 0; a < options.answersPerStudent; a += 1) {
      const { events, facts, attemptId } = answerOf(userId, pick(problems));
      if (random() < 0.8) events.push(event('DifficultyRated', { ...facts, attemptId, rating: 1 + Math.floor(random() * 5) }, tick(0.2)));
      await append(`practice-${userId}`, events);
      // Some answers a day apart, so streaks, due dates and practice days move.
      if (random() < 0.3) tick(24 * 60);
    }
  }

  await append(`referral-${codes[1]}`, [event('ReferralCodeDeactivated', { code: codes[1], tutorId: tutor }, tick(5))]);

  // A tutor's question set with one written problem, given to the active students.
  const setId = randomUUID();
  const setProblem = { ...problems[0]!, problem_id: randomUUID(), source: 'tutor' as const, template_id: null, seed: null, question_set_id: setId };
  await append(`question-set-${setId}`, [event('QuestionSetCreated', { setId, tutorId: tutor, title: 'Mixed set' }, tick(5))]);
  await append(`problem-${setProblem.problem_id}`, [event('ProblemCreated', setProblem, tick(1))]);
  await append(`question-set-${setId}`, [event('QuestionAddedToSet', { setId, problemId: setProblem.problem_id }, tick(0.1))]);
  if (activeStudents.length > 0) await append(`question-set-${setId}`, [event('QuestionSetAssigned', { setId, tutorId: tutor, studentIds: activeStudents }, tick(5))]);
  // The set is taken back from one student and given again (a row deleted, then written anew).
  if (activeStudents.length > 0) {
    await append(`question-set-${setId}`, [event('QuestionSetUnassigned', { setId, tutorId: tutor, studentId: activeStudents[0] }, tick(1))]);
    await append(`question-set-${setId}`, [event('QuestionSetAssigned', { setId, tutorId: tutor, studentIds: [activeStudents[0]] }, tick(1))]);
  }

  // A class: the students with codes join, get three problems from the bank due a week on; the first
  // finishes them, the others answer one (their work stays open), and the last one leaves the class.
  const classId = randomUUID();
  await append(`class-${classId}`, [event('ClassCreated', { classId, tutorId: tutor, name: 'Mixed class', timeZone: 'Europe/London', joinCode: 'CLASSMIX2' }, tick(5))]);
  for (const studentId of linkedStudents) await append(`class-${classId}`, [event('StudentJoinedClass', { classId, tutorId: tutor, studentId, via: 'profile' }, tick(1))]);
  if (linkedStudents.length > 0) {
    const assignmentId = randomUUID();
    const work = problems.slice(0, 3);
    const dueAt = new Date(clock + 7 * 86_400_000);
    await append(`class-${classId}`, [
      event(
        'ClassAssignmentCreated',
        {
          classId,
          tutorId: tutor,
          assignmentId,
          title: 'Mixed work',
          source: { kind: 'problems' },
          problemIds: work.map((problem) => problem.problem_id),
          studentIds: linkedStudents,
          dueLocal: dueAt.toISOString().slice(0, 16),
          timeZone: 'Europe/London',
          dueAt: dueAt.toISOString(),
        },
        tick(5),
      ),
    ]);
    for (const [index, studentId] of linkedStudents.entries()) {
      for (const problem of index === 0 ? work : work.slice(0, 1)) await append(`practice-${studentId}`, answerOf(studentId, problem).events);
    }
    await append(`class-${classId}`, [event('StudentLeftClass', { classId, tutorId: tutor, studentId: linkedStudents.at(-1)!, reason: 'left' }, tick(5))]);
  }

  // A parent links two children; the second is unlinked by the child and linked again (a row deleted, then written anew).
  const children = [activeStudents[0], linkedStudents.at(-1)].filter((id): id is string => id !== undefined);
  if (children.length > 0) {
    const parent = await register('parent', 0);
    for (const childId of children) await append(`parent-${parent}`, [event('ChildLinked', { parentId: parent, childId }, tick(5))]);
    const relinked = children.at(-1)!;
    await append(`parent-${parent}`, [event('ChildUnlinked', { parentId: parent, childId: relinked, by: 'child' }, tick(5))]);
    await append(`parent-${parent}`, [event('ChildLinked', { parentId: parent, childId: relinked }, tick(5))]);
  }

  for (let c = 0; c < 5; c += 1) {
    const requestId = randomUUID();
    await append(`contact-${requestId}`, [
      event(
        'ContactRequested',
        {
          requestId,
          source: c % 2 ? 'help' : 'contact',
          name: `Person ${c}`,
          email: `person${c}@example.com`,
          organization: c % 2 ? null : `School ${c}`,
          plan: c % 2 ? null : 'school',
          subject: c % 2 ? 'bug' : null,
          message: `Message ${c}`,
        },
        tick(7),
      ),
    ]);
    const reportId = randomUUID();
    const at = tick(3);
    await append(`client-error-${reportId}`, [
      event('ClientErrorReported', { reportId, message: `Crash ${c}`, stack: null, url: 'http://localhost/terms', userAgent: 'test', occurredAt: at }, at),
    ]);
  }
  return appended;
}
