import { DomainError } from '../errors.ts';
import { algebraTemplates } from './generators/algebra.ts';
import { calculusTemplates } from './generators/calculus.ts';
import { fractionTemplates } from './generators/fractions.ts';
import { geometryTemplates } from './generators/geometry.ts';
import { measurementTemplates } from './generators/measurement.ts';
import { numberTemplates } from './generators/number.ts';
import { powerTemplates } from './generators/powers.ts';
import { statisticsTemplates } from './generators/statistics.ts';
import type { ProblemFigure } from './figures.ts';
import type { Problem } from './problem.ts';
import { createRng, MAX_SEED, mixSeed } from './random.ts';
import type { DifficultyLevel, ProblemTemplate } from './template.ts';
import { findTopic, gradesText, topics, type Topic } from './topics.ts';

/** Every generator template, by area. */
export const problemTemplates: readonly ProblemTemplate[] = [
  ...numberTemplates,
  ...measurementTemplates,
  ...fractionTemplates,
  ...powerTemplates,
  ...algebraTemplates,
  ...geometryTemplates,
  ...statisticsTemplates,
  ...calculusTemplates,
];

const byId = new Map(problemTemplates.map((t) => [t.id, t]));
if (byId.size !== problemTemplates.length) throw new Error('Duplicate problem template ids');

export function getTemplate(templateId: string): ProblemTemplate | undefined {
  return byId.get(templateId);
}

/**
 * The figure of a generated problem, drawn again from its template and seed (the same numbers as
 * its question); null for a tutor's problem, or a template without figures.
 */
export function problemFigure(templateId: string | null, seed: number | null): ProblemFigure | null {
  if (templateId === null || seed === null) return null;
  return byId.get(templateId)?.figure?.(seed) ?? null;
}

const invalid = (message: string, field: string) => new DomainError('VALIDATION_FAILED', message, { [field]: message });

function checkSeed(seed: number): void {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
    throw invalid(`seed must be an integer from 0 to ${MAX_SEED}, got ${String(seed)}`, 'seed');
  }
}

/** One problem from one template. Same template and seed → the same problem. */
export function generateProblem(templateId: string, seed: number, options?: { grade?: number }): Problem {
  const template = byId.get(templateId);
  if (!template) throw invalid(`Unknown problem template '${templateId}'`, 'template_id');
  checkSeed(seed);
  if (options?.grade !== undefined && !template.grades.includes(options.grade)) {
    throw invalid(`Template '${templateId}' is for grades ${template.grades[0]}-${template.grades.at(-1)}, not grade ${options.grade}`, 'grade');
  }
  return template.generate(seed, options);
}

export interface GenerateProblemsOptions {
  /** How many problems, 1-100 (default 1). */
  count?: number;
  /** A topic slug ('linear-equations') or display name ('Linear equations'), any case. */
  topic?: string;
  /** 1-12. */
  grade?: number;
  /**
   * 1-5. When the chosen topic/grade has no template at exactly this difficulty, the nearest
   * difficulty that exists is used (a grade-1 topic has no level-5 problems).
   */
  difficulty?: number;
  seed: number;
}

export const MAX_GENERATE_COUNT = 100;

function checkInt(value: number | undefined, name: string, min: number, max: number): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw invalid(`${name} must be a whole number from ${min} to ${max}, got ${String(value)}`, name);
  }
}

/** The templates that match the filters (before the difficulty fallback). */
export function matchingTemplates(filters: { topic?: string; grade?: number }): { topic: Topic | undefined; templates: ProblemTemplate[] } {
  let topic: Topic | undefined;
  if (filters.topic !== undefined) {
    topic = findTopic(filters.topic);
    if (!topic) {
      throw invalid(`Unknown topic '${filters.topic}'. Known topics: ${topics.map((t) => t.id).join(', ')}`, 'topic');
    }
    if (filters.grade !== undefined && !topic.grades.includes(filters.grade)) {
      throw invalid(`Topic '${topic.name}' is practised in ${gradesText(topic.grades)}, not grade ${filters.grade}`, 'grade');
    }
  }
  const templates = problemTemplates.filter(
    (t) => (!topic || t.topic_id === topic.id) && (filters.grade === undefined || t.grades.includes(filters.grade)),
  );
  return { topic, templates };
}

/**
 * Problems picked deterministically from the filters: the same options always give the same
 * problems. Templates are visited in a seeded order so that a batch mixes templates before
 * repeating one; each problem gets its own seed derived from `seed`.
 */
export function generateProblems(options: GenerateProblemsOptions): Problem[] {
  const count = options.count ?? 1;
  checkInt(count, 'count', 1, MAX_GENERATE_COUNT);
  checkInt(options.grade, 'grade', 1, 12);
  checkInt(options.difficulty, 'difficulty', 1, 5);
  checkSeed(options.seed);
  const { templates } = matchingTemplates(options);
  if (templates.length === 0) throw invalid('No problem templates match these filters', 'topic');
  let pool = templates;
  if (options.difficulty !== undefined) {
    const target = options.difficulty;
    const nearest = Math.min(...templates.map((t) => Math.abs(t.difficulty - target)));
    pool = templates.filter((t) => Math.abs(t.difficulty - target) === nearest);
  }
  const rng = createRng(options.seed);
  const problems: Problem[] = [];
  let order: ProblemTemplate[] = [];
  for (let i = 0; i < count; i++) {
    if (order.length === 0) order = rng.shuffle(pool);
    const template = order.pop() as ProblemTemplate;
    const grade = options.grade ?? rng.pick(template.grades);
    problems.push(template.generate(mixSeed(options.seed, i + 1), { grade }));
  }
  return problems;
}

/** The topic catalog, optionally only the topics practised in one grade. */
export function listTopics(filters?: { grade?: number }): Topic[] {
  checkInt(filters?.grade, 'grade', 1, 12);
  const grade = filters?.grade;
  return topics.filter((t) => grade === undefined || t.grades.includes(grade));
}

export type { DifficultyLevel };
