import {
  countsAsReview,
  learnerDayOf,
  recordAnswer,
  recordRating,
  type DueFacts,
  type ReviewState,
} from '@mathdaily/domain';
import { defineReadModel, isUuid } from '../read-model.ts';
import type { RowInput } from '../tables/index.ts';
import { reviewStatesTables } from '../tables/review-states.ts';

/** What the domain's due rule reads of a review state. */
const dueFactsOf = (state: ReviewState): DueFacts => ({
  dueMs: Date.parse(state.card.due),
  lastReviewMs: Date.parse(state.lastReviewAt),
  cardState: state.card.state,
});

/**
 * FSRS review state per (student, problem), derived with the domain's `recordAnswer` /
 * `recordRating` (ts-fsrs, event time only): incorrect → Again, correct with a hint → Hard,
 * correct without a hint → by the rating; an answer counts as unrated (Good) at once so the due
 * queue is right immediately, and a later DifficultyRated re-grades that review from the card
 * before it. `state` holds the whole domain ReviewState; the other columns are copies for queries.
 *
 * For the models after it (ability-model, attempts, achievements) it hands over, per event, the
 * topic, whether the answer was a review of a due problem or a new problem, and whether the
 * problem's last answer was right before and after it. Mastery is the knowledge model's
 * (ability-model); FSRS here only schedules reviews.
 */
export const reviewStates = defineReadModel({
  name: 'review-states',
  version: 3,
  tables: reviewStatesTables,
  handles: ['AnswerSubmitted', 'DifficultyRated'],
  keys: (events) => ({
    review_states: events.flatMap((event) => {
      const data = event.data;
      return isUuid(data.userId) && isUuid(data.problemId) ? [[data.userId, data.problemId]] : [];
    }),
  }),
  apply(event, tables, context) {
    const table = tables.review_states;
    const data = event.data;
    if (!isUuid(data.userId) || !isUuid(data.problemId)) return context.reviewFacts.set(event, null);
    const row = table.get(data.userId, data.problemId);
    const before = row ? row.state : null;
    if (event.type === 'AnswerSubmitted') {
      const answer = event.data;
      const at = new Date(event.metadata.at);
      // A review of a problem due that day (a re-ask the same day after a miss is practice).
      const wasReview = before !== null && countsAsReview(dueFactsOf(before), learnerDayOf(at, context.timeZones.of(event)), at.getTime());
      const after = recordAnswer(before, { attemptId: answer.attemptId, isCorrect: answer.isCorrect, hintUsed: answer.hintsUsed === 1 }, at);
      table.put(stateRow(answer.userId, answer.problemId, after, answer));
      context.reviewFacts.set(event, {
        topicId: answer.topicId,
        wasReview,
        newProblem: before === null,
        solvedBefore: before?.lastIsCorrect ?? false,
        solvedAfter: after.lastIsCorrect,
      });
      return;
    }
    if (!row || !before) return context.reviewFacts.set(event, null);
    const after = recordRating(before, { attemptId: event.data.attemptId, rating: event.data.rating });
    table.put(
      stateRow(data.userId, data.problemId, after, {
        topic: row.topic,
        topicId: row.topic_id,
        grade: row.grade,
        difficultyLevel: row.difficulty_level,
      }),
    );
    context.reviewFacts.set(event, {
      topicId: row.topic_id,
      wasReview: false,
      newProblem: false,
      solvedBefore: before.lastIsCorrect,
      solvedAfter: after.lastIsCorrect,
    });
  },
});

function stateRow(
  userId: string,
  problemId: string,
  state: ReviewState,
  problem: { topic: string; topicId: string; grade: number; difficultyLevel: number },
): RowInput<'review_states'> {
  const card = state.card;
  return {
    user_id: userId,
    problem_id: problemId,
    topic: problem.topic,
    topic_id: problem.topicId,
    grade: problem.grade,
    difficulty_level: problem.difficultyLevel,
    state,
    due_at: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    reps: card.reps,
    lapses: card.lapses,
    card_state: card.state,
    consecutive_correct: state.consecutiveCorrect,
    attempts: state.attempts,
    correct_attempts: state.correctAttempts,
    last_attempt_id: state.lastAttemptId,
    last_is_correct: state.lastIsCorrect,
    last_rating: state.lastRating,
    last_review_at: state.lastReviewAt,
    first_attempt_at: state.firstAttemptAt,
  };
}
