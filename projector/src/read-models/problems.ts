import { defineReadModel } from '../read-model.ts';
import { problemsTables } from '../tables/problems.ts';

/**
 * The problem bank: one row per ProblemCreated, every field of the problem. Indexed for the
 * filters of GET /api/problems and /api/problems/generate (topic, grade, difficulty, type) and
 * for text search over the question and topic (a stored tsvector with a GIN index).
 */
export const problems = defineReadModel({
  name: 'problems',
  version: 3,
  tables: problemsTables,
  handles: ['ProblemCreated'],
  apply(event, tables) {
    const p = event.data;
    // Replay-safe: a problem is created once; seeing its event again changes nothing (insert-only).
    tables.problems.put({
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
});
