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
  type AnswerSubmittedData,
  type DifficultyRatedData,
  type LearnerKnowledge,
  type PlacementAnswerRecordedData,
  type RecordedEvent,
  type TopicKnowledge,
} from '@mathdaily/domain';
import type { BatchContext } from '../batch-context.ts';
import { type ReadModel, type Row, type Tables, isUuid } from '../read-model.ts';

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
export const abilityModel: ReadModel = {
  name: 'ability-model',
  version: 7,
  tables: [
    {
      name: 'ability_students',
      columns: [
        { name: 'user_id', type: 'uuid' },
        { name: 'answers', type: 'int4' },
        { name: 'correct', type: 'int4' },
        { name: 'state', type: 'jsonb' },
      ],
      primaryKey: ['user_id'],
    },
    {
      name: 'ability_student_topics',
      columns: [
        { name: 'user_id', type: 'uuid' },
        { name: 'topic_id', type: 'text' },
        { name: 'topic', type: 'text' },
        { name: 'answers', type: 'int4' },
        { name: 'correct', type: 'int4' },
        { name: 'state', type: 'jsonb' },
        { name: 'predicted_success', type: 'float8' },
        { name: 'mastered', type: 'bool' },
        /** Problems of the topic answered at least once, and those whose last answer was right. */
        { name: 'problems', type: 'int4' },
        { name: 'solved', type: 'int4' },
        { name: 'problems_mastered', type: 'int4' },
        { name: 'first_answer_at', type: 'timestamptz' },
        { name: 'first_mastered_at', type: 'timestamptz', nullable: true },
        /** Different local days with a right, unaided answer on the topic, and the last of them. */
        { name: 'success_days', type: 'int4' },
        { name: 'last_success_date', type: 'date', nullable: true },
        /** Local dates of the first answer and of the first mastery (mastery time in whole days). */
        { name: 'first_answer_date', type: 'date' },
        { name: 'first_mastered_date', type: 'date', nullable: true },
      ],
      primaryKey: ['user_id', 'topic_id'],
    },
    {
      name: 'ability_topic_days',
      columns: [
        { name: 'user_id', type: 'uuid' },
        { name: 'topic_id', type: 'text' },
        { name: 'local_date', type: 'date' },
        { name: 'topic', type: 'text' },
        { name: 'predicted_success', type: 'float8' },
        { name: 'mastered', type: 'bool' },
        { name: 'problems', type: 'int4' },
        { name: 'problems_mastered', type: 'int4' },
      ],
      primaryKey: ['user_id', 'topic_id', 'local_date'],
    },
    {
      name: 'ability_problems',
      columns: [
        { name: 'problem_id', type: 'uuid' },
        { name: 'difficulty_level', type: 'int2' },
        { name: 'difficulty', type: 'float8' },
        { name: 'attempts', type: 'int4' },
        { name: 'ratings', type: 'int4' },
      ],
      primaryKey: ['problem_id'],
    },
  ],
  handles: ['AnswerSubmitted', 'DifficultyRated', 'PlacementAnswerRecorded'],
  keysFromContext: true,
  keys: (events, context) => {
    // review-states (before this model) names the topic of a rating, which its event does not carry.
    const touched = events.flatMap((event) => {
      if (event.type === 'PlacementAnswerRecorded') {
        const data = event.data as PlacementAnswerRecordedData;
        return isUuid(data.userId) ? [{ userId: data.userId, topicId: data.topicId, event }] : [];
      }
      const facts = context.reviewFactsOf(event);
      return facts ? [{ userId: (event.data as { userId: string }).userId, topicId: facts.topicId, event }] : [];
    });
    return {
      ability_students: touched.map((t) => [t.userId]),
      ability_student_topics: touched.map((t) => [t.userId, t.topicId]),
      ability_topic_days: touched.map((t) => [t.userId, t.topicId, context.localDateOf(t.event)]),
      ability_problems: events.flatMap((event) => {
        const problemId = (event.data as { problemId: unknown }).problemId;
        return isUuid(problemId) ? [[problemId]] : [];
      }),
    };
  },
  apply(event, tables, context) {
    const params = KNOWLEDGE_MODEL_PARAMETERS;
    const problems = tables.ability_problems!;
    if (event.type === 'PlacementAnswerRecorded') {
      const data = event.data as PlacementAnswerRecordedData;
      if (!isUuid(data.userId)) return;
      const topicRow = tables.ability_student_topics!.get(data.userId, data.topicId);
      const learner = tables.ability_students!.get(data.userId)?.state as LearnerKnowledge | undefined;
      const next = updateKnowledge(learner, topicRow?.state as TopicKnowledge | undefined, data.topicId, data.isCorrect, false);
      putKnowledge(event, tables, context, {
        userId: data.userId,
        topicId: data.topicId,
        topicName: data.topic,
        row: topicRow,
        next,
        problems: (topicRow?.problems as number | undefined) ?? 0,
        success: data.isCorrect,
      });
      return;
    }
    const facts = context.reviewFactsOf(event);
    if (event.type === 'AnswerSubmitted') {
      const data = event.data as AnswerSubmittedData;
      if (!facts || !isUuid(data.userId) || !isUuid(data.problemId)) return context.setMasteryFacts(event, null);
      const learner = tables.ability_students!.get(data.userId)?.state as LearnerKnowledge | undefined;
      const topicRow = tables.ability_student_topics!.get(data.userId, data.topicId);
      const topic = topicRow?.state as TopicKnowledge | undefined;
      const problem = problems.get(data.problemId);
      const before = {
        difficulty: (problem?.difficulty as number | undefined) ?? problemDifficultyPrior(params, data.difficultyLevel),
        attempts: (problem?.attempts as number | undefined) ?? 0,
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
        problems: ((topicRow?.problems as number | undefined) ?? 0) + (facts.newProblem ? 1 : 0),
        success,
      });
      problems.put({
        problem_id: data.problemId,
        // An existing row keeps its level and rating count.
        difficulty_level: (problem?.difficulty_level as number | undefined) ?? data.difficultyLevel,
        difficulty: after.difficulty,
        attempts: after.attempts,
        ratings: (problem?.ratings as number | undefined) ?? 0,
      });
      return;
    }
    const data = event.data as DifficultyRatedData;
    const topicRow = facts && isUuid(data.userId) ? tables.ability_student_topics!.get(data.userId, facts.topicId) : null;
    // A rating of an answer the model has seen: a signal on the topic (rateKnowledge), which can move mastery.
    if (facts && topicRow) {
      putTopic(event, tables, context, {
        userId: data.userId,
        topicId: facts.topicId,
        topicName: topicRow.topic as string,
        row: topicRow,
        learner: tables.ability_students!.get(data.userId)?.state as LearnerKnowledge | undefined,
        topic: rateKnowledge(topicRow.state as TopicKnowledge, data.rating),
        problems: topicRow.problems as number,
        success: false,
      });
    } else {
      context.setMasteryFacts(event, null);
    }
    if (!isUuid(data.problemId)) return;
    // The rated answer created the row (a rating always follows its answer).
    const problem = problems.get(data.problemId);
    if (!problem) return;
    problems.put({
      ...problem,
      difficulty: rateProblemDifficulty(params, { difficulty: problem.difficulty as number, attempts: problem.attempts as number }, data.rating),
      ratings: (problem.ratings as number) + 1,
    });
  },
};

