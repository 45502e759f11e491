/** Algebra: expressions, linear equations and inequalities, simultaneous equations, quadratics, sequences. */
import { fixed, frac, gcd, kx, linear, num, plus, poly, reduce, term, texFrac } from '../format.ts';
import type { Rng } from '../random.ts';
import { defineTemplate, type ProblemTemplate } from '../template.ts';

/** A non-zero integer in [-max, max] other than the excluded values. */
const nz = (rng: Rng, max: number, ...excluded: number[]): number => rng.intExcept(-max, max, 0, ...excluded);

/** a·(bracket) in LaTeX, e.g. 3(2x - 5), -(x + 4). */
const texTimesBracket = (a: number, inside: string): string => `${a === 1 ? '' : a === -1 ? '-' : a}(${inside})`;

/** (x + a) in typed/LaTeX form with the sign folded: (x - 3). */
const xPlus = (a: number, v = 'x'): string => `(${v}${plus(a)})`;

/** A signed x term after another term: ' + 3x', ' - x'. */
const plusX = (c: number): string => `${plus(c).replace(/ 1$/, ' ')}x`;

const solutionForm = (variable = 'x') => ({ kind: 'equation_solution' as const, variables: [variable], exact: true });

/**
 * Factorising x^2 + bx + c = (x - r1)(x - r2) as a pupil does: two numbers that multiply to c and
 * add to b (or x taken out when c = 0), written as the equation in brackets.
 */
function factorisedSteps(r1: number, r2: number): string {
  const [b, c] = [-(r1 + r2), r1 * r2];
  const quadratic = poly([[1, 2], [b, 1], [c, 0]], 'x', true);
  if (c === 0) {
    const other = r1 === 0 ? r2 : r1;
    return `Both terms have an $x$, so take it out: $${quadratic} = x(x${plus(-other)})$, and the equation is $x(x${plus(-other)}) = 0$.`;
  }
  const [p, q] = [-r1, -r2];
  return `Find two numbers that multiply to $${c}$ and add to $${b}$: $${p}$ and $${q}$ ($${p} \\times ${q < 0 ? `(${q})` : q} = ${c}$ and $${p} + ${q < 0 ? `(${q})` : q} = ${b}$). So the equation is $${xPlus(p)}${xPlus(q)} = 0$.`;
}

