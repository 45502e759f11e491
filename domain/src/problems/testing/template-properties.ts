/**
 * The properties every template must have, checked seed by seed. Plain functions (no vitest),
 * so they can also be run from a script to time them.
 */
import { checkAnswer } from '../check-answer.ts';
import { problemSchema, type Problem } from '../problem.ts';
import type { ProblemTemplate } from '../template.ts';
import { problemTemplates } from '../templates.ts';
import { getTopic } from '../topics.ts';

/**
 * Seeds per template: 1,000 in `npm test` (which must stay under 10 minutes on 2 cores; 3,000 cost
 * 44 s of a worker, 10,000 about 2 minutes), PROPERTY_SEEDS=10000 for the long run before a
 * content change lands.
 */
export const SEEDS = Number(process.env.PROPERTY_SEEDS ?? 1_000);
/** Seeds per template for the slower checks (full zod schema, wrong-answer rejection). */
const DEEP_SEEDS = Math.min(SEEDS, Number(process.env.PROPERTY_DEEP_SEEDS ?? 150));

/** Rough relative cost of checking one problem, by answer kind (parsing expressions costs most). */
const KIND_COST: Record<string, number> = {
  choice: 1,
  number: 1.3,
  percent: 1.3,
  time: 1.3,
  text: 1.3,
  ratio: 1.5,
  exact_fraction: 1.8,
  equation_solution: 1.8,
  point: 1.8,
  inequality: 1.8,
  standard_form: 1.8,
  exact: 2.5,
  expression: 4,
  equation: 4,
  antiderivative: 4,
};

/**
 * Splits the templates into `count` shards of similar cost (longest first, each to the lightest
 * shard), so parallel test files finish at about the same time. Deterministic.
 */
export function shard(index: number, count: number): ProblemTemplate[] {
  const weighted = problemTemplates
    .map((t) => ({ t, cost: KIND_COST[t.generate(0).answer_form.kind] ?? 2 }))
    .sort((a, b) => b.cost - a.cost || a.t.id.localeCompare(b.t.id));
  const loads = new Array<number>(count).fill(0);
  const shards: ProblemTemplate[][] = Array.from({ length: count }, () => []);
  for (const { t, cost } of weighted) {
    const lightest = loads.indexOf(Math.min(...loads));
    loads[lightest] = (loads[lightest] as number) + cost;
    shards[lightest]?.push(t);
  }
  return (shards[index] ?? []).sort((a, b) => a.id.localeCompare(b.id));
}

/** null when the text's `$...$` math is well formed, else what is wrong with it. */
function mathProblem(text: string): string | null {
  let inMath = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 36) inMath = !inMath; // $
    else if (c === 163 && inMath) return 'money inside math';
  }
  return inMath ? 'unbalanced $' : null;
}

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

const BROKEN = /NaN|undefined|Infinity|\[object/;
/** Wording slips: '1 days', '1 times' (plus and minus are not plurals); '+ -6' instead of '- 6'. */
const ONE_PLURAL = /(?<![\d.,])\b1 (?!plus\b|minus\b)[a-z]+s\b/;
const DOUBLE_SIGN = /[+-] [+-] ?\d|[+-] [+-]\(/;

/**
 * Shown answers in simplest form (issue 31: '-(x^2 + 1) + 8' for '7 - x^2'): no minus before a
 * bracket, no two signs, no 1x or x^1, no fraction a teacher would cancel.
 */
const UNSIMPLIFIED: readonly [string, RegExp][] = [
  ['a minus before a bracket', /(^|[-+=(] ?)-\(/],
  ['two signs in a row', /[+-] ?[+-] ?[\d\w(]/],
  ['a coefficient of 1', /(?<![\d.])1[a-z(√]/],
  ['a power of 1', /(?<!10)\^1(?!\d)/],
  ['a bracket left to expand', /(^|[-+ ])\d*\([^()]*\) [+-] /],
];
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** A/B in an answer (not √2/2, not a date-like 10^3/4) that cancels. */
function uncancelled(answer: string): string | null {
  for (const m of answer.matchAll(/(?<![\d.^√)])(\d+)\/(\d+)(?![\d.])/g)) if (gcd(Number(m[1]), Number(m[2])) > 1) return m[0];
  return null;
}
/** Maths written as plain text outside $…$ (it is not typeset): pi, sqrt(, x^2, S_n, n/2. */
const UNTYPESET = /\bpi\b|\dpi\b|sqrt\(|[\w)]\^[\w(]|\b[A-Za-z]_[a-z\d]\b|\b[a-z]\/\d|π\/\d|\b[a-z]{1,2}\([a-z]\)/;
const outsideMath = (text: string): string => text.split('$').filter((_, i) => i % 2 === 0).join(' ');
/** '\\frac{6}{7} = \\frac{6}{7}' in an explanation: a step that says nothing. */
function saysNothing(text: string): string | null {
  for (const math of text.split('$').filter((_, i) => i % 2 === 1)) {
    const sides = math.split(' = ').map((side) => side.trim());
    for (let i = 1; i < sides.length; i++) if (sides[i] === sides[i - 1] && sides[i] !== '') return math;
  }
  return null;
}

function sameOptions(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((o, i) => o === b[i]);
}

function sameProblem(a: Problem, b: Problem): boolean {
  return (
    a.question === b.question &&
    a.correct_answer === b.correct_answer &&
    a.hint === b.hint &&
    a.explanation === b.explanation &&
    a.difficulty_level === b.difficulty_level &&
    a.problem_type === b.problem_type &&
    sameOptions(a.answer_options, b.answer_options) &&
    a.answer_form.kind === b.answer_form.kind &&
    a.answer_form.unit === b.answer_form.unit &&
    a.answer_form.require === b.answer_form.require
  );
}

/** Problems found with one template; at most a few examples per kind of failure. */
export function checkTemplate(template: ProblemTemplate, seeds: number): string[] {
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
      if (text.length < 10) fail(`${name} missing`, seed, text);
      const problem = mathProblem(text);
      if (problem) fail(`${name}: ${problem}`, seed, text);
    }
    if (BROKEN.test(p.question + p.hint + p.explanation + p.correct_answer)) fail('NaN/undefined in the text', seed, `${p.question} | ${p.correct_answer}`);
    const wording = [p.question, p.hint, p.explanation, p.correct_answer].join(' | ');
    if (ONE_PLURAL.test(wording)) fail('1 with a plural noun', seed, wording);
    if (DOUBLE_SIGN.test(wording)) fail('two signs in a row', seed, wording);
    if (hintGivesAway(p)) fail('hint contains the answer', seed, `${p.correct_answer} | ${p.hint}`);
    for (const [what, pattern] of UNSIMPLIFIED) if (pattern.test(p.correct_answer)) fail(`answer not simplified: ${what}`, seed, p.correct_answer);
    const cancels = uncancelled(p.correct_answer);
    if (cancels) fail('answer has a fraction that cancels', seed, `${cancels} in ${p.correct_answer}`);
    for (const [name, text] of [['question', p.question], ['hint', p.hint], ['explanation', p.explanation]] as const) {
      if (UNTYPESET.test(outsideMath(text))) fail(`${name}: maths outside $…$`, seed, text);
      // '$\\frac{5}{10}$ $= \\frac{1}{2}$' breaks one line of working in two.
      if (text.includes('$ $')) fail(`${name}: one equation split in two $…$`, seed, text);
      const empty = saysNothing(text);
      if (empty) fail(`${name}: an equality that says nothing`, seed, empty);
    }

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

