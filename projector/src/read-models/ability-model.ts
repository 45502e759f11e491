import {
  KNOWLEDGE_MODEL_PARAMETERS,
  isTopicMastered,
  knowledgeOutcome,
  predictCorrect,
  problemDifficultyPrior,
  problemsMastered,
  rateKnowledge,
  recordSuccessDay,
  rateProblemDifficulty,
  topicPredictedSuccess,
  updateKnowledge,
  updateProblemDifficulty,
  type LearnerKnowledge,
  type RecordedEvent,
  type TopicKnowledge,
} from '@mathdaily/domain';
import type { BatchContext } from '../batch-context.ts';
import { defineReadModel, isUuid, type TablesOf } from '../read-model.ts';
import { abilityModelTables } from '../tables/ability-model.ts';
import type { RowInput } from '../tables/index.ts';

type Tables = TablesOf<typeof abilityModelTables>;
type TopicRow = RowInput<'ability_student_topics'>;

/**
 * The domain's knowledge model (docs/knowledge-model.md) answer by answer: the student's state
 * over all topics and their state per topic (`state` as the domain keeps it; `answers` and
 * `correct` copied for people, where `correct` counts what the model counts as a success: right
 * without a hint, `knowledgeOutcome`), and each problem's difficulty within its topic, learned from
 * the surprise of every answer (`updateProblemDifficulty`) and nudged by ratings. A problem nobody
 * has answered has no row: its difficulty is `problemDifficultyPrior(level)`. The due queue
 * predicts success with `predictCorrect` over these rows and the same parameter file.
 *
 * Topic mastery (docs/learning-model.md §3): after every answer or rating on a topic, the
 * predicted success on its average problem (`predicted_success`), the days with a right unaided
 * answer (`success_days`, the student's calendar) and `isTopicMastered` (evidence across days); the
 * problems counted as mastered are those last answered right while the topic is mastered
 * (`solved`, kept from review-states' facts). `first_answer_date` and `first_mastered_date` give
 * the whole days mastery took. `ability_topic_days` keeps each topic's figures at
 * the end of each local day for the tutor's mastery chart. Achievements get the count through
 * the batch context.
 *
 * Placement answers (PlacementAnswerRecorded) are evidence too: they seed the student's and the
 * topic's states, so a placed student's first session is predicted from what the check saw. They
 * move no problem's difficulty (placement problems are generated, not the bank's) and solve no
 * problem.
 */
export const abilityModel = defineReadModel({
  name: 'ability-model',
  version: 7,
  tables: abilityModelTables,
  handles: ['AnswerSubmitted', 'DifficultyRated', 'PlacementAnswerRecorded'],
  keysFromContext: true,
  keys: (events, context) => {
    // review-states (before this model) names the topic of a rating, which its event does not carry.
    const touched = events.flatMap((event): { userId: string; topicId: string; event: RecordedEvent }[] => {
      if (event.type === 'PlacementAnswerRecorded') {
        const data = event.data;
        return isUuid(data.userId) ? [{ userId: data.userId, topicId: data.topicId, event }] : [];
      }
      const facts = context.reviewFacts.of(event);
      return facts ? [{ userId: event.data.userId, topicId: facts.topicId, event }] : [];
    });
    return {
      ability_students: touched.map((t) => [t.userId]),
      ability_student_topics: touched.map((t) => [t.userId, t.topicId]),
      ability_topic_days: touched.map((t) => [t.userId, t.topicId, context.localDateOf(t.event)]),
      ability_problems: events.flatMap((event) => {
        const problemId = event.type === 'PlacementAnswerRecorded' ? undefined : event.data.problemId;
        return isUuid(problemId) ? [[problemId]] : [];
      }),
    };
  },
  apply(event, tables, context) {
    const params = KNOWLEDGE_MODEL_PARAMETERS;
    const problems = tables.ability_problems;
    if (event.type === 'PlacementAnswerRecorded') {
      const data = event.data;
      if (!isUuid(data.userId)) return;
      const topicRow = tables.ability_student_topics.get(data.userId, data.topicId);
      const learner = tables.ability_students.get(data.userId)?.state;
      const next = updateKnowledge(learner, topicRow?.state, data.topicId, data.isCorrect, false);
      putKnowledge(event, tables, context, {
        userId: data.userId,
        topicId: data.topicId,
        topicName: data.topic,
        row: topicRow,
        next,
        problems: topicRow?.problems ?? 0,
        success: data.isCorrect,
      });
      return;
    }
    const facts = context.reviewFacts.of(event);
    if (event.type === 'AnswerSubmitted') {
      const data = event.data;
      if (!facts || !isUuid(data.userId) || !isUuid(data.problemId)) return context.masteryFacts.set(event, null);
      const learner = tables.ability_students.get(data.userId)?.state;
      const topicRow = tables.ability_student_topics.get(data.userId, data.topicId);
      const topic = topicRow?.state;
      const problem = problems.get(data.problemId);
      const before = {
        difficulty: problem?.difficulty ?? problemDifficultyPrior(params, data.difficultyLevel),
        attempts: problem?.attempts ?? 0,
      };
      const predicted = predictCorrect(params, learner, topic, data.topicId, before.difficulty);
      const success = knowledgeOutcome(data.isCorrect, data.hintsUsed > 0);
      const next = updateKnowledge(learner, topic, data.topicId, success, data.isCorrect && data.hintsUsed > 0);
      const after = updateProblemDifficulty(params, before, predicted, success);
      putKnowledge(event, tables, context, {
        userId: data.userId,
        topicId: data.topicId,
        topicName: data.topic,
        row: topicRow,
        next,
        problems: (topicRow?.problems ?? 0) + (facts.newProblem ? 1 : 0),
        success,
      });
      problems.put({
        problem_id: data.problemId,
        // An existing row keeps its level and rating count.
        difficulty_level: problem?.difficulty_level ?? data.difficultyLevel,
        difficulty: after.difficulty,
        attempts: after.attempts,
        ratings: problem?.ratings ?? 0,
      });
      return;
    }
    const data = event.data;
    const topicRow = facts && isUuid(data.userId) ? tables.ability_student_topics.get(data.userId, facts.topicId) : null;
    // A rating of an answer the model has seen: a signal on the topic (rateKnowledge), which can move mastery.
    if (facts && topicRow) {
      putTopic(event, tables, context, {
        userId: data.userId,
        topicId: facts.topicId,
        topicName: topicRow.topic,
        row: topicRow,
        learner: tables.ability_students.get(data.userId)?.state,
        topic: rateKnowledge(topicRow.state, data.rating),
        problems: topicRow.problems,
        success: false,
      });
    } else {
      context.masteryFacts.set(event, null);
    }
    if (!isUuid(data.problemId)) return;
    // The rated answer created the row (a rating always follows its answer).
    const problem = problems.get(data.problemId);
    if (!problem) return;
    problems.put({
      ...problem,
      difficulty: rateProblemDifficulty(params, { difficulty: problem.difficulty, attempts: problem.attempts }, data.rating),
      ratings: problem.ratings + 1,
    });
  },
});

