import { z } from 'zod';
import { problemFieldsSchema, refineProblem } from './problem.ts';

/**
 * A problem entered the bank, from a seeded generator or written by a tutor. Stream
 * `problem-{problem_id}`. The data is the whole problem, so read models never need to re-run a
 * generator (and a later change to a generator cannot change a stored problem).
 */
export const problemCreatedSchema = problemFieldsSchema
  .extend({
    problem_id: z.uuid(),
    source: z.enum(['generator', 'tutor']),
    /** A tutor's problem written for a question set: only students given the set practise it. */
    question_set_id: z.uuid().optional(),
  })
  .superRefine((data, ctx) => {
    refineProblem(data, ctx);
    if (data.source === 'generator' && (data.template_id === null || data.seed === null)) {
      ctx.addIssue({ code: 'custom', path: ['template_id'], message: 'generated problems record their template_id and seed' });
    }
    if (data.question_set_id !== undefined && data.source !== 'tutor') {
      ctx.addIssue({ code: 'custom', path: ['question_set_id'], message: 'only tutor-written problems belong to a question set' });
    }
  });

export type ProblemCreatedData = z.infer<typeof problemCreatedSchema>;

/** A seeding of the generated bank finished. Stream `problem-bank`; the newest version wins. */
export const problemBankSeededSchema = z.object({
  version: z.number().int().positive(),
  /** Problems in the bank after this seeding. */
  count: z.number().int().nonnegative(),
  /** Seeds 1..n stored per template id. */
  seeds: z.record(z.string(), z.number().int().nonnegative()),
});
export type ProblemBankSeededData = z.infer<typeof problemBankSeededSchema>;

export const problemEventSchemas = {
  ProblemCreated: problemCreatedSchema,
  ProblemBankSeeded: problemBankSeededSchema,
};
