/** Indices, standard form and surds. */
import { coef, frac, num, surd, surdParts, texFrac, texNum, texPow, texSurd } from '../format.ts';
import type { Rng } from '../random.ts';
import { defineTemplate, type ProblemTemplate } from '../template.ts';

const LETTERS = ['x', 'y', 'a', 'm', 'p', 't'] as const;

/** A standard-form number: mantissa with 1-3 significant figures, as [mantissa, exponent]. */
function standardNumber(rng: Rng, minExp: number, maxExp: number): [number, number] {
  const digits = rng.int(1, 3);
  const mantissa = rng.int(10 ** (digits - 1), 10 ** digits - 1) / 10 ** (digits - 1);
  return [Number(mantissa.toPrecision(3)), rng.int(minExp, maxExp)];
}

const sfTyped = (m: number, e: number): string => `${num(m)} × 10^${e}`;
const sfTex = (m: number, e: number): string => `${num(m)} \\times 10^{${e}}`;
/** m × 10^e as an ordinary number string, exactly. */
const ordinary = (m: number, e: number): string => num(Number(`${num(m)}e${e}`), 12);

export const powerTemplates: ProblemTemplate[] = [
  // ----- indices
  defineTemplate({
    id: 'index-evaluate',
    topic: 'indices',
    grades: [7, 8],
    difficulty: 1,
    type: 'numeric',
    time: 25,
    build(rng) {
      const base = rng.int(2, 5);
      const exp = rng.int(2, base === 2 ? 8 : base === 3 ? 5 : 4);
      const steps = Array.from({ length: exp }, () => base).join(' \\times ');
      return {
        question: `What is $${base}^{${exp}}$?`,
        answer: String(base ** exp),
        hint: 'The power tells you how many copies of the base to multiply together. It is not the base times the power.',
        explanation: `$${base}^{${exp}} = ${steps} = ${texNum(base ** exp)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'index-laws',
    topic: 'indices',
    grades: [8, 9],
    difficulty: 2,
    type: 'algebra',
    time: 40,
    build(rng) {
      const v = rng.pick(LETTERS);
      const a = rng.int(2, 9);
      const b = rng.int(2, 9);
      const law = rng.int(0, 2);
      if (law === 0) {
        return {
          question: `Simplify $${v}^{${a}} \\times ${v}^{${b}}$.`,
          answer: `${v}^${a + b}`,
          form: { kind: 'expression', variables: [v], require: 'simplified' },
          hint: 'When you multiply powers of the same base, add the indices.',
          explanation: `$${v}^{${a}}$ is ${a} copies of $${v}$ multiplied together and $${v}^{${b}}$ is ${b} more, so there are $${a} + ${b} = ${a + b}$ of them: when you multiply powers of the same base, add the indices. $${v}^{${a}} \\times ${v}^{${b}} = ${v}^{${a} + ${b}} = ${v}^{${a + b}}$.`,
        };
      }
      if (law === 1) {
        const big = a + b;
        return {
          question: `Simplify $${v}^{${big}} \\div ${v}^{${b}}$.`,
          answer: `${v}^${a}`,
          form: { kind: 'expression', variables: [v], require: 'simplified' },
          hint: 'When you divide powers of the same base, subtract the indices.',
          explanation: `Dividing cancels ${b} of the ${big} copies of $${v}$ multiplied together, leaving $${big} - ${b} = ${a}$: when you divide powers of the same base, subtract the indices. $${v}^{${big}} \\div ${v}^{${b}} = ${v}^{${big} - ${b}} = ${v}^{${a}}$.`,
        };
      }
      const c = rng.int(2, 4);
      return {
        question: `Simplify $(${v}^{${a}})^{${c}}$.`,
        answer: `${v}^${a * c}`,
        form: { kind: 'expression', variables: [v], require: 'simplified' },
        hint: 'A power of a power: multiply the indices.',
        explanation: `$(${v}^{${a}})^{${c}}$ is ${c} lots of $${v}^{${a}}$ multiplied together, which is $${c} \\times ${a}$ copies of $${v}$: multiply the indices. $(${v}^{${a}})^{${c}} = ${v}^{${a} \\times ${c}} = ${v}^{${a * c}}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'index-laws-coefficients',
    topic: 'indices',
    grades: [8, 10],
    difficulty: 3,
    type: 'algebra',
    time: 50,
    build(rng) {
      const v = rng.pick(LETTERS);
      const p = rng.int(2, 6);
      const q = rng.int(2, 6);
      const a = rng.int(1, 6);
      const b = rng.int(1, 6);
      if (rng.bool()) {
        return {
          question: `Simplify $${p}${texPow(v, a)} \\times ${q}${texPow(v, b)}$.`,
          answer: `${p * q}${v}^${a + b}`,
          form: { kind: 'expression', variables: [v], require: 'simplified' },
          hint: 'Multiply the numbers, then use the index law for the letters: add the powers.',
          explanation: `$${p} \\times ${q} = ${p * q}$ and $${texPow(v, a)} \\times ${texPow(v, b)} = ${texPow(v, a + b)}$, so the answer is $${p * q}${texPow(v, a + b)}$.`,
        };
      }
      const top = p * q;
      return {
        question: `Simplify $${top}${texPow(v, a + b)} \\div ${p}${texPow(v, b)}$.`,
        answer: `${q}${v}^${a}`.replace(/\^1$/, ''),
        form: { kind: 'expression', variables: [v], require: 'simplified' },
        hint: 'Divide the numbers, then use the index law for the letters: subtract the powers.',
        explanation: `$${top} \\div ${p} = ${q}$ and $${texPow(v, a + b)} \\div ${texPow(v, b)} = ${texPow(v, a)}$, so the answer is $${q}${v}${a === 1 ? '' : `^{${a}}`}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'index-zero-negative',
    topic: 'indices',
    grades: [9, 10],
    difficulty: 3,
    type: 'numeric',
    time: 40,
    build(rng) {
      const kind = rng.int(0, 2);
      if (kind === 0) {
        const base = rng.int(2, 15);
        return {
          question: `Evaluate $${base}^{0}$.`,
          answer: '1',
          form: { kind: 'exact_fraction' },
          hint: 'Think of the pattern of dividing a power by itself: the indices cancel.',
          explanation: `$${base}^{0} = ${base}^{n - n} = \\frac{${base}^n}{${base}^n} = 1$. Any non-zero number to the power 0 is $1$.`,
        };
      }
      if (kind === 1) {
        const base = rng.int(2, 10);
        const exp = rng.int(1, base <= 5 ? 3 : 2);
        return {
          question: `Evaluate $${base}^{-${exp}}$. Give your answer as a fraction.`,
          answer: `1/${base ** exp}`,
          form: { kind: 'exact_fraction' },
          hint: 'A negative index means one over the positive power (the reciprocal).',
          explanation: `$${base}^{-${exp}} = \\frac{1}{${base}^{${exp}}} = \\frac{1}{${base ** exp}}$.`,
        };
      }
      let n = rng.int(1, 4);
      const d = rng.int(2, 5);
      if (n === d) n = d - 1;
      return {
        question: `Evaluate $\\left(${texFrac(n, d)}\\right)^{-2}$. Give your answer as a fraction.`,
        answer: frac(d * d, n * n),
        form: { kind: 'exact_fraction' },
        hint: 'A negative index flips the fraction upside down; then square it.',
        explanation: `$\\left(${texFrac(n, d)}\\right)^{-2} = \\left(${texFrac(d, n)}\\right)^{2} = ${texFrac(d * d, n * n)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'index-fractional',
    topic: 'indices',
    grades: [9, 10],
    difficulty: 4,
    type: 'numeric',
    time: 60,
    build(rng) {
      const [root, base] = rng.pick([
        [2, 4], [2, 9], [2, 16], [2, 25], [2, 36], [2, 49], [2, 64], [2, 81], [2, 100],
        [3, 8], [3, 27], [3, 64], [3, 125], [4, 16], [4, 81],
      ] as const);
      const r = Math.round(base ** (1 / root));
      const power = rng.pick(root === 2 ? [1, 3] : [1, 2]);
      const negative = rng.bool();
      const value = r ** power;
      const answer = negative ? `1/${value}` : String(value);
      return {
        question: `Evaluate $${base}^{${negative ? '-' : ''}${power === 1 ? `1/${root}` : `${power}/${root}`}}$.`,
        answer,
        form: { kind: 'exact_fraction' },
        hint: 'The denominator of the index is a root and the numerator is a power. A minus sign means take the reciprocal.',
        explanation: `The ${root === 2 ? 'square' : root === 3 ? 'cube' : 'fourth'} root of $${base}$ is $${r}$. ${power > 1 ? `Then $${r}^{${power}} = ${value}$. ` : ''}${negative ? `The negative index gives the reciprocal: $${texFrac(1, value)}$.` : `So the answer is $${value}$.`}`,
      };
    },
  }),
  defineTemplate({
    id: 'index-find-power',
    topic: 'indices',
    grades: [8, 10],
    difficulty: 3,
    type: 'algebra',
    time: 45,
    build(rng) {
      const base = rng.int(2, 5);
      const n = rng.int(2, base === 2 ? 7 : 4);
      if (rng.bool()) {
        return {
          question: `Find $n$ if $${base}^n = ${texNum(base ** n)}$.`,
          answer: `n = ${n}`,
          form: { kind: 'equation_solution', variables: ['n'], exact: true },
          hint: 'Keep multiplying by the base and count how many times you need to.',
          explanation: `$${Array.from({ length: n }, () => base).join(' \\times ')} = ${texNum(base ** n)}$, so $n = ${n}$.`,
        };
      }
      const a = rng.int(2, 6);
      return {
        question: `Find $n$ if $${base}^{n} \\times ${base}^{${a}} = ${base}^{${n + a}}$.`,
        answer: `n = ${n}`,
        form: { kind: 'equation_solution', variables: ['n'], exact: true },
        hint: 'Multiplying powers of the same base adds the indices. Write an equation for the indices.',
        explanation: `$n + ${a} = ${n + a}$, so $n = ${n}$.`,
      };
    },
  }),
  // ----- standard form
  defineTemplate({
    id: 'standard-form-write-large',
    topic: 'standard-form',
    grades: [8, 9],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const [m, e] = standardNumber(rng, 3, 8);
      return {
        question: `Write $${texNum(Number(ordinary(m, e)))}$ in standard form.`,
        answer: sfTyped(m, e),
        form: { kind: 'standard_form' },
        hint: 'Standard form is a number from 1 up to (but not including) 10, multiplied by a power of 10. Count how many places the decimal point moves.',
        explanation: `Put the decimal point after the first digit: $${num(m)}$. It moved ${e} places, so the number is $${sfTex(m, e)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'standard-form-write-small',
    topic: 'standard-form',
    grades: [8, 9],
    difficulty: 3,
    type: 'numeric',
    time: 45,
    build(rng) {
      const [m, e] = standardNumber(rng, -6, -2);
      return {
        question: `Write $${ordinary(m, e)}$ in standard form.`,
        answer: sfTyped(m, e),
        form: { kind: 'standard_form' },
        hint: 'For numbers less than 1 the power of 10 is negative. Count how many places the decimal point moves to get a number from 1 to 10.',
        explanation: `Move the decimal point ${-e} places to the right to get $${num(m)}$, so the number is $${sfTex(m, e)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'standard-form-to-ordinary',
    topic: 'standard-form',
    grades: [8, 9],
    difficulty: 2,
    type: 'numeric',
    time: 35,
    build(rng) {
      const [m, e] = rng.bool() ? standardNumber(rng, 2, 6) : standardNumber(rng, -4, -1);
      const value = ordinary(m, e);
      return {
        question: `Write $${sfTex(m, e)}$ as an ordinary number.`,
        answer: value,
        form: { kind: 'number', tolerance: 0 },
        hint: e > 0 ? 'A positive power of 10 makes the number bigger: move the decimal point to the right.' : 'A negative power of 10 makes the number smaller: move the decimal point to the left.',
        explanation: `Move the decimal point ${Math.abs(e)} place${Math.abs(e) === 1 ? '' : 's'} to the ${e > 0 ? 'right' : 'left'}: $${sfTex(m, e)} = ${texNum(Number(value))}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'standard-form-multiply',
    topic: 'standard-form',
    grades: [9, 10],
    difficulty: 3,
    type: 'numeric',
    time: 60,
    build(rng) {
      const a = rng.int(2, 9);
      const b = rng.int(2, 9);
      const p = rng.int(2, 8);
      const q = rng.int(-5, 8);
      let m = a * b;
      let e = p + q;
      if (m >= 10) {
        m /= 10;
        e += 1;
      }
      return {
        question: `Work out $(${a} \\times 10^{${p}}) \\times (${b} \\times 10^{${q}})$. Give your answer in standard form.`,
        answer: sfTyped(m, e),
        form: { kind: 'standard_form' },
        hint: 'Multiply the numbers, add the powers of 10, then adjust so the first number is between 1 and 10.',
        explanation: `$${a} \\times ${b} = ${a * b}$ and $10^{${p}} \\times 10^{${q}} = 10^{${p + q}}$. ${a * b >= 10 ? `$${a * b} \\times 10^{${p + q}} = ${num(m)} \\times 10^{1} \\times 10^{${p + q}} = ${sfTex(m, e)}$.` : `So the answer is $${sfTex(m, e)}$.`}`,
      };
    },
  }),
  defineTemplate({
    id: 'standard-form-divide',
    topic: 'standard-form',
    grades: [9, 10],
    difficulty: 3,
    type: 'numeric',
    time: 60,
    build(rng) {
      const b = rng.int(2, 5);
      const c = rng.int(2, 9);
      const a = b * c;
      const p = rng.int(4, 9);
      const q = rng.int(1, 3);
      const numerator = a >= 10 ? [a / 10, p + 1] : [a, p];
      return {
        question: `Work out $(${sfTex(numerator[0] as number, numerator[1] as number)}) \\div (${b} \\times 10^{${q}})$. Give your answer in standard form.`,
        answer: sfTyped(c, p - q),
        form: { kind: 'standard_form' },
        hint: 'Divide the numbers, subtract the powers of 10, then adjust so the first number is between 1 and 10.',
        // The numerator is restated as a × 10^p only when it is written otherwise.
        explanation: `${sfTex(numerator[0] as number, numerator[1] as number) === `${a} \\times 10^{${p}}` ? '' : `$${sfTex(numerator[0] as number, numerator[1] as number)} = ${a} \\times 10^{${p}}$. `}$${a} \\div ${b} = ${c}$ and $10^{${p}} \\div 10^{${q}} = 10^{${p - q}}$, so the answer is $${sfTex(c, p - q)}$.`,
      };
    },
  }),
  // ----- surds
  defineTemplate({
    id: 'surd-simplify',
    topic: 'surds',
    grades: [9, 10],
    difficulty: 3,
    type: 'numeric',
    time: 45,
    build(rng) {
      const k = rng.int(2, 7);
      const m = rng.pick([2, 3, 5, 6, 7, 10, 11]);
      const n = k * k * m;
      return {
        question: `Simplify $\\sqrt{${n}}$.`,
        answer: surd(k, m),
        form: { kind: 'exact', require: 'surd_simplest' },
        hint: 'Look for the largest square number that is a factor of the number under the root.',
        explanation: `$${n} = ${k * k} \\times ${m}$ and $${k * k}$ is a square number, so $\\sqrt{${n}} = \\sqrt{${k * k}} \\times \\sqrt{${m}} = ${texSurd(k, m)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'surd-add',
    topic: 'surds',
    grades: [10, 11],
    difficulty: 3,
    type: 'numeric',
    time: 60,
    build(rng) {
      const m = rng.pick([2, 3, 5, 6, 7]);
      const [a, b] = rng.sample([1, 2, 3, 4, 5], 2) as [number, number];
      const subtract = rng.bool(0.3) && a !== b;
      const total = subtract ? a - b : a + b;
      const show = (k: number) => (k === 1 ? `\\sqrt{${m}}` : `\\sqrt{${k * k * m}}`);
      return {
        question: `Simplify $${show(a)} ${subtract ? '-' : '+'} ${show(b)}$.`,
        answer: surd(total, m),
        form: { kind: 'exact', require: 'surd_simplest' },
        hint: 'Simplify each surd first so that they have the same number under the root, then collect them like terms.',
        explanation: `${[a, b].filter((k) => k > 1).map((k) => `$\\sqrt{${k * k * m}} = ${texSurd(k, m)}$`).join(' and ')}. So $${texSurd(a, m)} ${subtract ? '-' : '+'} ${texSurd(b, m)} = ${texSurd(total, m)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'surd-multiply',
    topic: 'surds',
    grades: [9, 10],
    difficulty: 2,
    type: 'numeric',
    time: 45,
    build(rng) {
      if (rng.bool()) {
        const [a, b] = rng.pick([[2, 6], [3, 6], [2, 10], [5, 10], [3, 15], [2, 8], [3, 12], [6, 10], [2, 14], [7, 14]] as const);
        const [out, inside] = surdParts(a * b);
        return {
          question: `Simplify $\\sqrt{${a}} \\times \\sqrt{${b}}$.`,
          answer: surd(out, inside),
          form: { kind: 'exact', require: 'surd_simplest' },
          hint: 'Multiply the numbers under the roots, then simplify the surd.',
          explanation: `$\\sqrt{${a}} \\times \\sqrt{${b}} = \\sqrt{${a * b}}${out > 1 ? ` = ${texSurd(out, inside)}` : ''}$.`,
        };
      }
      const p = rng.int(2, 6);
      const q = rng.int(2, 6);
      const m = rng.pick([2, 3, 5, 7]);
      return {
        question: `Simplify $${p}\\sqrt{${m}} \\times ${q}\\sqrt{${m}}$.`,
        answer: String(p * q * m),
        form: { kind: 'exact', require: 'surd_simplest' },
        hint: 'Multiply the whole numbers together and the surds together. A square root times itself is the number inside.',
        explanation: `$${p} \\times ${q} = ${p * q}$ and $\\sqrt{${m}} \\times \\sqrt{${m}} = ${m}$, so the answer is $${p * q} \\times ${m} = ${p * q * m}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'surd-rationalise',
    topic: 'surds',
    grades: [10, 11],
    difficulty: 4,
    type: 'numeric',
    time: 60,
    build(rng) {
      const m = rng.pick([2, 3, 5, 6, 7]);
      const k = rng.int(1, 4);
      const a = rng.bool() ? k * m : rng.intExcept(1, 9, m);
      const [n, d] = [a, m];
      const g = ((x, y) => {
        let p = x;
        let q = y;
        while (q) [p, q] = [q, p % q];
        return p;
      })(n, d);
      const top = n / g;
      const bottom = d / g;
      const answer = bottom === 1 ? surd(top, m) : top === 1 ? `sqrt(${m})/${bottom}` : `${top}sqrt(${m})/${bottom}`;
      const tex = bottom === 1 ? texSurd(top, m) : `\\frac{${texSurd(top, m)}}{${bottom}}`;
      return {
        question: `Rationalise the denominator: write $\\frac{${a}}{\\sqrt{${m}}}$ without a root in the denominator.`,
        answer,
        form: { kind: 'exact', require: 'rationalised' },
        hint: 'Multiply the top and the bottom by the root in the denominator.',
        explanation: `$\\frac{${a}}{\\sqrt{${m}}} \\times \\frac{\\sqrt{${m}}}{\\sqrt{${m}}} = \\frac{${a === 1 ? '' : a}\\sqrt{${m}}}{${m}}${g > 1 ? ` = ${tex}` : ''}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'surd-expand-brackets',
    topic: 'surds',
    grades: [10, 11],
    difficulty: 4,
    type: 'numeric',
    time: 75,
    build(rng) {
      const a = rng.int(1, 6);
      const m = rng.pick([2, 3, 5, 7]);
      if (rng.bool()) {
        return {
          question: `Expand and simplify $(${a} + \\sqrt{${m}})(${a} - \\sqrt{${m}})$.`,
          answer: String(a * a - m),
          form: { kind: 'exact' },
          hint: 'This is a difference of two squares: the middle terms cancel.',
          explanation: `$(${a} + \\sqrt{${m}})(${a} - \\sqrt{${m}}) = ${a * a} - ${coef(a)}\\sqrt{${m}} + ${coef(a)}\\sqrt{${m}} - ${m} = ${a * a - m}$.`,
        };
      }
      return {
        question: `Expand and simplify $(${a} + \\sqrt{${m}})^2$.`,
        answer: `${a * a + m} + ${coef(2 * a)}sqrt(${m})`,
        form: { kind: 'exact' },
        hint: 'Write it as two brackets multiplied together and multiply every term in the first by every term in the second.',
        explanation: `$(${a} + \\sqrt{${m}})(${a} + \\sqrt{${m}}) = ${a * a} + ${coef(a)}\\sqrt{${m}} + ${coef(a)}\\sqrt{${m}} + ${m} = ${a * a + m} + ${2 * a}\\sqrt{${m}}$.`,
      };
    },
  }),
];