/** An answer's new learner and topic states: the learner's row, then the topic's (putTopic). */
function putKnowledge(
  event: RecordedEvent,
  tables: Tables,
  context: BatchContext,
  update: {
    userId: string;
    topicId: string;
    topicName: string;
    row: TopicRow | null | undefined;
    next: { learner: LearnerKnowledge; topic: TopicKnowledge };
    problems: number;
    success: boolean;
  },
): void {
  const { next } = update;
  tables.ability_students.put({ user_id: update.userId, answers: next.learner.answers, correct: next.learner.successes, state: next.learner });
  putTopic(event, tables, context, {
    userId: update.userId,
    topicId: update.topicId,
    topicName: update.topicName,
    row: update.row,
    learner: next.learner,
    topic: next.topic,
    problems: update.problems,
    success: update.success,
  });
}

/**
 * Writes a topic's new state with its mastery (predicted success right after this event, the
 * days with a right unaided answer counting `success` on this event's day), the day's row for the
 * tutor chart, and hands the mastered-problem count to achievements.
 */
function putTopic(
  event: RecordedEvent,
  tables: Tables,
  context: BatchContext,
  next: {
    userId: string;
    topicId: string;
    topicName: string;
    row: TopicRow | null | undefined;
    learner: LearnerKnowledge | undefined;
    topic: TopicKnowledge;
    problems: number;
    /** A right, unaided answer: evidence for the day. */
    success: boolean;
  },
): void {
  // A placement answer has no review facts (review-states ignores it): it solves no problem of the bank.
  const facts = event.type === 'PlacementAnswerRecorded' ? null : context.reviewFacts.of(event);
  const row = next.row;
  const at = event.metadata.at;
  const day = context.localDateOf(event);
  const predictedSuccess = topicPredictedSuccess(KNOWLEDGE_MODEL_PARAMETERS, next.learner, next.topic, next.topicId);
  const evidence = recordSuccessDay(
    { days: row?.success_days ?? 0, last: row?.last_success_date ?? null },
    day,
    next.success,
  );
  const mastered = isTopicMastered({
    answers: next.topic.answers,
    predictedSuccess,
    successDays: evidence.days,
    wasMastered: row?.mastered ?? false,
  });
  const solved = (row?.solved ?? 0) + (facts ? Number(facts.solvedAfter) - Number(facts.solvedBefore) : 0);
  const mastery = problemsMastered(mastered, solved);
  tables.ability_student_topics.put({
    user_id: next.userId,
    topic_id: next.topicId,
    topic: next.topicName,
    answers: next.topic.answers,
    correct: next.topic.successes,
    state: next.topic,
    predicted_success: predictedSuccess,
    mastered,
    problems: next.problems,
    solved,
    problems_mastered: mastery,
    first_answer_at: row?.first_answer_at ?? at,
    first_mastered_at: row?.first_mastered_at ?? (mastered ? at : null),
    success_days: evidence.days,
    last_success_date: evidence.last,
    first_answer_date: row?.first_answer_date ?? day,
    first_mastered_date: row?.first_mastered_date ?? (mastered ? day : null),
  });
  tables.ability_topic_days.put({
    user_id: next.userId,
    topic_id: next.topicId,
    local_date: day,
    topic: next.topicName,
    predicted_success: predictedSuccess,
    mastered,
    problems: next.problems,
    problems_mastered: mastery,
  });
  context.masteryFacts.set(event, { topicId: next.topicId, problemsMastered: mastery });
}
