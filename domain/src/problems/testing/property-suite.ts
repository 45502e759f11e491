/**
 * The property checks every template must pass over many seeds. Shared by the sharded
 * `templates.property-*.test.ts` files so vitest can run the shards in parallel workers.
 */
import { describe, expect, test } from 'vitest';
import { checkAnswer } from '../check-answer.ts';
import { problemSchema, type Problem } from '../problem.ts';
import type { ProblemTemplate } from '../template.ts';
import { problemTemplates } from '../templates.ts';
import { getTopic } from '../topics.ts';

/** Seeds per template (≥ 10,000). PROPERTY_SEEDS overrides it for quick local runs. */
export const SEEDS = Number(process.env.PROPERTY_SEEDS ?? 10_000);
/** Seeds per template for the slower checks (full zod schema, wrong-answer rejection). */
const DEEP_SEEDS = Math.min(SEEDS, 1_000);

export function shard(index: number, count: number): ProblemTemplate[] {
  return problemTemplates.filter((_, i) => i % count === index);
}

const balancedDollars = (text: string): boolean => (text.split('$').length - 1) % 2 === 0;
const mathSegments = (text: string): string[] => text.split('$').filter((_, i) => i % 2 === 1);

/** Whole-token occurrence of the answer in the hint (an answer of 3 is not 'in' 13). */
function hintGivesAway(p: Problem): boolean {
  const answer = p.correct_answer.trim();
  if (answer === '' || p.question.includes(answer)) return false;
  let from = 0;
  for (let at = p.hint.indexOf(answer, from); at >= 0; at = p.hint.indexOf(answer, from)) {
    const before = p.hint.charAt(at - 1);
    const after = p.hint.charAt(at + answer.length);
    if (!/[\w.]/.test(before) && !/[\w]/.test(after) && !(after === '.' && /\d/.test(p.hint.charAt(at + answer.length + 1)))) return true;
    from = at + 1;
  }
  return false;
}

/** A clearly wrong free response for numeric-looking answers (1 more, or a different value). */
function wrongVariant(p: Problem): string | null {
  const m = /^(£?)(-?\d+(?:\.\d+)?)(\s*[^\d\s].*)?$/.exec(p.correct_answer.trim());
  if (!m || p.answer_form.kind === 'time' || p.answer_form.kind === 'ratio' || p.answer_form.kind === 'standard_form') return null;
  const value = Number(m[2]);
  return `${m[1]}${value + 1}${m[3] ?? ''}`;
}

function sameProblem(a: Problem, b: Problem): boolean {
  return (
    a.question === b.question &&
    a.correct_answer === b.correct_answer &&
    a.hint === b.hint &&
    a.explanation === b.explanation &&
    a.difficulty_level === b.difficulty_level &&
    a.problem_type === b.problem_type &&
    (a.answer_options ?? []).join('\u0000') === (b.answer_options ?? []).join('\u0000') &&
    a.answer_form.kind === b.answer_form.kind &&
    a.answer_form.unit === b.answer_form.unit &&
    a.answer_form.require === b.answer_form.require
  );
}

/** Problems found with one template; at most a few examples per kind of failure. */
function checkTemplate(template: ProblemTemplate, seeds: number): string[] {
  const failures = new Map<string, string>();
  const fail = (kind: string, seed: number, detail: string) => {
    if (!failures.has(kind)) failures.set(kind, `${kind} (seed ${seed}): ${detail}`);
  };
  const topic = getTopic(template.topic_id);
  for (let seed = 0; seed < seeds; seed++) {
    let p: Problem;
    try {
      p = template.generate(seed);
    } catch (error) {
      fail('generate threw', seed, (error as Error).message);
      continue;
    }
    if (!sameProblem(p, template.generate(seed))) fail('not deterministic', seed, p.question);
    if (p.template_id !== template.id || p.seed !== seed) fail('template_id/seed not recorded', seed, `${p.template_id} ${p.seed}`);
    if (p.topic_id !== topic.id || p.topic !== topic.name) fail('topic', seed, `${p.topic_id} ${p.topic}`);
    if (!template.grades.includes(p.grade)) fail('grade outside template grades', seed, String(p.grade));
    if (!Number.isInteger(p.difficulty_level) || p.difficulty_level < 1 || p.difficulty_level > 5) fail('difficulty', seed, String(p.difficulty_level));
    if (p.problem_type !== template.problem_type) fail('problem_type', seed, p.problem_type);
    if (!(p.estimated_time_seconds > 0)) fail('estimated time', seed, String(p.estimated_time_seconds));
    for (const [name, text] of [['question', p.question], ['hint', p.hint], ['explanation', p.explanation]] as const) {
      if (text.trim().length < 10) fail(`${name} missing`, seed, text);
      if (!balancedDollars(text)) fail(`${name} has unbalanced $`, seed, text);
      if (/NaN|undefined|Infinity|\[object/.test(text)) fail(`${name} has NaN/undefined`, seed, text);
      if (mathSegments(text).some((m) => m.includes('£'))) fail(`${name} has money inside math`, seed, text);
    }
    if (/NaN|undefined|Infinity/.test(p.correct_answer)) fail('answer has NaN/undefined', seed, p.correct_answer);
    if (hintGivesAway(p)) fail('hint contains the answer', seed, `${p.correct_answer} | ${p.hint}`);

    const verdict = checkAnswer(p, p.correct_answer);
    if (!verdict.correct) fail('stored answer rejected', seed, `${p.correct_answer} → ${verdict.message ?? 'wrong'} | ${p.question}`);

    if (p.problem_type === 'multiple_choice') {
      const options = p.answer_options ?? [];
      if (options.length !== 4) fail('not 4 options', seed, options.join(' | '));
      if (new Set(options.map((o) => o.trim())).size !== options.length) fail('options not distinct', seed, options.join(' | '));
      if (!options.includes(p.correct_answer)) fail('options miss the answer', seed, options.join(' | '));
      if (p.answer_form.kind !== 'choice') fail('choice form', seed, p.answer_form.kind);
      if (seed < DEEP_SEEDS) {
        for (const o of options) if (o !== p.correct_answer && checkAnswer(p, o).correct) fail('distractor accepted', seed, o);
      }
    } else if (p.answer_options !== null) {
      fail('free response has options', seed, String(p.answer_options));
    }

    if (seed < DEEP_SEEDS) {
      const parsed = problemSchema.safeParse(p);
      if (!parsed.success) fail('schema', seed, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      const wrong = p.problem_type === 'multiple_choice' ? null : wrongVariant(p);
      if (wrong && checkAnswer(p, wrong).correct) fail('wrong answer accepted', seed, `${wrong} for ${p.correct_answer}`);
      if (checkAnswer(p, '   ').correct) fail('blank accepted', seed, '');
    }
  }
  return [...failures.values()];
}

export function runPropertySuite(name: string, templates: readonly ProblemTemplate[]): void {
  describe(`${name}: every template over ${SEEDS} seeds`, () => {
    test.each(templates.map((t) => [t.id, t] as const))('%s', (_id, template) => {
      expect(checkTemplate(template, SEEDS)).toEqual([]);
    });
  });
}