/** An answer's new learner and topic states: the learner's row, then the topic's (putTopic). */
function putKnowledge(
  event: RecordedEvent,
  tables: Tables,
  context: BatchContext,
  update: {
    userId: string;
    topicId: string;
    topicName: string;
    row: Row | null | undefined;
    next: { learner: LearnerKnowledge; topic: TopicKnowledge };
    problems: number;
    success: boolean;
  },
): void {
  const { next } = update;
  tables.ability_students!.put({ user_id: update.userId, answers: next.learner.answers, correct: next.learner.successes, state: next.learner });
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
    row: Row | null | undefined;
    learner: LearnerKnowledge | undefined;
    topic: TopicKnowledge;
    problems: number;
    /** A right, unaided answer: evidence for the day. */
    success: boolean;
  },
): void {
  // A placement answer has no review facts (review-states ignores it): it solves no problem of the bank.
  const facts = event.type === 'PlacementAnswerRecorded' ? null : context.reviewFactsOf(event);
  const row = next.row;
  const at = event.metadata.at;
  const day = context.localDateOf(event);
  const predictedSuccess = topicPredictedSuccess(KNOWLEDGE_MODEL_PARAMETERS, next.learner, next.topic, next.topicId);
  const evidence = recordSuccessDay(
    { days: (row?.success_days as number | undefined) ?? 0, last: (row?.last_success_date as string | null | undefined) ?? null },
    day,
    next.success,
  );
  const mastered = isTopicMastered({
    answers: next.topic.answers,
    predictedSuccess,
    successDays: evidence.days,
    wasMastered: (row?.mastered as boolean | undefined) ?? false,
  });
  const solved = ((row?.solved as number | undefined) ?? 0) + (facts ? Number(facts.solvedAfter) - Number(facts.solvedBefore) : 0);
  const mastery = problemsMastered(mastered, solved);
  tables.ability_student_topics!.put({
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
    first_answer_at: (row?.first_answer_at as string | undefined) ?? at,
    first_mastered_at: (row?.first_mastered_at as string | null | undefined) ?? (mastered ? at : null),
    success_days: evidence.days,
    last_success_date: evidence.last,
    first_answer_date: (row?.first_answer_date as string | undefined) ?? day,
    first_mastered_date: (row?.first_mastered_date as string | null | undefined) ?? (mastered ? day : null),
  });
  tables.ability_topic_days!.put({
    user_id: next.userId,
    topic_id: next.topicId,
    local_date: day,
    topic: next.topicName,
    predicted_success: predictedSuccess,
    mastered,
    problems: next.problems,
    problems_mastered: mastery,
  });
  context.setMasteryFacts(event, { topicId: next.topicId, problemsMastered: mastery });
}
