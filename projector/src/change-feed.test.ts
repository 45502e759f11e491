import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NewEvent, RecordedEvent } from '@mathdaily/domain';
import { changesOf, notificationTail, positionRanges, QUEUE_INPUT_EVENTS } from './change-feed.ts';
import { Projector } from './projector.ts';
import { readModels } from './read-models/index.ts';
import { rebuildReadModels } from './rebuild.ts';
import { CHECKPOINT_CHANNEL } from './schema.ts';
import { projectorFixture, type ProjectorFixture } from './testing/projector-fixture.ts';

let position = 0n;
const recorded = (streamId: string, type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: randomUUID(),
  type,
  streamId,
  version: 1,
  position: (position += 1n),
  data,
  metadata: { actorId: null, correlationId: 'c', causationId: null, at: '2026-03-01T10:00:00.000Z', schemaVersion: 1 },
});

describe('what a batch changed', () => {
  const learner = 'AAAAAAAA-0000-4000-8000-000000000001';
  const other = 'aaaaaaaa-0000-4000-8000-000000000002';
  const problem = 'bbbbbbbb-0000-4000-8000-000000000003';

  test('answers and ratings name the learner with their problems; anything else of theirs is an other change; ids lower-cased', () => {
    const changes = changesOf([
      recorded(`practice-${learner}`, 'AnswerSubmitted', { userId: learner, problemId: problem.toUpperCase(), isCorrect: true }),
      recorded(`practice-${learner}`, 'DifficultyRated', { userId: learner, problemId: problem, rating: 3 }),
      recorded(`user-${other}`, 'ProfileUpdated', { userId: other, gradeLevel: 6 }),
      recorded('relationship-t-s', 'TutorStudentActivated', { tutorId: 't', studentId: other, changedBy: 't' }),
    ]);
    expect(changes).toEqual({
      learners: { [learner.toLowerCase()]: { problems: [problem], other: false }, [other]: { problems: [], other: true } },
      everyone: false,
      problemsCreated: [],
      problemsAnswered: [problem],
      questionSets: [],
      users: [other],
      practising: [learner.toLowerCase()],
      classes: [],
    });
  });

  test("users: every event of a user's stream and of their sign-in sessions", () => {
    const changes = changesOf([
      recorded(`user-${learner}`, 'UserRoleChanged', { userId: learner, role: 'student', previousRole: 'tutor', changedBy: other }),
      recorded('auth-session-s1', 'AuthSessionRevoked', { sessionId: 's1', userId: other, reason: 'sign-out' }),
    ]);
    expect(changes.users.sort()).toEqual([learner.toLowerCase(), other].sort());
  });

  test("question sets: the set; given to students names them; its questions changing concerns everyone", () => {
    const set = 'cccccccc-0000-4000-8000-000000000004';
    const assigned = changesOf([recorded(`question-set-${set}`, 'QuestionSetAssigned', { setId: set, tutorId: 't', studentIds: [learner, other] })]);
    expect(assigned).toMatchObject({ everyone: false, questionSets: [set], learners: { [learner.toLowerCase()]: { other: true }, [other]: { other: true } } });
    expect(changesOf([recorded(`question-set-${set}`, 'QuestionAddedToSet', { setId: set, problemId: problem })])).toMatchObject({ everyone: true, questionSets: [set] });
    expect(changesOf([recorded(`problem-${problem}`, 'ProblemCreated', { problem_id: problem })]).problemsCreated).toEqual([problem]);
  });

  test('positions as ranges; a notification leaves out what does not fit in a NOTIFY', () => {
    const events = [5n, 3n, 4n, 9n, 10n, 12n].map((at) => ({ ...recorded('s', 'X', {}), position: at }));
    expect(positionRanges(events)).toEqual([['3', '5'], ['9', '10'], ['12', '12']]);
    const small = changesOf([recorded(`user-${learner}`, 'ProfileUpdated', { userId: learner })]);
    expect(JSON.parse(`{"seq":1,${notificationTail(7n, [['7', '7']], small)}`)).toEqual({ seq: 1, position: '7', ranges: [['7', '7']], changes: small });
    const many = changesOf(Array.from({ length: 400 }, () => recorded(`user-${randomUUID()}`, 'ProfileUpdated', {})));
    const tail = JSON.parse(`{"seq":1,${notificationTail(7n, [['1', '400']], many)}`);
    expect(tail).toEqual({ seq: 1, position: '7', ranges: [['1', '400']], changes: null });
  });
});

