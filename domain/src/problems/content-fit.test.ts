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
    // Issue 31 item 7, second pass: each against the year the National Curriculum teaches it.
    ['pv-build-number', 3],
    ['cmp-order', 3],
    ['shape-name', 2],
    ['round-10-100', 4],
    ['area-rectangle', 4],
    ['prime-choice', 5],
    ['angles-straight-line', 5],
    ['area-missing-side', 5],
    ['area-triangle', 6],
    ['angles-triangle', 6],
    ['order-of-operations-basic', 6],
    ['stats-mean', 6],
    ['stats-median', 6],
    ['stats-mode', 6],
    ['stats-range', 6],
    ['fraction-compare-unrelated', 6],
    ['area-parallelogram-trapezium', 7],
    ['probability-language', 7],
    ['probability-single-event', 7],
    ['trig-degrees-to-radians', 12],
    ['trig-solve-equation', 12],
    ['stats-standard-deviation', 12],
    ['log-evaluate', 12],
    ['log-laws', 12],
    ['series-arithmetic-sum', 12],
    ['quadratic-discriminant', 12],
    ['counting-combinations', 12],
    ['transform-enlarge', 10],
  ])('%s starts in grade %i', (id, grade) => {
    expect(problemTemplates.find((t) => t.id === id)?.grades[0]).toBe(grade);
  });

  test('calculus is A level: differentiation and integration start in grade 12 (Year 12), templates and topics', () => {
    const calculus = topics.filter((t) => t.strand === 'calculus');
    expect(calculus.map((t) => t.id).sort()).toEqual(['differentiation', 'integration']);
    for (const topic of calculus) expect(topic.grades[0], topic.id).toBe(12);
    const templates = problemTemplates.filter((t) => calculus.some((topic) => topic.id === t.topic_id));
    expect(templates.length).toBeGreaterThan(10);
    for (const t of templates) expect(t.grades[0], t.id).toBe(12);
  });

  test('fraction-compare in grades 4-5: denominators up to 12 that all go into one of them', () => {
    const template = problemTemplates.find((t) => t.id === 'fraction-compare');
    expect(template?.grades).toEqual([4, 5]);
    for (let seed = 0; seed < SEEDS; seed++) {
      const p = template!.generate(seed, { grade: 4 });
      const denominators = [...p.question.matchAll(/\\frac\{\d+\}\{(\d+)\}/g)].map((m) => Number(m[1]));
      expect(denominators, p.question).toHaveLength(4);
      const largest = Math.max(...denominators);
      expect(largest, p.question).toBeLessThanOrEqual(12);
      // Related: the largest denominator, or a common one up to 12, is a multiple of every denominator.
      const common = [largest, 6, 8, 10, 12].find((c) => c >= largest && denominators.every((d) => c % d === 0));
      expect(common, p.question).toBeDefined();
      expect(p.explanation).not.toMatch(/\\frac\{\d+\}\{(1[3-9]|[2-9]\d|\d{3,})\}/);
    }
  });

  test('the grade-2 subtraction story stays within 100 and takes away the tens, then the ones', () => {
    const template = problemTemplates.find((t) => t.id === 'sub-word-problem')!;
    for (let seed = 0; seed < SEEDS; seed++) {
      const p = template.generate(seed, { grade: 2 });
      for (const n of p.question.match(/\d+/g)!.map(Number)) expect(n, p.question).toBeLessThan(100);
      expect(p.explanation, p.question).toMatch(/Take away the tens/);
    }
  });

  test("Euler's formula only in secondary grades (7+): a grade-2 child counts faces, edges and vertices", () => {
    for (const template of problemTemplates.filter((t) => (t.grades[0] ?? 0) < 7)) {
      for (let seed = 0; seed < SEEDS; seed++) {
        const p = template.generate(seed);
        expect(`${p.explanation} ${p.hint}`, template.id).not.toMatch(/Euler|F \+ V - E/);
      }
    }
    for (const p of samples('shape-3d-properties')) expect(p.explanation, p.question).toMatch(/^Count the (faces|edges|vertices) of .*\$\d+( \+ \d+)+ = \d+\$/);
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
    // Geometry: the fact each step uses, not only the sum.
    ['angles-straight-line', /^Angles on a straight line add up to 180° .*\$180\^\\circ - \d+\^\\circ = \d+\^\\circ\$/],
    ['angles-around-point', /add up to 360°.*The two you know make/],
    ['angles-triangle', /inside a triangle add up to 180°.*The two you know make/],
    ['angles-isosceles', /add up to 180°/],
    ['angles-polygon-interior', /split it into .* triangles/],
    ['angles-exterior-regular', /exterior angles add up to 360°/],
    ['angles-parallel-lines', /(Z|F|C) shape/],
    ['perimeter-rectangle', /all the way round/],
    ['area-rectangle', /rows of \d+ squares/],
    ['area-triangle', /half of a rectangle/],
    ['area-parallelogram-trapezium', /becomes a rectangle|Two copies of the trapezium/],
    ['volume-cuboid', /layer/],
    ['surface-area-cuboid', /3 matching pairs/],
    ['circle-area-from-diameter', /half the diameter/],
    ['circle-arc-sector', /of a whole turn/],
    ['pythagoras-hypotenuse', /sum of the squares/],
    ['pythagoras-exact', /square number|no square factor/],
    ['trig-find-side', /(SOH|CAH|TOA), \$\\(sin|cos|tan)/],
    ['trig-find-angle', /inverse function/],
    ['trig-sine-rule', /sine rule/],
    ['trig-cosine-rule', /cosine rule/],
    ['trig-solve-equation', /symmetrical about|repeats every 180°/],
    ['coordinates-gradient', /change in \$y\$ divided by the change in \$x\$/],
    ['coordinates-distance', /Pythagoras/],
    ['transform-translate', /top number .* bottom number/],
    // Statistics and probability: where the numbers come from.
    ['stats-mean', /shares the total out equally/],
    ['stats-median', /in order/],
    ['stats-mode', /Count how often each value appears: .* (three times|twice)/],
    ['stats-interquartile-range', /middle of the lower half/],
    ['stats-grouped-mean-estimate', /midpoint/],
    ['stats-standard-deviation', /distance from the mean/],
    ['probability-single-event', /equally likely/],
    ['probability-two-dice', /\$6 \\times 6 = 36\$/],
    ['probability-without-replacement', /not put back/],
    ['probability-independent-events', /independent events/],
    ['counting-product-rule', /can go with each/],
    ['counting-combinations', /counted \d+ times/],
    // Calculus and quadratics: each rule said and each step shown.
    ['differentiate-gradient-at-point', /Put in \$x = /],
    ['differentiate-turning-point', /gradient is 0.*Set it to 0/],
    ['differentiate-stationary-cubic', /gradient is 0.*(Two numbers that multiply to|common factor)/],
    ['differentiate-chain-rule', /let \$u = .*\\frac\{dy\}\{du\} \\times \\frac\{du\}\{dx\}/],
    ['differentiate-product-rule', /u\\frac\{dv\}\{dx\} \+ v\\frac\{du\}\{dx\}/],
    ['differentiate-tangent-line', /The point: .*The gradient there/],
    ['integrate-polynomial', /add 1 to the power, then divide by the new power.*\\to/],
    ['integrate-definite', /top limit, then the bottom limit/],
    ['integrate-exp-trig-reciprocal', /Integrating undoes differentiating/],
    ['quadratic-factorise', /two numbers that multiply to/],
    ['quadratic-solve-factorising', /(Find two numbers that multiply to .* and add to|take it out).*A product is 0 only when one of its factors is 0/],
    ['quadratic-solve-non-monic', /(Two numbers that multiply to|take it out).*A product is 0/],
    ['quadratic-formula', /Under the square root/],
  ])('%s', (id, method) => {
    for (const p of samples(id)) expect(p.explanation, p.question).toMatch(method);
  });

  test('the known examples: 180° - 29° on a straight line; x² + 10x + 16 = 0 by two numbers and each bracket', () => {
    const line = samples('angles-straight-line').find((p) => p.question.includes('One of them is 29°'));
    expect(line?.explanation).toBe('Angles on a straight line add up to 180° (a half turn), so the missing angle is $180^\\circ - 29^\\circ = 151^\\circ$.');
    const quadratic = samples('quadratic-solve-factorising').find((p) => p.question === 'Solve $x^{2} + 10x + 16 = 0$.');
    expect(quadratic?.explanation).toBe(
      'Find two numbers that multiply to $16$ and add to $10$: $2$ and $8$ ($2 \\times 8 = 16$ and $2 + 8 = 10$). So the equation is $(x + 2)(x + 8) = 0$. ' +
        'A product is 0 only when one of its factors is 0: $x + 2 = 0$ gives $x = -2$, or $x + 8 = 0$ gives $x = -8$.',
    );
  });

  test('geometry, statistics and probability explanations say why, not only the sum (8 words of prose or more)', () => {
    const prose = (text: string) => text.replace(/\$[^$]*\$/g, ' ').split(/\s+/).filter((w) => /[a-z]{2,}/i.test(w)).length;
    const strands = new Set(['geometry', 'statistics', 'probability']);
    for (const template of problemTemplates.filter((t) => strands.has(topics.find((topic) => topic.id === t.topic_id)!.strand))) {
      for (let seed = 0; seed < 50; seed++) {
        const p = template.generate(seed);
        expect(prose(p.explanation), `${template.id}: ${p.explanation}`).toBeGreaterThanOrEqual(8);
      }
    }
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
