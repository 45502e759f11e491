/**
 * Topic mastery (docs/learning-model.md §3): a student has mastered a topic only on evidence across
 * days — right, unaided answers on at least two different days (spaced successes: the knowledge
 * held overnight) — and when the knowledge model predicts, right after their latest answer or
 * rating on it, a success of at least minPredictedSuccess on a problem of average difficulty
 * (`topicPredictedSuccess`), over at least minAnswers answers. Once mastered, a topic stays mastered
 * while the prediction stays at or above keepPredictedSuccess: one slip does not undo days of
 * evidence, two or three misses in a row do. The projector evaluates it per event (ability-model)
 * so a replay reproduces it; FSRS only schedules reviews.
 */
import { knowledgeLogit, predictCorrect, sigmoid, type KnowledgeModelParameters, type LearnerKnowledge, type TopicKnowledge } from './knowledge-model.ts';

export const TOPIC_MASTERY_RULE = {
  /**
   * 0.8: SPEC's "Advanced" cut-off, above the 0.75 the selector aims new problems at (a student
   * practising at the target is not yet there), and what three right answers in a row give a
   * student with no other history (0.84) — ASSISTments skill builders' own mastery rule.
   */
  minPredictedSuccess: 0.8,
  /**
   * A mastered topic is lost below 0.65: a single miss after a run of right answers leaves about
   * 0.75 (kept), two misses in a row fall below (lost). Without the margin one slip emptied the
   * progress page (issue 31: "0 of 30" after one bad session).
   */
  keepPredictedSuccess: 0.65,
  /** Enough evidence: three answers on the topic (one or two lucky answers never master it). */
  minAnswers: 3,
  /** Spaced evidence: right, unaided answers on this many different days (the student's calendar). */
  minSuccessDays: 2,
} as const;

/**
 * The model's probability of a right unaided answer on a problem of average difficulty — the
 * topic's own difficulty (its fitted bias) taken out as a problem's is (`problemDifficulty`): mastery
 * judges what the student knows, so a topic that is harder for everyone is not out of reach (with
 * the bias, a perfect run on a hard topic could never reach the threshold).
 */
export function topicPredictedSuccess(
  params: KnowledgeModelParameters,
  learner: LearnerKnowledge | undefined,
  topic: TopicKnowledge | undefined,
  topicId: string,
): number {
  return predictCorrect(params, learner, topic, topicId, params.topics[topicId]?.bias ?? 0);
}

/**
 * The model's probability of a right unaided answer on a topic the student has not practised yet,
 * over the problems they would meet in it (`difficulties`: each problem's learned difficulty, or
 * its level's prior): the mean of what the due queue predicts for each. Without the problems'
 * difficulties every unpractised topic had the same figure (the student's overall ability), as a
 * new student saw: 52 % on every topic. With none, the topic's average problem.
 */
export function unpractisedTopicSuccess(params: KnowledgeModelParameters, learner: LearnerKnowledge | undefined, topicId: string, difficulties: readonly number[]): number {
  const logit = knowledgeLogit(params, learner, undefined, topicId);
  if (difficulties.length === 0) return sigmoid(logit);
  let sum = 0;
  for (const difficulty of difficulties) sum += sigmoid(logit - difficulty);
  return sum / difficulties.length;
}

/** Days on which the student answered the topic right without a hint (kept per student and topic). */
export interface SuccessDays {
  /** How many different local days. */
  days: number;
  /** The last of them ('YYYY-MM-DD'), null before the first. */
  last: string | null;
}

export const noSuccessDays = (): SuccessDays => ({ days: 0, last: null });

/** One more answer on the topic on `localDate`: a right unaided answer on a new day adds a day. */
export function recordSuccessDay(evidence: SuccessDays, localDate: string, success: boolean): SuccessDays {
  if (!success || evidence.last === localDate) return evidence;
  return { days: evidence.days + 1, last: localDate };
}

export interface MasteryEvidence {
  /** Answers on the topic (the knowledge model's count). */
  answers: number;
  predictedSuccess: number;
  successDays: number;
  /** Mastered before this event: it is kept at the lower threshold. */
  wasMastered: boolean;
}

export function isTopicMastered(evidence: MasteryEvidence): boolean {
  const rule = TOPIC_MASTERY_RULE;
  if (evidence.answers < rule.minAnswers || evidence.successDays < rule.minSuccessDays) return false;
  return evidence.predictedSuccess >= (evidence.wasMastered ? rule.keepPredictedSuccess : rule.minPredictedSuccess);
}

/**
 * Problems counted as mastered in a topic (progress page, tutor charts, Subject Master): those the
 * student last answered right, while the topic is mastered.
 */
export const problemsMastered = (topicMastered: boolean, solvedProblems: number): number => (topicMastered ? solvedProblems : 0);
