import { z } from 'zod';
import { answerKinds, answerRequirements } from '../problems/problem.ts';
import { isoTime, pagination } from './common.ts';

/** A problem's drawing: an SVG document and its text alternative (domain/src/problems/figures.ts). */
const problemFigure = z.object({ svg: z.string(), alt: z.string() });

/** How an answer is read (domain answerFormSchema), as a learner may see it: without `accept`, the other spellings of a text answer, which are answers too. */
export const shownAnswerForm = z.object({
  kind: z.enum(answerKinds),
  unit: z.string().optional(),
  variables: z.array(z.string()).optional(),
  exact: z.boolean().optional(),
  tolerance: z.number().optional(),
  require: z.enum(answerRequirements).optional(),
});
/** The whole answer form, `accept` included: for those who may see the answer. */
const answerForm = shownAnswerForm.extend({ accept: z.array(z.string()).optional() });

/** What every view of a problem shows: the question as asked, with its figure and options. */
export const askedProblem = z.object({
  id: z.string(),
  topic: z.string(),
  topic_id: z.string(),
  grade: z.number(),
  question: z.string(),
  figure: problemFigure.nullable(),
  problem_type: z.string(),
  answer_options: z.array(z.string()).nullable(),
});

/**
 * SPEC §3 Problem as GET /api/problems answers (query-api/src/problems/problem-row.ts
 * toApiProblem): the answer, explanation, template and seed are null unless the caller may see
 * the answer (answerVisibility), and the answer form then lacks `accept`.
 */
const apiProblem = askedProblem.extend({
  correct_answer: z.string().nullable(),
  answer_form: answerForm,
  hint: z.string(),
  explanation: z.string().nullable(),
  difficulty_level: z.number(),
  estimated_time_seconds: z.number(),
  template_id: z.string().nullable(),
  seed: z.number().nullable(),
  source: z.string(),
  created_at: isoTime,
});

/** A problem whose answer the caller may see (a tutor's own question, an assignment's problem on the tutor's page). */
export const answeredProblem = apiProblem.extend({ correct_answer: z.string(), explanation: z.string() });

/** GET /api/problems/{id}. */
export const problemResponse = z.object({ data: z.object({ problem: apiProblem }) });

/** GET /api/problems?topic&grade&difficulty&type&q&page&limit. */
export const problemsPageResponse = z.object({ data: z.object({ problems: z.array(apiProblem), pagination }) });

/** GET /api/problems/generate. */
export const generatedProblemsResponse = z.object({ data: z.object({ problems: z.array(apiProblem) }) });

/** One topic of GET /api/problems/topics: the catalog's facts and the bank's counts. */
const problemTopic = z.object({
  id: z.string(),
  name: z.string(),
  strand: z.string().nullable(),
  description: z.string().nullable(),
  /** Grades the topic is taught in (the catalog), ascending. */
  grades: z.array(z.number()),
  /** Problems stored for the topic. */
  problemCount: z.number(),
  /** Problems per grade, e.g. { "5": 40, "6": 38 }. */
  problemsByGrade: z.record(z.string(), z.number()),
  /** Problems per difficulty level 1-5. */
  problemsByDifficulty: z.record(z.string(), z.number()),
});
export const problemTopicsResponse = z.object({ data: z.object({ topics: z.array(problemTopic) }) });
