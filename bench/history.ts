// A large, realistic, deterministic event history for the replay benchmark, written as rows of
// PostgreSQL's COPY text format (stream_id, version, event_id, type, data, metadata) to a file, so
// the COPY itself can be timed apart from generating it. It scales up the shape of
// projector/src/testing/mixed-history.ts (which appends through the store, ~100× too slow here):
// the seeded problem bank, demo staff, students registering over two weeks and practising on most
// days (sign-ins, refreshes, sessions started and ended, answers with hints and ratings, reviews of
// problems answered before), profile, avatar and role changes, contact/help requests and client
// errors. Every event passes `parseEventData`; everything random comes from one seed.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import {
  allowedRatings,
  currentPlacementQuestion,
  isKnownEventType,
  parseEventData,
  placementDecider,
  placementStreamId,
  PREDEFINED_AVATARS,
  sessionExpiry,
  TIME_ZONE_IDS,
  userDecider,
  type PlacementCommand,
} from '@mathdaily/domain';
import { problemTemplates } from '@mathdaily/domain/problems/templates';
import { creationEventId, generatedProblemId, PROBLEM_ID_NAMESPACE, uuidV5 } from '@mathdaily/command-api/problems/problem-ids';
import { gradeForSeed, PROBLEM_BANK_VERSION, seedsFor } from '@mathdaily/command-api/problems/seed-problem-bank';
import { mulberry32 } from '@mathdaily/projector/testing/mixed-history';

export interface HistoryOptions {
  /** Exactly this many events are written. */
  events: number;
  seed: number;
  file: string;
}

export interface HistorySummary {
  events: number;
  bytes: number;
  students: number;
  days: number;
  problems: number;
  seconds: number;
  types: Record<string, number>;
}

interface BankProblem {
  id: string;
  topic: string;
  topicId: string;
  grade: number;
  difficultyLevel: number;
  correctAnswer: string;
  options: string[] | null;
}

interface AuthSession {
  id: string;
  tokenHash: string;
  credentialsVersion: number;
  idleExpiresAt: number;
}

interface Student {
  index: number;
  userId: string;
  email: string;
  grade: number;
  joinDay: number;
  registered: boolean;
  role: 'student' | 'tutor';
  verificationToken: string | null;
  session: AuthSession | null;
  /** Bank indexes (within the grade's pool) answered before: candidates for review. */
  seen: number[];
  cursor: number;
  /** The tutor whose code the student used, and where the relationship stands. */
  tutor: { tutorId: string; status: 'pending' | 'active' | 'inactive' } | null;
}

const DAY = 86_400_000;
/** The practice day runs from 07:00 to 21:00 UTC; events are spread evenly over it. */
const DAY_START = 7 * 3_600_000;
const DAY_WINDOW = 14 * 3_600_000;
/** Events per student over the history: sets how many students a given size has. */
const EVENTS_PER_STUDENT = 450;
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0$YmVuY2hoYXNoYmVuY2hoYXNoYmVuY2hoYXNoMTIz';
const ZONES = ['Europe/London', 'America/New_York', 'Europe/Paris', 'Asia/Tokyo', 'Australia/Sydney'].filter((zone) =>
  (TIME_ZONE_IDS as readonly string[]).includes(zone),
);
const FIRST_NAMES = ['Ava', 'Ben', 'Chloe', 'Dev', 'Ella', 'Finn', 'Grace', 'Hugo', 'Isla', 'Jack', 'Kira', 'Leo', 'Mia', 'Noah'];
const LAST_NAMES = ['Adams', 'Brown', 'Clarke', 'Davies', 'Evans', 'Foster', 'Green', 'Hughes', 'Iqbal', 'Jones', 'Khan', 'Lewis'];
const PAGES = ['/practice', '/dashboard', '/progress', '/profile', '/achievements'];

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** COPY text format: JSON never holds raw tabs or newlines, so only backslashes need escaping. */
const copyField = (text: string) => (text.includes('\\') ? text.replaceAll('\\', '\\\\') : text);

