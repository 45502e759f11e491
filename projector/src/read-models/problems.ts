import type { ReadModel } from '../read-model.ts';

/** ProblemCreated as this projection reads it (the schema lives in domain/src/problems/events.ts). */
interface ProblemCreatedData {
  problem_id: string;
  topic: string;
  topic_id: string;
  grade: number;
  question: string;
  problem_type: string;
  answer_options: string[] | null;
  correct_answer: string;
  answer_form: unknown;
  hint: string;
  explanation: string;
  difficulty_level: number;
  estimated_time_seconds: number;
  template_id: string | null;
  seed: number | null;
  source: string;
  question_set_id?: string;
}

/**
 * The problem bank: one row per ProblemCreated, every field of the problem. Indexed for the
 * filters of GET /api/problems and /api/problems/generate (topic, grade, difficulty, type) and
 * for text search over the question and topic (a stored tsvector with a GIN index).
 */
export const problems: ReadModel = {
  name: 'problems',
  version: 3,
  tables: [
    {
      name: 'problems',
      columns: [
        { name: 'problem_id', type: 'uuid' },
        { name: 'topic', type: 'text' },
        { name: 'topic_id', type: 'text' },
        { name: 'grade', type: 'int2' },
        { name: 'question', type: 'text' },
        { name: 'problem_type', type: 'text' },
        { name: 'answer_options', type: 'jsonb', nullable: true },
        { name: 'correct_answer', type: 'text' },
        { name: 'answer_form', type: 'jsonb' },
        { name: 'hint', type: 'text' },
        { name: 'explanation', type: 'text' },
        { name: 'difficulty_level', type: 'int2' },
        { name: 'estimated_time_seconds', type: 'int4' },
        { name: 'template_id', type: 'text', nullable: true },
        { name: 'seed', type: 'int8', nullable: true },
        { name: 'source', type: 'text' },
        // A tutor's question-set problem: only students given the set practise it (never the general bank).
        { name: 'question_set_id', type: 'uuid', nullable: true },
        { name: 'created_at', type: 'timestamptz' },
        // The catalogue's order: query-api tops up its in-memory copy from the last position it saw.
        { name: 'position', type: 'int8' },
      ],
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
    },
  ],
  handles: ['ProblemCreated'],
  apply(event, tables) {
    const p = event.data as ProblemCreatedData;
    // Replay-safe: a problem is created once; seeing its event again changes nothing (insert-only).
    tables.problems!.put({
      problem_id: p.problem_id,
      topic: p.topic,
      topic_id: p.topic_id,
      grade: p.grade,
      question: p.question,
      problem_type: p.problem_type,
      answer_options: p.answer_options,
      correct_answer: p.correct_answer,
      answer_form: p.answer_form,
      hint: p.hint,
      explanation: p.explanation,
      difficulty_level: p.difficulty_level,
      estimated_time_seconds: p.estimated_time_seconds,
      template_id: p.template_id,
      seed: p.seed,
      source: p.source,
      question_set_id: p.question_set_id ?? null,
      created_at: event.metadata.at,
      position: event.position,
    });
  },
};
