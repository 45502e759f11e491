import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { LearnerKnowledge, TopicKnowledge } from '@mathdaily/domain';
import { LruMap } from '@mathdaily/event-store';
import type { PreparedQueries } from '../prepared-queries.ts';
import { READ_MODELS_STATE, UUID_TEXT, type CatalogueView } from '../problems/problem-catalogue.ts';
import { atOrBefore, pointOfRow, type Point, type PositionWaiter } from '../wait-for-position.ts';

/**
 * Event types that change what the due queue reads about a learner, and the data field naming
 * the learner(s); 'everyone' when the event does not say whom (a question set's questions change
 * for every student it was given to). Every other type changes nobody's queue inputs; a test
 * checks that each type the queue's read models handle is listed here or there on purpose.
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
};

const QUEUE_TYPES = Object.keys(QUEUE_INPUT_EVENTS);
const EVERYONE_TYPES = QUEUE_TYPES.filter((type) => QUEUE_INPUT_EVENTS[type] === 'everyone');

/**
 * Rows kept over all learners: each learner's inputs hold a review row (~600 bytes) per problem due
 * by the end of their day and an id (~100 bytes) per problem they answered; at most ~90 MB. A
 * learner with more than this on their own is read every time.
 */
const ROWS_HELD = 150_000;

/**
 * Inputs this many events or fewer behind are brought up to date by reading what changed since
 * (`readChanges`); older ones are read whole. It bounds the events the change read scans.
 */
const CHANGES_SCANNED = 2_000;

/** The events that change a learner's review states, and nothing of theirs the queue reads but what `readChanges` reads again. */
const ANSWER_EVENTS = ['AnswerSubmitted', 'DifficultyRated'];

/** A review state as the queue uses it, times as epoch milliseconds (the response shows them as ISO text). */
export interface ReviewInput {
  problem_id: string;
  topic_id: string;
  dueMs: number;
  lastReviewMs: number | null;
  card_state: string;
  consecutive_correct: number;
  reps: number;
  lapses: number;
  stability: number;
  difficulty: number;
  review_attempts: number;
  correct_attempts: number;
  last_is_correct: boolean;
  /** Last answer right, in a topic the knowledge model counts as mastered. */
  mastered: boolean;
}

/** What the due queue reads about a learner, as of one read-model checkpoint, for one calendar day of theirs. */
export interface LearnerInputs {
  at: Point;
  fingerprint: string;
  /** The learner has a profile (read model learner_profiles). */
  known: boolean;
  gradeLevel: number | null;
  /** The learner's day (local midnights in their time zone) the row was read in: the due rule's "today". */
  startOfToday: number;
  startOfTomorrow: number;
  /** The review states due before the end of that day (later ones cannot be due before the inputs end), by due time then problem id. */
  reviews: readonly ReviewInput[];
  /** Every problem the learner answered. */
  attempted: ReadonlySet<string>;
  learnerState: LearnerKnowledge | undefined;
  topicStates: Readonly<Record<string, TopicKnowledge>>;
  answers: number;
  /** Problems of question sets the learner's active tutors gave them, not attempted yet, oldest set first. */
  assigned: readonly string[];
  /** The new-problem choice for one catalogue view (it depends on nothing else that can change). */
  selection?: { view: CatalogueView; chosen: unknown };
}

const LEARNING_STATES = new Set(['Learning', 'Relearning']);

/**
 * The due reviews at `now`: FSRS due before the end of the learner's today and not already
 * reviewed today, except a problem missed today in its FSRS learning step, due again once the step
 * has passed — the rule of `dueToday` (learning-figures.ts), which the progress figures use in SQL.
 */
export function reviewsDue(inputs: LearnerInputs, now: Date): ReviewInput[] {
  const nowMs = now.getTime();
  return inputs.reviews.filter(
    (review) =>
      review.dueMs < inputs.startOfTomorrow &&
      ((review.lastReviewMs !== null && review.lastReviewMs < inputs.startOfToday) || (LEARNING_STATES.has(review.card_state) && review.dueMs <= nowMs)),
  );
}

