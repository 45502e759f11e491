import { sql } from 'slonik';
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
}

/**
 * The problem bank: one row per ProblemCreated, every field of the problem. Indexed for the
 * filters of GET /api/problems and /api/problems/generate (topic, grade, difficulty, type) and
 * for text search over the question and topic (a stored tsvector with a GIN index).
 */
export const problems: ReadModel = {
  name: 'problems',
  version: 1,
  tables: [
    sql.unsafe`
      CREATE TABLE problems (
        problem_id uuid PRIMARY KEY,
        topic text NOT NULL,
        topic_id text NOT NULL,
        grade smallint NOT NULL,
        question text NOT NULL,
        problem_type text NOT NULL,
        answer_options jsonb,
        correct_answer text NOT NULL,
        answer_form jsonb NOT NULL,
        hint text NOT NULL,
        explanation text NOT NULL,
        difficulty_level smallint NOT NULL,
        estimated_time_seconds integer NOT NULL,
        template_id text,
        seed bigint,
        source text NOT NULL,
        created_at timestamptz NOT NULL,
        search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', topic), 'A') || setweight(to_tsvector('english', question), 'B')
        ) STORED
      )`,
    sql.unsafe`CREATE INDEX problems_topic_grade_difficulty ON problems (topic_id, grade, difficulty_level, problem_id)`,
    sql.unsafe`CREATE INDEX problems_grade_difficulty ON problems (grade, difficulty_level, problem_id)`,
    sql.unsafe`CREATE INDEX problems_difficulty ON problems (difficulty_level, problem_id)`,
    sql.unsafe`CREATE INDEX problems_type ON problems (problem_type, problem_id)`,
    sql.unsafe`CREATE INDEX problems_template_seed ON problems (template_id, seed)`,
    sql.unsafe`CREATE INDEX problems_search ON problems USING gin (search)`,
  ],
  handles: ['ProblemCreated'],
  async apply(tx, event) {
    const p = event.data as ProblemCreatedData;
    // Replay-safe: a problem is created once; seeing its event again changes nothing.
    await tx.query(sql.unsafe`
      INSERT INTO problems (
        problem_id, topic, topic_id, grade, question, problem_type, answer_options, correct_answer, answer_form,
        hint, explanation, difficulty_level, estimated_time_seconds, template_id, seed, source, created_at
      ) VALUES (
        ${p.problem_id}, ${p.topic}, ${p.topic_id}, ${p.grade}, ${p.question}, ${p.problem_type},
        ${p.answer_options === null ? null : sql.jsonb(p.answer_options)}, ${p.correct_answer}, ${sql.jsonb(p.answer_form as never)},
        ${p.hint}, ${p.explanation}, ${p.difficulty_level}, ${p.estimated_time_seconds}, ${p.template_id}, ${p.seed},
        ${p.source}, ${event.metadata.at}
      )
      ON CONFLICT (problem_id) DO NOTHING`);
  },
};
