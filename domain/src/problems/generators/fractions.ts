/** Fractions, decimals, percentages, ratio and proportion. */
import { count, equals, fixed, frac, gcd, lcm, mixed, money, num, reduce, round, texFrac, texFracRaw, texMixed, texNum } from '../format.ts';
import { slicedCircleFigure } from '../figures.ts';
import { columnAddition, columnSubtraction } from '../methods.ts';
import type { Rng } from '../random.ts';
import { defineTemplate, type ProblemTemplate } from '../template.ts';

/** A price in pounds: £40 when whole, else with pence (£161.50). */
const price = (pounds: number): string => (Number.isInteger(pounds) ? `£${pounds}` : money(pounds));

/**
 * p% of an amount built up from 10% (and 5%, half of it), as the hint says: 45% = 4 × 10% + 5%.
 * p is a multiple of 5.
 */
function buildUpPercent(p: number, amount: number): string {
  const ten = amount / 10;
  const tens = Math.floor(p / 10);
  const five = p % 10 === 5;
  const first = `10% of ${amount} is $${texNum(amount)} \\div 10 = ${texNum(ten)}$${five ? `, and 5% is half of that, $${texNum(ten / 2)}$` : ''}.`;
  if (p === 10) return first;
  if (p === 5) return `${first} So 5% of ${amount} is $${texNum(ten / 2)}$.`;
  const parts = [...(tens > 0 ? [tens === 1 ? texNum(ten) : `${tens} \\times ${texNum(ten)}`] : []), ...(five ? [texNum(ten / 2)] : [])];
  const split = [tens > 0 ? `${tens === 1 ? '' : `${tens} \\times `}10\\%` : '', five ? '5\\%' : ''].filter(Boolean).join(' + ');
  return `${first} $${p}\\% = ${split}$, so ${p}% of ${amount} is $${equals(parts.join(' + '), texNum((p * amount) / 100))}$.`;
}

/** A proper fraction n/d in lowest terms with d in [minD, maxD]. */
function properFraction(rng: Rng, minD: number, maxD: number): [number, number] {
  const d = rng.int(minD, maxD);
  const candidates: number[] = [];
  for (let n = 1; n < d; n++) if (gcd(n, d) === 1) candidates.push(n);
  return [rng.pick(candidates), d];
}

/** The names of the parts a whole is cut into, by denominator: PARTS[3] = 'thirds'. */
const PART_NAMES = ['', 'whole', 'half', 'third', 'quarter', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];
const PART: Record<number, string> = Object.fromEntries(PART_NAMES.map((name, d) => [d, name]));
const PARTS: Record<number, string> = Object.fromEntries(PART_NAMES.map((name, d) => [d, d === 2 ? 'halves' : `${name}s`]));
const FRACTION_NAMES = PARTS;

/**
 * Which fraction is the largest, explained by writing them all with the common denominator and
 * comparing the numerators.
 */
function compareFractions(fractions: readonly [number, number][], common: number, lead: string) {
  const value = (f: readonly [number, number]) => f[0] / f[1];
  const best = fractions.reduce((a, b) => (value(b) > value(a) ? b : a));
  const text = (f: readonly [number, number]) => `${f[0]}/${f[1]}`;
  const rewritten = fractions.map(([n, d]) =>
    d === common ? `$${texFrac(n, d)}$ stays` : `$${texFrac(n, d)} = \\frac{${(n * common) / d}}{${common}}$ (top and bottom $\\times ${common / d}$)`,
  );
  return {
    question: `Which fraction is the largest: $${fractions.map(([n, d]) => texFrac(n, d)).join(',\\ ')}$?`,
    answer: text(best),
    distractors: fractions.filter((f) => f !== best).map(text),
    hint: 'Write the fractions with a common denominator, then compare the numerators.',
    explanation: `${lead}: ${rewritten.join(', ')}. With the same denominator, the largest numerator is the largest fraction: ${best[1] === common ? `$${texFrac(best[0], best[1])}$` : `$\\frac{${(best[0] * common) / best[1]}}{${common}}$, which is $${texFrac(best[0], best[1])}$`}.`,
  };
}

const pct = (x: number): string => `${num(x)}%`;