const stateRow = z.object({ fingerprint: z.string(), position: z.string(), transaction_id: z.string().nullable() });
/** `learners`: each learner named, with the point of the last event naming them. */
const touchesRow = stateRow.extend({ everyone: z.boolean().nullable(), learners: z.array(z.tuple([z.string(), z.string(), z.string()])) });
/** What both reads return: the checkpoint, review rows and `knowledgeOf`'s columns. */
const knowledgeRow = stateRow.extend({
  reviews: z.array(z.unknown()),
  learner_state: z.unknown(),
  topic_states: z.record(z.string(), z.unknown()).nullable(),
  mastered_topics: z.array(z.string()),
  answers: z.coerce.number(),
});
const inputsRow = knowledgeRow.extend({
  known: z.boolean(),
  grade_level: z.number().nullable(),
  start_of_today: z.number(),
  start_of_tomorrow: z.number(),
  attempted: z.array(z.string()),
  assigned: z.array(z.string()),
});
const changesRow = knowledgeRow.extend({ other_changes: z.boolean().nullable() });

/** The knowledge-model inputs of a read's row. */
function knowledgeInputs(row: z.infer<typeof knowledgeRow>): Pick<LearnerInputs, 'learnerState' | 'topicStates' | 'answers'> {
  return {
    learnerState: (row.learner_state ?? undefined) as LearnerKnowledge | undefined,
    topicStates: (row.topic_states ?? {}) as Record<string, TopicKnowledge>,
    answers: row.answers,
  };
}

type ReviewRow = [string, number, number | null, string, number, number, number, number, number, number, number, boolean, string];

function reviewInput(row: ReviewRow, masteredTopics: ReadonlySet<string>): ReviewInput {
  const [problemId, dueMs, lastReviewMs, cardState, consecutiveCorrect, reps, lapses, stability, difficulty, attempts, correctAttempts, lastIsCorrect, topicId] = row;
  return {
    problem_id: problemId,
    topic_id: topicId,
    dueMs,
    lastReviewMs,
    card_state: cardState,
    consecutive_correct: consecutiveCorrect,
    reps,
    lapses,
    stability,
    difficulty,
    review_attempts: attempts,
    correct_attempts: correctAttempts,
    last_is_correct: lastIsCorrect,
    mastered: lastIsCorrect && masteredTopics.has(topicId),
  };
}

/** The order of the queue's reviews: due time, then problem id (PostgreSQL orders uuids as their lower-case text). */
function byDue(a: ReviewInput, b: ReviewInput): number {
  return a.dueMs - b.dueMs || (a.problem_id < b.problem_id ? -1 : a.problem_id > b.problem_id ? 1 : 0);
}

/** One review state's columns as `ReviewRow` (epoch ms; date_part's float, times being whole ms, is a tenth of the query cheaper than extract's numeric). */
const REVIEW_ROW = sql.fragment`json_build_array(
  r.problem_id, round(date_part('epoch', r.due_at) * 1000), round(date_part('epoch', r.last_review_at) * 1000),
  r.card_state, r.consecutive_correct, r.reps, r.lapses, r.stability, r.difficulty, r.attempts, r.correct_attempts,
  r.last_is_correct, r.topic_id)`;

/** The learner's knowledge-model states, topics mastered and answer count: read whole by both reads. */
const knowledgeOf = (user: ReturnType<typeof sql.fragment>) => sql.fragment`
  (SELECT state FROM read_models.ability_students WHERE user_id = ${user}) AS learner_state,
  t.topic_states, t.mastered_topics,
  (SELECT coalesce(sum(answers), 0)::int8 FROM read_models.practice_days WHERE user_id = ${user}) AS answers`;
const topicsOf = (user: ReturnType<typeof sql.fragment>) => sql.fragment`
  LATERAL (
    SELECT json_object_agg(topic_id, state) AS topic_states, coalesce(json_agg(topic_id) FILTER (WHERE mastered), '[]'::json) AS mastered_topics
    FROM read_models.ability_student_topics WHERE user_id = ${user}) t`;

interface Entry {
  inputs: LearnerInputs;
  /** False once events since `inputs.at` touched the learner: kept only to be brought up to date. */
  current: boolean;
}

/**
 * The due queue's per-learner inputs in memory, so a queue request costs no query while nothing
 * of the learner changed (docs/command-path.md, "The due queue"). An entry is the read models at
 * its checkpoint `at`. When the waiter's checkpoint moves, one query shared by every request reads
 * the events between (PostgreSQL store: `public.events` in reading order, as the problem catalogue
 * does) and marks the entries of the learners they touch (`QUEUE_INPUT_EVENTS`) not current: such an
 * entry is only the base that `readChanges` brings up to date. With EventStoreDB (no events table)
 * and after a rebuild (fingerprint) every entry is dropped. An entry read before
 * the touches already applied is used once and not kept, so a kept entry never misses a touch. An
 * entry also ends with the learner's day: "today" comes from PostgreSQL's time-zone rules.
 */
