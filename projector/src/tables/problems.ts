import type { AnswerForm } from '@mathdaily/domain';
import { column, defineTable } from './define-table.ts';

/** read-models/problems.ts */
export const problemsTables = [
  defineTable({
    name: 'problems',
    columns: {
      problem_id: column.uuid(),
      topic: column.text(),
      topic_id: column.text(),
      grade: column.int2(),
      question: column.text(),
      problem_type: column.text(),
      answer_options: column.jsonb<string[]>().nullable(),
      correct_answer: column.text(),
      answer_form: column.jsonb<AnswerForm>(),
      hint: column.text(),
      explanation: column.text(),
      difficulty_level: column.int2(),
      estimated_time_seconds: column.int4(),
      template_id: column.text().nullable(),
      seed: column.int8().nullable(),
      source: column.text(),
      // A tutor's question-set problem: only students given the set practise it (never the general bank).
      question_set_id: column.uuid().nullable(),
      created_at: column.timestamptz(),
      // The catalogue's order: query-api tops up its in-memory copy from the last position it saw.
      position: column.position(),
    },
    generated: [
      `search tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', topic), 'A') || setweight(to_tsvector('english', question), 'B')) STORED`,
    ],
    primaryKey: ['problem_id'],
    insertOnly: true,
    indexes: [
      'problems_topic_grade_difficulty ON (topic_id, grade, difficulty_level, problem_id)',
      'problems_grade_difficulty ON (grade, difficulty_level, problem_id)',
      'problems_difficulty ON (difficulty_level, problem_id)',
      'problems_type ON (problem_type, problem_id)',
      'problems_template_seed ON (template_id, seed)',
      'problems_position ON (position)',
      'problems_search ON USING gin (search)',
    ],
  }),
] as const;
