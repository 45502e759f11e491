import {
  KNOWLEDGE_MODEL_PARAMETERS,
  knowledgeOutcome,
  predictCorrect,
  problemDifficultyPrior,
  rateProblemDifficulty,
  updateKnowledge,
  updateProblemDifficulty,
  type AnswerSubmittedData,
  type DifficultyRatedData,
  type LearnerKnowledge,
  type TopicKnowledge,
} from '@mathdaily/domain';
import { type ReadModel, isUuid } from '../read-model.ts';

/**
 * The domain's knowledge model (docs/knowledge-model.md) answer by answer: the student's state
 * over all topics and their state per topic (`state` as the domain keeps it; `answers` and
 * `correct` copied for people, where `correct` counts what the model counts as a success: right
 * without a hint, `knowledgeOutcome`), and each problem's difficulty within its topic, learned from
 * the surprise of every answer (`updateProblemDifficulty`) and nudged by ratings. A problem nobody
 * has answered has no row: its difficulty is `problemDifficultyPrior(level)`. The due queue
 * predicts success with `predictCorrect` over these rows and the same parameter file.
 */
export const abilityModel: ReadModel = {
  name: 'ability-model',
  version: 4,
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
        { name: 'answers', type: 'int4' },
        { name: 'correct', type: 'int4' },
        { name: 'state', type: 'jsonb' },
      ],
      primaryKey: ['user_id', 'topic_id'],
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
  handles: ['AnswerSubmitted', 'DifficultyRated'],
  keys: (events) => {
    const answers = events.filter((event) => event.type === 'AnswerSubmitted').map((event) => event.data as AnswerSubmittedData);
    const valid = answers.filter((data) => isUuid(data.userId) && isUuid(data.problemId));
    return {
      ability_students: valid.map((data) => [data.userId]),
      ability_student_topics: valid.map((data) => [data.userId, data.topicId]),
      ability_problems: events.flatMap((event) => {
        const problemId = (event.data as { problemId: unknown }).problemId;
        return isUuid(problemId) ? [[problemId]] : [];
      }),
    };
  },
  apply(event, tables) {
    const params = KNOWLEDGE_MODEL_PARAMETERS;
    const students = tables.ability_students!;
    const topics = tables.ability_student_topics!;
    const problems = tables.ability_problems!;
    if (event.type === 'AnswerSubmitted') {
      const data = event.data as AnswerSubmittedData;
      if (!isUuid(data.userId) || !isUuid(data.problemId)) return;
      const learner = students.get(data.userId)?.state as LearnerKnowledge | undefined;
      const topic = topics.get(data.userId, data.topicId)?.state as TopicKnowledge | undefined;
      const problem = problems.get(data.problemId);
      const before = {
        difficulty: (problem?.difficulty as number | undefined) ?? problemDifficultyPrior(params, data.difficultyLevel),
        attempts: (problem?.attempts as number | undefined) ?? 0,
      };
      const predicted = predictCorrect(params, learner, topic, data.topicId, before.difficulty);
      const success = knowledgeOutcome(data.isCorrect, data.hintsUsed > 0);
      const next = updateKnowledge(learner, topic, data.topicId, success);
      const after = updateProblemDifficulty(params, before, predicted, success);
      students.put({ user_id: data.userId, answers: next.learner.answers, correct: next.learner.successes, state: next.learner });
      topics.put({ user_id: data.userId, topic_id: data.topicId, answers: next.topic.answers, correct: next.topic.successes, state: next.topic });
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
