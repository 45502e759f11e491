/** The problem bank: problem shape, topic catalog, seeded generators and answer checking. */
export {
  type AnswerForm,
  type Problem,
} from './problem.ts';
export { findTopic, getTopic, TOPIC_PREREQUISITES, topics } from './topics.ts';
export { checkAnswer } from './check-answer.ts';
export {
  problemTemplates,
} from './templates.ts';