/** Tables the due queue reads (query-api learner-queue-cache.ts `read`). */
const QUEUE_TABLES = [
  'learner_profiles', 'review_states', 'problems', 'ability_students', 'ability_student_topics', 'practice_days', 'question_sets', 'question_set_assignments', 'tutor_students',
  'classes', 'class_members', 'class_assignments', 'assignment_learners',
];
/** Handled by those tables' models, on purpose without a learner to name (and why). */
const NOT_QUEUE_INPUTS: Record<string, string> = {
  ProblemCreated: 'a new problem joins the catalogue (problemsCreated); no learner has answered it yet',
  QuestionSetCreated: 'an empty set given to nobody',
  QuestionSetRenamed: 'the queue shows no set titles',
  ReferralCodeCreated: 'no student yet',
  ReferralCodeDeactivated: 'links of students already joined stay as they are',
  ClassCreated: 'an empty class with no work',
  ClassRenamed: 'the queue shows no class names',
  ClassTimeZoneChanged: 'work given already keeps its due time',
  ClassJoinCodeChanged: 'students already in the class stay',
};

test('every event type the due queue’s read models handle names its learners in the change feed, or is listed as naming none on purpose', () => {
  const handled = readModels
    .filter((model) => model.tables.some((table) => QUEUE_TABLES.includes(table.name)))
    .flatMap((model): readonly string[] => (model.handles === 'all' ? ['all'] : model.handles));
  expect(handled).not.toContain('all');
  expect([...new Set(handled)].filter((type) => !(type in QUEUE_INPUT_EVENTS) && !(type in NOT_QUEUE_INPUTS))).toEqual([]);
});

describe('the change feed on real PostgreSQL', () => {
  let fixture: ProjectorFixture;
  let listener: pg.Client;
  const notified: Record<string, unknown>[] = [];
  beforeAll(async () => {
    fixture = await projectorFixture();
    listener = new pg.Client({ connectionString: fixture.databaseUrl });
    await listener.connect();
    listener.on('notification', (message) => notified.push(JSON.parse(message.payload!) as Record<string, unknown>));
    await listener.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
  });
  afterAll(async () => {
    await listener?.end();
    await fixture?.close();
  });

  const event = (type: string, data: Record<string, unknown>): NewEvent => ({ id: randomUUID(), type, data, metadata: { actorId: null, correlationId: randomUUID(), causationId: null, at: '2026-03-01T10:00:00.000Z', schemaVersion: 1 } });
  const feed = () =>
    fixture.pool.any(sql.unsafe`SELECT seq::int, position::text, changes, reset FROM read_models.change_feed ORDER BY seq`) as Promise<readonly { seq: number; position: string; changes: unknown; reset: boolean }[]>;

  test('each committed batch has the next number, its row and its NOTIFY saying what it changed; a replay goes on numbering and says reset', async () => {
    const projector = new Projector({ pool: fixture.pool, databaseUrl: fixture.databaseUrl, store: fixture.store, models: readModels });
    await projector.start();
    const userId = randomUUID();
    const first = await fixture.store.append(`user-${userId}`, [event('ProfileUpdated', { userId, gradeLevel: 4 })], { expectedVersion: 'any' });
    await expect.poll(() => projector.checkpoint, { timeout: 10_000 }).toBe(first.position);
    const second = await fixture.store.append(`user-${userId}`, [event('ProfileUpdated', { userId, gradeLevel: 5 })], { expectedVersion: 'any' });
    await expect.poll(() => projector.checkpoint, { timeout: 10_000 }).toBe(second.position);
    await projector.stop();

    const rows = await feed();
    const mine = rows.filter((row) => (row.changes as { users?: string[] } | null)?.users?.includes(userId));
    expect(mine.map((row) => row.position)).toEqual([first.position.toString(), second.position.toString()]);
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, index) => index + 1));
    await expect.poll(() => notified.length).toBeGreaterThanOrEqual(rows.length);
    for (const row of mine) {
      const message = notified.find((payload) => payload.seq === row.seq)!;
      expect(message).toEqual({ seq: row.seq, position: row.position, ranges: [[row.position, row.position]], changes: row.changes });
    }

    const lastSeq = rows.at(-1)!.seq;
    await rebuildReadModels({ pool: fixture.pool, store: fixture.store, models: readModels, storedEventsTable: fixture.store.sqlTable });
    const after = await feed();
    expect(after).toEqual([{ seq: lastSeq + 1, position: second.position.toString(), changes: null, reset: true }]);
    await expect.poll(() => notified.at(-1)).toEqual({ seq: lastSeq + 1, position: second.position.toString(), reset: true });
  });
});