export class LearnerQueueCache {
  private readonly entries = new LruMap<string, Entry>(ROWS_HELD, ({ inputs }) => inputs.reviews.length + inputs.attempted.size + 1);
  /** Touches are applied up to here. */
  private applied: { at: Point; fingerprint: string } | undefined;
  private catchingUp: Promise<void> | undefined;

  constructor(
    private readonly pool: DatabasePool,
    private readonly prepared: PreparedQueries,
    private readonly eventsInPostgres: boolean,
  ) {}

  /**
   * The learner's inputs, as fresh as `checkpoint` at least, for the learner's day at `now`.
   * `ownWrite`: the point of the caller's `x-min-position` (an event it just caused): inputs from
   * before it are brought up to date at once, without waiting for the catch-up that would find them touched.
   */
  async inputsOf(userId: string, now: Date, checkpoint: Point, ownWrite: Point | null = null): Promise<LearnerInputs> {
    // Keys as the events write ids (PostgreSQL compares uuids case-insensitively; a URL may not).
    const key = userId.toLowerCase();
    const nowMs = now.getTime();
    const today = (inputs: LearnerInputs) => nowMs >= inputs.startOfToday && nowMs < inputs.startOfTomorrow;
    const usable = (entry: Entry | undefined): entry is Entry =>
      entry !== undefined && entry.current && today(entry.inputs) && (ownWrite === null || atOrBefore(ownWrite, entry.inputs.at));
    if (usable(this.entries.get(key))) {
      // At most two catch-ups: one that started before the checkpoint moved may not include it.
      for (let attempt = 0; attempt < 2 && (!this.applied || !atOrBefore(checkpoint, this.applied.at)); attempt += 1) await this.caughtUp();
      const entry = this.entries.get(key);
      if (usable(entry)) return entry.inputs;
    }
    // A read serves the request whatever the catch-up says; one is started for the next requests
    // (awaited only the first time: until one has run, nothing read can be kept).
    if (!this.applied) await this.caughtUp();
    else if (!atOrBefore(checkpoint, this.applied.at)) void this.caughtUp().catch(() => {});
    const outdated = this.entries.get(key)?.inputs;
    const base = outdated && this.eventsInPostgres && today(outdated) && checkpoint.position - outdated.at.position <= CHANGES_SCANNED ? outdated : undefined;
    const inputs = (base && (await this.readChanges(userId, base))) || (await this.read(userId, now));
    const applied = this.applied;
    if (applied && inputs.fingerprint === applied.fingerprint && atOrBefore(applied.at, inputs.at)) this.entries.set(key, { inputs, current: true });
    return inputs;
  }

  private caughtUp(): Promise<void> {
    this.catchingUp ??= this.catchUp().finally(() => (this.catchingUp = undefined));
    return this.catchingUp;
  }

  private async catchUp(): Promise<void> {
    const applied = this.applied;
    if (!applied || !this.eventsInPostgres) {
      const state = await this.pool.one(sql.type(stateRow)`${READ_MODELS_STATE(this.eventsInPostgres)}`);
      this.entries.clear();
      this.applied = { at: pointOfRow(state), fingerprint: state.fingerprint };
      return;
    }
    // Prepared: on every checkpoint move, and the reads waiting for it wait for this too (it was planned on every run, 0.7 ms).
    const touches = await this.prepared.one('mathdaily-queue-touches', sql.type(touchesRow)`
      WITH c AS MATERIALIZED (${READ_MODELS_STATE(true)}),
      changed AS MATERIALIZED (
        SELECT e.type, e.data, e.transaction_id, e.position
        FROM public.events e, c
        WHERE (e.transaction_id, e.position) > (${applied.at.transactionId.toString()}::xid8, ${applied.at.position.toString()}::bigint)
          AND (e.transaction_id, e.position) <= (c.transaction_id::xid8, c.position::bigint)
          AND e.type = ANY(${sql.array(QUEUE_TYPES, 'text')})
      )
      SELECT c.fingerprint, c.position, c.transaction_id,
        (SELECT bool_or(type = ANY(${sql.array(EVERYONE_TYPES, 'text')})) FROM changed) AS everyone,
        (SELECT coalesce(json_agg(json_build_array(t.id, t.transaction_id::text, t.position::text)), '[]'::json) FROM (
           SELECT DISTINCT ON (l.id) l.id, l.transaction_id, l.position FROM (
             SELECT coalesce(data ->> 'userId', data ->> 'studentId') AS id, transaction_id, position FROM changed
             UNION ALL
             SELECT jsonb_array_elements_text(data -> 'studentIds'), transaction_id, position FROM changed WHERE jsonb_typeof(data -> 'studentIds') = 'array'
           ) l
           WHERE l.id IS NOT NULL
           ORDER BY l.id, l.transaction_id DESC, l.position DESC) t) AS learners
      FROM c`);
    if (touches.transaction_id === null || touches.fingerprint !== applied.fingerprint || touches.everyone) this.entries.clear();
    else {
      for (const [learner, transactionId, position] of touches.learners) {
        const key = learner.toLowerCase();
        const entry = this.entries.get(key);
        // An entry read after the learner's last touch (a read right after their own write) stays current.
        if (entry && !atOrBefore({ transactionId: BigInt(transactionId), position: BigInt(position) }, entry.inputs.at)) entry.current = false;
      }
    }
    this.applied = { at: pointOfRow(touches), fingerprint: touches.fingerprint };
  }

