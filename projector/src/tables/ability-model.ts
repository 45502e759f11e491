import type { LearnerKnowledge, TopicKnowledge } from '@mathdaily/domain';
import { column, defineTable } from './define-table.ts';

/** read-models/ability-model.ts */
export const abilityModelTables = [
  defineTable({
    name: 'ability_students',
    columns: {
      user_id: column.uuid(),
      answers: column.int4(),
      correct: column.int4(),
      state: column.jsonb<LearnerKnowledge>(),
    },
    primaryKey: ['user_id'],
  }),
  defineTable({
    name: 'ability_student_topics',
    columns: {
      user_id: column.uuid(),
      topic_id: column.text(),
      topic: column.text(),
      answers: column.int4(),
      correct: column.int4(),
      state: column.jsonb<TopicKnowledge>(),
      predicted_success: column.float8(),
      mastered: column.bool(),
      /** Problems of the topic answered at least once, and those whose last answer was right. */
      problems: column.int4(),
      solved: column.int4(),
      problems_mastered: column.int4(),
      first_answer_at: column.timestamptz(),
      first_mastered_at: column.timestamptz().nullable(),
      /** Different local days with a right, unaided answer on the topic, and the last of them. */
      success_days: column.int4(),
      last_success_date: column.date().nullable(),
      /** Local dates of the first answer and of the first mastery (mastery time in whole days). */
      first_answer_date: column.date(),
      first_mastered_date: column.date().nullable(),
    },
    primaryKey: ['user_id', 'topic_id'],
  }),
  defineTable({
    name: 'ability_topic_days',
    columns: {
      user_id: column.uuid(),
      topic_id: column.text(),
      local_date: column.date(),
      topic: column.text(),
      predicted_success: column.float8(),
      mastered: column.bool(),
      problems: column.int4(),
      problems_mastered: column.int4(),
    },
    primaryKey: ['user_id', 'topic_id', 'local_date'],
  }),
  defineTable({
    name: 'ability_problems',
    columns: {
      problem_id: column.uuid(),
      difficulty_level: column.int2(),
      difficulty: column.float8(),
      attempts: column.int4(),
      ratings: column.int4(),
    },
    primaryKey: ['problem_id'],
  }),
] as const;
