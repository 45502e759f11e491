import type { RecordedEvent } from '@mathdaily/domain';

/**
 * The change feed (docs/change-feed.md): with every batch it commits, the projector says what the
 * batch changed, so the query side keeps its caches, waits and live sockets right from read models
 * alone, on either event store. Each batch gets the next sequence number (`batch_seq`), a row in
 * `change_feed` and a NOTIFY on the checkpoint channel carrying the same, unless it is too long.
 */
export interface BatchChanges {
  /**
   * Learners whose due-queue inputs changed: the problems they answered or rated, and whether
   * anything else the queue reads about them changed (profile, placement, tutor, question set).
   */
  learners: Record<string, { problems: string[]; other: boolean }>;
  /** Every learner's inputs may have changed (a question set's questions changed). */
  everyone: boolean;
  /** Problems created, and problems whose learned difficulty moved (answered or rated). */
  problemsCreated: string[];
  problemsAnswered: string[];
  /** Question sets that changed. */
  questionSets: string[];
  /** Users whose account, role, credentials or sign-in sessions changed: an open socket checks its principal again. */
  users: string[];
  /** Learners with any practice event (a session started or ended, a hint, an answer, a rating): the live class view's cards (live_learners). */
  practising: string[];
  /** Classes whose stream had events (name, code, roster, work): live class views of them read their class again. */
  classes: string[];
}

/**
 * Event types that change what the due queue reads about a learner, and the data field naming
 * the learner(s); 'everyone' when the event does not say whom (a question set's questions change
 * for every student it was given to). A test checks that each type the queue's read models
 * handle is listed here or in its list of the others on purpose.
 */
export const QUEUE_INPUT_EVENTS: Readonly<Record<string, 'userId' | 'studentId' | 'studentIds' | 'everyone'>> = {
  UserRegistered: 'userId',
  ProfileUpdated: 'userId',
  UserRoleChanged: 'userId',
  PlacementCompleted: 'userId',
  PlacementAnswerRecorded: 'userId',
  AnswerSubmitted: 'userId',
  DifficultyRated: 'userId',
  ReferralCodeRedeemed: 'studentId',
  TutorStudentActivated: 'studentId',
  TutorStudentDeactivated: 'studentId',
  QuestionSetAssigned: 'studentIds',
  QuestionSetUnassigned: 'studentId',
  QuestionAddedToSet: 'everyone',
  QuestionReplacedInSet: 'everyone',
  QuestionRemovedFromSet: 'everyone',
  StudentJoinedTutorClass: 'studentId',
  TutorStudentRelationshipEnded: 'studentId',
  StudentJoinedClass: 'studentId',
  StudentLeftClass: 'studentId',
  ClassAssignmentCreated: 'studentIds',
  ClassAssignmentDueChanged: 'studentIds',
  ClassAssignmentRemoved: 'studentIds',
  // An archived class's work leaves its students' practice; the event does not list them.
  ClassArchived: 'everyone',
  ClassRestored: 'everyone',
};

/** Batches whose change_feed rows are kept (a listener further behind reads the read models whole); pruned every PRUNE_EVERY batches. */
export const CHANGE_FEED_KEPT = 10_000;
export const CHANGE_FEED_PRUNE_EVERY = 100;

/** A learner's answers and ratings change only the review states of their problems; the rest of their inputs stay. */
const ANSWER_EVENTS = new Set(['AnswerSubmitted', 'DifficultyRated']);
const USER_STREAM = 'user-';
const PRACTICE_STREAM = 'practice-';
const CLASS_STREAM = 'class-';

type Data = Record<string, unknown>;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value.toLowerCase() : undefined);

/** What a batch of events changed (ids lower-cased, each listed once). */
export function changesOf(events: readonly RecordedEvent[]): BatchChanges {
  const learners = new Map<string, { problems: Set<string>; other: boolean }>();
  const created = new Set<string>();
  const answered = new Set<string>();
  const sets = new Set<string>();
  const users = new Set<string>();
  const practising = new Set<string>();
  const classes = new Set<string>();
  let everyone = false;
  const learner = (id: string) => {
    let entry = learners.get(id);
    if (!entry) learners.set(id, (entry = { problems: new Set(), other: false }));
    return entry;
  };
  for (const event of events) {
    const data = (event.data ?? {}) as Data;
    const problemId = text(data.problemId) ?? text(data.problem_id);
    if (event.type === 'ProblemCreated' && problemId) created.add(problemId);
    if (ANSWER_EVENTS.has(event.type) && problemId) answered.add(problemId);
    const setId = text(data.setId);
    if (setId && event.type.startsWith('Question')) sets.add(setId);
    if (event.streamId.startsWith(USER_STREAM)) users.add(event.streamId.slice(USER_STREAM.length).toLowerCase());
    if (event.type.startsWith('AuthSession') && text(data.userId)) users.add(text(data.userId)!);
    if (event.streamId.startsWith(PRACTICE_STREAM)) practising.add(event.streamId.slice(PRACTICE_STREAM.length).toLowerCase());
    if (event.streamId.startsWith(CLASS_STREAM)) classes.add(event.streamId.slice(CLASS_STREAM.length).toLowerCase());
    const field = QUEUE_INPUT_EVENTS[event.type];
    if (field === undefined) continue;
    if (field === 'everyone') {
      everyone = true;
      continue;
    }
    const named = field === 'studentIds' ? (Array.isArray(data.studentIds) ? data.studentIds.map(text) : []) : [text(data[field])];
    for (const id of named) {
      if (!id) continue;
      const entry = learner(id);
      if (ANSWER_EVENTS.has(event.type) && problemId) entry.problems.add(problemId);
      else entry.other = true;
    }
  }
  return {
    learners: Object.fromEntries([...learners].map(([id, entry]) => [id, { problems: [...entry.problems], other: entry.other }])),
    everyone,
    problemsCreated: [...created],
    problemsAnswered: [...answered],
    questionSets: [...sets],
    users: [...users],
    practising: [...practising],
    classes: [...classes],
  };
}

/**
 * The batch's positions as inclusive ranges, in ascending order ([[first, last], …] as decimal
 * strings): a waiting read finds its `x-min-position` among them without asking the database.
 */
export function positionRanges(events: readonly RecordedEvent[]): [string, string][] {
  const positions = events.map((event) => event.position).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const ranges: [bigint, bigint][] = [];
  for (const position of positions) {
    const last = ranges.at(-1);
    if (last && position === last[1] + 1n) last[1] = position;
    else if (!last || position > last[1]) ranges.push([position, position]);
  }
  return ranges.map(([first, last]) => [first.toString(), last.toString()]);
}

/** PostgreSQL's NOTIFY payload limit is 8,000 bytes; the sequence number is added in SQL. */
const NOTIFY_LIMIT = 7_900;

/**
 * The checkpoint notification's JSON after its leading `{"seq":N,` (which the batch's statement
 * writes, as only it knows the number): the checkpoint, the batch's position ranges and its
 * changes. What does not fit is left out (`null`): a listener then reads the change_feed row, or
 * looks the position up.
 */
export function notificationTail(position: bigint, ranges: [string, string][] | null, changes: BatchChanges | null): string {
  const tail = (withRanges: typeof ranges, withChanges: typeof changes) =>
    JSON.stringify({ position: position.toString(), ranges: withRanges, changes: withChanges }).slice(1);
  for (const candidate of [tail(ranges, changes), tail(ranges, null), tail(null, null)]) {
    if (Buffer.byteLength(candidate) + 40 <= NOTIFY_LIMIT) return candidate;
  }
  return tail(null, null);
}
