import { z } from 'zod';

/** How a student answers: pick one option, or type a response of one of these kinds. */
export const problemTypes = [
  'multiple_choice',
  'numeric',
  'algebra',
  'geometry',
  'calculus',
  'statistics',
  'probability',
  'text',
] as const;
export type ProblemType = (typeof problemTypes)[number];

/**
 * What `checkAnswer` compares (see docs/answer-checking.md for the full rules):
 * - number: one number within `tolerance` (default 0.001); fractions, mixed numbers, `x = 3` accepted.
 * - exact_fraction: a rational number compared exactly (`1/3` yes, `0.333` no; `0.5` = `1/2`).
 * - exact: an exact constant such as `3sqrt(2)` or `4pi`; decimal approximations rejected.
 * - expression: an algebraic expression, compared by value at many points.
 * - equation: an equation, any equivalent rearrangement (`y = 2x + 1` = `2x + 1 = y`).
 * - equation_solution: the value(s) of `variables[0]`, in any order (`x = 3`, `3`, `x = 2 or x = -3`).
 * - point: an ordered pair `(3, -2)`, or `x = 3, y = -2` when `variables` are given.
 * - inequality: `x > 4`, also written `4 < x`.
 * - percent: a percentage; `25%` and `25` accepted, `0.25` rejected with a hint to write a percentage.
 * - ratio: `2:3`, proportional ratios accepted unless `require: 'simplest'`.
 * - standard_form: `a × 10^n` with 1 ≤ |a| < 10.
 * - time: a clock time `h:mm` (12- or 24-hour).
 * - antiderivative: an indefinite integral; any constant, but a `+ C` must be written.
 * - text: trimmed, case-insensitive, whitespace collapsed; `accept` lists other spellings.
 * - choice: multiple choice, exact match with the correct option.
 */
export const answerKinds = [
  'number',
  'exact_fraction',
  'exact',
  'expression',
  'equation',
  'equation_solution',
  'point',
  'inequality',
  'percent',
  'ratio',
  'standard_form',
  'time',
  'antiderivative',
  'text',
  'choice',
] as const;

/** Extra conditions on how an answer is written, on top of having the right value. */
export const answerRequirements = [
  'simplest', // a fraction (or ratio) in lowest terms, written as a fraction, integer or mixed number
  'fraction', // written as a single fraction a/b (or an integer)
  'mixed_number', // written as a mixed number `2 3/4` (or an integer)
  'decimal', // written as a decimal number
  'expanded', // brackets multiplied out and like terms collected
  'factorised', // written as a product, fully factorised
  'simplified', // like terms collected, no leftover arithmetic
  'surd_simplest', // every square root has a square-free integer inside
  'rationalised', // no square root in a denominator
] as const;

export const answerFormSchema = z.object({
  kind: z.enum(answerKinds),
  /** The unit the answer is measured in, e.g. 'cm', 'cm²', '°', '£', 'minutes'. Optional in answers. */
  unit: z.string().min(1).max(20).optional(),
  /** Variables of an expression / the unknowns of a solution or a point, e.g. ['x'] or ['x', 'y']. */
  variables: z.array(z.string().regex(/^[a-zA-Z]$/)).max(4).optional(),
  /** equation_solution and point: compare values exactly (rationals) instead of within a tolerance. */
  exact: z.boolean().optional(),
  /** number, percent, equation_solution, point: absolute tolerance, default 0.001. */
  tolerance: z.number().nonnegative().optional(),
  require: z.enum(answerRequirements).optional(),
  /** text: other accepted spellings. */
  accept: z.array(z.string().min(1)).max(20).optional(),
});
export type AnswerForm = z.infer<typeof answerFormSchema>;

const difficultyLevelSchema = z.number().int().min(1).max(5);
const gradeSchema = z.number().int().min(1).max(12);
const topicIdSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'topic_id must be a lower-case slug');

/** The fields of a problem, without the cross-field rules (so event schemas can extend it). */
export const problemFieldsSchema = z.object({
  topic: z.string().min(1).max(100),
  topic_id: topicIdSchema,
  grade: gradeSchema,
  /** Text with inline LaTeX between `$...$` (rendered with KaTeX). `$` never means money. */
  question: z.string().min(1).max(2000),
  problem_type: z.enum(problemTypes),
  answer_options: z.array(z.string().min(1).max(200)).min(2).max(6).nullable(),
  /** A plain typed form a student could type, e.g. '3/4', '2x + 1', '12.5 cm'. */
  correct_answer: z.string().min(1).max(200),
  answer_form: answerFormSchema,
  hint: z.string().min(1).max(1000),
  explanation: z.string().min(1).max(4000),
  difficulty_level: difficultyLevelSchema,
  estimated_time_seconds: z.number().int().min(5).max(3600),
  /** The generator template, or null for a problem written by a tutor. */
  template_id: z.string().min(1).max(100).nullable(),
  seed: z.number().int().min(0).max(0xffffffff).nullable(),
});

/** Cross-field rules: multiple choice has distinct options containing the answer; others have none. */
export function refineProblem(p: z.infer<typeof problemFieldsSchema>, ctx: z.RefinementCtx): void {
  const isChoice = p.problem_type === 'multiple_choice';
  if (isChoice !== (p.answer_form.kind === 'choice')) {
    ctx.addIssue({ code: 'custom', path: ['answer_form', 'kind'], message: "multiple_choice problems use answer_form kind 'choice', and only they do" });
  }
  if (isChoice) {
    const options = p.answer_options;
    if (!options) {
      ctx.addIssue({ code: 'custom', path: ['answer_options'], message: 'multiple_choice problems need answer_options' });
      return;
    }
    if (new Set(options.map((o) => o.trim())).size !== options.length) {
      ctx.addIssue({ code: 'custom', path: ['answer_options'], message: 'answer_options must be distinct' });
    }
    if (!options.includes(p.correct_answer)) {
      ctx.addIssue({ code: 'custom', path: ['correct_answer'], message: 'correct_answer must be one of the answer_options' });
    }
  } else if (p.answer_options !== null) {
    ctx.addIssue({ code: 'custom', path: ['answer_options'], message: 'only multiple_choice problems have answer_options' });
  }
  if ((p.template_id === null) !== (p.seed === null)) {
    ctx.addIssue({ code: 'custom', path: ['seed'], message: 'template_id and seed are given together or not at all' });
  }
}

export const problemSchema = problemFieldsSchema.superRefine(refineProblem);
export type Problem = z.infer<typeof problemFieldsSchema>;
