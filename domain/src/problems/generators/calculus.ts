/** Functions, exponentials and logarithms, series, differentiation and integration. */
import { coef, equals, fixed, frac, kx, linear, num, plus, poly, reduce, term, texFrac, texPow } from '../format.ts';
import type { Rng } from '../random.ts';
import { defineTemplate, type ProblemTemplate } from '../template.ts';

const nz = (rng: Rng, max: number, ...excluded: number[]): number => rng.intExcept(-max, max, 0, ...excluded);
const show = (x: number): string => (x < 0 ? `(${x})` : String(x));

/** A polynomial's terms with a positive constant moved before a negative leading term: 7 - x^2. */
const positiveFirst = (terms: [number, number][]): [number, number][] =>
  (terms[0]?.[0] ?? 0) < 0 && terms.some(([c, p]) => p === 0 && c > 0) ? [...terms.filter(([, p]) => p === 0), ...terms.filter(([, p]) => p !== 0)] : terms;

/** The factor (x - r) in LaTeX; x alone for r = 0, so -x(x - 2), never -(x)(x - 2). */
const factorTex = (r: number): string => (r === 0 ? 'x' : `(x${plus(-r)})`);

/** -x^3/3 + (b/2)x^2 + cx in LaTeX: the antiderivative of -x^2 + bx + c. */
function antiderivativeTex(b: number, c: number): string {
  const half = b === 0 ? '' : `${b < 0 ? ' - ' : ' + '}${Math.abs(b) % 2 === 0 ? coef(Math.abs(b) / 2) : texFrac(Math.abs(b), 2)}x^{2}`;
  return `-\\frac{x^{3}}{3}${half}${c === 0 ? '' : `${c < 0 ? ' - ' : ' + '}${coef(Math.abs(c))}x`}`;
}

/** Coefficients times substituted values, signs written once: 12 × 4^2 - 6 × 4 - 5 (zero terms left out). */
function substitution(terms: ReadonlyArray<readonly [number, string]>): string {
  return terms
    .filter(([c]) => c !== 0)
    .map(([c, value], i) => {
      const body = value === '' ? String(Math.abs(c)) : `${Math.abs(c)} \\times ${value}`;
      return i === 0 ? `${c < 0 ? '-' : ''}${body}` : ` ${c < 0 ? '-' : '+'} ${body}`;
    })
    .join('');
}

/** A polynomial from coefficients by power: {3: 2, 1: -4, 0: 5} → terms, highest power first. */
const terms = (coefficients: ReadonlyArray<readonly [number, number]>): [number, number][] =>
  coefficients.filter(([c]) => c !== 0).map(([c, p]) => [c, p] as [number, number]);

/** Coefficient × x^power as a typed term with a fractional coefficient: '2/3x^3' → written '(2/3)x^3'. */
function fracTerm(n: number, d: number, power: number, tex: boolean): string {
  const [a, b] = reduce(n, d);
  const x = power === 0 ? '' : power === 1 ? 'x' : tex ? `x^{${power}}` : `x^${power}`;
  if (b === 1) return power === 0 ? String(a) : `${a === 1 ? '' : a === -1 ? '-' : a}${x}`;
  if (tex) return `${a < 0 ? '-' : ''}\\frac{${Math.abs(a)}}{${b}}${x}`;
  return `${a < 0 ? '-' : ''}(${Math.abs(a)}/${b})${x}`;
}

/** A sum of fractional terms [numerator, denominator, power], highest power first. */
function fracPoly(items: ReadonlyArray<readonly [number, number, number]>, tex: boolean): string {
  let out = '';
  for (const [n, d, p] of items) {
    if (n === 0) continue;
    const t = fracTerm(Math.abs(n), d, p, tex);
    out = out === '' ? (n < 0 ? `-${t}` : t) : `${out} ${n < 0 ? '-' : '+'} ${t}`;
  }
  return out === '' ? '0' : out;
}

/**
 * Grades: calculus, logarithms and series are A level in England (Year 12-13, grade 12); GCSE
 * (grade 11) has none of them. Functions, exponential growth and equations like 2^x = 32 are GCSE.
 */