export const fractionTemplates: ProblemTemplate[] = [
  // ----- fractions
  defineTemplate({
    id: 'fraction-of-shape',
    topic: 'fractions',
    grades: [2, 3],
    difficulty: 1,
    type: 'numeric',
    time: 30,
    build(rng) {
      const d = rng.pick([4, 6, 8, 10, 12]);
      const eaten = rng.int(1, d - 1);
      const left = d - eaten;
      const food = rng.pick(['pizza', 'cake', 'pie']);
      return {
        question: `A ${food} is cut into ${d} equal slices. ${eaten} slice${eaten > 1 ? 's are' : ' is'} eaten. What fraction of the ${food} is left?`,
        answer: frac(left, d),
        form: { kind: 'exact_fraction' },
        hint: 'The bottom number is how many equal slices there were. The top number is how many are left.',
        explanation: `$${d} - ${eaten} = ${left}$ slices are left out of ${d}, so $${texFracRaw(left, d)}$${gcd(left, d) > 1 ? `, which simplifies to $${texFrac(left, d)}$` : ''} of the ${food} is left.`,
        figure: slicedCircleFigure(d, eaten, food),
      };
    },
  }),
  defineTemplate({
    id: 'fraction-of-amount',
    topic: 'fractions',
    grades: [3, 5],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const [n, d] = properFraction(rng, 2, 10);
      const amount = d * rng.int(2, 12);
      return {
        question: `Find $${texFrac(n, d)}$ of $${amount}$.`,
        answer: String((amount / d) * n),
        hint: 'Divide by the bottom number to find one part, then multiply by the top number.',
        explanation: `$${amount} \\div ${d} = ${amount / d}$, then $${amount / d} \\times ${n} = ${(amount / d) * n}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'fraction-equivalent',
    topic: 'fractions',
    grades: [3, 4],
    difficulty: 2,
    type: 'numeric',
    time: 30,
    build(rng) {
      const [n, d] = properFraction(rng, 2, 9);
      const k = rng.int(2, 8);
      const missingTop = rng.bool();
      return {
        question: missingTop
          ? `What number goes in the box? $${texFrac(n, d)} = \\frac{\\square}{${d * k}}$`
          : `What number goes in the box? $${texFrac(n, d)} = \\frac{${n * k}}{\\square}$`,
        answer: String(missingTop ? n * k : d * k),
        hint: 'Work out what the known number was multiplied by, then do the same to the other number.',
        explanation: missingTop
          ? `$${d} \\times ${k} = ${d * k}$, so multiply the top by $${k}$ too: $${n} \\times ${k} = ${n * k}$.`
          : `$${n} \\times ${k} = ${n * k}$, so multiply the bottom by $${k}$ too: $${d} \\times ${k} = ${d * k}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'fraction-simplify',
    topic: 'fractions',
    grades: [4, 5],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const [n, d] = properFraction(rng, 3, 12);
      const k = rng.int(2, 9);
      return {
        question: `Write $\\frac{${n * k}}{${d * k}}$ in its simplest form.`,
        answer: frac(n, d),
        form: { kind: 'exact_fraction', require: 'simplest' },
        hint: 'Find the highest common factor of the top and bottom numbers and divide both by it.',
        explanation: `The HCF of $${n * k}$ and $${d * k}$ is $${k * gcd(n, d)}$. Dividing both: $\\frac{${n * k}}{${d * k}} = ${texFrac(n, d)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'fraction-compare',
    topic: 'fractions',
    // Years 4-5 compare fractions whose denominators are all factors of one small number (halves,
    // quarters and eighths; thirds, sixths and twelfths): every denominator here goes into 6, 8,
    // 10 or 12. Unrelated denominators are fraction-compare-unrelated (Year 6).
    grades: [4, 5],
    difficulty: 2,
    type: 'multiple_choice',
    time: 45,
    build(rng) {
      const common = rng.pick([6, 8, 10, 12]);
      // Four different numbers of twelfths (say), each shown in its simplest form, so the
      // denominators differ but all go into the common one; at least two different denominators.
      let tops: number[] = [];
      for (let i = 0; i < 20; i++) {
        tops = rng.sample(Array.from({ length: common - 1 }, (_, k) => k + 1), 4);
        if (new Set(tops.map((t) => reduce(t, common)[1])).size > 1) break;
      }
      const fractions = tops.map((t) => reduce(t, common));
      return compareFractions(fractions, common, `All the denominators go into $${common}$, so write each fraction in ${FRACTION_NAMES[common]}`);
    },
  }),
  defineTemplate({
    id: 'fraction-compare-unrelated',
    topic: 'fractions',
    // Year 6 compares fractions with unrelated denominators through a common denominator; it is
    // kept to 60 or less, so the working stays what a child writes.
    grades: [6, 6],
    difficulty: 3,
    type: 'multiple_choice',
    time: 60,
    build(rng) {
      const fractions: [number, number][] = [];
      const values = new Set<number>();
      let common = 1;
      for (let i = 0; fractions.length < 4 && i < 200; i++) {
        const f = properFraction(rng, 2, 12);
        const v = Math.round((f[0] / f[1]) * 1e9);
        if (!values.has(v) && lcm(common, f[1]) <= 60) {
          values.add(v);
          fractions.push(f);
          common = lcm(common, f[1]);
        }
      }
      return compareFractions(fractions, common, `The smallest number all the denominators go into is $${common}$ (their lowest common multiple), so write each fraction with denominator $${common}$`);
    },
  }),
  defineTemplate({
    id: 'fraction-mixed-to-improper',
    topic: 'fractions',
    grades: [4, 5],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const whole = rng.int(1, 9);
      const [n, d] = properFraction(rng, 2, 10);
      const top = whole * d + n;
      return {
        question: `Write $${whole}\\tfrac{${n}}{${d}}$ as an improper fraction.`,
        answer: `${top}/${d}`,
        form: { kind: 'exact_fraction', require: 'fraction' },
        hint: 'Multiply the whole number by the denominator, then add the numerator. The denominator stays the same.',
        explanation: `$${whole} \\times ${d} + ${n} = ${top}$, so $${whole}\\tfrac{${n}}{${d}} = \\frac{${top}}{${d}}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'fraction-improper-to-mixed',
    topic: 'fractions',
    grades: [4, 5],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const whole = rng.int(1, 9);
      const [n, d] = properFraction(rng, 2, 10);
      const top = whole * d + n;
      return {
        question: `Write $\\frac{${top}}{${d}}$ as a mixed number.`,
        answer: `${whole} ${n}/${d}`,
        form: { kind: 'exact_fraction', require: 'mixed_number' },
        hint: 'Divide the numerator by the denominator. The answer is the whole number; the remainder goes over the denominator.',
        explanation: `$${top} \\div ${d} = ${whole}$ remainder $${n}$, so $\\frac{${top}}{${d}} = ${whole}\\tfrac{${n}}{${d}}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'fraction-add-same-denominator',
    topic: 'fractions',
    grades: [3, 5],
    difficulty: 1,
    type: 'numeric',
    time: 30,
    build(rng) {
      const d = rng.int(3, 12);
      const a = rng.int(1, d - 2);
      const b = rng.int(1, d - 1 - a);
      return {
        question: `Work out $\\frac{${a}}{${d}} + \\frac{${b}}{${d}}$.`,
        answer: frac(a + b, d),
        form: { kind: 'exact_fraction' },
        hint: 'The denominators are the same, so add the numerators and keep the denominator.',
        explanation: `Both fractions are in ${PARTS[d]}, so add how many ${PARTS[d]} there are: $${a} + ${b} = ${a + b}$ of them, and the denominator stays ${d}. $\\frac{${a}}{${d}} + \\frac{${b}}{${d}} = \\frac{${a + b}}{${d}}${gcd(a + b, d) > 1 ? ` = ${texFrac(a + b, d)}$ (divide the top and bottom by ${gcd(a + b, d)})` : '$'}.`,
      };
    },
  }),
  // ----- calculating with fractions
  defineTemplate({
    id: 'fraction-add-different-denominators',
    topic: 'fraction-arithmetic',
    grades: [5, 6],
    difficulty: 3,
    type: 'multiple_choice',
    time: 60,
    build(rng) {
      const [a, b] = properFraction(rng, 2, 8);
      let [c, d] = properFraction(rng, 2, 9);
      if (b === d) [c, d] = [1, b + 1];
      const l = lcm(b, d);
      const top = (a * l) / b + (c * l) / d;
      return {
        question: `Work out $${texFrac(a, b)} + ${texFrac(c, d)}$.`,
        answer: frac(top, l),
        distractors: [`${a + c}/${b + d}`, `${a + c}/${b * d}`, frac(a * c, b * d)],
        fallback: (r) => frac(top + r.pick([-1, 1]) * r.int(1, 3), l),
        hint: 'You can only add fractions with the same denominator. Find a common denominator first.',
        explanation: `A common denominator is $${l}$: $${equals(texFrac(a, b), `\\frac{${(a * l) / b}}{${l}}`)}$ and $${equals(texFrac(c, d), `\\frac{${(c * l) / d}}{${l}}`)}$. Add the numerators: $\\frac{${top}}{${l}}${gcd(top, l) > 1 ? ` = ${texFrac(top, l)}` : ''}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'fraction-subtract',
    topic: 'fraction-arithmetic',
    grades: [5, 6],
    difficulty: 3,
    type: 'numeric',
    time: 60,
    build(rng) {
      let [a, b] = properFraction(rng, 2, 9);
      let [c, d] = properFraction(rng, 2, 9);
      if (a / b < c / d) [a, b, c, d] = [c, d, a, b];
      if (a * d === c * b) [a, b, c, d] = [3, 4, 1, 3];
      const l = lcm(b, d);
      const top = (a * l) / b - (c * l) / d;
      return {
        question: `Work out $${texFrac(a, b)} - ${texFrac(c, d)}$.`,
        answer: frac(top, l),
        form: { kind: 'exact_fraction' },
        hint: 'Write both fractions with a common denominator, then subtract the numerators.',
        explanation: `Common denominator $${l}$: $\\frac{${(a * l) / b}}{${l}} - \\frac{${(c * l) / d}}{${l}} = \\frac{${top}}{${l}}${gcd(top, l) > 1 ? ` = ${texFrac(top, l)}` : ''}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'fraction-multiply',
    topic: 'fraction-arithmetic',
    grades: [6, 7],
    difficulty: 2,
    type: 'numeric',
    time: 45,
    build(rng) {
      const [a, b] = properFraction(rng, 2, 9);
      const [c, d] = properFraction(rng, 2, 9);
      return {
        question: `Work out $${texFrac(a, b)} \\times ${texFrac(c, d)}$.`,
        answer: frac(a * c, b * d),
        form: { kind: 'exact_fraction' },
        hint: 'Multiply the numerators together and the denominators together, then simplify.',
        explanation: `Multiply the numerators together and the denominators together: $\\frac{${a} \\times ${c}}{${b} \\times ${d}} = \\frac{${a * c}}{${b * d}}$${gcd(a * c, b * d) > 1 ? `. Simplify by dividing the top and bottom by ${gcd(a * c, b * d)}: $\\frac{${a * c}}{${b * d}} = ${texFrac(a * c, b * d)}$` : ''}.`,
      };
    },
  }),
  defineTemplate({
    id: 'fraction-divide',
    topic: 'fraction-arithmetic',
    grades: [6, 7],
    difficulty: 3,
    type: 'multiple_choice',
    time: 60,
    build(rng) {
      const [a, b] = properFraction(rng, 2, 9);
      let [c, d] = properFraction(rng, 2, 9);
      if (a * d === b * c) [c, d] = [c === 1 ? 2 : 1, d + 1];
      const answer = frac(a * d, b * c);
      return {
        question: `Work out $${texFrac(a, b)} \\div ${texFrac(c, d)}$.`,
        answer,
        distractors: [frac(a * c, b * d), frac(b * c, a * d), frac(a * d + 1, b * c)],
        fallback: (r) => frac(a * d + r.int(1, 4), b * c),
        hint: 'Dividing by a fraction is the same as multiplying by its reciprocal: flip the second fraction.',
        explanation: `Dividing by $${texFrac(c, d)}$ is the same as multiplying by it turned upside down, $${texFracRaw(d, c)}$. $${texFrac(a, b)} \\div ${texFrac(c, d)} = ${texFrac(a, b)} \\times ${texFracRaw(d, c)} = \\frac{${a * d}}{${b * c}}$${gcd(a * d, b * c) > 1 ? `, and dividing the top and bottom by ${gcd(a * d, b * c)}: $\\frac{${a * d}}{${b * c}} = ${texFrac(a * d, b * c)}$` : ''}.`,
      };
    },
  }),
  defineTemplate({
    id: 'fraction-mixed-add',
    topic: 'fraction-arithmetic',
    grades: [7, 8],
    difficulty: 4,
    type: 'numeric',
    time: 90,
    build(rng) {
      const w1 = rng.int(1, 5);
      const w2 = rng.int(1, 5);
      const [a, b] = properFraction(rng, 2, 6);
      let [c, d] = properFraction(rng, 2, 7);
      if (b === d) [c, d] = [1, d + 1];
      const subtract = rng.bool(0.4) && w1 + a / b > w2 + c / d;
      const top1 = w1 * b + a;
      const top2 = w2 * d + c;
      const l = lcm(b, d);
      const total = subtract ? (top1 * l) / b - (top2 * l) / d : (top1 * l) / b + (top2 * l) / d;
      return {
        question: `Work out $${w1}\\tfrac{${a}}{${b}} ${subtract ? '-' : '+'} ${w2}\\tfrac{${c}}{${d}}$. Give your answer as a mixed number.`,
        answer: mixed(total, l),
        form: { kind: 'exact_fraction' },
        hint: 'Change both to improper fractions (or deal with the whole numbers separately), then use a common denominator.',
        explanation: `$${equals(`${w1}\\tfrac{${a}}{${b}}`, `\\frac{${top1}}{${b}}`, `\\frac{${(top1 * l) / b}}{${l}}`)}$ and $${equals(`${w2}\\tfrac{${c}}{${d}}`, `\\frac{${top2}}{${d}}`, `\\frac{${(top2 * l) / d}}{${l}}`)}$. ${subtract ? 'Subtract' : 'Add'}: $${equals(`\\frac{${total}}{${l}}`, texMixed(total, l))}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'fraction-of-quantity-word',
    topic: 'fraction-arithmetic',
    grades: [5, 6],
    difficulty: 2,
    type: 'numeric',
    time: 45,
    build(rng) {
      const [n, d] = properFraction(rng, 3, 8);
      const total = d * rng.int(3, 8);
      const [group, action] = rng.pick([
        ['pupils in a class', 'walk to school'],
        ['people at a party', 'ate cake'],
        ['runners in a race', 'finished in under an hour'],
      ] as const);
      return {
        question: `There are ${total} ${group}. $${texFrac(n, d)}$ of them ${action}. How many is that?`,
        answer: String((total / d) * n),
        hint: 'Find one part by dividing by the denominator, then multiply by the numerator.',
        explanation: `$${total} \\div ${d} = ${total / d}$, and $${total / d} \\times ${n} = ${(total / d) * n}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'fraction-times-whole',
    topic: 'fraction-arithmetic',
    grades: [5, 6],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const [n, d] = properFraction(rng, 3, 9);
      let w = rng.int(2, 12);
      if (w % d === 0) w += 1;
      return {
        question: `Work out $${texFrac(n, d)} \\times ${w}$. Give your answer as a fraction or a mixed number.`,
        answer: mixed(n * w, d),
        form: { kind: 'exact_fraction' },
        hint: 'Multiply the numerator by the whole number; the denominator stays the same. Then simplify.',
        explanation: `${w} lots of ${n} ${n === 1 ? PART[d] : PARTS[d]} make $${n} \\times ${w} = ${n * w}$ ${PARTS[d]}: $${equals(`\\frac{${n} \\times ${w}}{${d}}`, `\\frac{${n * w}}{${d}}`, texMixed(n * w, d))}$${n * w > d ? ` (${d} ${PARTS[d]} make a whole, and $${n * w} \\div ${d} = ${Math.floor((n * w) / d)}$ remainder $${(n * w) % d}$)` : ''}.`,
      };
    },
  }),
  // ----- decimals
  defineTemplate({
    id: 'decimal-place-value',
    topic: 'decimals',
    grades: [4, 5],
    difficulty: 2,
    type: 'multiple_choice',
    time: 30,
    build(rng) {
      const digits = rng.sample([1, 2, 3, 4, 5, 6, 7, 8, 9], 4);
      const x = (digits[0] as number) + ((digits[1] as number) * 100 + (digits[2] as number) * 10 + (digits[3] as number)) / 1000;
      const place = rng.int(1, 3);
      const d = digits[place] as number;
      const value = d / 10 ** place;
      const names = ['', 'tenths', 'hundredths', 'thousandths'];
      return {
        question: `What is the value of the digit $${d}$ in $${num(x)}$?`,
        answer: num(value),
        distractors: [String(d), ...[1, 2, 3].filter((p) => p !== place).map((p) => num(d / 10 ** p)), String(d * 10)],
        hint: 'After the decimal point the places are tenths, hundredths, thousandths.',
        explanation: `The digit $${d}$ is in the ${names[place]} place, so it is worth $${d} \\times ${num(1 / 10 ** place)} = ${num(value)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'decimal-order',
    topic: 'decimals',
    grades: [4, 6],
    difficulty: 2,
    type: 'multiple_choice',
    time: 40,
    build(rng) {
      const d = rng.int(3, 8);
      const k = rng.int(5, 9);
      const a = d / 10;
      const b = (10 * (d - 1) + k) / 100;
      const c = (100 * (d - 1) + 10 * rng.int(0, 4) + rng.int(1, 9)) / 1000;
      const e = (10 * d + rng.int(1, 9)) / 1000;
      const all = [a, b, c, e];
      return {
        question: `Which of these decimals is the largest: $${rng.shuffle(all).map((v) => num(v)).join(',\\ ')}$?`,
        answer: num(a),
        distractors: [b, c, e].map((v) => num(v)),
        hint: 'Compare the tenths digits first, then the hundredths, then the thousandths. More digits does not mean bigger.',
        explanation: `Write them all with three decimal places: ${all.map((v) => v.toFixed(3)).join(', ')}. The largest is $${num(a)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'decimal-add',
    topic: 'decimals',
    grades: [4, 6],
    difficulty: 2,
    type: 'multiple_choice',
    time: 40,
    build(rng) {
      const a = rng.int(11, 89) / 10;
      const b = rng.int(101, 899) / 100;
      const sum = round(a + b, 2);
      // lining up the last digits instead of the decimal points: 3.4 + 2.75 → 5.79
      const wa = Math.floor(a);
      const wb = Math.floor(b);
      const fa = Math.round((a - wa) * 10);
      const fb = Math.round((b - wb) * 100);
      const misaligned = wa + wb + (fa + fb) / 100;
      return {
        question: `Work out $${num(a)} + ${num(b)}$.`,
        answer: num(sum),
        distractors: [num(round(misaligned, 2)), num(round(sum + 0.1, 2)), num(round(sum - 1, 2))],
        fallback: (r) => num(round(sum + r.pick([-1, 1]) * r.int(1, 9) / 100, 2)),
        hint: 'Line up the decimal points. Writing a zero on the end can help: the numbers then have the same number of decimal places.',
        explanation: columnAddition(a, b, 2),
      };
    },
  }),
  defineTemplate({
    id: 'decimal-subtract',
    topic: 'decimals',
    grades: [5, 6],
    difficulty: 2,
    type: 'numeric',
    time: 45,
    build(rng) {
      const a = rng.int(31, 99) / 10;
      const b = rng.int(101, Math.floor(a * 100) - 1) / 100;
      const diff = round(a - b, 2);
      return {
        question: `Work out $${num(a)} - ${num(b)}$.`,
        answer: num(diff),
        hint: 'Line up the decimal points and fill the gap with a zero so both numbers have two decimal places.',
        explanation: columnSubtraction(a, b, 2),
      };
    },
  }),
  defineTemplate({
    id: 'decimal-multiply',
    topic: 'decimals',
    grades: [5, 7],
    difficulty: 3,
    type: 'numeric',
    time: 50,
    build(rng) {
      const p = rng.int(2, 9);
      const q = rng.intExcept(2, 35, 10, 20, 30);
      const sp = rng.int(1, 2);
      const sq = 1;
      const a = p / 10 ** (sp - 1) / 10;
      const b = q / 10 ** sq;
      const product = round(a * b, sp + sq);
      return {
        question: `Work out $${num(a)} \\times ${num(b)}$.`,
        answer: num(product),
        hint: 'Multiply as if there were no decimal points, then count the decimal places in the question and put that many in the answer.',
        explanation: `$${p} \\times ${q} = ${p * q}$. There are ${sp + sq} decimal places in the question, so $${num(a)} \\times ${num(b)} = ${num(product)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'decimal-times-divide-powers-of-ten',
    topic: 'decimals',
    grades: [4, 5],
    difficulty: 1,
    type: 'numeric',
    time: 25,
    build(rng) {
      const x = rng.int(101, 9999) / 100;
      const factor = rng.pick([10, 100, 1000]);
      const multiply = rng.bool();
      const answer = multiply ? round(x * factor, 4) : round(x / factor, 6);
      return {
        question: `Work out $${num(x)} ${multiply ? '\\times' : '\\div'} ${texNum(factor)}$.`,
        answer: num(answer),
        hint: `${multiply ? 'Multiplying' : 'Dividing'} by ${factor} moves each digit ${String(factor).length - 1} place${factor > 10 ? 's' : ''} to the ${multiply ? 'left' : 'right'}.`,
        explanation: `Move the digits ${String(factor).length - 1} place${factor > 10 ? 's' : ''} to the ${multiply ? 'left' : 'right'}: $${num(x)} ${multiply ? '\\times' : '\\div'} ${texNum(factor)} = ${texNum(answer)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'fraction-to-decimal',
    topic: 'decimals',
    grades: [5, 6],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const d = rng.pick([2, 4, 5, 8, 10, 20, 25]);
      const candidates: number[] = [];
      for (let n = 1; n < d; n++) if (gcd(n, d) === 1) candidates.push(n);
      const n = rng.pick(candidates);
      const value = n / d;
      const scale = d === 8 ? 1000 / 8 : d === 25 ? 4 : d === 20 ? 5 : 10 / d;
      const target = d === 8 ? 1000 : d === 25 || d === 20 ? 100 : 10;
      return {
        question: `Write $${texFrac(n, d)}$ as a decimal.`,
        answer: num(value),
        form: { kind: 'exact_fraction', require: 'decimal' },
        hint: 'Make an equivalent fraction with denominator 10, 100 or 1000, or divide the numerator by the denominator.',
        explanation: Number.isInteger(scale)
          ? `$${equals(texFrac(n, d), `\\frac{${n * scale}}{${target}}`, num(value))}$.`
          : `$${n} \\div ${d} = ${num(value)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'decimal-to-fraction',
    topic: 'decimals',
    grades: [6, 7],
    difficulty: 2,
    type: 'numeric',
    time: 45,
    build(rng) {
      const hundredths = rng.intExcept(2, 98, 10, 20, 30, 40, 50, 60, 70, 80, 90);
      const [n, d] = reduce(hundredths, 100);
      return {
        question: `Write $${num(hundredths / 100)}$ as a fraction in its simplest form.`,
        answer: `${n}/${d}`,
        form: { kind: 'exact_fraction', require: 'simplest' },
        hint: 'Two decimal places means hundredths: write it over 100, then simplify.',
        explanation:
          d === 100
            ? `$${num(hundredths / 100)} = \\frac{${hundredths}}{100}$, already in its simplest form: $${hundredths}$ and $100$ have no common factor but $1$.`
            : `$${num(hundredths / 100)} = \\frac{${hundredths}}{100}$. Dividing top and bottom by $${100 / d}$ gives $${texFrac(n, d)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'decimal-divide',
    topic: 'decimals',
    grades: [6, 7],
    difficulty: 3,
    type: 'numeric',
    time: 50,
    build(rng) {
      const divisor = rng.int(2, 9) / 10;
      const quotient = rng.int(3, 40);
      const dividend = round(divisor * quotient, 1);
      return {
        question: `Work out $${num(dividend)} \\div ${num(divisor)}$.`,
        answer: String(quotient),
        hint: 'Multiply both numbers by ten so that you are dividing by a whole number. The answer does not change.',
        explanation: `Multiply both numbers by 10 so you divide by a whole number; the answer does not change. $${num(dividend)} \\div ${num(divisor)} = ${num(dividend * 10)} \\div ${num(divisor * 10)} = ${quotient}$. Check: $${quotient} \\times ${num(divisor)} = ${num(dividend)}$.`,
      };
    },
  }),
  // ----- percentages
  defineTemplate({
    id: 'percent-of-amount',
    topic: 'percentages',
    grades: [6, 7],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const p = rng.pick([5, 10, 15, 20, 25, 30, 35, 40, 45, 60, 75, 80, 90]);
      const amount = 20 * rng.int(2, 25);
      return {
        question: `Find ${p}% of ${amount}.`,
        answer: num((p * amount) / 100),
        hint: 'Find ten per cent by dividing by ten (and five per cent by halving that), then build up the percentage you need.',
        explanation: buildUpPercent(p, amount),
      };
    },
  }),
  defineTemplate({
    id: 'percent-convert',
    topic: 'percentages',
    grades: [6, 7],
    difficulty: 2,
    type: 'numeric',
    time: 35,
    build(rng) {
      if (rng.bool()) {
        const d = rng.pick([2, 4, 5, 10, 20, 25, 50]);
        const candidates: number[] = [];
        for (let n = 1; n < d; n++) if (gcd(n, d) === 1) candidates.push(n);
        const n = rng.pick(candidates);
        const p = (100 * n) / d;
        return {
          question: `Write $${texFrac(n, d)}$ as a percentage.`,
          answer: pct(p),
          form: { kind: 'percent' },
          hint: 'Make an equivalent fraction out of 100; the numerator is then the percentage.',
          explanation: `$${texFrac(n, d)} = \\frac{${num(p)}}{100}$, which is ${pct(p)}.`,
        };
      }
      const h = rng.int(1, 99);
      const dec = h / 100;
      return {
        question: `Write $${num(dec)}$ as a percentage.`,
        answer: pct(h),
        form: { kind: 'percent' },
        hint: 'Per cent means out of 100, so multiply the decimal by 100.',
        explanation: `$${num(dec)} \\times 100 = ${h}$, so ${num(dec)} is ${pct(h)}.`,
      };
    },
  }),
  defineTemplate({
    id: 'percent-one-of-another',
    topic: 'percentages',
    grades: [7, 8],
    difficulty: 2,
    type: 'numeric',
    time: 45,
    build(rng) {
      const total = rng.pick([20, 25, 40, 50, 80, 200]);
      const p = rng.pick([5, 10, 15, 20, 30, 35, 45, 60, 65, 70, 85, 90].filter((x) => (x * total) % 100 === 0));
      const part = (p * total) / 100;
      const [what, whole] = rng.pick([
        ['marks', 'a test out of'],
        ['people', 'a group of'],
      ] as const);
      return {
        question:
          what === 'marks'
            ? `In ${whole} ${total}, a student scores ${num(part)}. What percentage is that?`
            : `In ${whole} ${total} people, ${num(part)} are left-handed. What percentage of the group is that?`,
        answer: pct(p),
        form: { kind: 'percent' },
        hint: 'Write the part as a fraction of the whole, then multiply by 100.',
        explanation: `$\\frac{${num(part)}}{${total}} \\times 100 = ${p}$, so it is ${pct(p)}.`,
      };
    },
  }),
  defineTemplate({
    id: 'percent-increase-decrease',
    topic: 'percentages',
    grades: [7, 9],
    difficulty: 3,
    type: 'numeric',
    time: 50,
    build(rng) {
      const price = rng.int(4, 30) * 5;
      const p = rng.pick([5, 10, 15, 20, 25, 30, 40]);
      const up = rng.bool();
      const result = up ? (price * (100 + p)) / 100 : (price * (100 - p)) / 100;
      return {
        question: `${up ? 'Increase' : 'Decrease'} £${price} by ${p}%.`,
        answer: money(result),
        form: { kind: 'number', unit: '£' },
        hint: `Work out ${p}% of the amount, then ${up ? 'add it on' : 'take it away'}. Or use a multiplier.`,
        explanation: `${p}% of £${price} is $${num((price * p) / 100)}$. ${up ? 'Add' : 'Subtract'}: $${price} ${up ? '+' : '-'} ${num((price * p) / 100)} = ${fixed(result, 2)}$. (Multiplier: $${price} \\times ${num((100 + (up ? p : -p)) / 100)}$.) So ${money(result)}.`,
      };
    },
  }),
  defineTemplate({
    id: 'percent-change',
    topic: 'percentages',
    grades: [8, 9],
    difficulty: 3,
    type: 'multiple_choice',
    time: 60,
    build(rng) {
      const original = rng.int(2, 20) * 10;
      const p = rng.pick([10, 15, 20, 25, 30, 40, 50, 60]);
      const up = rng.bool();
      const final = (original * (100 + (up ? p : -p))) / 100;
      const change = Math.abs(final - original);
      return {
        // Prices in pence are written with two decimals (£161.50, not £161.5).
        question: `A price ${up ? 'rises' : 'falls'} from ${price(original)} to ${price(final)}. What is the percentage ${up ? 'increase' : 'decrease'}?`,
        answer: pct(p),
        distractors: [pct(round((100 * change) / final, 1)), pct(change), pct(round((100 * final) / original, 1))],
        fallback: (r) => pct(p + r.pick([-5, 5, 10])),
        hint: 'Percentage change = change ÷ original amount × 100. Divide by the amount you started with.',
        explanation: `The price changes by ${up ? `${price(final)} − ${price(original)}` : `${price(original)} − ${price(final)}`} = ${price(change)}. As a percentage of the original price: $\\frac{${num(change)}}{${original}} \\times 100 = ${p}$, so a ${pct(p)} ${up ? 'increase' : 'decrease'}.`,
      };
    },
  }),
  defineTemplate({
    id: 'percent-reverse',
    topic: 'percentages',
    grades: [9, 10],
    difficulty: 4,
    type: 'multiple_choice',
    time: 75,
    build(rng) {
      const original = rng.int(4, 40) * 5;
      const p = rng.pick([10, 20, 25, 30, 40]);
      const sale = (original * (100 - p)) / 100;
      return {
        question: `In a sale, prices are reduced by ${p}%. A coat costs ${money(sale)} in the sale. What was its original price?`,
        answer: money(original),
        distractors: [money((sale * (100 + p)) / 100), money((sale * 100) / p), money(sale + p)],
        fallback: (r) => money(original + r.pick([-5, 5, 10])),
        hint: `The sale price is ${100 - p}% of the original price. Find 1% first, then 100%.`,
        explanation: `${money(sale)} is ${100 - p}% of the original. $${fixed(sale, 2)} \\div ${num((100 - p) / 100)} = ${fixed(original, 2)}$, so the original price was ${money(original)}. (Adding ${p}% to the sale price is wrong: the ${p}% was of the original price.)`,
      };
    },
  }),
  defineTemplate({
    id: 'percent-compound-interest',
    topic: 'percentages',
    grades: [9, 10],
    difficulty: 4,
    type: 'numeric',
    time: 90,
    build(rng) {
      const principal = rng.int(2, 40) * 100;
      const rate = rng.pick([2, 3, 4, 5, 6]);
      const years = rng.int(2, 5);
      const value = round(principal * (1 + rate / 100) ** years, 2);
      return {
        question: `£${texNum(principal).replace('{,}', ',')} is invested at ${rate}% compound interest per year. How much is it worth after ${years} years? Give your answer to the nearest penny.`,
        answer: money(value),
        form: { kind: 'number', unit: '£' },
        hint: 'Each year the amount is multiplied by the same multiplier. Multiply by it once for every year.',
        explanation: `Multiplier $= 1 + ${num(rate / 100)} = ${num(1 + rate / 100)}$. Value $= ${principal} \\times ${num(1 + rate / 100)}^{${years}} = ${fixed(principal * (1 + rate / 100) ** years, 4)}\\ldots$, which is ${money(value)} to the nearest penny.`,
      };
    },
  }),
  // ----- ratio and proportion
  defineTemplate({
    id: 'ratio-simplify',
    topic: 'ratio-proportion',
    grades: [6, 7],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const three = rng.bool(0.25);
      const parts = three ? [rng.int(1, 6), rng.int(1, 6), rng.int(1, 6)] : [rng.int(1, 9), rng.int(1, 9)];
      const g = parts.reduce((a, b) => gcd(a, b));
      const base = parts.map((p) => p / g);
      const k = rng.int(2, 9);
      const shown = base.map((p) => p * k);
      return {
        question: `Simplify the ratio $${shown.join(' : ')}$.`,
        answer: base.join(':'),
        form: { kind: 'ratio', require: 'simplest' },
        hint: 'Divide every part of the ratio by the highest common factor of all the parts.',
        explanation: `The HCF of ${shown.join(', ')} is $${k}$. Dividing each part by $${k}$ gives $${base.join(' : ')}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'ratio-share',
    topic: 'ratio-proportion',
    grades: [7, 8],
    difficulty: 3,
    type: 'numeric',
    time: 60,
    build(rng) {
      let a = rng.int(1, 7);
      let b = rng.int(1, 7);
      if (a === b) b = a + 1;
      const g = gcd(a, b);
      [a, b] = [a / g, b / g];
      const unit = rng.int(2, 15) * 5;
      const total = (a + b) * unit;
      const [p, q] = rng.sample(['Amy', 'Ben', 'Chloe', 'Dev', 'Erin', 'Finn'], 2) as [string, string];
      const askLarger = rng.bool();
      const share = askLarger ? Math.max(a, b) * unit : Math.min(a, b) * unit;
      return {
        question: `${p} and ${q} share £${total} in the ratio $${a} : ${b}$. How much does the person with the ${askLarger ? 'larger' : 'smaller'} share get?`,
        answer: money(share),
        form: { kind: 'number', unit: '£' },
        hint: 'Add the parts of the ratio to find how many equal shares there are, then find the value of one share.',
        explanation: `$${a} + ${b} = ${a + b}$ shares. One share is $${total} \\div ${a + b} = ${unit}$. The ${askLarger ? 'larger' : 'smaller'} part is $${askLarger ? Math.max(a, b) : Math.min(a, b)} \\times ${unit} = ${share}$, so ${money(share)}.`,
      };
    },
  }),
  defineTemplate({
    id: 'ratio-unitary-method',
    topic: 'ratio-proportion',
    grades: [6, 7],
    difficulty: 2,
    type: 'numeric',
    time: 50,
    build(rng) {
      const n = rng.int(2, 8);
      const each = rng.int(12, 95) * 5; // pence
      let m = rng.int(2, 12);
      if (m === n) m += 1;
      const item = rng.pick(['pens', 'apples', 'bus tickets', 'notebooks']);
      return {
        question: `${n} ${item} cost ${money((n * each) / 100)}. How much do ${m} ${item} cost?`,
        answer: money((m * each) / 100),
        form: { kind: 'number', unit: '£' },
        hint: 'Find the cost of one first by dividing, then multiply by the number you need.',
        explanation: `One costs ${money((n * each) / 100)} $\\div ${n} = ${fixed(each / 100, 2)}$. Then $${fixed(each / 100, 2)} \\times ${m} = ${fixed((m * each) / 100, 2)}$, so ${money((m * each) / 100)}.`,
      };
    },
  }),
  defineTemplate({
    id: 'ratio-recipe',
    topic: 'ratio-proportion',
    grades: [6, 8],
    difficulty: 2,
    type: 'numeric',
    time: 50,
    build(rng) {
      const people = rng.pick([2, 4, 6, 8]);
      const perPerson = rng.int(3, 15) * 5;
      let target = rng.pick([3, 5, 6, 9, 10, 12]);
      if (target === people) target += 1;
      const [ingredient, unit] = rng.pick([
        ['flour', 'g'],
        ['milk', 'ml'],
        ['sugar', 'g'],
      ] as const);
      return {
        question: `A recipe for ${people} people uses ${people * perPerson} ${unit} of ${ingredient}. How much ${ingredient} is needed for ${target} people?`,
        answer: `${target * perPerson} ${unit}`,
        form: { kind: 'number', unit },
        hint: 'Work out the amount for one person first, then scale up.',
        explanation: `For one person: $${people * perPerson} \\div ${people} = ${perPerson}$ ${unit}. For ${target} people: $${perPerson} \\times ${target} = ${target * perPerson}$ ${unit}.`,
      };
    },
  }),
  defineTemplate({
    id: 'ratio-inverse-proportion',
    topic: 'ratio-proportion',
    grades: [8, 9],
    difficulty: 3,
    type: 'numeric',
    time: 60,
    build(rng) {
      const [w1, w2] = rng.pick([[6, 4], [4, 6], [3, 5], [5, 3], [8, 4], [4, 8], [6, 9], [9, 6], [2, 3], [10, 4]] as const);
      const work = lcm(w1, w2) * rng.int(1, 4);
      const d1 = work / w1;
      const d2 = work / w2;
      return {
        question: `${w1} builders take ${count(d1, 'day')} to build a wall. How many days would ${w2} builders take, working at the same rate?`,
        answer: count(d2, 'day'),
        form: { kind: 'number', unit: 'days' },
        hint: 'More builders means fewer days. Work out how many builder-days the job takes in total.',
        explanation: `Total work $= ${w1} \\times ${d1} = ${work}$ builder-days. With ${w2} builders: $${work} \\div ${w2} = ${num(d2)}$ ${d2 === 1 ? 'day' : 'days'}.`,
      };
    },
  }),
  defineTemplate({
    id: 'ratio-map-scale',
    topic: 'ratio-proportion',
    grades: [7, 9],
    difficulty: 3,
    type: 'numeric',
    time: 60,
    build(rng) {
      const scale = rng.pick([10000, 20000, 25000, 50000, 100000]);
      const cm = rng.int(2, 12);
      const km = (cm * scale) / 100000;
      return {
        question: `A map has a scale of $1 : ${texNum(scale)}$. Two towns are ${cm} cm apart on the map. How far apart are they in real life, in kilometres?`,
        answer: `${num(km)} km`,
        form: { kind: 'number', unit: 'km' },
        hint: 'Multiply the map distance by the scale to get the real distance in centimetres, then convert: a metre is 100 cm and a kilometre is 1000 m.',
        explanation: `$${cm} \\times ${texNum(scale)} = ${texNum(cm * scale)}$ cm $= ${texNum((cm * scale) / 100)}$ m $= ${num(km)}$ km.`,
      };
    },
  }),
  defineTemplate({
    id: 'ratio-part-given',
    topic: 'ratio-proportion',
    grades: [7, 9],
    difficulty: 3,
    type: 'numeric',
    time: 50,
    build(rng) {
      let a = rng.int(1, 7);
      let b = rng.int(2, 9);
      const g = gcd(a, b);
      [a, b] = [a / g, b / g];
      if (a === b) b += 1;
      const unit = rng.int(2, 12);
      return {
        question: `The ratio of boys to girls in a club is $${a} : ${b}$. There are ${a * unit} boys. How many girls are there?`,
        answer: `${b * unit} girls`,
        form: { kind: 'number', unit: 'girls' },
        hint: 'Work out what one part of the ratio is worth from the number of boys.',
        explanation: `${a > 1 ? `${a} parts $= ${a * unit}$, so one part $= ${a * unit} \\div ${a} = ${unit}$` : `One part $= ${unit}$`}. Girls: $${b} \\times ${unit} = ${b * unit}$.`,
      };
    },
  }),
];
