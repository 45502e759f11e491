import {
  createReviewScheduler,
  isTopicMastered,
  localDate,
  noSuccessDays,
  problemsMastered,
  recordSuccessDay,
  recordAnswer,
  recordRating,
  retrievability,
  type AnswerSubmittedData,
  type DifficultyRatedData,
  type PlacementAnswerRecordedData,
  type RecordedEvent,
  type ReviewScheduler,
  type ReviewState,
  type SuccessDays,
  usableTimeZone,
} from '@mathdaily/domain';
import {
  knowledgeOutcome,
  predictCorrect,
  problemDifficultyPrior,
  rateKnowledge,
  rateProblemDifficulty,
  updateKnowledge,
  updateProblemDifficulty,
  type LearnerKnowledge,
  type TopicKnowledge,
} from '@mathdaily/domain/learning/knowledge-model';
import { isUuid } from '@mathdaily/projector/read-model';
import { topicPredictedSuccess } from '@mathdaily/domain/learning/topic-mastery';
import type { LearningConfig } from './config.ts';

/** The event types the what-if replay reads. */
export const WHAT_IF_EVENT_TYPES = ['AnswerSubmitted', 'DifficultyRated', 'PlacementAnswerRecorded', 'UserRegistered', 'ProfileUpdated'] as const;

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

/** A student's mastery of a topic under one configuration, as ability-model keeps it. */
export interface TopicMasteryState {
  mastered: boolean;
  everMastered: boolean;
  /** Problems of the topic whose last answer was right. */
  solved: number;
  /** Days with a right, unaided answer on the topic (mastery needs evidence across days). */
  successDays: SuccessDays;
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
  /** Per student × topic (same keys as `topics`): the knowledge model's topic mastery. */
  readonly mastery = new Map<string, TopicMasteryState>();
  /** Each student × problem's topic, to find a rating's topic. */
  private readonly topicOf = new Map<string, string>();
  readonly forecasts: Forecast[] = [];
  /** Reviews the schedule asked for, by UTC day of their due time (a rating's re-grade moves one). */
  readonly dueByDay = new Map<string, number>();
  private readonly dueDayOf = new Map<string, string>();
  /** Each student's time zone (as learner-profiles keeps it): success days are their calendar days. */
  private readonly zones = new Map<string, string>();

  constructor(readonly config: LearningConfig) {
    this.scheduler = createReviewScheduler(config.fsrs);
  }

  apply(event: RecordedEvent): void {
    if (event.type === 'AnswerSubmitted') this.answer(event, event.data as AnswerSubmittedData);
    else if (event.type === 'DifficultyRated') this.rating(event, event.data as DifficultyRatedData);
    else if (event.type === 'PlacementAnswerRecorded') this.placementAnswer(event, event.data as PlacementAnswerRecordedData);
    else if (event.type === 'UserRegistered' || event.type === 'ProfileUpdated') {
      const { userId, timezone } = event.data as { userId: string; timezone?: string };
      if (timezone !== undefined && (event.type === 'ProfileUpdated' || !this.zones.has(userId.toLowerCase()))) this.zones.set(userId.toLowerCase(), usableTimeZone(timezone));
    }
  }

  private dayOf(event: RecordedEvent, userId: string): string {
    return localDate(event.metadata.at, this.zones.get(userId.toLowerCase()) ?? 'UTC');
  }

  /** A placement answer is evidence for the knowledge model only (no review, no problem of the bank), as in ability-model. */
  private placementAnswer(event: RecordedEvent, data: PlacementAnswerRecordedData) {
    if (!isUuid(data.userId)) return;
    const next = updateKnowledge(this.learners.get(data.userId.toLowerCase()), this.topics.get(pairKey(data.userId, data.topicId)), data.topicId, data.isCorrect, false);
    this.learners.set(data.userId.toLowerCase(), next.learner);
    this.setTopic(data.userId, data.topicId, next.topic, 0, { day: this.dayOf(event, data.userId), success: data.isCorrect });
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
    const next = updateKnowledge(learner, topic, data.topicId, succeeded, data.isCorrect && data.hintsUsed > 0);
    this.learners.set(data.userId.toLowerCase(), next.learner);
    this.topicOf.set(reviewKey, data.topicId);
    this.setTopic(data.userId, data.topicId, next.topic, Number(after.lastIsCorrect) - Number(before?.lastIsCorrect ?? false), { day: this.dayOf(event, data.userId), success: succeeded });
    this.problems.set(problemKey, updateProblemDifficulty(params, problem, predicted, succeeded));
  }

  /** The topic's new state and its mastery (isTopicMastered on the prediction right after, evidence across days), as ability-model. */
  private setTopic(userId: string, topicId: string, topic: TopicKnowledge, solvedChange: number, evidence: { day: string; success: boolean }) {
    const key = pairKey(userId, topicId);
    this.topics.set(key, topic);
    const predicted = topicPredictedSuccess(this.config.knowledgeModel, this.learners.get(userId.toLowerCase()), topic, topicId);
    const before = this.mastery.get(key);
    const successDays = recordSuccessDay(before?.successDays ?? noSuccessDays(), evidence.day, evidence.success);
    const mastered = isTopicMastered({ answers: topic.answers, predictedSuccess: predicted, successDays: successDays.days, wasMastered: before?.mastered ?? false });
    this.mastery.set(key, { mastered, everMastered: (before?.everMastered ?? false) || mastered, solved: (before?.solved ?? 0) + solvedChange, successDays });
  }

  private rating(event: RecordedEvent, data: DifficultyRatedData) {
    if (!isUuid(data.problemId)) return;
    const reviewKey = pairKey(String(data.userId), data.problemId.toLowerCase());
    const before = isUuid(data.userId) ? this.reviews.get(reviewKey) : undefined;
    if (before) {
      const after = recordRating(before, { attemptId: data.attemptId, rating: data.rating }, this.scheduler);
      this.reviews.set(reviewKey, after);
      if (after.card.due !== before.card.due) this.schedule(reviewKey, after.card.due);
      const topicId = this.topicOf.get(reviewKey)!;
      this.setTopic(String(data.userId), topicId, rateKnowledge(this.topics.get(pairKey(String(data.userId), topicId)), data.rating), 0, {
        day: this.dayOf(event, String(data.userId)),
        success: false,
      });
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

  /** A student × problem counts as mastered when last answered right in a mastered topic (ability-model's rule). */
  problemMastered(key: string): boolean {
    const [userId] = key.split('\u0000') as [string];
    return this.reviews.get(key)!.lastIsCorrect && (this.mastery.get(pairKey(userId, this.topicOf.get(key)!))?.mastered ?? false);
  }

  /** Student × topic pairs that reached mastery at some point and those mastered at the end; problems counted as mastered at the end. */
  masteryFigures(): { topicsEverMastered: number; topicsMasteredAtEnd: number; problemsMasteredAtEnd: number } {
    let topicsEverMastered = 0;
    let topicsMasteredAtEnd = 0;
    let problemsMasteredAtEnd = 0;
    for (const state of this.mastery.values()) {
      if (state.everMastered) topicsEverMastered += 1;
      if (state.mastered) topicsMasteredAtEnd += 1;
      problemsMasteredAtEnd += problemsMastered(state.mastered, state.solved);
    }
    return { topicsEverMastered, topicsMasteredAtEnd, problemsMasteredAtEnd };
  }
}