export const algebraTemplates: ProblemTemplate[] = [
  // ----- algebraic expressions
  defineTemplate({
    id: 'expression-collect-like-terms',
    topic: 'algebraic-expressions',
    grades: [6, 7],
    difficulty: 2,
    type: 'algebra',
    time: 45,
    build(rng) {
      const [u, v] = rng.pick([['x', 'y'], ['a', 'b'], ['m', 'n'], ['p', 'q']] as const);
      const a1 = rng.int(2, 9);
      const b1 = rng.int(1, 9);
      const a2 = nz(rng, 8, -a1);
      const b2 = nz(rng, 8, -b1);
      const question = `${term(a1, 1, u)}${b1 === 1 ? ` + ${v}` : ` + ${term(b1, 1, v)}`}${a2 < 0 ? ` - ${term(-a2, 1, u)}` : ` + ${term(a2, 1, u)}`}${b2 < 0 ? ` - ${term(-b2, 1, v)}` : ` + ${term(b2, 1, v)}`}`;
      const answer = poly([[a1 + a2, 1]], u) + (b1 + b2 < 0 ? ` - ${term(-(b1 + b2), 1, v)}` : ` + ${term(b1 + b2, 1, v)}`);
      return {
        question: `Simplify $${question}$.`,
        answer,
        form: { kind: 'expression', variables: [u, v], require: 'simplified' },
        hint: `Collect the ${u} terms together and the ${v} terms together. Keep the sign in front of each term with it.`,
        explanation: `${u} terms: $${a1} ${a2 < 0 ? '-' : '+'} ${Math.abs(a2)} = ${a1 + a2}$. ${v} terms: $${b1} ${b2 < 0 ? '-' : '+'} ${Math.abs(b2)} = ${b1 + b2}$. So the expression simplifies to $${answer}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'expression-substitute',
    topic: 'algebraic-expressions',
    grades: [6, 8],
    difficulty: 2,
    type: 'numeric',
    time: 45,
    build(rng) {
      const p = rng.int(2, 6);
      const q = rng.int(2, 6);
      const a = rng.intExcept(-5, 8, 0);
      const b = rng.intExcept(-5, 8, 0);
      const minus = rng.bool();
      const value = minus ? p * a - q * b : p * a + q * b;
      const show = (x: number) => (x < 0 ? `(${x})` : String(x));
      return {
        question: `Find the value of $${p}a ${minus ? '-' : '+'} ${q}b$ when $a = ${a}$ and $b = ${b}$.`,
        answer: String(value),
        hint: 'Replace each letter with its number. A number written next to a letter means multiply. Take care with negative numbers.',
        explanation: `$${p} \\times ${show(a)} ${minus ? '-' : '+'} ${q} \\times ${show(b)} = ${p * a} ${minus ? '-' : '+'} ${show(q * b)} = ${value}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'expression-from-words',
    topic: 'algebraic-expressions',
    grades: [6, 7],
    difficulty: 2,
    type: 'algebra',
    time: 40,
    build(rng) {
      const k = rng.int(2, 9);
      const c = rng.int(1, 12);
      const kind = rng.int(0, 3);
      const cases = [
        // steps: how the words build the expression, one operation at a time.
        { words: `${c} more than ${k} times $n$`, answer: linear(k, c, 'n'), steps: `${k} times $n$ is $${k}n$; ${c} more than that is $${k}n + ${c}$`, hint: '"Times" means multiply and "more than" means add.' },
        { words: `$n$ multiplied by ${k}, then ${c} subtracted`, answer: linear(k, -c, 'n'), steps: `$n$ multiplied by ${k} is $${k}n$; taking ${c} away leaves $${k}n - ${c}$`, hint: 'Do the operations in the order they are described: multiply first, then subtract.' },
        { words: `${k} times the sum of $n$ and ${c}`, answer: `${k}(n + ${c})`, steps: `The sum $n + ${c}$ is worked out first, so it goes in brackets; ${k} times it is $${k}(n + ${c})$`, hint: '"The sum of" means the two are added first, so they go in brackets.' },
        { words: `$n$ squared, plus ${c}`, answer: `n^2 + ${c}`, steps: `$n$ squared is $n^{2}$; with ${c} added it is $n^{2} + ${c}$`, hint: '"Squared" means multiplied by itself, written with a power of 2.' },
      ] as const;
      const chosen = cases[kind] as (typeof cases)[number];
      return {
        question: `Write an expression for: ${chosen.words}.`,
        answer: chosen.answer,
        form: { kind: 'expression', variables: ['n'] },
        hint: chosen.hint,
        explanation: `${chosen.steps}.`,
      };
    },
  }),
  defineTemplate({
    id: 'expression-expand-single-bracket',
    topic: 'algebraic-expressions',
    grades: [7, 8],
    difficulty: 2,
    type: 'algebra',
    time: 40,
    build(rng) {
      const outside = rng.bool(0.25) ? 'x' : String(nz(rng, 7, 1));
      const a = rng.int(1, 6);
      const b = nz(rng, 9);
      if (outside === 'x') {
        const answer = poly([[a, 2], [b, 1]]);
        return {
          question: `Expand $x(${linear(a, b)})$.`,
          answer,
          form: { kind: 'expression', variables: ['x'], require: 'expanded' },
          hint: 'Multiply each term inside the bracket by the term outside. x times x is x squared.',
          explanation: `$x \\times ${term(a, 1)} = ${term(a, 2, 'x', true)}$ and $x \\times ${b < 0 ? `(${b})` : b} = ${term(b, 1)}$, so the answer is $${poly([[a, 2], [b, 1]], 'x', true)}$.`,
        };
      }
      const k = Number(outside);
      const answer = linear(k * a, k * b);
      return {
        question: `Expand $${texTimesBracket(k, linear(a, b))}$.`,
        answer,
        form: { kind: 'expression', variables: ['x'], require: 'expanded' },
        hint: 'Multiply every term inside the bracket by the number outside, and watch the signs.',
        explanation: `$${k} \\times ${term(a, 1)} = ${term(k * a, 1)}$ and $${k} \\times ${b < 0 ? `(${b})` : b} = ${k * b}$, so the answer is $${answer}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'expression-expand-double-brackets',
    topic: 'algebraic-expressions',
    grades: [8, 9],
    difficulty: 3,
    type: 'algebra',
    time: 60,
    build(rng) {
      const a = nz(rng, 9);
      const b = nz(rng, 9);
      const answer = poly([[1, 2], [a + b, 1], [a * b, 0]]);
      return {
        question: `Expand and simplify $${xPlus(a)}${xPlus(b)}$.`,
        answer,
        form: { kind: 'expression', variables: ['x'], require: 'expanded' },
        hint: 'Multiply each term in the first bracket by each term in the second (four multiplications), then collect like terms.',
        explanation: `$x \\cdot x ${a < 0 ? '-' : '+'} ${kx(Math.abs(a))} ${b < 0 ? '-' : '+'} ${kx(Math.abs(b))} ${a * b < 0 ? '-' : '+'} ${Math.abs(a * b)} = ${poly([[1, 2], [a + b, 1], [a * b, 0]], 'x', true)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'expression-expand-and-simplify',
    topic: 'algebraic-expressions',
    grades: [8, 9],
    difficulty: 3,
    type: 'algebra',
    time: 60,
    build(rng) {
      const p = rng.int(2, 5);
      const minus = rng.bool(0.4);
      const q = minus ? rng.intExcept(2, 5, p) : rng.int(2, 5);
      const a = nz(rng, 6);
      const b = nz(rng, 6);
      const s = minus ? -1 : 1;
      const xs = p + s * q;
      const c = p * a + s * q * b;
      const answer = poly([[xs, 1], [c, 0]]);
      return {
        question: `Expand and simplify $${p}(x${plus(a)}) ${minus ? '-' : '+'} ${q}(x${plus(b)})$.`,
        answer,
        form: { kind: 'expression', variables: ['x'], require: 'expanded' },
        hint: minus ? 'Expand each bracket. The minus sign in front of the second bracket changes the sign of everything inside it.' : 'Expand each bracket, then collect the x terms and the number terms.',
        explanation: `$${linear(p, p * a)} ${minus ? '-' : '+'} (${linear(q, q * b)}) = ${answer}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'expression-factorise',
    topic: 'algebraic-expressions',
    grades: [8, 9],
    difficulty: 3,
    type: 'algebra',
    time: 50,
    build(rng) {
      const k = rng.int(2, 9);
      let a = rng.int(1, 9);
      let b = nz(rng, 9);
      const g = gcd(a, b);
      a /= g;
      b /= g;
      if (rng.bool(0.6)) {
        return {
          question: `Factorise $${linear(k * a, k * b)}$.`,
          answer: `${k}(${linear(a, b)})`,
          form: { kind: 'expression', variables: ['x'], require: 'factorised' },
          hint: 'Find the highest common factor of the terms and write it outside a bracket.',
          explanation: `The HCF of $${k * a}$ and $${Math.abs(k * b)}$ is $${k}$, so $${linear(k * a, k * b)} = ${k}(${linear(a, b)})$. Check by expanding.`,
        };
      }
      return {
        question: `Factorise fully $${poly([[k * a, 2], [k * b, 1]])}$.`,
        answer: `${k}x(${linear(a, b)})`,
        form: { kind: 'expression', variables: ['x'], require: 'factorised' },
        hint: 'Both terms share a number factor and a factor of x. Take out everything they have in common.',
        explanation: `The common factor is $${k}x$: $${poly([[k * a, 2], [k * b, 1]], 'x', true)} = ${k}x(${linear(a, b)})$.`,
      };
    },
  }),
  // ----- linear equations
  defineTemplate({
    id: 'equation-one-step',
    topic: 'linear-equations',
    grades: [6, 7],
    difficulty: 1,
    type: 'algebra',
    time: 30,
    build(rng) {
      const x = rng.int(-5, 15);
      const a = rng.int(2, 12);
      const kind = rng.int(0, 3);
      const [eq, step] = [
        [`x + ${a} = ${x + a}`, `Subtract $${a}$ from both sides: $x = ${x + a} - ${a}$`],
        [`x - ${a} = ${x - a}`, `Add $${a}$ to both sides: $x = ${x - a} + ${a}$`],
        [`${a}x = ${a * x}`, `Divide both sides by $${a}$: $x = ${a * x} \\div ${a}$`],
        [`\\frac{x}{${a}} = ${x}`, `Multiply both sides by $${a}$: $x = ${x} \\times ${a}$`],
      ][kind] as [string, string];
      const value = kind === 3 ? x * a : x;
      return {
        question: `Solve $${eq}$.`,
        answer: `x = ${value}`,
        form: solutionForm(),
        hint: 'Do the inverse operation to both sides to get x on its own.',
        explanation: `${step}, so $x = ${value}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'equation-two-step',
    topic: 'linear-equations',
    grades: [7, 8],
    difficulty: 2,
    type: 'algebra',
    time: 45,
    build(rng) {
      const x = rng.int(-6, 12);
      const a = rng.int(2, 9);
      const b = nz(rng, 20);
      const c = a * x + b;
      return {
        question: `Solve $${linear(a, b)} = ${c}$.`,
        answer: `x = ${x}`,
        form: solutionForm(),
        hint: 'First undo the adding or subtracting, then undo the multiplying.',
        explanation: `${b > 0 ? `Subtract $${b}$` : `Add $${-b}$`}: $${a}x = ${c - b}$. Divide by $${a}$: $x = ${x}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'equation-unknowns-both-sides',
    topic: 'linear-equations',
    grades: [8, 9],
    difficulty: 3,
    type: 'algebra',
    time: 60,
    build(rng) {
      const x = rng.int(-8, 12);
      const c = rng.int(1, 6);
      const a = c + rng.int(1, 6);
      const b = nz(rng, 15);
      const d = a * x + b - c * x;
      return {
        question: `Solve $${linear(a, b)} = ${linear(c, d)}$.`,
        answer: `x = ${x}`,
        form: solutionForm(),
        hint: 'Get the x terms on one side by subtracting the smaller x term from both sides, then solve.',
        explanation: `Subtract $${term(c, 1)}$: $${linear(a - c, b)} = ${d}$. ${b > 0 ? `Subtract $${b}$` : `Add $${-b}$`}: $${term(a - c, 1)} = ${d - b}$${a - c === 1 ? '' : `. Divide by $${a - c}$: $x = ${x}$`}.`,
      };
    },
  }),
  defineTemplate({
    id: 'equation-brackets',
    topic: 'linear-equations',
    grades: [8, 9],
    difficulty: 3,
    type: 'algebra',
    time: 60,
    build(rng) {
      const x = rng.int(-6, 12);
      const k = rng.int(2, 6);
      const p = nz(rng, 8);
      const c = rng.intExcept(1, 9, k);
      const d = k * (x + p) - c * x;
      return {
        question: `Solve $${k}(x${plus(p)}) = ${linear(c, d)}$.`,
        answer: `x = ${x}`,
        form: solutionForm(),
        hint: 'Expand the bracket first, then collect x terms on one side and numbers on the other.',
        explanation: `Expand: $${linear(k, k * p)} = ${linear(c, d)}$. Collect: $${term(k - c, 1)} = ${d - k * p}$, so $x = ${x}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'equation-with-fraction',
    topic: 'linear-equations',
    grades: [8, 9],
    difficulty: 4,
    type: 'algebra',
    time: 60,
    build(rng) {
      const d = rng.int(2, 6);
      const b = nz(rng, 9);
      const r = rng.int(-3, 8);
      const x = r * d - b;
      return {
        question: `Solve $\\frac{x${plus(b)}}{${d}} = ${r}$.`,
        answer: `x = ${x}`,
        form: solutionForm(),
        hint: 'Multiply both sides by the denominator to clear the fraction first.',
        explanation: `Multiply by $${d}$: $x${plus(b)} = ${r * d}$. Then $x = ${r * d} ${b > 0 ? '-' : '+'} ${Math.abs(b)} = ${x}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'equation-fractional-solution',
    topic: 'linear-equations',
    grades: [8, 9],
    difficulty: 3,
    type: 'algebra',
    time: 50,
    build(rng) {
      const a = rng.int(2, 8);
      let top = rng.int(1, 30);
      if (top % a === 0) top += 1;
      const b = nz(rng, 10);
      const c = top + b;
      return {
        question: `Solve $${linear(a, b)} = ${c}$. Give your answer as a fraction or a decimal.`,
        answer: `x = ${frac(top, a)}`,
        form: solutionForm(),
        hint: 'Undo the adding or subtracting first, then divide. The answer does not have to be a whole number.',
        explanation: `$${a}x = ${c} ${b > 0 ? '-' : '+'} ${Math.abs(b)} = ${top}$, so $x = ${texFrac(top, a)}${Number.isInteger((top / a) * 1000) ? ` = ${num(top / a)}` : ''}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'equation-think-of-a-number',
    topic: 'linear-equations',
    grades: [6, 8],
    difficulty: 2,
    type: 'numeric',
    time: 45,
    build(rng) {
      const n = rng.int(2, 20);
      const k = rng.int(2, 9);
      const c = rng.int(1, 20);
      const add = rng.bool();
      const result = add ? n * k + c : n * k - c;
      return {
        question: `I think of a number. I multiply it by ${k} and then ${add ? `add ${c}` : `subtract ${c}`}. The answer is ${result}. What was my number?`,
        answer: String(n),
        hint: 'Work backwards: undo each step in reverse order.',
        explanation: `Let the number be $n$: $${k}n ${add ? '+' : '-'} ${c} = ${result}$. ${add ? `Subtract $${c}$` : `Add $${c}$`}: $${k}n = ${n * k}$. Divide by $${k}$: $n = ${n}$.`,
      };
    },
  }),
  // ----- linear inequalities
  defineTemplate({
    id: 'inequality-solve',
    topic: 'linear-inequalities',
    grades: [8, 9],
    difficulty: 3,
    type: 'algebra',
    time: 50,
    build(rng) {
      const x = rng.int(-5, 10);
      const a = rng.int(2, 7);
      const b = nz(rng, 12);
      const op = rng.pick(['<', '>', '<=', '>='] as const);
      const tex = { '<': '<', '>': '>', '<=': '\\le', '>=': '\\ge' }[op];
      return {
        question: `Solve $${linear(a, b)} ${tex} ${a * x + b}$.`,
        answer: `x ${op} ${x}`,
        form: { kind: 'inequality', variables: ['x'] },
        hint: 'Solve it like an equation, doing the same to both sides. Dividing by a positive number keeps the sign the same.',
        explanation: `${b > 0 ? `Subtract $${b}$` : `Add $${-b}$`}: $${a}x ${tex} ${a * x}$. Divide by $${a}$: $x ${tex} ${x}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'inequality-negative-coefficient',
    topic: 'linear-inequalities',
    grades: [9, 10],
    difficulty: 4,
    type: 'algebra',
    time: 60,
    build(rng) {
      const x = rng.int(-4, 8);
      const a = rng.int(2, 6);
      const c = rng.int(1, 20);
      const op = rng.pick(['<', '>', '<=', '>='] as const);
      const flipped = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' }[op];
      const tex = (o: string) => ({ '<': '<', '>': '>', '<=': '\\le', '>=': '\\ge' })[o] ?? o;
      const rhs = c - a * x;
      return {
        question: `Solve $${c} - ${a}x ${tex(op)} ${rhs}$.`,
        answer: `x ${flipped} ${x}`,
        form: { kind: 'inequality', variables: ['x'] },
        hint: 'When you multiply or divide both sides by a negative number, reverse the inequality sign.',
        explanation: `Subtract $${c}$: $-${a}x ${tex(op)} ${rhs - c}$. Divide by $-${a}$ and reverse the sign: $x ${tex(flipped)} ${x}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'inequality-count-integers',
    topic: 'linear-inequalities',
    grades: [8, 9],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const low = rng.int(-6, 3);
      const high = low + rng.int(2, 7);
      const strictLow = rng.bool();
      const strictHigh = rng.bool();
      const from = strictLow ? low + 1 : low;
      const to = strictHigh ? high - 1 : high;
      const list = Array.from({ length: to - from + 1 }, (_, i) => from + i);
      return {
        question: `How many integers $n$ satisfy $${low} ${strictLow ? '<' : '\\le'} n ${strictHigh ? '<' : '\\le'} ${high}$?`,
        answer: String(list.length),
        hint: 'List the whole numbers in the range. A < sign leaves the end number out; a ≤ sign includes it.',
        explanation: `The integers are ${list.join(', ')}: that is ${list.length}.`,
      };
    },
  }),
  defineTemplate({
    id: 'inequality-largest-integer',
    topic: 'linear-inequalities',
    grades: [8, 10],
    difficulty: 3,
    type: 'numeric',
    time: 50,
    build(rng) {
      const a = rng.int(2, 7);
      const b = nz(rng, 10);
      const bound = rng.int(-3, 9);
      const strict = rng.bool();
      const rhs = a * bound + b + (strict ? 0 : rng.int(1, a - 1 || 1) * (a > 1 ? 1 : 0));
      const limit = (rhs - b) / a;
      const largest = strict ? Math.ceil(limit) - 1 : Math.floor(limit);
      return {
        question: `What is the largest integer $x$ that satisfies $${linear(a, b)} ${strict ? '<' : '\\le'} ${rhs}$?`,
        answer: String(largest),
        hint: 'Solve the inequality first, then find the biggest whole number that fits. Check whether the end value itself is allowed.',
        explanation: `$${a}x ${strict ? '<' : '\\le'} ${rhs - b}$, so $x ${strict ? '<' : '\\le'} ${texFrac(rhs - b, a)}$. The largest integer is $${largest}$.`,
      };
    },
  }),
  // ----- simultaneous equations
  defineTemplate({
    id: 'simultaneous-elimination',
    topic: 'simultaneous-equations',
    grades: [9, 10],
    difficulty: 3,
    type: 'algebra',
    time: 90,
    build(rng) {
      const x = rng.int(-5, 9);
      const y = rng.int(-5, 9);
      const a = rng.int(1, 5);
      const b = rng.int(1, 5);
      const c = rng.int(1, 5);
      const e1 = `${term(a, 1)} + ${term(b, 1, 'y')} = ${a * x + b * y}`;
      const e2 = `${term(c, 1)} - ${term(b, 1, 'y')} = ${c * x - b * y}`;
      return {
        question: `Solve the simultaneous equations $${e1}$ and $${e2}$.`,
        answer: `x = ${x}, y = ${y}`,
        form: { kind: 'point', variables: ['x', 'y'], exact: true },
        hint: 'The y terms have the same size and opposite signs, so adding the equations eliminates y.',
        explanation: `Add: $${term(a + c, 1)} = ${(a + c) * x}$, so $x = ${x}$. Substitute into the first: $${a * x} + ${term(b, 1, 'y')} = ${a * x + b * y}$, so $y = ${y}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'simultaneous-scaling',
    topic: 'simultaneous-equations',
    grades: [10, 11],
    difficulty: 4,
    type: 'algebra',
    time: 120,
    build(rng) {
      const x = rng.int(-4, 8);
      const y = rng.int(-4, 8);
      let a = rng.int(2, 5);
      let b = rng.int(2, 5);
      let c = rng.int(2, 5);
      let d = rng.int(2, 5);
      if (a * d === b * c) d += 1;
      if (a * d === b * c) a += 1;
      [a, b, c, d] = [a, b, c, -d];
      const eq = (p: number, q: number) => `${term(p, 1)} ${q < 0 ? '-' : '+'} ${term(Math.abs(q), 1, 'y')} = ${p * x + q * y}`;
      return {
        question: `Solve the simultaneous equations $${eq(a, b)}$ and $${eq(c, d)}$.`,
        answer: `x = ${x}, y = ${y}`,
        form: { kind: 'point', variables: ['x', 'y'], exact: true },
        hint: 'Multiply one or both equations so that the y terms have the same size, then add or subtract to eliminate y.',
        explanation: `Multiply the first by $${Math.abs(d)}$ and the second by $${b}$, then add to eliminate $y$: $${a * Math.abs(d) + c * b}x = ${(a * Math.abs(d) + c * b) * x}$, so $x = ${x}$. Substituting back gives $y = ${y}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'simultaneous-substitution',
    topic: 'simultaneous-equations',
    grades: [10, 11],
    difficulty: 4,
    type: 'algebra',
    time: 90,
    build(rng) {
      const x = rng.int(-4, 8);
      const m = nz(rng, 4);
      const k = nz(rng, 6);
      const y = m * x + k;
      const a = rng.int(1, 5);
      const b = rng.intExcept(1, 4, -a / m);
      return {
        question: `Solve the simultaneous equations $y = ${linear(m, k)}$ and $${term(a, 1)} + ${term(b, 1, 'y')} = ${a * x + b * y}$.`,
        answer: `x = ${x}, y = ${y}`,
        form: { kind: 'point', variables: ['x', 'y'], exact: true },
        hint: 'Substitute the expression for y into the second equation, so it only has x in it.',
        explanation: `$${term(a, 1)} + ${b}(${linear(m, k)}) = ${a * x + b * y}$ gives $${linear(a + b * m, b * k)} = ${a * x + b * y}$, so $x = ${x}$ and $y = ${m} \\times ${x < 0 ? `(${x})` : x} ${k < 0 ? '-' : '+'} ${Math.abs(k)} = ${y}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'simultaneous-word-problem',
    topic: 'simultaneous-equations',
    grades: [9, 11],
    difficulty: 3,
    type: 'numeric',
    time: 90,
    build(rng) {
      const adult = rng.int(5, 15);
      const child = rng.int(2, adult - 1);
      const [a1, c1] = [rng.int(1, 3), rng.int(2, 4)];
      const [a2, c2] = [rng.int(1, 3), rng.int(1, 4)];
      const [p, q] = a1 * c2 === a2 * c1 ? [a1, c1 + 1] : [a1, c1];
      const t1 = p * adult + q * child;
      const t2 = a2 * adult + c2 * child;
      return {
        question: `At a cinema, ${p} adult ticket${p > 1 ? 's' : ''} and ${q} child tickets cost £${t1}. ${a2} adult ticket${a2 > 1 ? 's' : ''} and ${c2} child ticket${c2 > 1 ? 's' : ''} cost £${t2}. How much is one adult ticket?`,
        answer: `£${adult}`,
        form: { kind: 'number', unit: '£' },
        hint: 'Let a be the adult price and c the child price. Write two equations and eliminate c.',
        explanation: `$${kx(p, 'a')} + ${kx(q, 'c')} = ${t1}$ and $${kx(a2, 'a')} + ${kx(c2, 'c')} = ${t2}$. Eliminating $c$: $${kx(p * c2 - a2 * q, 'a')} = ${t1 * c2 - t2 * q}$, so $a = ${adult}$ (and $c = ${child}$). One adult ticket costs £${adult}.`,
      };
    },
  }),
  // ----- quadratics
  defineTemplate({
    id: 'quadratic-factorise',
    topic: 'quadratics',
    grades: [9, 10],
    difficulty: 3,
    type: 'algebra',
    time: 60,
    build(rng) {
      const p = nz(rng, 9);
      const q = nz(rng, 9);
      return {
        question: `Factorise $${poly([[1, 2], [p + q, 1], [p * q, 0]], 'x', true)}$.`,
        answer: `${xPlus(p)}${xPlus(q)}`,
        form: { kind: 'expression', variables: ['x'], require: 'factorised' },
        hint: 'Find two numbers that multiply to give the constant term and add to give the coefficient of x.',
        explanation: `Find two numbers that multiply to $${p * q}$ (the number on its own) and add to $${p + q}$ (the number of $x$s): $${p} \\times ${q < 0 ? `(${q})` : q} = ${p * q}$ and $${p} + ${q < 0 ? `(${q})` : q} = ${p + q}$. They go in the brackets: $${xPlus(p)}${xPlus(q)}$. Check by expanding: $x^2${plusX(q)}${plusX(p)}${plus(p * q)} = ${poly([[1, 2], [p + q, 1], [p * q, 0]], 'x', true)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'quadratic-difference-of-squares',
    topic: 'quadratics',
    grades: [9, 10],
    difficulty: 3,
    type: 'algebra',
    time: 45,
    build(rng) {
      const a = rng.pick([1, 1, 2, 3, 4, 5]);
      const b = rng.int(1, 12);
      const g = gcd(a, b);
      const [p, q] = [a / g, b / g];
      const k = g * g;
      const inner = (s: string) => `(${p === 1 ? '' : p}x ${s} ${q})`;
      const answer = `${k === 1 ? '' : k}${inner('-')}${inner('+')}`;
      return {
        question: `Factorise fully $${a * a === 1 ? '' : a * a}x^2 - ${b * b}$.`,
        answer,
        form: { kind: 'expression', variables: ['x'], require: 'factorised' },
        hint: 'This is a difference of two squares: A² − B² = (A − B)(A + B).',
        explanation: `$${a * a === 1 ? '' : a * a}x^2 - ${b * b} = ${k === 1 ? '' : `${k}(`}(${p === 1 ? '' : p}x)^2 - ${q}^2${k === 1 ? '' : ')'} = ${answer}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'quadratic-solve-factorising',
    topic: 'quadratics',
    grades: [9, 10],
    difficulty: 3,
    type: 'algebra',
    time: 75,
    build(rng) {
      const r1 = rng.int(-9, 9);
      let r2 = rng.int(-9, 9);
      if (r2 === r1) r2 = r1 === 9 ? -9 : r1 + 1;
      const b = -(r1 + r2);
      const c = r1 * r2;
      return {
        question: `Solve $${poly([[1, 2], [b, 1], [c, 0]], 'x', true)} = 0$.`,
        answer: `x = ${r1}, x = ${r2}`,
        form: solutionForm(),
        hint: 'Factorise the quadratic into two brackets. If a product is zero, one of the brackets must be zero.',
        explanation: `${factorisedSteps(r1, r2)} A product is 0 only when one of its factors is 0: ${[r1, r2].map((r) => (r === 0 ? '$x = 0$' : `$x${plus(-r)} = 0$ gives $x = ${r}$`)).join(', or ')}.`,
      };
    },
  }),
  defineTemplate({
    id: 'quadratic-solve-non-monic',
    topic: 'quadratics',
    grades: [10, 11],
    difficulty: 4,
    type: 'algebra',
    time: 90,
    build(rng) {
      const a = rng.int(2, 5);
      let b = nz(rng, 7);
      if (gcd(a, b) > 1) b = b > 0 ? b + 1 : b - 1;
      if (gcd(a, b) > 1) b = 1;
      const r = rng.int(-6, 6);
      // (a x + b)(x - r) = 0 → x = -b/a, x = r
      const A = a;
      const B = b - a * r;
      const C = -b * r;
      const [n, d] = reduce(-b, a);
      const roots = n / d === r ? `x = ${r}` : `x = ${frac(n, d)}, x = ${r}`;
      return {
        question: `Solve $${poly([[A, 2], [B, 1], [C, 0]], 'x', true)} = 0$.`,
        answer: roots,
        form: solutionForm(),
        hint: 'Factorise into two brackets (the first will start with a multiple of x), or use the quadratic formula.',
        explanation: `${r === 0 ? `Every term has an $x$, so take it out: $x(${linear(a, b)}) = 0$.` : `Multiply the $x^2$ number by the number on its own: $${A} \\times ${C < 0 ? `(${C})` : C} = ${A * C}$. Two numbers that multiply to $${A * C}$ and add to $${B}$ (the number of $x$s) are $${-a * r}$ and $${b}$. Split the middle term with them and factorise in pairs: $${A}x^2${plusX(-a * r)}${plusX(b)}${plus(C)} = ${kx(a)}(x${plus(-r)})${plus(b)}(x${plus(-r)}) = (${linear(a, b)})(x${plus(-r)}) = 0$.`} A product is 0 only when one of its factors is 0: $${linear(a, b)} = 0$ gives $${kx(a)} = ${-b}$, so $x = ${texFrac(n, d)}$; or ${r === 0 ? '$x = 0$' : `$x${plus(-r)} = 0$ gives $x = ${r}$`}.`,
      };
    },
  }),
  defineTemplate({
    id: 'quadratic-formula',
    topic: 'quadratics',
    grades: [10, 11],
    difficulty: 4,
    type: 'algebra',
    time: 120,
    build(rng) {
      let a = 1;
      let b = 0;
      let c = 0;
      let disc = 0;
      for (let i = 0; i < 50; i++) {
        a = rng.int(1, 4);
        b = rng.intExcept(-9, 9, 0);
        c = rng.intExcept(-9, 9, 0);
        disc = b * b - 4 * a * c;
        const root = Math.sqrt(disc);
        if (disc > 0 && !Number.isInteger(root)) break;
      }
      if (!(disc > 0) || Number.isInteger(Math.sqrt(disc))) [a, b, c, disc] = [1, 3, -1, 13];
      const x1 = (-b + Math.sqrt(disc)) / (2 * a);
      const x2 = (-b - Math.sqrt(disc)) / (2 * a);
      const r = (v: number) => (Math.round(v * 100) / 100).toFixed(2);
      return {
        question: `Solve $${poly([[a, 2], [b, 1], [c, 0]], 'x', true)} = 0$, giving your answers to 2 decimal places.`,
        answer: `x = ${r(x1)}, x = ${r(x2)}`,
        form: { kind: 'equation_solution', variables: ['x'], tolerance: 0.001 },
        hint: 'It does not factorise nicely, so use the quadratic formula: x = (−b ± √(b² − 4ac)) / 2a.',
        explanation: `The quadratic formula: $x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}$, with $a = ${a}$, $b = ${b}$, $c = ${c}$. Under the square root: $b^2 - 4ac = ${b < 0 ? `(${b})` : b}^2 - 4 \\times ${a} \\times ${c < 0 ? `(${c})` : c} = ${b * b} ${-4 * a * c < 0 ? '-' : '+'} ${Math.abs(4 * a * c)} = ${disc}$. So $x = \\frac{${-b} \\pm \\sqrt{${disc}}}{${2 * a}}$. With $+$: $\\frac{${-b} + ${fixed(Math.sqrt(disc), 4)}\\ldots}{${2 * a}} = ${r(x1)}$; with $-$: $\\frac{${-b} - ${fixed(Math.sqrt(disc), 4)}\\ldots}{${2 * a}} = ${r(x2)}$ (to 2 decimal places).`,
      };
    },
  }),
  defineTemplate({
    id: 'quadratic-complete-square',
    topic: 'quadratics',
    grades: [10, 11],
    difficulty: 4,
    type: 'multiple_choice',
    time: 75,
    build(rng) {
      const p = nz(rng, 6);
      const c = nz(rng, 12);
      const q = c - p * p;
      const form = (pp: number, qq: number) => `(x${plus(pp)})^2${plus(qq)}`;
      return {
        question: `Write $${poly([[1, 2], [2 * p, 1], [c, 0]], 'x', true)}$ in the form $(x + p)^2 + q$.`,
        answer: form(p, q),
        distractors: [form(p, c), form(2 * p, c - 4 * p * p), form(-p, q), form(p, c + p * p)],
        hint: 'Halve the coefficient of x to get p, then subtract p² to balance the extra term the bracket creates.',
        explanation: `Half of $${2 * p}$ is $${p}$. $(x${plus(p)})^2 = ${poly([[1, 2], [2 * p, 1], [p * p, 0]], 'x', true)}$, so subtract $${p * p}$: $${poly([[1, 2], [2 * p, 1], [c, 0]], 'x', true)} = (x${plus(p)})^2${plus(q)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'quadratic-discriminant',
    topic: 'quadratics',
    grades: [12, 12], // the discriminant is AS level in England
    difficulty: 3,
    type: 'multiple_choice',
    time: 50,
    build(rng) {
      const kind = rng.int(0, 2);
      let a = rng.int(1, 4);
      let b = 0;
      let c = 0;
      if (kind === 1) {
        const r = nz(rng, 5);
        const k = rng.int(1, 3);
        a = k;
        b = -2 * k * r;
        c = k * r * r;
      } else {
        for (let i = 0; i < 50; i++) {
          b = nz(rng, 9);
          c = nz(rng, 9);
          const d = b * b - 4 * a * c;
          if ((kind === 0 && d < 0) || (kind === 2 && d > 0)) break;
        }
        if (kind === 0 && b * b - 4 * a * c >= 0) [a, b, c] = [1, 2, 5];
        if (kind === 2 && b * b - 4 * a * c <= 0) [a, b, c] = [1, 3, -4];
      }
      const disc = b * b - 4 * a * c;
      const options = ['No real solutions', 'Exactly one (repeated) real solution', 'Two different real solutions', 'Infinitely many solutions'];
      const answer = options[disc < 0 ? 0 : disc === 0 ? 1 : 2] as string;
      return {
        question: `How many real solutions does $${poly([[a, 2], [b, 1], [c, 0]], 'x', true)} = 0$ have?`,
        answer,
        distractors: options.filter((o) => o !== answer),
        hint: 'Work out the discriminant b² − 4ac and look at its sign.',
        explanation: `$b^2 - 4ac = ${b < 0 ? `(${b})` : b}^2 - 4 \\times ${a} \\times ${c < 0 ? `(${c})` : c} = ${disc}$, which is ${disc < 0 ? 'negative, so there are no real solutions' : disc === 0 ? 'zero, so there is exactly one repeated solution' : 'positive, so there are two different real solutions'}.`,
      };
    },
  }),
  // ----- sequences
  defineTemplate({
    id: 'sequence-next-term',
    topic: 'sequences',
    grades: [4, 6],
    difficulty: 1,
    type: 'numeric',
    time: 30,
    build(rng) {
      const start = rng.int(1, 30);
      const d = rng.intExcept(-7, 12, 0);
      const terms = Array.from({ length: 4 }, (_, i) => start + 50 * (d < 0 ? 1 : 0) + i * d);
      return {
        question: `What is the next number in the sequence $${terms.join(',\\ ')},\\ \\ldots$?`,
        answer: String((terms[3] as number) + d),
        hint: 'Find the difference between neighbouring terms. It is the same each time.',
        explanation: `The terms go ${d > 0 ? 'up' : 'down'} by $${Math.abs(d)}$ each time, so the next term is $${terms[3]} ${d > 0 ? '+' : '-'} ${Math.abs(d)} = ${(terms[3] as number) + d}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'sequence-missing-term',
    topic: 'sequences',
    grades: [4, 6],
    difficulty: 2,
    type: 'numeric',
    time: 35,
    build(rng) {
      const start = rng.int(1, 40);
      const d = rng.int(2, 15);
      const terms = Array.from({ length: 5 }, (_, i) => start + i * d);
      const gap = rng.int(1, 3);
      const shown = terms.map((t, i) => (i === gap ? '\\square' : String(t)));
      return {
        question: `Find the missing number in the sequence $${shown.join(',\\ ')}$.`,
        answer: String(terms[gap]),
        hint: 'Work out the common difference from two neighbouring terms you can see.',
        explanation: `The difference is $${d}$, so the missing term is $${terms[gap - 1]} + ${d} = ${terms[gap]}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'sequence-nth-term',
    topic: 'sequences',
    grades: [7, 9],
    difficulty: 3,
    type: 'algebra',
    time: 60,
    build(rng) {
      const d = rng.intExcept(-6, 9, 0);
      const c = rng.int(-8, 10);
      const terms = [1, 2, 3, 4].map((n) => d * n + c);
      return {
        question: `Find an expression for the $n$th term of the sequence $${terms.join(',\\ ')},\\ \\ldots$`,
        answer: linear(d, c, 'n'),
        form: { kind: 'expression', variables: ['n'] },
        hint: 'The common difference tells you the number in front of n. Then compare with the first term to find what to add or subtract.',
        explanation: `The difference is $${d}$, so the $n$th term is $${kx(d, 'n')} + c$. When $n = 1$: $${d} + c = ${terms[0]}$, so $c = ${c}$. The $n$th term is $${linear(d, c, 'n')}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'sequence-term-from-rule',
    topic: 'sequences',
    grades: [7, 8],
    difficulty: 2,
    type: 'numeric',
    time: 30,
    build(rng) {
      const d = rng.intExcept(-5, 9, 0);
      const c = rng.int(-10, 10);
      const n = rng.pick([10, 12, 15, 20, 25, 50, 100]);
      return {
        question: `The $n$th term of a sequence is $${linear(d, c, 'n')}$. What is the ${n}th term?`,
        answer: String(d * n + c),
        hint: 'Substitute the term number in place of n.',
        explanation: `Put $n = ${n}$ into the rule: $${d} \\times ${n}${plus(c)} = ${d * n + c}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'sequence-geometric-next',
    topic: 'sequences',
    grades: [8, 10],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const r = rng.pick([2, 3, -2, 0.5, 4, 5, -3]);
      const start = r === 0.5 ? 2 ** rng.int(5, 8) : rng.int(1, 5);
      const terms = [0, 1, 2, 3].map((i) => start * r ** i);
      return {
        question: `What is the next term of the sequence $${terms.map((t) => num(t)).join(',\\ ')},\\ \\ldots$?`,
        answer: num(start * r ** 4),
        hint: 'The terms do not go up by the same amount. Divide a term by the one before it to find the multiplier.',
        explanation: `Each term is multiplied by $${num(r)}$: $${num(terms[3] as number)} \\times ${r < 0 ? `(${num(r)})` : num(r)} = ${num(start * r ** 4)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'sequence-quadratic-nth-term',
    topic: 'sequences',
    grades: [9, 10],
    difficulty: 4,
    type: 'algebra',
    time: 90,
    build(rng) {
      const a = rng.int(1, 3);
      const b = rng.int(-5, 5);
      const c = rng.int(-5, 6);
      const terms = [1, 2, 3, 4, 5].map((n) => a * n * n + b * n + c);
      const first = terms.slice(1).map((t, i) => t - (terms[i] as number));
      return {
        question: `Find an expression for the $n$th term of the sequence $${terms.join(',\\ ')},\\ \\ldots$`,
        answer: poly([[a, 2], [b, 1], [c, 0]], 'n'),
        form: { kind: 'expression', variables: ['n'] },
        hint: 'The first differences are not constant but the second differences are. Half the second difference is the coefficient of n².',
        explanation: `First differences: ${first.join(', ')}. Second difference: $${2 * a}$, so the $n^2$ coefficient is $${a}$. Subtracting $${a === 1 ? '' : a}n^2$ leaves ${[1, 2, 3, 4, 5].map((n) => b * n + c).join(', ')}, which is $${poly([[b, 1], [c, 0]], 'n')}$. So the $n$th term is $${poly([[a, 2], [b, 1], [c, 0]], 'n', true)}$.`,
      };
    },
  }),
];
