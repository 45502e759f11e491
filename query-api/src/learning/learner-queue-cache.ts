import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { UUID_PATTERN, type DueQueueInputs, type DueQueueReview, type LearnerKnowledge, type NewProblemSelection, type TopicKnowledge } from '@mathdaily/domain';
import { LruMap } from '@mathdaily/event-store';
import type { MetricsRegistry } from '@mathdaily/api-kit';
import type { PreparedQueries } from '../prepared-queries.ts';
import type { ProblemRow } from '../problems/problem-row.ts';
import { queryMetricsOf, type QueryMetrics } from '../query-metrics.ts';
import { BATCH_SEQ, type CatalogueView } from '../problems/problem-catalogue.ts';
import type { FeedBatch, PositionWaiter } from '../wait-for-position.ts';

/**
 * Rows kept over all learners: each learner's inputs hold a review row (~600 bytes) per problem due
 * by the end of their day and an id (~100 bytes) per problem they answered; at most ~90 MB. A
 * learner with more than this on their own is read every time.
 */
const ROWS_HELD = 150_000;

/** Outdated inputs with answers to more problems than this since are read whole rather than brought up to date. */
const CHANGED_PROBLEMS_READ = 200;

/** Recent batches remembered, to bring inputs read before them up to date when they are stored. */
const BATCHES_KEPT = 512;

