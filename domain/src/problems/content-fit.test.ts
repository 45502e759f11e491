/**
 * Content that fits the child (issue 31 item 7): grade ranges against the National Curriculum
 * year of each grade (grade N = Year N, docs/problem-bank.md), realistic contexts, and
 * explanations that show a method.
 */
import { describe, expect, test } from 'vitest';
import { problemTemplates } from './templates.ts';
import { topics } from './topics.ts';

const SEEDS = 200;
const samples = (id: string) => {
  const template = problemTemplates.find((t) => t.id === id);
  if (!template) throw new Error(`no template ${id}`);
  return Array.from({ length: SEEDS }, (_, seed) => template.generate(seed));
};
const inGrade = (grade: number) => problemTemplates.filter((t) => t.grades.includes(grade));

describe('grade ranges follow the National Curriculum year', () => {
  test('Year 1 (grade 1): one kind of coin, o’clock and half past at most, numbers to 100', () => {
    for (const template of inGrade(1)) {
      for (let seed = 0; seed < SEEDS; seed++) {
        const p = template.generate(seed, { grade: 1 });
        expect(p.question, template.id).not.toMatch(/quarter|:15|:45/);
        const coinKinds = new Set(p.question.match(/\b[a-z]+-pence|one-penny/g) ?? []);
        expect(coinKinds.size, `${template.id}: ${p.question}`).toBeLessThanOrEqual(1);
        for (const n of p.question.replace(/\{,\}/g, '').match(/\d+/g) ?? []) expect(Number(n), `${template.id}: ${p.question}`).toBeLessThanOrEqual(100);
      }
    }
  });

  test.each([
    ['money-count-coins', 2],
    ['money-pounds-to-pence', 3],
    ['time-read-clock', 2],
    ['time-add-duration', 3],
    ['time-unit-conversion', 3],
    ['times-table', 3],
    ['measure-convert-length', 4],
    ['pv-digit-value', 3],
    ['measure-heaviest', 3],
  ])('%s starts in grade %i', (id, grade) => {
    expect(problemTemplates.find((t) => t.id === id)?.grades[0]).toBe(grade);
  });
});

describe('contexts are realistic', () => {
  test('a ruler is 15 cm or 30 cm, and whatever it is compared with is much shorter', () => {
    for (const p of samples('measure-compare-lengths')) {
      const [, ruler] = /A ruler is (\d+) cm/.exec(p.question) ?? [];
      if (ruler) expect(['15', '30']).toContain(ruler);
      const [, rubber] = /a rubber is (\d+) cm/.exec(p.question) ?? [];
      if (rubber) expect(Number(rubber)).toBeLessThanOrEqual(6);
    }
  });

  test('a swimming lesson lasts under an hour; a film at least an hour', () => {
    for (const p of samples('time-add-duration')) {
      if (p.question.startsWith('A swimming lesson')) expect(p.question).not.toMatch(/hour/);
      if (p.question.startsWith('A film')) expect(p.question).toMatch(/lasts \d hours?/);
      expect(p.question).not.toMatch(/football/);
    }
  });
});

describe('explanations show the method', () => {
  test.each([
    ['times-table', /= \d+ \\times 10 \+|Count in|= 5 \\times|tens make/],
    ['times-table-2-5-10', /Count in|tens make|\\times 10 \+/],
    ['add-3digit', /Ones: .*Tens: .*Hundreds: /],
    ['sub-3digit', /Ones: .*Tens: .*Hundreds: /],
    ['add-4digit', /Thousands: /],
    ['short-division', /carry|Ones: /],
    ['money-change', /Count up from the price/],
    ['mult-word-problem', /Count in|tens make|\+/],
    ['probability-language', /\d+ (in|of the) \d+|There are no/],
    ['percent-of-amount', /10% of \d+ is/],
    ['expression-from-words', /; /],
    ['trig-exact-values', /square of side 1|Half an equilateral|circle of radius 1/],
    ['differentiate-polynomial', /Term by term: .*\\times/],
    ['probability-complement', /add up to \$1\$/],
    ['probability-relative-frequency', /number of trials/],
    ['probability-expected-frequency', /number of trials/],
    ['sequence-term-from-rule', /Put \$n = /],
    ['decimal-add', /Line up the decimal points.*Hundredths: /],
    ['decimal-subtract', /Line up the decimal points.*Hundredths: /],
    ['equation-unknowns-both-sides', /(Add|Subtract) \$\d+\$: /],
  ])('%s', (id, method) => {
    for (const p of samples(id)) expect(p.explanation, p.question).toMatch(method);
  });
});

/** American spellings and words, with the British the product uses (its prices and schemes are British). */
const AMERICAN: readonly [RegExp, string][] = [
  [/\bcolor/i, 'colour'],
  [/\bcenter/i, 'centre'],
  [/\bfavorite/i, 'favourite'],
  [/\beraser/i, 'rubber'],
  [/\bmath\b/i, 'maths'],
  [/(?<!per )\bcents?\b|\bdollars?\b|\$\d/i, 'pence and pounds'],
  [/\b(meter|liter|kilometer|centimeter|millimeter|milliliter)s?\b/i, 'metre, litre'],
  [/\b(gray|neighbor|behavior|flavor|favor|honor|labor)\w*/i, 'grey, neighbour, behaviour…'],
  [/\b\w+(?<!s)iz(e|es|ed|ing)\b/i, '-ise (factorise, rationalise)'],
  [/\b\w+yz(e|es|ed|ing)\b/i, 'analyse'],
  [/\b(traveled|traveling|modeled|labeled|canceled)\b/i, 'travelled, labelled'],
  [/\b(candy|soccer|cookie|sidewalk|vacation|apartment|eraser|trapezoid|zero\s+point)\b/i, 'sweets, football, biscuit…'],
  [/\bpracticing|\bpracticed\b/i, 'practise (the verb)'],
  [/\bclockwise\b.*\bcounterclockwise|\bcounterclockwise/i, 'anticlockwise'],
];

test('one language: British English in every template and topic', () => {
  const texts: [string, string][] = topics.flatMap((t) => [[t.id, t.name], [t.id, t.description]] as [string, string][]);
  for (const template of problemTemplates) {
    for (let seed = 0; seed < 30; seed++) {
      const p = template.generate(seed);
      // Words only: LaTeX between $…$ is maths, not prose.
      for (const text of [p.question, p.hint, p.explanation, p.correct_answer, ...(p.answer_options ?? [])]) texts.push([template.id, text.replace(/\$[^$]*\$/g, ' ')]);
    }
  }
  const found = new Set<string>();
  for (const [where, text] of texts) for (const [american, british] of AMERICAN) if (american.test(text)) found.add(`${where}: '${american.exec(text)?.[0]}' (write ${british})`);
  expect([...found]).toEqual([]);
});