  /** One learner's inputs and the checkpoint they are at, in one statement (one snapshot). */
  private async read(userId: string, now: Date): Promise<LearnerInputs> {
    const user = sql.fragment`${userId}::uuid`;
    const row = await this.prepared.one(`mathdaily-learner-inputs${this.eventsInPostgres ? '' : '-esdb'}`, sql.type(inputsRow)`
      WITH c AS MATERIALIZED (${READ_MODELS_STATE(this.eventsInPostgres)}),
      learner AS MATERIALIZED (
        SELECT p.user_id IS NOT NULL AS known, p.grade_level,
               d.today::timestamp AT TIME ZONE z.tz AS start_of_today,
               (d.today + 1)::timestamp AT TIME ZONE z.tz AS start_of_tomorrow
        FROM (SELECT 1) AS one
        LEFT JOIN read_models.learner_profiles p ON p.user_id = ${user}
        CROSS JOIN LATERAL (SELECT coalesce(p.timezone, 'UTC') AS tz) z
        CROSS JOIN LATERAL (SELECT (${now.toISOString()}::timestamptz AT TIME ZONE z.tz)::date AS today) d
      )
      SELECT c.fingerprint, c.position, c.transaction_id, l.known, l.grade_level,
        (extract(epoch FROM l.start_of_today) * 1000)::float8 AS start_of_today,
        (extract(epoch FROM l.start_of_tomorrow) * 1000)::float8 AS start_of_tomorrow,
        rs.reviews, rs.attempted, ${knowledgeOf(user)},
        (SELECT coalesce(json_agg(q.problem_id ORDER BY q.assigned_at, q.set_id, q.ord), '[]'::json) FROM (
           SELECT e.problem_id, a.assigned_at, a.set_id, e.ord
           FROM read_models.question_set_assignments a
           JOIN read_models.question_sets s ON s.set_id = a.set_id
           JOIN read_models.tutor_students ts ON ts.tutor_id = a.tutor_id AND ts.student_id = a.student_id AND ts.status = 'active'
           CROSS JOIN LATERAL jsonb_array_elements_text(s.problem_ids) WITH ORDINALITY AS e(problem_id, ord)
           WHERE a.student_id = ${user}
             AND NOT EXISTS (SELECT 1 FROM read_models.review_states r WHERE r.user_id = ${user} AND r.problem_id = e.problem_id::uuid)) q) AS assigned
      FROM c, learner l, ${topicsOf(user)},
      -- One pass over the learner's review states gives both lists.
      LATERAL (
        SELECT coalesce(json_agg(${REVIEW_ROW} ORDER BY r.due_at, r.problem_id) FILTER (WHERE r.due_at < l.start_of_tomorrow), '[]'::json) AS reviews,
               coalesce(json_agg(r.problem_id), '[]'::json) AS attempted
        FROM read_models.review_states r
        WHERE r.user_id = ${user}) rs`);
    const masteredTopics = new Set(row.mastered_topics);
    return {
      at: pointOfRow(row),
      fingerprint: row.fingerprint,
      known: row.known,
      gradeLevel: row.grade_level,
      startOfToday: row.start_of_today,
      startOfTomorrow: row.start_of_tomorrow,
      reviews: (row.reviews as ReviewRow[]).map((review) => reviewInput(review, masteredTopics)),
      attempted: new Set(row.attempted),
      ...knowledgeInputs(row),
      assigned: row.assigned,
    };
  }