export async function writeHistory(options: HistoryOptions): Promise<HistorySummary> {
  const started = performance.now();
  const random = mulberry32(options.seed);
  const chance = (p: number) => random() < p;
  const int = (from: number, to: number) => from + Math.floor(random() * (to - from + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  // A byte table: Number#toString(16) made ids the costliest part of generating.
  const word = () => {
    const w = (random() * 4294967296) >>> 0;
    return HEX[w >>> 24]! + HEX[(w >>> 16) & 255]! + HEX[(w >>> 8) & 255]! + HEX[w & 255]!;
  };
  const hex = (words: number) => {
    let out = '';
    for (let i = 0; i < words; i += 1) out += word();
    return out;
  };
  // Seeded version-4 UUIDs: the same history on every run.
  const uuid = () => {
    const a = word();
    const b = word();
    const c = word();
    return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-${'89ab'[(random() * 4) | 0]}${c.slice(1, 4)}-${c.slice(4)}${word()}`;
  };

  const target = options.events;
  const out = createWriteStream(options.file);
  const outFailed = new Promise<never>((_, reject) => out.on('error', reject));
  outFailed.catch(() => {});
  let lines: string[] = [];
  let bytes = 0;
  let count = 0;
  const types: Record<string, number> = {};
  const versions = new Map<string, number>();
  const flush = async () => {
    if (lines.length === 0) return;
    const chunk = lines.join('');
    lines = [];
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await Promise.race([new Promise((resolve) => out.once('drain', resolve)), outFailed]);
  };
  const full = () => count >= target;

  let clock = Date.UTC(2026, 0, 4, 6);
  let step = 1000;
  const at = () => new Date((clock += Math.max(1, Math.round(step * (0.5 + random()))))).toISOString();

  /** One append: the events share their time, actor and correlation id, like a command's. */
  const append = (streamId: string, actorId: string | null, facts: { type: string; data: unknown }[], time = at()) => {
    const correlationId = uuid();
    for (const fact of facts) {
      if (full()) return;
      const version = (versions.get(streamId) ?? 0) + 1;
      versions.set(streamId, version);
      const data = parseEventData(fact.type, fact.data);
      const metadata = { actorId, correlationId, causationId: null, at: time, schemaVersion: 1 };
      lines.push(`${streamId}\t${version}\t${uuid()}\t${fact.type}\t${copyField(JSON.stringify(data))}\t${copyField(JSON.stringify(metadata))}\n`);
      count += 1;
      types[fact.type] = (types[fact.type] ?? 0) + 1;
    }
  };

  // The problem bank exactly as start-up seeds it (ids from template and seed).
  const bankAt = new Date(clock).toISOString();
  const pools = new Map<number, BankProblem[]>();
  const seeds: Record<string, number> = {};
  let bankCount = 0;
  for (const template of problemTemplates) {
    seeds[template.id] = seedsFor(template);
    for (let seed = 1; seed <= seedsFor(template) && !full(); seed += 1) {
      const problemId = generatedProblemId(template.id, seed);
      let problem;
      try {
        problem = template.generate(seed, { grade: gradeForSeed(template, seed) });
      } catch {
        continue; // start-up leaves out a pair whose generator throws; so do we
      }
      const data = parseEventData('ProblemCreated', { problem_id: problemId, ...problem, source: 'generator' }) as typeof problem;
      const streamId = `problem-${problemId}`;
      versions.set(streamId, 1);
      const metadata = { actorId: null, correlationId: `problem-bank-v${PROBLEM_BANK_VERSION}`, causationId: null, at: bankAt, schemaVersion: 1 };
      lines.push(`${streamId}\t1\t${creationEventId(problemId)}\tProblemCreated\t${copyField(JSON.stringify(data))}\t${copyField(JSON.stringify(metadata))}\n`);
      count += 1;
      bankCount += 1;
      types.ProblemCreated = (types.ProblemCreated ?? 0) + 1;
      const pool = pools.get(problem.grade) ?? [];
      pool.push({
        id: problemId,
        topic: problem.topic,
        topicId: problem.topic_id,
        grade: problem.grade,
        difficultyLevel: problem.difficulty_level,
        correctAnswer: problem.correct_answer,
        options: problem.answer_options,
      });
      pools.set(problem.grade, pool);
    }
    if (lines.length > 2000) await flush();
  }
  if (isKnownEventType('ProblemBankSeeded') && !full()) {
    const markerId = uuidV5(`problem-bank:v${PROBLEM_BANK_VERSION}`, PROBLEM_ID_NAMESPACE);
    const data = parseEventData('ProblemBankSeeded', { version: PROBLEM_BANK_VERSION, count: bankCount, seeds });
    const metadata = { actorId: null, correlationId: `problem-bank-v${PROBLEM_BANK_VERSION}`, causationId: null, at: bankAt, schemaVersion: 1 };
    lines.push(`problem-bank\t1\t${markerId}\tProblemBankSeeded\t${JSON.stringify(data)}\t${JSON.stringify(metadata)}\n`);
    count += 1;
    types.ProblemBankSeeded = 1;
  }
  const allGrades = [...pools.keys()];

  const emailStream = (email: string) => `email-${createHash('sha256').update(email.toLowerCase()).digest('hex')}`;
  const register = (userId: string, email: string, names: [string, string], role: 'student' | 'tutor' | 'admin', grade: number | null, demo: boolean) => {
    const time = at();
    append(emailStream(email), userId, [{ type: 'EmailAddressReserved', data: { email, userId } }], time);
    const sessionId = demo ? null : uuid();
    const tokenHash = hex(8);
    // The decider makes the registration events (and the verification e-mail) exactly as the API does.
    const facts = userDecider.decide(
      {
        type: 'RegisterUser',
        userId,
        email,
        firstName: names[0],
        lastName: names[1],
        gradeLevel: grade,
        role,
        passwordHash: PASSWORD_HASH,
        source: demo ? 'demo-seed' : 'self-registration',
        verification: demo ? 'pre-verified' : { tokenId: uuid(), tokenHash, expiresAt: new Date(Date.parse(time) + DAY).toISOString(), messageId: uuid() },
        session: sessionId ? { sessionId, absoluteExpiresAt: sessionExpiry(time).absoluteExpiresAt } : null,
      },
      userDecider.initialState(),
    );
    append(`user-${userId}`, demo ? null : userId, facts, time);
    return { sessionId, tokenHash: demo ? null : tokenHash, time };
  };
  const startAuthSession = (student: Student, sessionId: string, method: 'password' | 'registration', time: string) => {
    const expiry = sessionExpiry(time);
    const session: AuthSession = { id: sessionId, tokenHash: hex(8), credentialsVersion: 0, idleExpiresAt: Date.parse(expiry.idleExpiresAt) };
    append(
      `auth-session-${sessionId}`,
      student.userId,
      [{ type: 'AuthSessionStarted', data: { sessionId, userId: student.userId, refreshTokenHash: session.tokenHash, credentialsVersion: 0, ...expiry, method } }],
      time,
    );
    student.session = session;
  };

  const adminId = uuid();
  register(adminId, 'admin@example.com', ['Alex', 'Admin'], 'admin', null, true);

  const studentCount = Math.max(10, Math.round(target / EVENTS_PER_STUDENT));
  const students: Student[] = Array.from({ length: studentCount }, (_, index) => ({
    index,
    userId: uuid(),
    email: `student${index}@example.com`,
    grade: allGrades.length ? allGrades[index % allGrades.length]! : 1,
    joinDay: Math.floor(random() * 14),
    registered: false,
    role: 'student',
    verificationToken: null,
    session: null,
    seen: [],
    cursor: Math.floor(random() * 1000),
    tutor: null,
  }));

  // Tutors (one per 40 students, the demo tutor first), each with a referral code students join with.
  const tutors = Array.from({ length: Math.max(1, Math.round(studentCount / 40)) }, (_, index) => ({
    tutorId: uuid(),
    code: `TUTOR${hex(1).slice(0, 6).toUpperCase()}`,
    setId: null as string | null,
  }));
  tutors.forEach((tutor, index) => {
    register(tutor.tutorId, index === 0 ? 'tutor@example.com' : `tutor${index}@example.com`, [pick(FIRST_NAMES), pick(LAST_NAMES)], 'tutor', null, index === 0);
    append(`referral-${tutor.code}`, tutor.tutorId, [{ type: 'ReferralCodeCreated', data: { code: tutor.code, tutorId: tutor.tutorId, kind: 'generated' } }]);
  });
  const relationship = (tutorId: string, studentId: string) => `relationship-${tutorId}-${studentId}`;

  /** A whole placement check through the real decider, the student answering right at and below their grade. */
  const placementCheck = (student: Student) => {
    const placementId = uuid();
    let state = placementDecider.initialState();
    const decide = (command: PlacementCommand) => {
      const decided = placementDecider.decide(command, state);
      for (const fact of decided) state = placementDecider.evolve(state, fact);
      append(placementStreamId(student.userId), student.userId, decided);
    };
    decide({ type: 'StartPlacement', data: { userId: student.userId, placementId, seed: int(0, 1_000_000), statedGrade: null } });
    for (let question = 1; state.current?.placementId === placementId && !full(); question += 1) {
      const { grade, problem } = currentPlacementQuestion(state.current);
      const knows = grade <= student.grade ? chance(0.85) : chance(0.25);
      decide({
        type: 'AnswerPlacement',
        data: { userId: student.userId, placementId, question, userAnswer: knows ? problem.correct_answer : '', skipped: !knows, responseTimeMs: int(4_000, 60_000) },
      });
    }
  };

  /** One student's day as a list of appends, run interleaved with everyone else's. */
  const planDay = (student: Student): (() => void)[] => {
    const actions: (() => void)[] = [];
    const { userId } = student;
    if (!student.registered) {
      actions.push(() => {
        const names: [string, string] = [pick(FIRST_NAMES), pick(LAST_NAMES)];
        const done = register(userId, student.email, names, 'student', student.grade, false);
        student.registered = true;
        student.verificationToken = done.tokenHash;
        startAuthSession(student, done.sessionId!, 'registration', done.time);
        // A third join a tutor with the code they were given; a few take the placement check first.
        if (chance(0.3)) {
          const tutor = pick(tutors);
          append(relationship(tutor.tutorId, userId), userId, [{ type: 'ReferralCodeRedeemed', data: { code: tutor.code, tutorId: tutor.tutorId, studentId: userId, via: 'registration' } }], done.time);
          student.tutor = { tutorId: tutor.tutorId, status: 'pending' };
        }
        if (chance(0.05)) placementCheck(student);
      });
    } else if (!student.session || student.session.idleExpiresAt < clock || chance(0.25)) {
      actions.push(() => {
        const time = at();
        if (chance(0.1)) append(`user-${userId}`, userId, [{ type: 'SignInFailed', data: { userId, reason: 'wrong-password' } }], time);
        const sessionId = uuid();
        append(`user-${userId}`, userId, [{ type: 'UserSignedIn', data: { userId, sessionId, method: 'password', absoluteExpiresAt: sessionExpiry(time).absoluteExpiresAt } }], time);
        startAuthSession(student, sessionId, 'password', time);
      });
    } else if (chance(0.6)) {
      actions.push(() => {
        const session = student.session!;
        const time = at();
        const next = hex(8);
        const { idleExpiresAt } = sessionExpiry(time);
        append(`auth-session-${session.id}`, userId, [
          {
            type: 'AuthSessionRefreshed',
            data: { sessionId: session.id, userId, previousTokenHash: session.tokenHash, refreshTokenHash: next, credentialsVersion: session.credentialsVersion, idleExpiresAt },
          },
        ], time);
        session.tokenHash = next;
        session.idleExpiresAt = Date.parse(idleExpiresAt);
      });
    }
    if (student.verificationToken && chance(0.5)) {
      actions.push(() => {
        append(`user-${userId}`, userId, [{ type: 'EmailVerified', data: { userId, email: student.email, tokenHash: student.verificationToken, method: 'link' } }]);
        student.verificationToken = null;
      });
    }
    if (chance(0.02)) actions.push(() => append(`user-${userId}`, userId, [{ type: 'ProfileUpdated', data: { userId, timezone: pick(ZONES), lastName: pick(LAST_NAMES) } }]));
    if (chance(0.01)) {
      const avatar = pick(PREDEFINED_AVATARS);
      actions.push(() => append(`user-${userId}`, userId, [{ type: 'AvatarChosen', data: { userId, avatarId: avatar.id, url: avatar.url } }]));
    }

    const pool = pools.get(student.grade) ?? [];
    if (pool.length > 0) {
      const sessionId = uuid();
      const stream = `practice-${userId}`;
      const answered = new Set<number>();
      let completed = 0;
      let correct = 0;
      actions.push(() => append(stream, userId, [{ type: 'PracticeSessionStarted', data: { sessionId, userId, mode: 'daily', topicId: null, problemIds: [] } }]));
      const answers = chance(0.7) ? 6 : int(2, 12);
      for (let a = 0; a < answers; a += 1) {
        actions.push(() => {
          // About a third are reviews of problems answered on earlier days, the rest new ones.
          let index = -1;
          if (student.seen.length > 8 && chance(0.35)) {
            const candidate = pick(student.seen);
            if (!answered.has(candidate)) index = candidate;
          }
          if (index < 0) {
            for (let tries = 0; tries < pool.length && (index < 0 || answered.has(index)); tries += 1) index = student.cursor++ % pool.length;
            if (student.seen.length < pool.length) student.seen.push(index);
          }
          if (answered.has(index)) return;
          answered.add(index);
          const problem = pool[index]!;
          const facts = { sessionId, userId, problemId: problem.id };
          const hint = chance(0.15);
          const isCorrect = chance(hint ? 0.6 : 0.72);
          const wrong = problem.options?.find((option) => option !== problem.correctAnswer) ?? (problem.correctAnswer === '7' ? '8' : '7');
          const attemptId = uuid();
          if (hint) append(stream, userId, [{ type: 'HintOpened', data: facts }]);
          const events: { type: string; data: unknown }[] = [
            {
              type: 'AnswerSubmitted',
              data: {
                ...facts,
                attemptId,
                topic: problem.topic,
                topicId: problem.topicId,
                grade: problem.grade,
                difficultyLevel: problem.difficultyLevel,
                userAnswer: isCorrect ? problem.correctAnswer : wrong,
                isCorrect,
                responseTimeMs: int(3_000, 90_000),
                hintsUsed: hint ? 1 : 0,
              },
            },
          ];
          // Rated in the same append, as submit-answer does with difficulty_rating.
          if (chance(0.7)) events.push({ type: 'DifficultyRated', data: { ...facts, attemptId, rating: pick(allowedRatings({ isCorrect, hintUsed: hint })) } });
          append(stream, userId, events);
          completed += 1;
          if (isCorrect) correct += 1;
        });
      }
      // A tenth of sessions are left open (a closed tab never ends its session).
      if (chance(0.9)) {
        actions.push(() => {
          const endedAt = at();
          append(stream, userId, [{ type: 'PracticeSessionEnded', data: { sessionId, userId, problemsCompleted: completed, correctAnswers: correct, retries: 0, correctOnRetry: 0, endedAt, reason: 'ended' } }], endedAt);
        });
      }
    }
    if (student.session && chance(0.05)) {
      actions.push(() => {
        if (!student.session) return;
        append(`auth-session-${student.session.id}`, userId, [{ type: 'AuthSessionRevoked', data: { sessionId: student.session.id, userId, reason: 'logout' } }]);
        student.session = null;
      });
    }
    return actions;
  };

  const extras = (day: number): (() => void)[] => {
    const actions: (() => void)[] = [];
    for (let c = 0; c < Math.max(1, Math.round(studentCount / 150)); c += 1) {
      actions.push(() => {
        const requestId = uuid();
        const help = chance(0.5);
        const n = int(1, 100_000);
        append(`contact-${requestId}`, null, [
          {
            type: 'ContactRequested',
            data: {
              requestId,
              source: help ? 'help' : 'contact',
              name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
              email: `person${n}@example.com`,
              organization: help ? null : `School ${n % 500}`,
              plan: help ? null : 'school',
              subject: help ? 'bug' : null,
              message: `Hello, this is message ${n} about our classes on day ${day}. Could you tell us more?`,
            },
          },
        ]);
      });
    }
    for (let c = 0; c < Math.max(1, Math.round(studentCount / 250)); c += 1) {
      actions.push(() => {
        const reportId = uuid();
        const time = at();
        const actor = chance(0.7) ? pick(students).userId : null;
        append(`client-error-${reportId}`, actor, [
          {
            type: 'ClientErrorReported',
            data: {
              reportId,
              message: `TypeError: Cannot read properties of undefined (reading '${pick(['id', 'problems', 'length'])}')`,
              stack: 'TypeError: Cannot read properties of undefined\n    at PracticePage (/assets/index.js:1:2345)\n    at renderWithHooks (/assets/index.js:1:6789)',
              url: `http://localhost:3000${pick(PAGES)}`,
              userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
              occurredAt: time,
            },
          },
        ], time);
      });
    }
    // Tutors activate their pending students, now and then deactivate one, and hear of those who
    // fell behind (the scheduled check's events).
    for (const student of students) {
      const link = student.tutor;
      if (!link || !student.registered) continue;
      if (link.status === 'pending' && chance(0.5)) {
        actions.push(() => {
          append(relationship(link.tutorId, student.userId), link.tutorId, [{ type: 'TutorStudentActivated', data: { tutorId: link.tutorId, studentId: student.userId, changedBy: link.tutorId } }]);
          link.status = 'active';
        });
      } else if (link.status === 'active' && chance(0.01)) {
        actions.push(() => {
          append(relationship(link.tutorId, student.userId), link.tutorId, [{ type: 'TutorStudentDeactivated', data: { tutorId: link.tutorId, studentId: student.userId, changedBy: link.tutorId } }]);
          link.status = 'inactive';
        });
      } else if (link.status === 'active' && chance(0.03)) {
        actions.push(() =>
          append(relationship(link.tutorId, student.userId), null, [
            { type: 'StudentFellBehind', data: { tutorId: link.tutorId, studentId: student.userId, lastPracticeAt: null, overdueReviews: int(0, 12), reasons: ['no_practice'] } },
          ]),
        );
      }
    }
    // On day 3 each tutor writes a question set from two bank problems and gives it to their active students.
    if (day === 3) {
      for (const tutor of tutors) {
        actions.push(() => {
          const setId = uuid();
          tutor.setId = setId;
          append(`question-set-${setId}`, tutor.tutorId, [{ type: 'QuestionSetCreated', data: { setId, tutorId: tutor.tutorId, title: `Week 1 revision (${tutor.code})` } }]);
          for (let q = 0; q < 2; q += 1) {
            const template = pick(problemTemplates);
            const problem = template.generate(int(1, 1000), {});
            const problemId = uuid();
            append(`problem-${problemId}`, tutor.tutorId, [
              { type: 'ProblemCreated', data: { ...problem, problem_id: problemId, source: 'tutor', template_id: null, seed: null, question_set_id: setId } },
            ]);
            append(`question-set-${setId}`, tutor.tutorId, [{ type: 'QuestionAddedToSet', data: { setId, problemId } }]);
          }
          const active = students.filter((student) => student.tutor?.tutorId === tutor.tutorId && student.tutor.status === 'active').map((student) => student.userId);
          if (active.length > 0) append(`question-set-${setId}`, tutor.tutorId, [{ type: 'QuestionSetAssigned', data: { setId, tutorId: tutor.tutorId, studentIds: active } }]);
          // Now and then the set is taken back from one of them.
          if (active.length > 1 && chance(0.3)) append(`question-set-${setId}`, tutor.tutorId, [{ type: 'QuestionSetUnassigned', data: { setId, tutorId: tutor.tutorId, studentId: active[0]! } }]);
        });
      }
    }
    // Now and then an admin makes a student a tutor, or back.
    if (chance(0.5)) {
      actions.push(() => {
        const student = pick(students);
        if (!student.registered) return;
        const role = student.role === 'student' ? 'tutor' : 'student';
        append(`user-${student.userId}`, adminId, [{ type: 'UserRoleChanged', data: { userId: student.userId, role, previousRole: student.role, changedBy: adminId } }]);
        student.role = role;
      });
    }
    return actions;
  };

  let day = 0;
  for (; !full(); day += 1) {
    const weekend = [0, 6].includes(new Date(Date.UTC(2026, 0, 5) + day * DAY).getUTCDay());
    const queues: (() => void)[][] = [];
    for (const student of students) {
      if (student.joinDay > day) continue;
      if (student.registered && !chance(weekend ? 0.3 : 0.6)) continue;
      queues.push(planDay(student));
    }
    for (const action of extras(day)) queues.push([action]);
    // Shuffled, then one append from each in turn: the day's students practise side by side.
    for (let i = queues.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [queues[i], queues[j]] = [queues[j]!, queues[i]!];
    }
    const planned = queues.reduce((sum, queue) => sum + queue.length, 0);
    clock = Date.UTC(2026, 0, 5) + day * DAY + DAY_START;
    step = DAY_WINDOW / Math.max(1, planned * 1.9);
    for (let round = 0; !full(); round += 1) {
      let ran = false;
      for (const queue of queues) {
        const action = queue[round];
        if (!action) continue;
        ran = true;
        action();
        if (full()) break;
      }
      if (!ran) break;
      if (lines.length > 500) await flush();
    }
  }
  await flush();
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { events: count, bytes, students: studentCount, days: day, problems: bankCount, seconds: (performance.now() - started) / 1000, types };
}

