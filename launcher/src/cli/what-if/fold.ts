import {
  createReviewScheduler,
  isMastered,
  recordAnswer,
  recordRating,
  retrievability,
  type AnswerSubmittedData,
  type DifficultyRatedData,
  type RecordedEvent,
  type ReviewScheduler,
  type ReviewState,
} from '@mathdaily/domain';
import {
  knowledgeOutcome,
  predictCorrect,
  problemDifficultyPrior,
  rateProblemDifficulty,
  updateKnowledge,
  updateProblemDifficulty,
  type LearnerKnowledge,
  type TopicKnowledge,
} from '@mathdaily/domain/learning/knowledge-model';
import { isUuid } from '@mathdaily/projector/read-model';
import type { LearningConfig } from './config.ts';

/** The event types the what-if replay reads. */
export const WHAT_IF_EVENT_TYPES = ['AnswerSubmitted', 'DifficultyRated'] as const;

const pairKey = (userId: string, other: string) => `${userId.toLowerCase()}\u0000${other}`;
const utcDay = (iso: string) => iso.slice(0, 10);

/** One answer as a configuration saw it coming. */
export interface Forecast {
  position: bigint;
  userId: string;
  problemId: string;
  isCorrect: boolean;
  /** What the knowledge model predicts: right without a hint (`knowledgeOutcome`). */
  succeeded: boolean;
  /** The knowledge model's probability of `succeeded`, before the answer. */
  predicted: number;
  /** FSRS's recall probability when the problem had been answered before, else null. */
  recall: number | null;
  /** First answer of this student to this problem (new practice, chosen against the target). */
  isNew: boolean;
}

/**
 * The learning models of one configuration folded over the practice history in memory — the same
 * domain functions, in the same order, as the live read models `review-states` and `ability-model`
 * (projector/src/read-models/), with this configuration's parameters instead of the product's.
 * The test checks that the live configuration ends where the live read models are.
 */
export class LearningFold {
  readonly scheduler: ReviewScheduler;
  readonly reviews = new Map<string, ReviewState>();
  readonly learners = new Map<string, LearnerKnowledge>();
  readonly topics = new Map<string, TopicKnowledge>();
  readonly problems = new Map<string, { difficulty: number; attempts: number }>();
  readonly forecasts: Forecast[] = [];
  /** Reviews the schedule asked for, by UTC day of their due time (a rating's re-grade moves one). */
  readonly dueByDay = new Map<string, number>();
  private readonly dueDayOf = new Map<string, string>();

  constructor(readonly config: LearningConfig) {
    this.scheduler = createReviewScheduler(config.fsrs);
  }

  apply(event: RecordedEvent): void {
    if (event.type === 'AnswerSubmitted') this.answer(event, event.data as AnswerSubmittedData);
    else if (event.type === 'DifficultyRated') this.rating(event.data as DifficultyRatedData);
  }

  private schedule(key: string, due: string) {
    const previous = this.dueDayOf.get(key);
    if (previous !== undefined) this.dueByDay.set(previous, this.dueByDay.get(previous)! - 1);
    const day = utcDay(due);
    this.dueByDay.set(day, (this.dueByDay.get(day) ?? 0) + 1);
    this.dueDayOf.set(key, day);
  }

  private answer(event: RecordedEvent, data: AnswerSubmittedData) {
    if (!isUuid(data.userId) || !isUuid(data.problemId)) return;
    const at = new Date(event.metadata.at);
    const params = this.config.knowledgeModel;
    const reviewKey = pairKey(data.userId, data.problemId.toLowerCase());
    const before = this.reviews.get(reviewKey) ?? null;
    const learner = this.learners.get(data.userId.toLowerCase());
    const topicKey = pairKey(data.userId, data.topicId);
    const topic = this.topics.get(topicKey);
    const problemKey = data.problemId.toLowerCase();
    const problem = this.problems.get(problemKey) ?? { difficulty: problemDifficultyPrior(params, data.difficultyLevel), attempts: 0 };
    const predicted = predictCorrect(params, learner, topic, data.topicId, problem.difficulty);
    const succeeded = knowledgeOutcome(data.isCorrect, data.hintsUsed > 0);
    this.forecasts.push({
      position: event.position,
      userId: data.userId,
      problemId: data.problemId,
      isCorrect: data.isCorrect,
      succeeded,
      predicted,
      recall: before && before.card.state !== 'New' ? retrievability(before.card, at, this.scheduler) : null,
      isNew: before === null,
    });
    const after = recordAnswer(before, { attemptId: data.attemptId, isCorrect: data.isCorrect, hintUsed: data.hintsUsed === 1 }, at, this.scheduler);
    this.reviews.set(reviewKey, after);
    // This review is done; the next one is what the schedule now asks for.
    this.dueDayOf.delete(reviewKey);
    this.schedule(reviewKey, after.card.due);
    const next = updateKnowledge(learner, topic, data.topicId, succeeded);
    this.learners.set(data.userId.toLowerCase(), next.learner);
    this.topics.set(topicKey, next.topic);
    this.problems.set(problemKey, updateProblemDifficulty(params, problem, predicted, succeeded));
  }

  private rating(data: DifficultyRatedData) {
    if (!isUuid(data.problemId)) return;
    const reviewKey = pairKey(String(data.userId), data.problemId.toLowerCase());
    const before = isUuid(data.userId) ? this.reviews.get(reviewKey) : undefined;
    if (before) {
      const after = recordRating(before, { attemptId: data.attemptId, rating: data.rating }, this.scheduler);
      this.reviews.set(reviewKey, after);
      if (after.card.due !== before.card.due) this.schedule(reviewKey, after.card.due);
    }
    const problemKey = data.problemId.toLowerCase();
    const problem = this.problems.get(problemKey);
    if (problem) this.problems.set(problemKey, { ...problem, difficulty: rateProblemDifficulty(this.config.knowledgeModel, problem, data.rating) });
  }

  /** Each student × problem's review state, with its ids. */
  *reviewStates(): Generator<{ key: string; userId: string; problemId: string; state: ReviewState }> {
    for (const [key, state] of this.reviews) {
      const [userId, problemId] = key.split('\u0000') as [string, string];
      yield { key, userId, problemId, state };
    }
  }

  /** Pairs that reached mastery at some point, and those mastered at the end of the history. */
  mastery(): { everMastered: number; masteredAtEnd: number } {
    let everMastered = 0;
    let masteredAtEnd = 0;
    for (const state of this.reviews.values()) {
      if (state.firstMasteredAt !== null) everMastered += 1;
      if (isMastered(state)) masteredAtEnd += 1;
    }
    return { everMastered, masteredAtEnd };
  }
}