export const calculusTemplates: ProblemTemplate[] = [
  // ----- functions
  defineTemplate({
    id: 'function-evaluate',
    topic: 'functions',
    grades: [9, 10],
    difficulty: 2,
    type: 'algebra',
    time: 40,
    build(rng) {
      const [a, b, c] = [rng.intExcept(-4, 5, 0), rng.int(-6, 6), rng.int(-9, 9)];
      const k = rng.int(-4, 5);
      const value = a * k * k + b * k + c;
      return {
        question: `Given $f(x) = ${poly([[a, 2], [b, 1], [c, 0]], 'x', true)}$, find $f(${k})$.`,
        answer: String(value),
        hint: 'Replace every x with the number in the brackets. Square before multiplying, and use brackets around negative numbers.',
        explanation: `$f(${k}) = ${a} \\times ${show(k)}^2 + ${show(b)} \\times ${show(k)} + ${show(c)} = ${a * k * k} + ${show(b * k)} + ${show(c)} = ${value}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'function-solve',
    topic: 'functions',
    grades: [9, 10],
    difficulty: 2,
    type: 'algebra',
    time: 40,
    build(rng) {
      const a = nz(rng, 6, 1);
      const b = rng.int(-10, 10);
      const x = rng.int(-6, 9);
      return {
        question: `Given $f(x) = ${linear(a, b)}$, solve $f(x) = ${a * x + b}$.`,
        answer: `x = ${x}`,
        form: { kind: 'equation_solution', variables: ['x'], exact: true },
        hint: 'Write the equation out in full, then solve it.',
        explanation: `$${linear(a, b)} = ${a * x + b}$, so $${kx(a)} = ${a * x}$ and $x = ${x}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'function-composite',
    topic: 'functions',
    grades: [10, 11],
    difficulty: 3,
    type: 'algebra',
    time: 60,
    build(rng) {
      const [a, b] = [nz(rng, 5, 1), rng.intExcept(-8, 8, 0)];
      const c = rng.intExcept(-6, 6, 0);
      const fFirst = rng.bool();
      // f(x) = ax + b, g(x) = x^2 + c. The answer is simplified, as a teacher would write it
      // (7 - x^2, not -(x^2 + 1) + 8); a negative leading term goes after a positive constant.
      const fg: [number, number][] = [[a, 2], [a * c + b, 0]];
      const gf: [number, number][] = [[a * a, 2], [2 * a * b, 1], [b * b + c, 0]];
      const answer = fFirst ? poly(positiveFirst(fg)) : poly(gf);
      return {
        question: `$f(x) = ${linear(a, b)}$ and $g(x) = x^2${plus(c)}$. Find an expression for $${fFirst ? 'fg(x)' : 'gf(x)'}$.`,
        answer,
        form: { kind: 'expression', variables: ['x'] },
        hint: fFirst ? '$fg(x) = f(g(x))$: put the whole of $g(x)$ in place of $x$ in $f$.' : '$gf(x) = g(f(x))$: put the whole of $f(x)$ in place of $x$ in $g$.',
        explanation: fFirst
          ? `$f(g(x)) = ${coef(a)}(x^{2}${plus(c)})${plus(b)} = ${poly([[a, 2], [a * c, 0]], 'x', true)}${plus(b)} = ${poly(positiveFirst(fg), 'x', true)}$.`
          : `$g(f(x)) = (${linear(a, b)})^{2}${plus(c)} = ${poly([[a * a, 2], [2 * a * b, 1], [b * b, 0]], 'x', true)}${plus(c)} = ${poly(gf, 'x', true)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'function-composite-value',
    topic: 'functions',
    grades: [9, 11],
    difficulty: 2,
    type: 'algebra',
    time: 45,
    build(rng) {
      const [a, b] = [nz(rng, 5, 1), rng.int(-8, 8)];
      const c = rng.int(-6, 6);
      const k = rng.int(-4, 4);
      const g = k * k + c;
      return {
        question: `$f(x) = ${linear(a, b)}$ and $g(x) = x^2${plus(c)}$. Find $fg(${k})$.`,
        answer: String(a * g + b),
        hint: 'Work from the inside out: find g of the number first, then put that answer into f.',
        explanation: `$g(${k}) = ${show(k)}^2${plus(c)} = ${g}$. Then $f(${g}) = ${a} \\times ${show(g)}${plus(b)} = ${a * g + b}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'function-inverse',
    topic: 'functions',
    grades: [10, 12],
    difficulty: 3,
    type: 'algebra',
    time: 60,
    build(rng) {
      const a = nz(rng, 7, 1);
      const b = rng.intExcept(-9, 9, 0);
      const answer = `(x${plus(-b)})/${show(a)}`;
      return {
        question: `$f(x) = ${linear(a, b)}$. Find $f^{-1}(x)$.`,
        answer,
        form: { kind: 'expression', variables: ['x'] },
        hint: 'Write $y = f(x)$, swap $x$ and $y$, then rearrange to make $y$ the subject.',
        explanation: `$y = ${linear(a, b)}$. Swap: $x = ${linear(a, b, 'y')}$. Rearrange: $y = \\frac{x${plus(-b)}}{${a}}$, so $f^{-1}(x) = \\frac{x${plus(-b)}}{${a}}$.`,
      };
    },
  }),
  // ----- exponentials and logarithms
  defineTemplate({
    id: 'log-evaluate',
    topic: 'exponentials-logarithms',
    grades: [12, 12],
    difficulty: 2,
    type: 'numeric',
    time: 35,
    build(rng) {
      const base = rng.int(2, 6);
      const k = rng.intExcept(-3, base === 2 ? 7 : 4, 0);
      const arg = k >= 0 ? String(base ** k) : `\\frac{1}{${base ** -k}}`;
      return {
        question: `Evaluate $\\log_{${base}} ${arg}$.`,
        answer: String(k),
        hint: 'Ask yourself: the base to what power gives this number? A fraction (one over a power of the base) needs a negative power.',
        explanation: `$\\log_{${base}} ${arg}$ asks: ${base} to what power gives $${arg}$? ${k < 0 ? `A fraction one over a power of ${base} needs a negative power: ` : ''}$${base}^{${k}} = ${arg}$, so $\\log_{${base}} ${arg} = ${k}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'log-laws',
    topic: 'exponentials-logarithms',
    grades: [12, 12],
    difficulty: 3,
    type: 'multiple_choice',
    time: 50,
    build(rng) {
      const base = rng.pick([2, 3, 10]);
      const [x, y] = rng.sample([2, 3, 4, 5, 6, 7, 8, 9], 2) as [number, number];
      const subtract = rng.bool(0.4);
      const log = (v: string) => `log${base === 10 ? '' : `_${base}`}(${v})`;
      const answer = subtract ? log(frac(x, y)) : log(String(x * y));
      return {
        question: `Write $\\log_{${base}} ${x} ${subtract ? '-' : '+'} \\log_{${base}} ${y}$ as a single logarithm.`,
        answer,
        distractors: subtract ? [log(String(x - y)), log(String(x * y)), `${log(String(x))}/${log(String(y))}`] : [log(String(x + y)), log(frac(x, y)), `${log(String(x))} × ${log(String(y))}`],
        fallback: (r) => log(String(x * y + r.int(1, 9))),
        hint: subtract ? 'Subtracting logs (same base) corresponds to dividing the numbers inside them.' : 'Adding logs (same base) corresponds to multiplying the numbers inside them.',
        explanation: subtract
          ? `$\\log_{${base}} ${x} - \\log_{${base}} ${y} = \\log_{${base}} \\frac{${x}}{${y}}$.`
          : `$\\log_{${base}} ${x} + \\log_{${base}} ${y} = \\log_{${base}} (${x} \\times ${y}) = \\log_{${base}} ${x * y}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'exponential-equation-same-base',
    topic: 'exponentials-logarithms',
    grades: [10, 11],
    difficulty: 3,
    type: 'algebra',
    time: 60,
    build(rng) {
      if (rng.bool()) {
        const base = rng.int(2, 5);
        const shift = rng.intExcept(-3, 3, 0);
        const x = rng.int(0, base === 2 ? 5 : 3);
        const power = x + shift;
        const rhs = power >= 0 ? String(base ** power) : `\\frac{1}{${base ** -power}}`;
        return {
          question: `Solve $${base}^{x${plus(shift)}} = ${rhs}$.`,
          answer: `x = ${x}`,
          form: { kind: 'equation_solution', variables: ['x'], exact: true },
          hint: 'Write the right-hand side as a power of the same base, then set the powers equal.',
          explanation: `$${rhs} = ${base}^{${power}}$, so $x${plus(shift)} = ${power}$ and $x = ${x}$.`,
        };
      }
      const [b1, b2, root] = rng.pick([[4, 8, 2], [9, 27, 3], [8, 16, 2], [25, 125, 5], [4, 32, 2], [27, 9, 3]] as const);
      const e1 = Math.round(Math.log(b1) / Math.log(root));
      const e2 = Math.round(Math.log(b2) / Math.log(root));
      return {
        question: `Solve $${b1}^x = ${b2}$.`,
        answer: `x = ${frac(e2, e1)}`,
        form: { kind: 'equation_solution', variables: ['x'], exact: true },
        hint: `Write both numbers as powers of ${root}.`,
        explanation: `$${b1} = ${root}^{${e1}}$ and $${b2} = ${root}^{${e2}}$, so $${e1}x = ${e2}$ and $x = ${texFrac(e2, e1)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'exponential-equation-logs',
    topic: 'exponentials-logarithms',
    grades: [12, 12],
    difficulty: 4,
    type: 'algebra',
    time: 75,
    build(rng) {
      const base = rng.int(2, 7);
      let target = rng.int(3, 200);
      if (Number.isInteger(Math.log(target) / Math.log(base) + 1e-12)) target += 1;
      const x = Math.log(target) / Math.log(base);
      return {
        question: `Solve $${base}^x = ${target}$, giving $x$ to 3 decimal places.`,
        answer: `x = ${fixed(x, 3)}`,
        form: { kind: 'equation_solution', variables: ['x'], tolerance: 0.001 },
        hint: 'Take logarithms of both sides and use the power law to bring x down.',
        explanation: `Take logarithms of both sides: $\\log ${base}^x = \\log ${target}$. The power law brings the $x$ down: $x \\log ${base} = \\log ${target}$, so $x = \\frac{\\log ${target}}{\\log ${base}} = ${fixed(x, 5)}\\ldots \\approx ${fixed(x, 3)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'exponential-e-exact',
    topic: 'exponentials-logarithms',
    grades: [12, 12],
    difficulty: 4,
    type: 'algebra',
    time: 60,
    build(rng) {
      const k = rng.int(2, 5);
      const c = rng.intExcept(2, 20, 1);
      return {
        question: `Solve $e^{${k}x} = ${c}$. Give an exact answer.`,
        answer: `ln(${c})/${k}`,
        form: { kind: 'exact' },
        hint: 'Take the natural logarithm (ln) of both sides. ln and e cancel each other.',
        explanation: `$${k}x = \\ln ${c}$, so $x = \\frac{\\ln ${c}}{${k}}$ (about ${fixed(Math.log(c) / k, 3)}).`,
      };
    },
  }),
  defineTemplate({
    id: 'logarithm-equation',
    topic: 'exponentials-logarithms',
    grades: [12, 12],
    difficulty: 3,
    type: 'algebra',
    time: 50,
    build(rng) {
      const base = rng.int(2, 5);
      const k = rng.int(1, base === 2 ? 6 : 3);
      const shift = rng.int(-5, 5);
      const x = base ** k - shift;
      return {
        question: `Solve $\\log_{${base}}(x${plus(shift)}) = ${k}$.`,
        answer: `x = ${x}`,
        form: { kind: 'equation_solution', variables: ['x'], exact: true },
        hint: 'Rewrite the logarithm as a power: if log_b(A) = k then A = b to the power k.',
        explanation: `$\\log_{${base}} A = ${k}$ means $A = ${base}^{${k}}$. So $x${plus(shift)} = ${base}^{${k}} = ${base ** k}$, and $x = ${equals(`${base ** k}${plus(-shift)}`, String(x))}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'exponential-growth-decay',
    topic: 'exponentials-logarithms',
    grades: [10, 12],
    difficulty: 3,
    type: 'numeric',
    time: 60,
    build(rng) {
      const start = rng.int(2, 50) * 100;
      const rate = rng.pick([2, 3, 4, 5, 8, 10, 12, 15]);
      const years = rng.int(2, 10);
      const grow = rng.bool();
      const factor = grow ? 1 + rate / 100 : 1 - rate / 100;
      const value = start * factor ** years;
      return {
        question: grow
          ? `A town has a population of ${start}. It grows by ${rate}% each year. Find the population after ${years} years, to the nearest whole number.`
          : `A car is worth £${start}. Its value falls by ${rate}% each year. Find its value after ${years} years, to the nearest pound.`,
        answer: grow ? String(Math.round(value)) : `£${Math.round(value)}`,
        form: grow ? { kind: 'number', tolerance: 0 } : { kind: 'number', unit: '£', tolerance: 0 },
        hint: `Each year multiply by the same multiplier (${grow ? '1 plus' : '1 minus'} the rate as a decimal), once for every year.`,
        explanation: `${grow ? `Growing by ${rate}% leaves $100\\% + ${rate}\\% = ${100 + rate}\\%$` : `Falling by ${rate}% leaves $100\\% - ${rate}\\% = ${100 - rate}\\%$`} each year, so each year multiply by $${num(factor)}$; after ${years} years that is ${years} times: $${start} \\times ${num(factor)}^{${years}} = ${fixed(value, 3)}\\ldots$, which rounds to ${grow ? Math.round(value) : `£${Math.round(value)}`}.`,
      };
    },
  }),
  // ----- series
  defineTemplate({
    id: 'series-arithmetic-sum',
    topic: 'series',
    grades: [12, 12],
    difficulty: 3,
    type: 'numeric',
    time: 60,
    build(rng) {
      const a = rng.int(-10, 20);
      const d = rng.intExcept(-5, 9, 0);
      const n = rng.int(8, 40);
      const total = (n * (2 * a + (n - 1) * d)) / 2;
      return {
        question: `Find the sum of the first ${n} terms of the arithmetic series $${a} + ${show(a + d)} + ${show(a + 2 * d)} + \\ldots$`,
        answer: String(total),
        hint: 'Use $S_n = \\frac{n}{2}(2a + (n - 1)d)$, where $a$ is the first term and $d$ the common difference.',
        explanation: `The first term is $a = ${a}$ and each term adds $d = ${show(a + d)} - ${show(a)} = ${d}$. The sum of $n$ terms is $S_n = \\frac{n}{2}(2a + (n - 1)d)$: half the number of terms times the first term plus the last. Inside the bracket: $2 \\times ${show(a)} + ${n - 1} \\times ${show(d)} = ${2 * a} ${(n - 1) * d < 0 ? '-' : '+'} ${Math.abs((n - 1) * d)} = ${2 * a + (n - 1) * d}$. So $S_{${n}} = \\frac{${n}}{2} \\times ${show(2 * a + (n - 1) * d)} = ${total}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'series-geometric-sum',
    topic: 'series',
    grades: [12, 12],
    difficulty: 4,
    type: 'numeric',
    time: 75,
    build(rng) {
      const a = rng.int(1, 6);
      const r = rng.pick([2, 3, -2, -3, 4]);
      const n = rng.int(4, r === 4 || r === 3 || r === -3 ? 6 : 9);
      const total = (a * (r ** n - 1)) / (r - 1);
      return {
        question: `Find the sum of the first ${n} terms of the geometric series $${a} + ${show(a * r)} + ${show(a * r * r)} + \\ldots$`,
        answer: String(total),
        hint: 'Use $S_n = \\dfrac{a(r^{n} - 1)}{r - 1}$, with $a$ the first term and $r$ the common ratio.',
        explanation: `$a = ${a}$, $r = ${r}$. $S_{${n}} = \\frac{${a}(${show(r)}^{${n}} - 1)}{${show(r)} - 1} = \\frac{${a} \\times ${show(r ** n - 1)}}{${r - 1}} = ${total}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'series-sum-to-infinity',
    topic: 'series',
    grades: [12, 12],
    difficulty: 4,
    type: 'numeric',
    time: 60,
    build(rng) {
      const [p, q] = rng.pick([[1, 2], [1, 3], [2, 3], [1, 4], [3, 4], [-1, 2], [-1, 3], [2, 5], [3, 5], [-2, 3]] as const);
      const a = rng.int(1, 20);
      const [sn, sd] = reduce(a * q, q - p);
      return {
        question: `Find the sum to infinity of the geometric series with first term ${a} and common ratio $${texFrac(p, q)}$.`,
        answer: frac(sn, sd),
        form: { kind: 'exact_fraction' },
        hint: 'When |r| < 1 the sum to infinity is a / (1 − r).',
        explanation: `$S_\\infty = \\frac{${a}}{1 - ${p < 0 ? `\\left(${texFrac(p, q)}\\right)` : texFrac(p, q)}} = \\frac{${a}}{${texFrac(q - p, q)}} = ${texFrac(sn, sd)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'series-sigma',
    topic: 'series',
    grades: [12, 12],
    difficulty: 3,
    type: 'numeric',
    time: 60,
    build(rng) {
      const a = rng.intExcept(-4, 6, 0);
      const b = rng.int(-6, 8);
      const n = rng.int(5, 30);
      const total = (a * n * (n + 1)) / 2 + b * n;
      return {
        question: `Evaluate $\\displaystyle\\sum_{k=1}^{${n}} (${linear(a, b, 'k')})$.`,
        answer: String(total),
        hint: 'This is an arithmetic series: find the first and last terms and use $S_n = \\frac{n}{2}(a + l)$, with $a$ the first term and $l$ the last.',
        explanation: `First term $${a + b}$, last term $${a * n + b}$, ${n} terms: $\\frac{${n}}{2}(${a + b} + ${show(a * n + b)}) = ${total}$.`,
      };
    },
  }),
  // ----- differentiation
  defineTemplate({
    id: 'differentiate-polynomial',
    topic: 'differentiation',
    grades: [12, 12],
    difficulty: 2,
    type: 'calculus',
    time: 45,
    build(rng) {
      const coefficients = terms([
        [nz(rng, 6), rng.int(3, 5)],
        [rng.int(-8, 8), 2],
        [nz(rng, 9), 1],
        [rng.int(-9, 9), 0],
      ]);
      const derivative = coefficients.filter(([, p]) => p > 0).map(([c, p]) => [c * p, p - 1] as [number, number]);
      return {
        question: `Differentiate $y = ${poly(coefficients, 'x', true)}$ with respect to $x$.`,
        answer: poly(derivative),
        form: { kind: 'expression', variables: ['x'] },
        hint: 'For each term, multiply by the power and then reduce the power by 1. A constant term disappears.',
        // Each term's power comes down as a multiplier and drops by 1, as the hint says.
        explanation: `Term by term: ${coefficients
          .filter(([, p]) => p > 0)
          .map(([c, p]) => `$${term(c, p, 'x', true)} \\to ${p === 1 ? num(c) : `${num(c)} \\times ${p}${texPow('x', p - 1)} = ${term(c * p, p - 1, 'x', true)}`}$`)
          .join(', ')}${coefficients.some(([, p]) => p === 0) ? ', and the constant disappears' : ''}. So $\\frac{dy}{dx} = ${poly(derivative, 'x', true)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'differentiate-gradient-at-point',
    topic: 'differentiation',
    grades: [12, 12],
    difficulty: 3,
    type: 'calculus',
    time: 60,
    build(rng) {
      const [a, b, c] = [nz(rng, 4), rng.int(-6, 6), nz(rng, 9)];
      const k = rng.int(-3, 4);
      const grad = 3 * a * k * k + 2 * b * k + c;
      return {
        question: `Find the gradient of the curve $y = ${poly([[a, 3], [b, 2], [c, 1]], 'x', true)}$ at the point where $x = ${k}$.`,
        answer: String(grad),
        hint: 'Differentiate to get the gradient function, then substitute the x value.',
        explanation: `The gradient of a curve is $\\frac{dy}{dx}$. Differentiate term by term (multiply by the power, then take 1 off the power): $\\frac{dy}{dx} = ${poly([[3 * a, 2], [2 * b, 1], [c, 0]], 'x', true)}$. Put in $x = ${k}$: $${substitution([[3 * a, `${show(k)}^2`], [2 * b, show(k)], [c, '']])} = ${grad}$. The gradient is $${grad}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'differentiate-turning-point',
    topic: 'differentiation',
    grades: [12, 12],
    difficulty: 4,
    type: 'calculus',
    time: 75,
    build(rng) {
      const a = nz(rng, 3);
      const h = rng.int(-5, 5);
      const k = rng.int(-9, 9);
      // y = a(x - h)^2 + k = a x^2 - 2ah x + (a h^2 + k)
      const b = -2 * a * h;
      const c = a * h * h + k;
      return {
        question: `Find the coordinates of the turning point of $y = ${poly([[a, 2], [b, 1], [c, 0]], 'x', true)}$.`,
        answer: `(${h}, ${k})`,
        form: { kind: 'point', exact: true },
        hint: 'At a turning point the gradient is zero: differentiate, set dy/dx = 0, solve for x, then find y.',
        explanation: `At a turning point the gradient is 0. Differentiate: $\\frac{dy}{dx} = ${poly([[2 * a, 1], [b, 0]], 'x', true)}$. Set it to 0: $${poly([[2 * a, 1], [b, 0]], 'x', true)} = 0$${b === 0 ? '' : `, so $${kx(2 * a)} = ${-b}$`}, and $x = ${h}$. Put $x = ${h}$ into the curve: $y = ${substitution([[a, `${show(h)}^2`], [b, show(h)], [c, '']]) || '0'} = ${k}$. The turning point is $(${h}, ${k})$.`,
      };
    },
  }),
  defineTemplate({
    id: 'differentiate-stationary-cubic',
    topic: 'differentiation',
    grades: [12, 12],
    difficulty: 4,
    type: 'calculus',
    time: 90,
    build(rng) {
      // dy/dx = 3(x - p)(x - q) → y = x^3 - (3/2)(p + q)x^2 + 3pq x + c, with p + q even
      const p = rng.int(-4, 4);
      let q = rng.intExcept(-4, 4, p);
      if ((p + q) % 2 !== 0) q = q + 1 === p ? q - 1 : q + 1;
      if (q === p) q = p + 2;
      const c = rng.int(-5, 5);
      const b = (-3 * (p + q)) / 2;
      return {
        question: `Find the x-coordinates of the stationary points of $y = ${poly([[1, 3], [b, 2], [3 * p * q, 1], [c, 0]], 'x', true)}$.`,
        answer: `x = ${Math.min(p, q)}, x = ${Math.max(p, q)}`,
        form: { kind: 'equation_solution', variables: ['x'], exact: true },
        hint: 'Stationary points are where dy/dx = 0. Differentiate and solve the quadratic.',
        explanation: `Stationary points are where the gradient is 0. Differentiate: $\\frac{dy}{dx} = ${poly([[3, 2], [2 * b, 1], [3 * p * q, 0]], 'x', true)}$. Set it to 0 and divide by 3: $${poly([[1, 2], [-(p + q), 1], [p * q, 0]], 'x', true)} = 0$. ${p * q === 0 ? `Take out the common factor $x$` : `Two numbers that multiply to $${p * q}$ and add to $${-(p + q)}$ are $${-p}$ and $${-q}$`}: $${factorTex(p)}${factorTex(q)} = 0$. A product is 0 when one of its factors is 0, so $x = ${Math.min(p, q)}$ or $x = ${Math.max(p, q)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'differentiate-exp-trig-log',
    topic: 'differentiation',
    grades: [12, 12],
    difficulty: 3,
    type: 'calculus',
    time: 45,
    build(rng) {
      const a = nz(rng, 5);
      const kind = rng.int(0, 3);
      // negative k only for e^(kx); sin(-3x) and ln(-3x) would be unnatural
      const k = kind === 0 ? rng.intExcept(-4, 5, 0) : rng.int(1, 5);
      const ak = a * k;
      const kx = k === 1 ? 'x' : k === -1 ? '-x' : `${k}x`;
      const cases = [
        { f: `${coef(a)}e^{${kx}}`, d: `${coef(ak)}e^(${kx})`, dt: `${coef(ak)}e^{${kx}}`, rule: '\\frac{d}{dx}e^{kx} = ke^{kx}', step: `${coef(k)}e^{${kx}}` },
        { f: `${coef(a)}\\sin(${kx})`, d: `${coef(ak)}cos(${kx})`, dt: `${coef(ak)}\\cos(${kx})`, rule: '\\frac{d}{dx}\\sin(kx) = k\\cos(kx)', step: `${coef(k)}\\cos(${kx})` },
        { f: `${coef(a)}\\cos(${kx})`, d: `${coef(-ak)}sin(${kx})`, dt: `${coef(-ak)}\\sin(${kx})`, rule: '\\frac{d}{dx}\\cos(kx) = -k\\sin(kx)', step: `${coef(-k)}\\sin(${kx})` },
        { f: `${coef(a)}\\ln(${kx})`, d: `${a}/x`, dt: `${a < 0 ? '-' : ''}\\frac{${Math.abs(a)}}{x}`, rule: '\\frac{d}{dx}\\ln x = \\frac{1}{x}', step: '\\frac{1}{x}' },
      ];
      // Differentiating the function without its constant multiple, then multiplying by it.
      const bare = [`e^{${kx}}`, `\\sin(${kx})`, `\\cos(${kx})`, `\\ln(${kx})`][kind] as string;
      const lnSplit = kind === 3 && k !== 1 ? `$\\ln(${kx}) = \\ln ${k} + \\ln x$, and the constant $\\ln ${k}$ has gradient 0, so ` : '';
      const chosen = cases[kind] as (typeof cases)[number];
      return {
        question: `Differentiate $y = ${chosen.f}$ with respect to $x$.`,
        answer: chosen.d,
        form: { kind: 'expression', variables: ['x'] },
        hint: 'Use the standard derivatives of $e^{kx}$, $\\sin kx$, $\\cos kx$ and $\\ln kx$, keeping the constant multiple in front.',
        explanation: `${kind === 3 && k === 1 ? `$${chosen.rule}$.` : `${lnSplit}$${chosen.rule}$${kind === 3 ? '' : ` with $k = ${k}$`}: $\\frac{d}{dx}${bare} = ${chosen.step}$.`} ${a === 1 ? `So $\\frac{dy}{dx} = ${chosen.dt}$.` : `The $${a}$ in front stays: $\\frac{dy}{dx} = ${show(a)} \\times ${chosen.step.startsWith('-') ? `\\left(${chosen.step}\\right)` : chosen.step} = ${chosen.dt}$.`}`,
      };
    },
  }),
  defineTemplate({
    id: 'differentiate-chain-rule',
    topic: 'differentiation',
    grades: [12, 12],
    difficulty: 4,
    type: 'calculus',
    time: 60,
    build(rng) {
      const a = rng.intExcept(-4, 5, 0, 1);
      const b = nz(rng, 7);
      const n = rng.int(2, 6);
      const factor = n * a;
      return {
        question: `Differentiate $y = (${linear(a, b)})^{${n}}$ with respect to $x$.`,
        answer: `${factor}(${linear(a, b)})^${n - 1}`.replace(/\^1$/, ''),
        form: { kind: 'expression', variables: ['x'] },
        hint: 'Chain rule: bring the power down, reduce it by 1, and multiply by the derivative of the inside.',
        explanation: `Chain rule: let $u = ${linear(a, b)}$, so $y = u^{${n}}$. Then $\\frac{dy}{du} = ${n}${texPow('u', n - 1)}$ and $\\frac{du}{dx} = ${a}$. Multiply: $\\frac{dy}{dx} = \\frac{dy}{du} \\times \\frac{du}{dx} = ${n}${texPow(`(${linear(a, b)})`, n - 1)} \\times ${show(a)} = ${factor}${texPow(`(${linear(a, b)})`, n - 1)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'differentiate-product-rule',
    topic: 'differentiation',
    grades: [12, 12],
    difficulty: 5,
    type: 'calculus',
    time: 90,
    build(rng) {
      const n = rng.int(2, 4);
      const k = rng.intExcept(-3, 3, 0);
      if (rng.bool()) {
        return {
          question: `Differentiate $y = x^{${n}}e^{${kx(k)}}$ with respect to $x$.`,
          answer: `${n}${n - 1 === 1 ? 'x' : `x^${n - 1}`}e^(${kx(k)}) ${k < 0 ? '-' : '+'} ${coef(Math.abs(k))}x^${n}e^(${kx(k)})`,
          form: { kind: 'expression', variables: ['x'] },
          hint: 'Product rule: d(uv)/dx = u dv/dx + v du/dx.',
          explanation: `Product rule: $\\frac{dy}{dx} = u\\frac{dv}{dx} + v\\frac{du}{dx}$. Here $u = x^{${n}}$, so $\\frac{du}{dx} = ${n}${texPow('x', n - 1)}$, and $v = e^{${kx(k)}}$, so $\\frac{dv}{dx} = ${coef(k)}e^{${kx(k)}}$. $\\frac{dy}{dx} = x^{${n}} \\times ${coef(k)}e^{${kx(k)}} + e^{${kx(k)}} \\times ${n}${texPow('x', n - 1)} = ${texPow('x', n - 1)}e^{${kx(k)}}(${kx(k)} + ${n})$, taking out the common factor $${texPow('x', n - 1)}e^{${kx(k)}}$.`,
        };
      }
      return {
        question: `Differentiate $y = x^{${n}}\\sin x$ with respect to $x$.`,
        answer: `${n}${n - 1 === 1 ? 'x' : `x^${n - 1}`}sin(x) + x^${n}cos(x)`,
        form: { kind: 'expression', variables: ['x'] },
        hint: 'Product rule: d(uv)/dx = u dv/dx + v du/dx.',
        explanation: `Product rule: $\\frac{dy}{dx} = u\\frac{dv}{dx} + v\\frac{du}{dx}$. Here $u = x^{${n}}$, so $\\frac{du}{dx} = ${n}${texPow('x', n - 1)}$, and $v = \\sin x$, so $\\frac{dv}{dx} = \\cos x$. $\\frac{dy}{dx} = x^{${n}}\\cos x + \\sin x \\times ${n}${texPow('x', n - 1)} = ${n}${texPow('x', n - 1)}\\sin x + x^{${n}}\\cos x$.`,
      };
    },
  }),
  defineTemplate({
    id: 'differentiate-tangent-line',
    topic: 'differentiation',
    grades: [12, 12],
    difficulty: 4,
    type: 'calculus',
    time: 90,
    build(rng) {
      const [b, c] = [rng.int(-6, 6), rng.int(-9, 9)];
      const k = rng.int(-3, 4);
      const y0 = k * k + b * k + c;
      const m = 2 * k + b;
      const intercept = y0 - m * k;
      return {
        question: `Find the equation of the tangent to $y = ${poly([[1, 2], [b, 1], [c, 0]], 'x', true)}$ at the point where $x = ${k}$. Give it in the form $y = mx + c$.`,
        answer: `y = ${linear(m, intercept)}`,
        form: { kind: 'equation', variables: ['x', 'y'] },
        hint: 'Find the point on the curve, find the gradient there by differentiating, then use y − y₁ = m(x − x₁).',
        explanation: `The point: at $x = ${k}$, $y = ${show(k)}^2${b === 0 ? '' : ` ${b < 0 ? '-' : '+'} ${Math.abs(b)} \\times ${show(k)}`}${plus(c)} = ${y0}$. The gradient there: $\\frac{dy}{dx} = 2x${plus(b)}$, so $m = 2 \\times ${show(k)}${plus(b)} = ${m}$. The tangent goes through $(${k}, ${y0})$ with gradient $${m}$: $y - ${show(y0)} = ${m}(x - ${show(k)})$, so $y = ${m === 0 ? y0 : equals(`${linear(m, -m * k)}${plus(y0)}`, linear(m, intercept))}$.`,
      };
    },
  }),
  // ----- integration
  defineTemplate({
    id: 'integrate-polynomial',
    topic: 'integration',
    grades: [12, 12],
    difficulty: 2,
    type: 'calculus',
    time: 50,
    build(rng) {
      const p = rng.int(1, 4);
      const items = terms([
        [(p + 1) * rng.intExcept(-4, 4, 0), p],
        [2 * rng.int(-4, 4), 1],
        [rng.intExcept(-9, 9, 0), 0],
      ]);
      const integral = items.map(([c, q]) => [c / (q + 1), q + 1] as [number, number]);
      return {
        question: `Find $\\displaystyle\\int (${poly(items, 'x', true)})\\,dx$.`,
        answer: `${poly(integral)} + C`,
        form: { kind: 'antiderivative', variables: ['x'] },
        hint: 'Add 1 to each power and divide by the new power. Remember the constant of integration.',
        explanation: `Integrate term by term: add 1 to the power, then divide by the new power. ${items.map(([c, q]) => `$${term(c, q, 'x', true)} \\to ${q === 0 ? term(c, 1, 'x', true) : `\\frac{${term(c, q + 1, 'x', true)}}{${q + 1}} = ${term(c / (q + 1), q + 1, 'x', true)}`}$`).join(', ')}. Add the constant of integration: $${poly(integral, 'x', true)} + C$.`,
      };
    },
  }),
  defineTemplate({
    id: 'integrate-definite',
    topic: 'integration',
    grades: [12, 12],
    difficulty: 3,
    type: 'calculus',
    time: 75,
    build(rng) {
      const a = rng.intExcept(-3, 3, 0);
      const b = rng.int(-4, 4);
      const c = rng.int(-5, 5);
      const lo = rng.int(-2, 2);
      const hi = lo + rng.int(1, 3);
      // F(x) = a x^3/3 + b x^2/2 + c x, in sixths to stay exact
      const F6 = (x: number) => 2 * a * x ** 3 + 3 * b * x ** 2 + 6 * c * x;
      const value6 = F6(hi) - F6(lo);
      const integrand = poly([[a, 2], [b, 1], [c, 0]], 'x', true);
      const antiderivative = fracPoly([[a, 3, 3], [b, 2, 2], [c, 1, 1]], true);
      return {
        question: `Evaluate $\\displaystyle\\int_{${lo}}^{${hi}} (${integrand})\\,dx$.`,
        answer: frac(value6, 6),
        form: { kind: 'exact_fraction' },
        hint: 'Integrate, then substitute the upper limit and subtract the value at the lower limit.',
        explanation: `Integrate term by term (add 1 to the power, divide by the new power): $${antiderivative}$. Put in the top limit, then the bottom limit, and subtract: at $x = ${hi}$ it is $${texFrac(F6(hi), 6)}$, at $x = ${lo}$ it is $${texFrac(F6(lo), 6)}$. $\\left[${antiderivative}\\right]_{${lo}}^{${hi}} = ${texFrac(F6(hi), 6)} - ${F6(lo) < 0 ? `\\left(${texFrac(F6(lo), 6)}\\right)` : texFrac(F6(lo), 6)} = ${texFrac(value6, 6)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'integrate-area-under-curve',
    topic: 'integration',
    grades: [12, 12],
    difficulty: 4,
    type: 'calculus',
    time: 90,
    build(rng) {
      // y = -(x - p)(x - q) = -x^2 + (p + q)x - pq is positive between p and q
      const p = rng.int(-4, 3);
      const q = p + rng.int(1, 6);
      const area = (q - p) ** 3; // exact area is (q - p)^3 / 6
      return {
        question: `Find the area enclosed between the curve $y = ${poly([[-1, 2], [p + q, 1], [-p * q, 0]], 'x', true)}$ and the x-axis.`,
        answer: frac(area, 6),
        form: { kind: 'exact_fraction' },
        hint: 'Find where the curve crosses the x-axis; those are the limits. Then integrate between them.',
        explanation: `The area is the integral between the two points where the curve crosses the x-axis. Factorise: $y = -${factorTex(p)}${factorTex(q)}$, which is 0 at $x = ${p}$ and $x = ${q}$, and the curve is above the axis between them. $\\int_{${p}}^{${q}} (${poly([[-1, 2], [p + q, 1], [-p * q, 0]], 'x', true)})\\,dx = \\left[${antiderivativeTex(p + q, -p * q)}\\right]_{${p}}^{${q}} = ${texFrac(area, 6)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'integrate-exp-trig-reciprocal',
    topic: 'integration',
    grades: [12, 12],
    difficulty: 4,
    type: 'calculus',
    time: 60,
    build(rng) {
      const kind = rng.int(0, 3);
      const k = kind === 0 ? rng.intExcept(-4, 4, 0, 1, -1) : rng.int(2, 4);
      const a = k * rng.intExcept(-3, 3, 0);
      const cases = [
        {
          f: `${coef(a)}e^{${k}x}`,
          F: `${coef(a / k)}e^(${k}x) + C`,
          Ft: `${coef(a / k)}e^{${k}x} + C`,
          why: `Differentiating $e^{${k}x}$ gives $${k}e^{${k}x}$, so integrating $e^{${k}x}$ divides by $${k}$: $${show(a)} \\times \\frac{1}{${k}}e^{${k}x} = ${coef(a / k)}e^{${k}x}$`,
        },
        {
          f: `${coef(a)}\\cos(${k}x)`,
          F: `${coef(a / k)}sin(${k}x) + C`,
          Ft: `${coef(a / k)}\\sin(${k}x) + C`,
          why: `Differentiating $\\sin(${k}x)$ gives $${k}\\cos(${k}x)$, so integrating $\\cos(${k}x)$ gives $\\frac{1}{${k}}\\sin(${k}x)$: $${show(a)} \\times \\frac{1}{${k}}\\sin(${k}x) = ${coef(a / k)}\\sin(${k}x)$`,
        },
        {
          f: `${coef(a)}\\sin(${k}x)`,
          F: `${coef(-a / k)}cos(${k}x) + C`,
          Ft: `${coef(-a / k)}\\cos(${k}x) + C`,
          why: `Differentiating $\\cos(${k}x)$ gives $-${k}\\sin(${k}x)$, so integrating $\\sin(${k}x)$ gives $-\\frac{1}{${k}}\\cos(${k}x)$: $${show(a)} \\times \\left(-\\frac{1}{${k}}\\right)\\cos(${k}x) = ${coef(-a / k)}\\cos(${k}x)$`,
        },
        {
          f: `${a < 0 ? '-' : ''}\\frac{${Math.abs(a)}}{x}`,
          F: `${coef(a)}ln|x| + C`,
          Ft: `${coef(a)}\\ln|x| + C`,
          why: `Differentiating $\\ln|x|$ gives $\\frac{1}{x}$, so integrating $\\frac{1}{x}$ gives $\\ln|x|$, and $${a < 0 ? '-' : ''}\\frac{${Math.abs(a)}}{x} = ${show(a)} \\times \\frac{1}{x}$ gives $${coef(a)}\\ln|x|$`,
        },
      ];
      const chosen = cases[kind] as (typeof cases)[number];
      return {
        question: `Find $\\displaystyle\\int ${chosen.f}\\,dx$.`,
        answer: chosen.F,
        form: { kind: 'antiderivative', variables: ['x'] },
        hint: 'Reverse the standard derivatives: integrating $e^{kx}$, $\\cos kx$ or $\\sin kx$ divides by $k$; $\\frac{1}{x}$ integrates to a logarithm.',
        explanation: `Integrating undoes differentiating. ${chosen.why}. So $\\int ${chosen.f}\\,dx = ${chosen.Ft}$, with the constant of integration. Check by differentiating.`,
      };
    },
  }),
  defineTemplate({
    id: 'integrate-find-curve',
    topic: 'integration',
    grades: [12, 12],
    difficulty: 4,
    type: 'calculus',
    time: 90,
    build(rng) {
      const a = rng.intExcept(-3, 3, 0);
      const b = 2 * rng.int(-3, 3);
      const x0 = rng.int(-2, 2);
      const y0 = rng.int(-9, 9);
      // y = a x^3 + (b/2) x^2 + C
      const C = y0 - a * x0 ** 3 - (b / 2) * x0 ** 2;
      const dydx = poly([[3 * a, 2], [b, 1]], 'x', true);
      return {
        question: `A curve has gradient $\\frac{dy}{dx} = ${dydx}$ and passes through the point $(${x0}, ${y0})$. Find the equation of the curve.`,
        answer: `y = ${poly([[a, 3], [b / 2, 2], [C, 0]])}`,
        form: { kind: 'expression', variables: ['x'] },
        hint: 'Integrate the gradient function (with + C), then substitute the point to find C.',
        explanation: `Integrate the gradient (add 1 to each power and divide by the new power), with a constant $C$: $y = ${poly([[a, 3], [b / 2, 2]], 'x', true)} + C$. The point fixes $C$. At $(${x0}, ${y0})$: $${y0} = ${a * x0 ** 3 + (b / 2) * x0 ** 2} + C$, so $C = ${C}$ and $y = ${poly([[a, 3], [b / 2, 2], [C, 0]], 'x', true)}$.`,
      };
    },
  }),
];