/** A review state as the queue uses it, times as epoch milliseconds (the response shows them as ISO text). */
export interface ReviewInput extends DueQueueReview {
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

/** The daily new-problem choice kept with a learner's inputs, for the catalogue view it was made from. */
export type QueueSelection = NewProblemSelection<ProblemRow, CatalogueView>;

/**
 * What the due queue reads about a learner, as of one batch of the change feed, for one calendar
 * day of theirs (local midnights in their time zone, from PostgreSQL's rules): `composeDueQueue`'s
 * inputs. `reviews` holds the review states due before the end of that day (later ones cannot be
 * due before the inputs end); `assigned` first the learner's classes' work (problems not answered
 * since given, soonest due first), then problems of question sets their active tutors gave them,
 * not attempted yet, oldest set first.
 */
export interface LearnerInputs extends DueQueueInputs<ReviewInput, ProblemRow, CatalogueView> {
  /** The change feed batch the inputs include (and everything before it). */
  at: number;
  /** The learner has a profile (read model learner_profiles). */
  known: boolean;
}

/** What both reads return: the batch they saw, review rows and `knowledgeOf`'s columns. */
const knowledgeRow = z.object({
  seq: z.number(),
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
    cardState,
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

/**
 * Problems of the class work set for the learner (class-assignments read model) that they have not
 * answered since it was given, in classes they are still in (not archived) whose tutor they are
 * active with: soonest due first, each assignment's problems in order. Columns as the question
 * sets' part of the `assigned` list, `kind` 0 (class work comes first).
 */
const classWorkOf = (user: ReturnType<typeof sql.fragment>) => sql.fragment`
  SELECT e.problem_id, 0 AS kind, w.due_at AS assigned_at, w.assignment_id::text AS set_id, e.ord
  FROM read_models.assignment_learners l
  CROSS JOIN LATERAL jsonb_each(l.open) o(assignment_id, work)
  JOIN read_models.class_assignments w ON w.assignment_id = o.assignment_id::uuid
  JOIN read_models.classes c ON c.class_id = w.class_id AND c.archived_at IS NULL
  JOIN read_models.class_members m ON m.class_id = w.class_id AND m.student_id = l.student_id
  JOIN read_models.tutor_students ts ON ts.tutor_id = w.tutor_id AND ts.student_id = l.student_id AND ts.status = 'active'
  CROSS JOIN LATERAL jsonb_array_elements_text(o.work->'problemIds') WITH ORDINALITY AS e(problem_id, ord)
  WHERE l.student_id = ${user} AND NOT (o.work->'answers') ? e.problem_id`;

interface Entry {
  inputs: LearnerInputs;
  /** False once batches after `inputs.at` changed the learner: kept only to be brought up to date. */
  current: boolean;
  /** What those batches changed: the problems answered or rated, and whether anything else changed. */
  changedProblems: Set<string>;
  otherChanges: boolean;
}

/**
 * The due queue's per-learner inputs in memory, so a queue request costs no query while nothing
 * of the learner changed (docs/command-path.md, "The due queue"). An entry is the read models as
 * of a batch of the projector's change feed (`inputs.at`). Every batch the waiter hands on names
 * the learners it changed, with the problems they answered or rated (docs/change-feed.md): their
 * entries stop being current and collect what changed, which `readChanges` then reads alone; a
 * learner whose profile, placement, tutor or question sets changed is read whole, and so is
 * everyone after a question set's questions changed or a reset. Nothing is read to learn what
 * changed: the feed says it. Inputs read before batches the cache has already seen are checked
 * against the recent batches when stored. An entry also ends with the learner's day: "today"
 * comes from PostgreSQL's time-zone rules.
 */
export class LearnerQueueCache {
  private readonly entries = new LruMap<string, Entry>(ROWS_HELD, ({ inputs }) => inputs.reviews.length + inputs.attempted.size + 1);
  /** The last batch handed on, and the recent ones (oldest first). */
  private applied = 0;
  private readonly recent: FeedBatch[] = [];

  constructor(
    private readonly prepared: PreparedQueries,
    waiter: PositionWaiter,
    private readonly metrics: QueryMetrics = queryMetricsOf(undefined),
  ) {
    this.applied = waiter.checkpoint.seq;
    waiter.onAdvance((batch) => this.advance(batch));
  }

  private advance(batch: FeedBatch) {
    this.applied = batch.seq;
    this.recent.push(batch);
    if (this.recent.length > BATCHES_KEPT) this.recent.shift();
    if (batch.reset || !batch.changes || batch.changes.everyone) return this.entries.clear();
    for (const [learner, change] of Object.entries(batch.changes.learners)) {
      const entry = this.entries.get(learner);
      if (entry) changeEntry(entry, batch.seq, change);
    }
  }

  /**
   * The learner's inputs, as fresh as batch `seq` at least, for the learner's day at `now`.
   * `ownWrite`: the batch that applied the caller's `x-min-position` (an event it just caused):
   * inputs from before it are read again at once.
   */
  async inputsOf(userId: string, now: Date, seq: number, ownWrite: number | null = null): Promise<LearnerInputs> {
    // Keys as the events write ids (PostgreSQL compares uuids case-insensitively; a URL may not).
    const key = userId.toLowerCase();
    const nowMs = now.getTime();
    const today = (inputs: LearnerInputs) => nowMs >= inputs.startOfToday && nowMs < inputs.startOfTomorrow;
    const entry = this.entries.get(key);
    // Current: no batch the cache has seen since the inputs named the learner. Batches up to `seq`
    // (and the caller's own) reach the cache as the waiter hands them on, before any request sees them.
    const seen = (batch: number | null) => batch === null || batch <= this.applied;
    if (entry?.current && today(entry.inputs) && seen(seq) && seen(ownWrite)) {
      this.metrics.inputs('hit');
      return entry.inputs;
    }
    const base = entry && !entry.current && !entry.otherChanges && today(entry.inputs) && entry.changedProblems.size <= CHANGED_PROBLEMS_READ ? entry : undefined;
    this.metrics.inputs(base ? 'changes' : 'whole');
    const inputs = base ? await this.readChanges(key, base) : await this.read(key, now);
    this.store(key, inputs);
    return inputs;
  }

  /** Keeps the daily new-problem choice made from `inputs` (by `composeDueQueue`) with them, for the learner's next request. */
  keepSelection(inputs: LearnerInputs, selection: QueueSelection | undefined): void {
    if (selection) inputs.selection = selection;
  }

  /** Keeps inputs read as of `inputs.at`, brought level with the batches the cache saw since (when it still has them). */
  private store(key: string, inputs: LearnerInputs) {
    const entry: Entry = { inputs, current: true, changedProblems: new Set(), otherChanges: false };
    if (inputs.at < this.applied) {
      if (!this.recent[0] || this.recent[0].seq > inputs.at + 1) return;
      for (const batch of this.recent) {
        if (batch.seq <= inputs.at) continue;
        if (batch.reset || !batch.changes || batch.changes.everyone) return;
        const change = batch.changes.learners[key];
        if (change) changeEntry(entry, batch.seq, change);
      }
    }
    this.entries.set(key, entry);
  }

  /** One learner's inputs and the batch they are as of, in one statement (one snapshot). */
  private async read(userId: string, now: Date): Promise<LearnerInputs> {
    const user = sql.fragment`${userId}::uuid`;
    const row = await this.prepared.one('mathdaily-learner-inputs', sql.type(inputsRow)`
      WITH learner AS MATERIALIZED (
        SELECT p.user_id IS NOT NULL AS known, p.grade_level,
               d.today::timestamp AT TIME ZONE z.tz AS start_of_today,
               (d.today + 1)::timestamp AT TIME ZONE z.tz AS start_of_tomorrow
        FROM (SELECT 1) AS one
        LEFT JOIN read_models.learner_profiles p ON p.user_id = ${user}
        CROSS JOIN LATERAL (SELECT coalesce(p.timezone, 'UTC') AS tz) z
        CROSS JOIN LATERAL (SELECT (${now.toISOString()}::timestamptz AT TIME ZONE z.tz)::date AS today) d
      )
      SELECT ${BATCH_SEQ} AS seq, l.known, l.grade_level,
        (extract(epoch FROM l.start_of_today) * 1000)::float8 AS start_of_today,
        (extract(epoch FROM l.start_of_tomorrow) * 1000)::float8 AS start_of_tomorrow,
        rs.reviews, rs.attempted, ${knowledgeOf(user)},
        (SELECT coalesce(json_agg(q.problem_id ORDER BY q.kind, q.assigned_at, q.set_id, q.ord), '[]'::json) FROM (
           ${classWorkOf(user)}
           UNION ALL
           SELECT e.problem_id, 1 AS kind, a.assigned_at, a.set_id::text AS set_id, e.ord
           FROM read_models.question_set_assignments a
           JOIN read_models.question_sets s ON s.set_id = a.set_id
           JOIN read_models.tutor_students ts ON ts.tutor_id = a.tutor_id AND ts.student_id = a.student_id AND ts.status = 'active'
           CROSS JOIN LATERAL jsonb_array_elements_text(s.problem_ids) WITH ORDINALITY AS e(problem_id, ord)
           WHERE a.student_id = ${user}
             AND NOT EXISTS (SELECT 1 FROM read_models.review_states r WHERE r.user_id = ${user} AND r.problem_id = e.problem_id::uuid)) q) AS assigned
      FROM learner l, ${topicsOf(user)},
      -- One pass over the learner's review states gives both lists.
      LATERAL (
        SELECT coalesce(json_agg(${REVIEW_ROW} ORDER BY r.due_at, r.problem_id) FILTER (WHERE r.due_at < l.start_of_tomorrow), '[]'::json) AS reviews,
               coalesce(json_agg(r.problem_id), '[]'::json) AS attempted
        FROM read_models.review_states r
        WHERE r.user_id = ${user}) rs`);
    const masteredTopics = new Set(row.mastered_topics);
    return {
      at: row.seq,
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
   * `base` brought up to the last batch the cache has seen by reading only what its learner's
   * answers and ratings since changed: the review states of those problems, the knowledge-model
   * states and the answer count. A whole learner's read scans every review state (~1 ms for a
   * bench student's ~130 due reviews); this reads one or two. The rows are at least as new as that
   * batch; later batches naming the learner make the inputs outdated again.
   */
  private async readChanges(userId: string, base: Entry): Promise<LearnerInputs> {
    const at = this.applied;
    const problems = [...base.changedProblems].filter((id) => UUID_PATTERN.test(id));
    const user = sql.fragment`${userId}::uuid`;
    const row = await this.prepared.one('mathdaily-learner-changes', sql.type(knowledgeRow)`
      SELECT ${BATCH_SEQ} AS seq,
        (SELECT coalesce(json_agg(${REVIEW_ROW}), '[]'::json) FROM read_models.review_states r
         WHERE r.user_id = ${user} AND r.problem_id = ANY(${sql.array(problems, 'uuid')})) AS reviews,
        ${knowledgeOf(user)}
      FROM ${topicsOf(user)}`);
    const previous = base.inputs;
    const masteredTopics = new Set(row.mastered_topics);
    const changed = new Map((row.reviews as ReviewRow[]).map((review) => [review[0], reviewInput(review, masteredTopics)]));
    const attempted = new Set(previous.attempted);
    for (const problemId of changed.keys()) attempted.add(problemId);
    const reviews = previous.reviews
      .filter((review) => !changed.has(review.problem_id))
      .map((review) => {
        const mastered = review.last_is_correct && masteredTopics.has(review.topic_id);
        return review.mastered === mastered ? review : { ...review, mastered };
      })
      .concat([...changed.values()].filter((review) => review.dueMs < previous.startOfTomorrow))
      .sort(byDue);
    return {
      ...previous,
      at: Math.min(at, row.seq),
      reviews,
      attempted,
      ...knowledgeInputs(row),
      // Answered since: a class's work counts answers from when it was given, a set's were never attempted before.
      assigned: previous.assigned.filter((id) => !base.changedProblems.has(id.toLowerCase())),
      selection: undefined,
    };
  }
}

/** A batch after the entry's inputs named its learner: outdated, with what changed. */
function changeEntry(entry: Entry, seq: number, change: { problems: string[]; other: boolean }) {
  if (seq <= entry.inputs.at) return;
  entry.current = false;
  for (const problemId of change.problems) entry.changedProblems.add(problemId);
  if (change.other) entry.otherChanges = true;
}

const caches = new WeakMap<PositionWaiter, LearnerQueueCache>();

/** The cache of the read models this waiter follows. */
export function learnerQueueCacheOf(deps: { pool: DatabasePool; prepared: PreparedQueries; waiter: PositionWaiter; metrics?: MetricsRegistry }): LearnerQueueCache {
  let cache = caches.get(deps.waiter);
  if (!cache) caches.set(deps.waiter, (cache = new LearnerQueueCache(deps.prepared, deps.waiter, queryMetricsOf(deps.metrics))));
  return cache;
}
