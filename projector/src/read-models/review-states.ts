import { sql, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import {
  isMastered,
  localDate,
  recordAnswer,
  recordRating,
  type AnswerSubmittedData,
  type DifficultyRatedData,
  type ReviewState,
} from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';
import { isUuid, timeZoneOf } from './learner-profiles.ts';

/**
 * A review is due on the student's local calendar day: its FSRS due time falls on or before that
 * day, and the problem was not already reviewed that day. The due queue (query-api) uses the same
 * rule in SQL, so "answered a moment ago" is never due again the same day.
 */
export function dueOnLocalDay(state: Pick<ReviewState, 'card' | 'lastReviewAt'>, at: Date, timeZone: string): boolean {
  const today = localDate(at, timeZone);
  return localDate(state.card.due, timeZone) <= today && localDate(state.lastReviewAt, timeZone) < today;
}

/**
 * FSRS review state per (student, problem), derived with the domain's `recordAnswer` /
 * `recordRating` (ts-fsrs, event time only): incorrect → Again, correct with a hint → Hard,
 * correct without a hint → by the rating; an answer counts as unrated (Good) at once so the due
 * queue is right immediately, and a later DifficultyRated re-grades that review from the card
 * before it. `state` holds the whole domain ReviewState; the other columns are copies for queries.
 *
 * The last three columns describe the last event applied to the row (`last_event_position`): was
 * that answer a review of a due problem, and was the problem mastered before it. Read models
 * listed after this one in index.ts read them with `reviewFactsFor` in the same transaction.
 */
export const reviewStates: ReadModel = {
  name: 'review-states',
  version: 1,
  tables: [
    sql.unsafe`
      CREATE TABLE review_states (
        user_id uuid NOT NULL,
        problem_id uuid NOT NULL,
        topic text NOT NULL,
        topic_id text NOT NULL,
        grade smallint NOT NULL,
        difficulty_level smallint NOT NULL,
        state jsonb NOT NULL,
        due_at timestamptz NOT NULL,
        stability double precision NOT NULL,
        difficulty double precision NOT NULL,
        reps integer NOT NULL,
        lapses integer NOT NULL,
        card_state text NOT NULL,
        consecutive_correct integer NOT NULL,
        attempts integer NOT NULL,
        correct_attempts integer NOT NULL,
        last_attempt_id text NOT NULL,
        last_is_correct boolean NOT NULL,
        last_rating smallint,
        last_review_at timestamptz NOT NULL,
        first_attempt_at timestamptz NOT NULL,
        first_mastered_at timestamptz,
        mastered boolean NOT NULL,
        last_event_position bigint NOT NULL,
        last_was_review boolean NOT NULL,
        mastered_before boolean NOT NULL,
        PRIMARY KEY (user_id, problem_id)
      )`,
    sql.unsafe`CREATE INDEX review_states_due ON review_states (user_id, due_at)`,
    sql.unsafe`CREATE INDEX review_states_topic ON review_states (user_id, topic_id)`,
  ],
  handles: ['AnswerSubmitted', 'DifficultyRated'],
  async apply(tx, event) {
    const at = new Date(event.metadata.at);
    if (event.type === 'AnswerSubmitted') {
      const data = event.data as AnswerSubmittedData;
      if (!isUuid(data.userId) || !isUuid(data.problemId)) return;
      const before = await loadState(tx, data.userId, data.problemId);
      const wasReview = before !== null && dueOnLocalDay(before, at, await timeZoneOf(tx, data.userId));
      const after = recordAnswer(before, { attemptId: data.attemptId, isCorrect: data.isCorrect, hintUsed: data.hintsUsed === 1 }, at);
      await save(tx, {
        userId: data.userId,
        problemId: data.problemId,
        problem: { topic: data.topic, topicId: data.topicId, grade: data.grade, difficultyLevel: data.difficultyLevel },
        state: after,
        position: event.position,
        wasReview,
        masteredBefore: before !== null && isMastered(before),
      });
      return;
    }
    if (event.type === 'DifficultyRated') {
      const data = event.data as DifficultyRatedData;
      if (!isUuid(data.userId) || !isUuid(data.problemId)) return;
      const before = await loadState(tx, data.userId, data.problemId);
      if (before === null) return;
      const after = recordRating(before, { attemptId: data.attemptId, rating: data.rating });
      await save(tx, {
        userId: data.userId,
        problemId: data.problemId,
        problem: null,
        state: after,
        position: event.position,
        wasReview: false,
        masteredBefore: isMastered(before),
      });
    }
  },
};

const stateRow = z.object({ state: z.unknown() });

function parseState(value: unknown): ReviewState {
  return (typeof value === 'string' ? JSON.parse(value) : value) as ReviewState;
}

async function loadState(tx: DatabaseTransactionConnection, userId: string, problemId: string): Promise<ReviewState | null> {
  const row = await tx.maybeOne(sql.type(stateRow)`
    SELECT state FROM review_states WHERE user_id = ${userId} AND problem_id = ${problemId} FOR UPDATE`);
  return row ? parseState(row.state) : null;
}

async function save(
  tx: DatabaseTransactionConnection,
  input: {
    userId: string;
    problemId: string;
    /** The problem's facts (from AnswerSubmitted); null keeps the stored ones. */
    problem: { topic: string; topicId: string; grade: number; difficultyLevel: number } | null;
    state: ReviewState;
    position: bigint;
    wasReview: boolean;
    masteredBefore: boolean;
  },
) {
  const { state, problem } = input;
  const card = state.card;
  const mastered = isMastered(state);
  if (problem === null) {
    await tx.query(sql.unsafe`
      UPDATE review_states SET
        state = ${sql.jsonb(state as never)}, due_at = ${card.due}, stability = ${card.stability}, difficulty = ${card.difficulty},
        reps = ${card.reps}, lapses = ${card.lapses}, card_state = ${card.state}, last_rating = ${state.lastRating},
        first_mastered_at = ${state.firstMasteredAt}, mastered = ${mastered},
        last_event_position = ${input.position.toString()}::bigint, last_was_review = ${input.wasReview},
        mastered_before = ${input.masteredBefore}
      WHERE user_id = ${input.userId} AND problem_id = ${input.problemId}`);
    return;
  }
  await tx.query(sql.unsafe`
    INSERT INTO review_states (
      user_id, problem_id, topic, topic_id, grade, difficulty_level, state, due_at, stability, difficulty, reps, lapses,
      card_state, consecutive_correct, attempts, correct_attempts, last_attempt_id, last_is_correct, last_rating,
      last_review_at, first_attempt_at, first_mastered_at, mastered, last_event_position, last_was_review, mastered_before
    ) VALUES (
      ${input.userId}, ${input.problemId}, ${problem.topic}, ${problem.topicId}, ${problem.grade}, ${problem.difficultyLevel},
      ${sql.jsonb(state as never)}, ${card.due}, ${card.stability}, ${card.difficulty}, ${card.reps}, ${card.lapses},
      ${card.state}, ${state.consecutiveCorrect}, ${state.attempts}, ${state.correctAttempts}, ${state.lastAttemptId},
      ${state.lastIsCorrect}, ${state.lastRating}, ${state.lastReviewAt}, ${state.firstAttemptAt}, ${state.firstMasteredAt},
      ${mastered}, ${input.position.toString()}::bigint, ${input.wasReview}, ${input.masteredBefore}
    )
    ON CONFLICT (user_id, problem_id) DO UPDATE SET
      topic = EXCLUDED.topic, topic_id = EXCLUDED.topic_id, grade = EXCLUDED.grade, difficulty_level = EXCLUDED.difficulty_level,
      state = EXCLUDED.state, due_at = EXCLUDED.due_at, stability = EXCLUDED.stability, difficulty = EXCLUDED.difficulty,
      reps = EXCLUDED.reps, lapses = EXCLUDED.lapses, card_state = EXCLUDED.card_state,
      consecutive_correct = EXCLUDED.consecutive_correct, attempts = EXCLUDED.attempts,
      correct_attempts = EXCLUDED.correct_attempts, last_attempt_id = EXCLUDED.last_attempt_id,
      last_is_correct = EXCLUDED.last_is_correct, last_rating = EXCLUDED.last_rating,
      last_review_at = EXCLUDED.last_review_at, first_attempt_at = EXCLUDED.first_attempt_at,
      first_mastered_at = EXCLUDED.first_mastered_at, mastered = EXCLUDED.mastered,
      last_event_position = EXCLUDED.last_event_position, last_was_review = EXCLUDED.last_was_review,
      mastered_before = EXCLUDED.mastered_before`);
}

export interface ReviewFacts {
  topicId: string;
  /** The answer was a review of a problem due that day (not a new problem). */
  wasReview: boolean;
  masteredBefore: boolean;
  masteredAfter: boolean;
}

const factsRow = z.object({
  topic_id: z.string(),
  last_was_review: z.boolean(),
  mastered_before: z.boolean(),
  mastered: z.boolean(),
  last_event_position: z.string(),
});

/**
 * What the review state learned from this very event, for read models applied after review-states
 * in the same batch (index.ts order). Null when the event touched no review state (a rating of an
 * unknown answer). Throws when review-states has not applied this event yet (wrong order in index.ts).
 */
export async function reviewFactsFor(
  tx: DatabaseTransactionConnection,
  event: { position: bigint; type: string },
  userId: string,
  problemId: string,
): Promise<ReviewFacts | null> {
  const row = await tx.maybeOne(sql.type(factsRow)`
    SELECT topic_id, last_was_review, mastered_before, mastered, last_event_position::text AS last_event_position
    FROM review_states WHERE user_id = ${userId} AND problem_id = ${problemId}`);
  // No row: a rating of an answer review-states never saw (nothing changed).
  if (!row && event.type !== 'AnswerSubmitted') return null;
  if (!row || BigInt(row.last_event_position) !== event.position) {
    throw new Error('review-states must apply an event before the read models that read it: list it first in read-models/index.ts');
  }
  return { topicId: row.topic_id, wasReview: row.last_was_review, masteredBefore: row.mastered_before, masteredAfter: row.mastered };
}
