/**
 * Topic mastery from the knowledge model (docs/learning-model.md §3): a student has mastered a
 * topic when the model predicts, right after their latest answer or rating on it, a success of at
 * least minPredictedSuccess on a problem of average difficulty (`topicPredictedSuccess`), over at
 * least minAnswers answers on it. The projector evaluates it per event (ability-model) so a replay
 * reproduces it; FSRS only schedules reviews.
 */
import { predictCorrect, type KnowledgeModelParameters, type LearnerKnowledge, type TopicKnowledge } from './knowledge-model.ts';

export const TOPIC_MASTERY_RULE = {
  /**
   * 0.8: SPEC's "Advanced" cut-off, above the 0.75 the selector aims new problems at (a student
   * practising at the target is not yet there), and what three right answers in a row give a
   * student with no other history (0.84) — ASSISTments skill builders' own mastery rule.
   */
  minPredictedSuccess: 0.8,
  /** Enough evidence: three answers on the topic (one or two lucky answers never master it). */
  minAnswers: 3,
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

export function isTopicMastered(topic: Pick<TopicKnowledge, 'answers'> | undefined, predictedSuccess: number): boolean {
  return (topic?.answers ?? 0) >= TOPIC_MASTERY_RULE.minAnswers && predictedSuccess >= TOPIC_MASTERY_RULE.minPredictedSuccess;
}

/**
 * Problems counted as mastered in a topic (progress page, tutor charts, Subject Master): those the
 * student last answered right, while the topic is mastered.
 */
export const problemsMastered = (topicMastered: boolean, solvedProblems: number): number => (topicMastered ? solvedProblems : 0);