  /**
   * `base` brought up to the current checkpoint by reading only what its learner's answers and
   * ratings since changed: the review states of those problems, the knowledge-model states and the
   * answer count, with the events between (as the catch-up reads them) in the same snapshot. A whole
   * learner's read scans every review state (~1 ms for a bench student's ~130 due reviews); this
   * reads one or two. Null, for a whole read, when anything else named the learner since (profile,
   * placement, tutor, question set: `QUEUE_INPUT_EVENTS`) or the read models were rebuilt.
   */
  private async readChanges(userId: string, base: LearnerInputs): Promise<LearnerInputs | null> {
    const key = userId.toLowerCase();
    const user = sql.fragment`${key}::uuid`;
    const row = await this.prepared.one('mathdaily-learner-changes', sql.type(changesRow)`
      WITH c AS MATERIALIZED (${READ_MODELS_STATE(true)}),
      touched AS MATERIALIZED (
        SELECT e.type, e.data ->> 'problemId' AS problem_id
        FROM public.events e, c
        WHERE (e.transaction_id, e.position) > (${base.at.transactionId.toString()}::xid8, ${base.at.position.toString()}::bigint)
          AND (e.transaction_id, e.position) <= (c.transaction_id::xid8, c.position::bigint)
          AND e.type = ANY(${sql.array(QUEUE_TYPES, 'text')})
          -- Whom an event names, as the catch-up reads it.
          AND (e.type = ANY(${sql.array(EVERYONE_TYPES, 'text')})
               OR lower(coalesce(e.data ->> 'userId', e.data ->> 'studentId')) = ${key}
               OR (jsonb_typeof(e.data -> 'studentIds') = 'array'
                   AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(e.data -> 'studentIds') s(id) WHERE lower(s.id) = ${key})))
      )
      SELECT c.fingerprint, c.position, c.transaction_id,
        (SELECT bool_or(NOT (type = ANY(${sql.array(ANSWER_EVENTS, 'text')}))) FROM touched) AS other_changes,
        (SELECT coalesce(json_agg(${REVIEW_ROW}), '[]'::json) FROM read_models.review_states r
         -- An array, so that the generic plan looks each one up by key (IN (SELECT …) hashed all of the learner's).
         WHERE r.user_id = ${user} AND r.problem_id = ANY(ARRAY(SELECT problem_id::uuid FROM touched WHERE problem_id ~ ${UUID_TEXT}))) AS reviews,
        ${knowledgeOf(user)}
      FROM c, ${topicsOf(user)}`);
    if (row.other_changes || row.transaction_id === null || row.fingerprint !== base.fingerprint) return null;
    const masteredTopics = new Set(row.mastered_topics);
    const changed = new Map((row.reviews as ReviewRow[]).map((review) => [review[0], reviewInput(review, masteredTopics)]));
    const attempted = new Set(base.attempted);
    for (const problemId of changed.keys()) attempted.add(problemId);
    const reviews = base.reviews
      .filter((review) => !changed.has(review.problem_id))
      .map((review) => {
        const mastered = review.last_is_correct && masteredTopics.has(review.topic_id);
        return review.mastered === mastered ? review : { ...review, mastered };
      })
      .concat([...changed.values()].filter((review) => review.dueMs < base.startOfTomorrow))
      .sort(byDue);
    return {
      ...base,
      at: pointOfRow(row),
      reviews,
      attempted,
      ...knowledgeInputs(row),
      assigned: base.assigned.filter((id) => !attempted.has(id.toLowerCase())),
      selection: undefined,
    };
  }
}

const caches = new WeakMap<PositionWaiter, LearnerQueueCache>();

/** The cache of the read models this waiter follows. */
export function learnerQueueCacheOf(deps: { pool: DatabasePool; prepared: PreparedQueries; waiter: PositionWaiter }): LearnerQueueCache {
  let cache = caches.get(deps.waiter);
  if (!cache) caches.set(deps.waiter, (cache = new LearnerQueueCache(deps.pool, deps.prepared, deps.waiter.eventsInPostgres)));
  return cache;
}
