import { sql, type DatabasePool, type FragmentSqlToken } from 'slonik';
import type { Principal } from '@mathdaily/api-kit';
import { z } from 'zod';
import { DomainError } from '@mathdaily/domain';
import { findTopic, gradesText, topics, type Topic } from '@mathdaily/domain/problems/topics';
import { problemFigure } from '@mathdaily/domain/problems/templates';
import { tableRows } from '@mathdaily/projector/tables';

/** A row of read_models.problems as the problem queries select it: every column but the catalogue's `position`. */
export const problemRow = tableRows.problems.omit({ position: true });
export type ProblemRow = z.infer<typeof problemRow>;

export const PROBLEM_COLUMNS = sql.fragment`
  p.problem_id, p.topic, p.topic_id, p.grade, p.question, p.problem_type, p.answer_options, p.correct_answer,
  p.answer_form, p.hint, p.explanation, p.difficulty_level, p.estimated_time_seconds, p.template_id, p.seed,
  p.source, p.question_set_id, p.created_at`;

/** The shared bank: every problem but tutors' question-set problems, which only their students practise. */
export const IN_BANK = sql.fragment`p.question_set_id IS NULL`;

/**
 * A problem as the API returns it (SPEC §3 Problem, snake_case, `id`). The answer and the
 * explanation only when `showAnswer` (see `answerVisibility`); otherwise they are null, and so are
 * the generator's template id and seed (which would regenerate the answer), and the answer form
 * loses its `accept` list (other spellings of a text answer are answers too).
 */
export function toApiProblem(row: ProblemRow, showAnswer: true): ApiProblem & { correct_answer: string; explanation: string };
export function toApiProblem(row: ProblemRow, showAnswer: boolean): ApiProblem;
export function toApiProblem(row: ProblemRow, showAnswer: boolean): ApiProblem {
  return apiProblemOf(row, showAnswer);
}

function apiProblemOf(row: ProblemRow, showAnswer: boolean) {
  const { accept: _accept, ...form } = row.answer_form;
  // Drawn from the template and seed (not stored): the same numbers as the question.
  const figure = problemFigure(row.template_id, row.seed);
  return {
    id: row.problem_id,
    topic: row.topic,
    topic_id: row.topic_id,
    grade: row.grade,
    question: row.question,
    /** An SVG drawing of the problem with its text alternative, or null. */
    figure,
    problem_type: row.problem_type,
    answer_options: row.answer_options,
    correct_answer: showAnswer ? row.correct_answer : null,
    answer_form: showAnswer ? row.answer_form : form,
    hint: row.hint,
    explanation: showAnswer ? row.explanation : null,
    difficulty_level: row.difficulty_level,
    estimated_time_seconds: row.estimated_time_seconds,
    template_id: showAnswer ? row.template_id : null,
    seed: showAnswer ? row.seed : null,
    source: row.source,
    created_at: row.created_at,
  };
}
export type ApiProblem = ReturnType<typeof apiProblemOf>;

/** A topic slug (`fractions`) or name (`Fractions`, any case) → the catalog topic, or a 400 naming the allowed slugs. */
export function resolveTopic(value: string, field = 'topic'): Topic {
  const topic = findTopic(value);
  if (!topic) {
    const message = `Unknown topic '${value}'. Allowed topics (slug or name): ${topics.map((t) => t.id).join(', ')}.`;
    throw new DomainError('VALIDATION_FAILED', message, { [field]: message });
  }
  return topic;
}

/** A topic practised in other grades than the one asked for → 400 naming its grades. */
export function checkTopicGrade(topic: Topic, grade: number | undefined, field = 'grade_level') {
  if (grade === undefined || topic.grades.includes(grade)) return;
  const message = `Topic '${topic.name}' is practised in ${gradesText(topic.grades)}, not grade ${grade}.`;
  throw new DomainError('VALIDATION_FAILED', message, { [field]: message });
}

/** Query-string integer in a range, with one clear message for every way it can be wrong. */
export function intParam(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

/**
 * Query-string text (a repeated parameter is refused, not silently joined). Control characters
 * are never part of a search or a topic name (NUL is refused for every route by api-kit).
 */
export function textParam(name: string, max: number) {
  return z
    .string({ error: `${name} must be given once, as text` })
    .trim()
    .max(max, { error: `${name} must be at most ${max} characters` })
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), { error: `${name} must not contain control characters` });
}

const columnInfo = z.object({ column_name: z.string(), data_type: z.string() });

/**
 * "The caller attempted problem p", when an attempts read model with user_id and problem_id
 * columns exists; null otherwise.
 */
export async function attemptedCondition(pool: DatabasePool, userId: string): Promise<FragmentSqlToken | null> {
  try {
    const columns = await pool.any(sql.type(columnInfo)`
      SELECT column_name, data_type FROM information_schema.columns
      WHERE table_schema = 'read_models' AND table_name = 'attempts' AND column_name IN ('user_id', 'problem_id')`);
    const user = columns.find((c) => c.column_name === 'user_id');
    const problem = columns.find((c) => c.column_name === 'problem_id');
    if (!user || !problem) return null;
    const userMatch = user.data_type === 'uuid' ? sql.fragment`a.user_id = ${userId}::uuid` : sql.fragment`a.user_id::text = ${userId}`;
    const problemMatch = problem.data_type === 'uuid' ? sql.fragment`a.problem_id = p.problem_id` : sql.fragment`a.problem_id = p.problem_id::text`;
    return sql.fragment`EXISTS (SELECT 1 FROM read_models.attempts a WHERE ${userMatch} AND ${problemMatch})`;
  } catch {
    return null;
  }
}

/**
 * Whose answers a caller may read: tutors and admins every problem's; anyone else (a student)
 * only those of problems they have answered, so the answer cannot be read before giving one.
 */
async function answerVisibility(pool: DatabasePool, principal: Principal, problemIds: readonly string[]): Promise<(problemId: string) => boolean> {
  if (principal.role === 'tutor' || principal.role === 'admin') return () => true;
  if (problemIds.length === 0) return () => false;
  const attempted = await attemptedCondition(pool, principal.userId);
  if (!attempted) return () => false;
  const answered = new Set(
    await pool.anyFirst(sql.type(z.object({ problem_id: z.string() }))`
      SELECT p.problem_id::text AS problem_id FROM read_models.problems p
      WHERE p.problem_id = ANY(${sql.array(problemIds, 'uuid')}) AND ${attempted}`),
  );
  return (problemId) => answered.has(problemId);
}

/** The rows as the caller may see them (see answerVisibility). */
export async function visibleProblems(pool: DatabasePool, principal: Principal, rows: readonly ProblemRow[]) {
  const visible = await answerVisibility(pool, principal, rows.map((row) => row.problem_id));
  return rows.map((row) => toApiProblem(row, visible(row.problem_id)));
}
