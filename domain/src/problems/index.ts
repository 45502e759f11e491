/** The problem bank: problem shape, topic catalog, seeded generators and answer checking. */
export {
  answerFormSchema,
  answerKinds,
  answerRequirements,
  difficultyLevelSchema,
  gradeSchema,
  problemFieldsSchema,
  problemSchema,
  problemTypes,
  topicIdSchema,
  type AnswerForm,
  type AnswerKind,
  type AnswerRequirement,
  type Problem,
  type ProblemType,
} from './problem.ts';
export { findTopic, getTopic, gradesText, prerequisitesOf, TOPIC_PREREQUISITES, topics, type Topic, type TopicStrand } from './topics.ts';
export { checkAnswer, EMPTY_ANSWER_MESSAGE, uncheckableAnswerReason, type AnswerCheck, type CheckableProblem } from './check-answer.ts';
export {
  generateProblem,
  generateProblems,
  getTemplate,
  listTopics,
  matchingTemplates,
  MAX_GENERATE_COUNT,
  problemTemplates,
  type GenerateProblemsOptions,
} from './templates.ts';
export type { DifficultyLevel, ProblemTemplate } from './template.ts';
export { createRng, mixSeed, mulberry32, MAX_SEED, type Rng } from './random.ts';
export { problemCreatedSchema, problemEventSchemas, type ProblemCreated, type ProblemCreatedData } from './events.ts';
