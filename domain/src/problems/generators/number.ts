/** Whole numbers: place value, comparing, the four operations, rounding, factors, negatives, order of operations. */
import { count, num, primeFactors, round, texNum, texPow } from '../format.ts';
import { numberLineFigure, thermometerFigure } from '../figures.ts';
import { columnAddition, columnSubtraction, shortDivision, timesTableMethod } from '../methods.ts';
import { defineTemplate, type ProblemTemplate } from '../template.ts';

const NAMES = ['Mia', 'Leo', 'Aisha', 'Tom', 'Priya', 'Sam', 'Zara', 'Noah', 'Ella', 'Omar', 'Grace', 'Ravi'] as const;

const PLACE_NAMES = ['ones', 'tens', 'hundreds', 'thousands', 'ten thousands'] as const;

export const numberTemplates: ProblemTemplate[] = [
  // ----- place value
  defineTemplate({
    id: 'pv-tens-ones',
    topic: 'place-value',
    grades: [1, 2],
    difficulty: 1,
    type: 'numeric',
    time: 20,
    build(rng) {
      const tens = rng.int(1, 9);
      const ones = rng.intExcept(0, 9, tens);
      const n = tens * 10 + ones;
      const askTens = rng.bool();
      return {
        question: `How many ${askTens ? 'tens' : 'ones'} are in the number $${n}$?`,
        answer: String(askTens ? tens : ones),
        hint: askTens ? 'In a two-digit number, the left digit counts the tens.' : 'In a two-digit number, the right digit counts the ones.',
        explanation: `$${n} = ${tens * 10} + ${ones}$, which is ${count(tens, 'ten')} and ${count(ones, 'one')}. So there ${askTens ? `${tens === 1 ? 'is' : 'are'} ${count(tens, 'ten')}` : `${ones === 1 ? 'is' : 'are'} ${count(ones, 'one')}`}.`,
      };
    },
  }),
  defineTemplate({
    id: 'pv-ten-more-less',
    topic: 'place-value',
    grades: [1, 2],
    difficulty: 1,
    type: 'numeric',
    time: 20,
    build(rng) {
      const n = rng.int(12, 88);
      const more = rng.bool();
      const answer = more ? n + 10 : n - 10;
      return {
        question: `What number is $10$ ${more ? 'more' : 'less'} than $${n}$?`,
        answer: String(answer),
        hint: `When you ${more ? 'add' : 'take away'} 10, only the tens digit changes. The ones digit stays the same.`,
        explanation: `$${n}$ has ${count(Math.floor(n / 10), 'ten')}. ${more ? 'One more ten' : 'One fewer ten'} gives ${count(Math.floor(answer / 10), 'ten')} and the same ${count(n % 10, 'one')}: $${n} ${more ? '+' : '-'} 10 = ${answer}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'pv-build-number',
    topic: 'place-value',
    // Hundreds, tens and ones: Year 3 (Year 2 works with two-digit numbers).
    grades: [3, 4],
    difficulty: 2,
    type: 'numeric',
    time: 30,
    build(rng) {
      const h = rng.int(1, 9);
      const t = rng.int(0, 9);
      const o = rng.int(0, 9);
      const n = h * 100 + t * 10 + o;
      const order = rng.bool(0.3);
      const parts = [count(h, 'hundred'), count(t, 'ten'), count(o, 'one')];
      return {
        question: `Which number has ${order ? `${parts[2]}, ${parts[0]} and ${parts[1]}` : `${parts[0]}, ${parts[1]} and ${parts[2]}`}?`,
        answer: String(n),
        hint: 'Write the hundreds digit first, then the tens digit, then the ones digit. Use 0 for an empty place.',
        explanation: `Write the digits in their columns: ${h} in the hundreds, ${t} in the tens and ${o} in the ones${t === 0 || o === 0 ? ' (0 keeps an empty column)' : ''}. $${h} \\times 100 + ${t} \\times 10 + ${o} = ${h * 100} + ${t * 10} + ${o} = ${n}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'pv-digit-value',
    topic: 'place-value',
    // Four-digit numbers: Year 2 works to 100, Year 3 to 1,000.
    grades: [3, 4],
    difficulty: 2,
    type: 'multiple_choice',
    time: 30,
    build(rng) {
      const digits = rng.sample([1, 2, 3, 4, 5, 6, 7, 8, 9], 4);
      const n = Number(digits.join(''));
      const position = rng.int(0, 3); // from the left
      const d = digits[position] as number;
      const power = 3 - position;
      const value = d * 10 ** power;
      const others = [0, 1, 2, 3].filter((p) => p !== power).map((p) => String(d * 10 ** p));
      return {
        question: `What is the value of the digit $${d}$ in $${texNum(n)}$?`,
        answer: String(value),
        distractors: others,
        hint: 'Find which column the digit is in: ones, tens, hundreds or thousands.',
        explanation: `In $${texNum(n)}$ the digit $${d}$ is in the ${PLACE_NAMES[power]} column, so it is worth $${d} \\times ${texNum(10 ** power)} = ${texNum(value)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'pv-partition',
    topic: 'place-value',
    grades: [3, 4],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const th = rng.int(1, 9);
      const h = rng.int(1, 9);
      const t = rng.int(1, 9);
      const o = rng.int(1, 9);
      const n = th * 1000 + h * 100 + t * 10 + o;
      const parts = [th * 1000, h * 100, t * 10, o];
      const missing = rng.int(0, 3);
      const shown = parts.map((p, i) => (i === missing ? '\\square' : texNum(p)));
      return {
        question: `Find the missing number: $${shown.join(' + ')} = ${texNum(n)}$`,
        answer: String(parts[missing]),
        hint: 'Split the total into thousands, hundreds, tens and ones, and match each part.',
        explanation: `$${texNum(n)} = ${parts.map(texNum).join(' + ')}$, so the missing part is $${texNum(parts[missing] as number)}$.`,
      };
    },
  }),
  // ----- comparing and ordering
  defineTemplate({
    id: 'cmp-largest',
    topic: 'comparing-ordering',
    grades: [1, 2],
    difficulty: 1,
    type: 'multiple_choice',
    time: 20,
    build(rng) {
      const [a, b] = rng.sample([1, 2, 3, 4, 5, 6, 7, 8, 9], 2) as [number, number];
      const smallest = rng.bool();
      const nums = [10 * a + b, 10 * b + a, 10 * a + rng.intExcept(0, 9, b, a), 10 * b + rng.intExcept(0, 9, a, b)];
      const target = smallest ? Math.min(...nums) : Math.max(...nums);
      return {
        question: `Which number is the ${smallest ? 'smallest' : 'largest'}?`,
        answer: String(target),
        distractors: nums.filter((x) => x !== target).map(String),
        fallback: (r) => String(r.int(10, 99)),
        hint: 'Compare the tens digits first. Only if they are the same, compare the ones digits.',
        explanation: `In order from smallest to largest: ${[...new Set(nums)].sort((x, y) => x - y).join(', ')}. The ${smallest ? 'smallest' : 'largest'} is $${target}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'cmp-order',
    topic: 'comparing-ordering',
    // Three-digit numbers: Year 3 compares and orders numbers to 1,000.
    grades: [3, 3],
    difficulty: 2,
    type: 'multiple_choice',
    time: 40,
    build(rng) {
      const [a, b, c] = rng.sample([1, 2, 3, 4, 5, 6, 7, 8, 9], 3) as [number, number, number];
      const nums = rng.shuffle([100 * a + 10 * b + c, 100 * a + 10 * c + b, 100 * b + 10 * a + c]);
      const sorted = [...nums].sort((x, y) => x - y);
      const list = (xs: number[]) => xs.join(', ');
      const perms = [
        [sorted[0], sorted[2], sorted[1]],
        [sorted[1], sorted[0], sorted[2]],
        [sorted[2], sorted[1], sorted[0]],
        [sorted[1], sorted[2], sorted[0]],
      ] as number[][];
      return {
        question: `Which list puts $${nums.join(',\\ ')}$ in order from smallest to largest?`,
        answer: list(sorted),
        distractors: rng.shuffle(perms).map(list),
        hint: 'Compare the hundreds digits first, then the tens, then the ones.',
        explanation: `Compare hundreds first, then tens: ${sorted.join(' < ')}.`,
      };
    },
  }),
  defineTemplate({
    id: 'cmp-between',
    topic: 'comparing-ordering',
    grades: [1, 3],
    difficulty: 1,
    type: 'multiple_choice',
    time: 25,
    build(rng) {
      const low = rng.int(11, 70);
      const high = low + rng.int(6, 20);
      const inside = rng.int(low + 1, high - 1);
      const below = low - rng.int(1, 9);
      const above = high + rng.int(1, 9);
      // reversed digits of the inside number is a typical slip when it lies outside the range
      const swapped = Number(String(inside).split('').reverse().join(''));
      const fourth = swapped > high || swapped < low ? swapped : high + 10 + rng.int(0, 9);
      return {
        question: `Which number is between $${low}$ and $${high}$?`,
        answer: String(inside),
        distractors: [String(below), String(above), String(fourth)],
        fallback: (r) => String(high + r.int(1, 30)),
        hint: 'The number must be bigger than the first number and smaller than the second.',
        explanation: `$${low} < ${inside} < ${high}$, so $${inside}$ is between them. The others are smaller than $${low}$ or bigger than $${high}$.`,
        figure: numberLineFigure({
          from: Math.floor((low - 10) / 10) * 10,
          to: Math.ceil((high + 10) / 10) * 10,
          numberedEvery: 10,
          marks: [low, high],
          shade: [low, high],
          alt: `A number line with ${low} and ${high} marked and the stretch between them shaded.`,
        }),
      };
    },
  }),
  // ----- addition and subtraction
  defineTemplate({
    id: 'add-within-20',
    topic: 'addition-subtraction',
    grades: [1, 2],
    difficulty: 1,
    type: 'numeric',
    time: 15,
    build(rng) {
      const a = rng.int(2, 12);
      const b = rng.int(2, 20 - a);
      return {
        question: `What is $${a} + ${b}$?`,
        answer: String(a + b),
        hint: 'Start at the bigger number and count on.',
        explanation: `Start at $${Math.max(a, b)}$ and count on $${Math.min(a, b)}$: $${a} + ${b} = ${a + b}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'sub-within-20',
    topic: 'addition-subtraction',
    grades: [1, 2],
    difficulty: 1,
    type: 'numeric',
    time: 15,
    build(rng) {
      const a = rng.int(6, 20);
      const b = rng.int(1, a - 1);
      return {
        question: `What is $${a} - ${b}$?`,
        answer: String(a - b),
        hint: 'Count back from the first number, or count up from the smaller number to the bigger one.',
        explanation: `Count up from $${b}$ to $${a}$: that is $${a - b}$ steps. So $${a} - ${b} = ${a - b}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'missing-addend',
    topic: 'addition-subtraction',
    grades: [1, 3],
    difficulty: 2,
    type: 'numeric',
    time: 25,
    build(rng) {
      const a = rng.int(3, 15);
      const total = a + rng.int(2, 15);
      return {
        question: `What number goes in the box? $${a} + \\square = ${total}$`,
        answer: String(total - a),
        hint: 'Count up from the first number to the total, or take the first number away from the total.',
        explanation: `$${total} - ${a} = ${total - a}$, and check: $${a} + ${total - a} = ${total}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'add-2digit-carry',
    topic: 'addition-subtraction',
    grades: [2, 3],
    difficulty: 2,
    type: 'multiple_choice',
    time: 40,
    build(rng) {
      const oa = rng.int(3, 9);
      const ob = rng.int(10 - oa, 9);
      const ta = rng.int(1, 6);
      const tb = rng.int(1, 8 - ta);
      const a = ta * 10 + oa;
      const b = tb * 10 + ob;
      const sum = a + b;
      return {
        question: `What is $${a} + ${b}$?`,
        answer: String(sum),
        distractors: [String(sum - 10), String(Number(`${ta + tb}${oa + ob}`)), String(sum + 10)],
        hint: 'Add the ones first. If they make 10 or more, carry one ten into the tens column.',
        explanation: `Ones: $${oa} + ${ob} = ${oa + ob}$, write $${(oa + ob) % 10}$ and carry $1$ ten. Tens: $${ta} + ${tb} + 1 = ${ta + tb + 1}$. So $${a} + ${b} = ${sum}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'sub-2digit-borrow',
    topic: 'addition-subtraction',
    grades: [2, 3],
    difficulty: 2,
    type: 'multiple_choice',
    time: 40,
    build(rng) {
      const oa = rng.int(0, 7);
      const ob = rng.int(oa + 1, 9);
      const tb = rng.int(1, 7);
      const ta = rng.int(tb + 1, 9);
      const a = ta * 10 + oa;
      const b = tb * 10 + ob;
      const diff = a - b;
      const noBorrow = (ta - tb) * 10 + (ob - oa); // took the smaller digit from the larger
      return {
        question: `What is $${a} - ${b}$?`,
        answer: String(diff),
        distractors: [String(noBorrow), String(diff + 10), String(a + b)],
        hint: 'The top ones digit is smaller, so exchange one ten for ten ones before subtracting.',
        explanation: `Exchange a ten: $${a} = ${(ta - 1) * 10} + ${oa + 10}$. Ones: $${oa + 10} - ${ob} = ${oa + 10 - ob}$. Tens: $${ta - 1} - ${tb} = ${ta - 1 - tb}$. So $${a} - ${b} = ${diff}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'add-3digit',
    topic: 'addition-subtraction',
    grades: [3, 4],
    difficulty: 2,
    type: 'numeric',
    time: 45,
    build(rng) {
      const a = rng.int(120, 689);
      const b = rng.int(105, 999 - a);
      return {
        question: `Work out $${a} + ${b}$.`,
        answer: String(a + b),
        hint: 'Line the numbers up in columns: ones under ones, tens under tens. Add from the right and carry when a column makes 10 or more.',
        explanation: `${columnAddition(a, b)} Check by estimating: about $${Math.round(a / 100) * 100} + ${Math.round(b / 100) * 100} = ${Math.round(a / 100) * 100 + Math.round(b / 100) * 100}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'sub-3digit',
    topic: 'addition-subtraction',
    grades: [3, 4],
    difficulty: 3,
    type: 'numeric',
    time: 50,
    build(rng) {
      const oa = rng.int(0, 8);
      const a = rng.int(4, 9) * 100 + rng.int(0, 9) * 10 + oa;
      const b = rng.int(1, Math.floor(a / 100) - 2) * 100 + rng.int(0, 9) * 10 + rng.int(oa + 1, 9);
      return {
        question: `Work out $${a} - ${b}$.`,
        answer: String(a - b),
        hint: 'Use column subtraction from the right. When the top digit is smaller, exchange from the next column.',
        explanation: `${columnSubtraction(a, b)} Check by adding back: $${a - b} + ${b} = ${a}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'add-word-problem',
    topic: 'addition-subtraction',
    grades: [2, 3],
    difficulty: 2,
    type: 'numeric',
    time: 45,
    build(rng) {
      const name = rng.pick(NAMES);
      const item = rng.pick(['stickers', 'marbles', 'stamps', 'shells', 'cards']);
      const a = rng.int(15, 60);
      const b = rng.int(8, 39);
      return {
        question: `${name} has ${a} ${item}. A friend gives ${name} ${b} more. How many ${item} does ${name} have now?`,
        answer: String(a + b),
        form: { kind: 'number', unit: item },
        hint: 'Getting more means the amount goes up, so add the two amounts.',
        explanation: `$${a} + ${b} = ${a + b}$, so ${name} has ${a + b} ${item}.`,
      };
    },
  }),
  defineTemplate({
    id: 'sub-word-problem',
    topic: 'addition-subtraction',
    grades: [2, 4],
    difficulty: 2,
    type: 'numeric',
    time: 45,
    build(rng) {
      // Within 100: Year 2 subtracts two 2-digit numbers, tens first, then ones.
      const total = rng.int(40, 99);
      const gone = rng.int(12, total - 10);
      const place = rng.pick(['library', 'school', 'bookshop']);
      const tens = gone - (gone % 10);
      const ones = gone % 10;
      const afterTens = total - tens;
      const steps = ones === 0 ? `Take away the tens: $${total} - ${tens} = ${afterTens}$.` : `Take away the tens first: $${total} - ${tens} = ${afterTens}$. Then the ones: $${afterTens} - ${ones} = ${total - gone}$.`;
      return {
        question: `A ${place} had ${total} books. It gave away ${gone} of them. How many books are left?`,
        answer: String(total - gone),
        form: { kind: 'number', unit: 'books' },
        hint: 'Giving books away makes the number smaller, so subtract.',
        explanation: `Giving away means subtract: $${total} - ${gone}$. ${steps} So ${total - gone} books are left.`,
      };
    },
  }),
  defineTemplate({
    id: 'add-4digit',
    topic: 'addition-subtraction',
    grades: [4, 4],
    difficulty: 3,
    type: 'numeric',
    time: 60,
    build(rng) {
      const a = rng.int(1200, 6800);
      const b = rng.int(1050, 9999 - a);
      return {
        question: `Work out $${texNum(a)} + ${texNum(b)}$.`,
        answer: String(a + b),
        hint: 'Use the column method: ones, tens, hundreds, thousands, carrying when a column makes 10 or more.',
        explanation: columnAddition(a, b),
      };
    },
  }),
  // ----- multiplication and division
  defineTemplate({
    id: 'times-table',
    topic: 'multiplication-division',
    // Year 3 learns the 3, 4 and 8 tables, Year 4 all to 12 × 12; Year 2 has times-table-2-5-10.
    grades: [3, 4],
    difficulty: 1,
    type: 'numeric',
    time: 15,
    build(rng) {
      const a = rng.int(2, 12);
      const b = rng.int(2, 12);
      return {
        question: `What is $${a} \\times ${b}$?`,
        answer: String(a * b),
        hint: 'Use a times-table fact you know, or skip count in steps of the first number.',
        explanation: timesTableMethod(a, b),
      };
    },
  }),
  defineTemplate({
    id: 'times-table-2-5-10',
    topic: 'multiplication-division',
    // Year 2 (grade 2): the 2, 5 and 10 times tables, by counting in steps.
    grades: [2, 3],
    difficulty: 1,
    type: 'numeric',
    time: 15,
    build(rng) {
      const table = rng.pick([2, 5, 10]);
      const times = rng.int(2, 12);
      return {
        question: `What is $${times} \\times ${table}$?`,
        answer: String(times * table),
        hint: `Count in ${table}s, ${times} times.`,
        explanation: timesTableMethod(times, table),
      };
    },
  }),
  defineTemplate({
    id: 'division-fact',
    topic: 'multiplication-division',
    grades: [3, 4],
    difficulty: 2,
    type: 'numeric',
    time: 20,
    build(rng) {
      const a = rng.int(2, 12);
      const b = rng.int(2, 12);
      return {
        question: `What is $${a * b} \\div ${a}$?`,
        answer: String(b),
        hint: 'Think of the times table: what number times the divisor gives the first number?',
        explanation: `$${a} \\times ${b} = ${a * b}$, so $${a * b} \\div ${a} = ${b}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'mult-2digit-by-1digit',
    topic: 'multiplication-division',
    grades: [3, 4],
    difficulty: 2,
    type: 'multiple_choice',
    time: 45,
    build(rng) {
      const t = rng.int(1, 9);
      const o = rng.int(3, 9);
      const m = rng.int(3, 9);
      const a = t * 10 + o;
      const product = a * m;
      const noCarry = t * m * 10 + ((o * m) % 10);
      const concatenated = Number(`${t * m}${o * m}`);
      return {
        question: `What is $${a} \\times ${m}$?`,
        answer: String(product),
        distractors: [String(noCarry), String(concatenated), String(product + m), String(a + m)],
        hint: 'Split the number into tens and ones, multiply each part, then add the parts together.',
        explanation: `$${a} \\times ${m} = ${t * 10} \\times ${m} + ${o} \\times ${m} = ${t * 10 * m} + ${o * m} = ${product}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'long-multiplication',
    topic: 'multiplication-division',
    grades: [5, 6],
    difficulty: 3,
    type: 'numeric',
    time: 90,
    build(rng) {
      const a = rng.int(13, 98);
      const b = rng.int(12, 49);
      const bt = Math.floor(b / 10) * 10;
      const bo = b % 10;
      return {
        question: `Work out $${a} \\times ${b}$.`,
        answer: String(a * b),
        hint: 'Multiply by the tens part and the ones part of the second number separately, then add.',
        explanation: `$${a} \\times ${bt} = ${texNum(a * bt)}$ and $${a} \\times ${bo} = ${texNum(a * bo)}$. Adding: $${texNum(a * bt)} + ${texNum(a * bo)} = ${texNum(a * b)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'division-remainder',
    topic: 'multiplication-division',
    grades: [4, 5],
    difficulty: 3,
    type: 'multiple_choice',
    time: 60,
    build(rng) {
      const d = rng.int(3, 9);
      const q = rng.int(4, 15);
      const r = rng.int(1, d - 1);
      const n = q * d + r;
      const opt = (qq: number, rr: number) => `${qq} r ${rr}`;
      return {
        question: `What is $${n} \\div ${d}$? Give the answer with a remainder.`,
        answer: opt(q, r),
        distractors: [opt(q - 1, r + d), opt(q, d - r), opt(q + 1, r), opt(q, r + 1)],
        hint: 'Find the biggest multiple of the divisor that is not more than the number. The remainder is what is left over, and it must be smaller than the divisor.',
        explanation: `$${d} \\times ${q} = ${q * d}$ and $${n} - ${q * d} = ${r}$, which is less than $${d}$. So $${n} \\div ${d} = ${q}$ remainder $${r}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'short-division',
    topic: 'multiplication-division',
    grades: [5, 6],
    difficulty: 3,
    type: 'numeric',
    time: 60,
    build(rng) {
      const d = rng.int(3, 9);
      const q = rng.int(21, Math.floor(999 / d));
      return {
        question: `Work out $${q * d} \\div ${d}$.`,
        answer: String(q),
        hint: 'Use short division: divide each digit from the left, carrying any remainder to the next digit.',
        explanation: `${shortDivision(q * d, d)} Check: $${q} \\times ${d} = ${q * d}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'mult-word-problem',
    topic: 'multiplication-division',
    grades: [3, 4],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const boxes = rng.int(3, 12);
      const each = rng.int(4, 12);
      const [container, thing] = rng.pick([
        ['boxes', 'pencils'],
        ['bags', 'apples'],
        ['packs', 'cards'],
        ['rows', 'chairs'],
      ] as const);
      return {
        question: `There are ${boxes} ${container} with ${each} ${thing} in each. How many ${thing} are there altogether?`,
        answer: String(boxes * each),
        form: { kind: 'number', unit: thing },
        hint: 'Equal groups: multiply the number of groups by the number in each group.',
        explanation: `${boxes} ${container} of ${each}: ${timesTableMethod(boxes, each)} So there are ${boxes * each} ${thing}.`,
      };
    },
  }),
  defineTemplate({
    id: 'div-word-problem',
    topic: 'multiplication-division',
    grades: [3, 5],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const children = rng.int(2, 9);
      const each = rng.int(3, 12);
      const total = children * each;
      return {
        question: `${total} sweets are shared equally between ${children} children. How many sweets does each child get?`,
        answer: String(each),
        form: { kind: 'number', unit: 'sweets' },
        hint: 'Sharing equally means dividing the total by the number of children.',
        explanation: `$${total} \\div ${children} = ${each}$, because $${children} \\times ${each} = ${total}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'mult-powers-of-ten',
    topic: 'multiplication-division',
    grades: [4, 6],
    difficulty: 1,
    type: 'multiple_choice',
    time: 20,
    build(rng) {
      const n = rng.int(12, 999);
      const power = rng.int(1, 3);
      const factor = 10 ** power;
      const answer = n * factor;
      return {
        question: `What is $${n} \\times ${texNum(factor)}$?`,
        answer: String(answer),
        distractors: [String(n * 10 ** (power === 1 ? 2 : power - 1)), String(n * 10 ** (power + 1)), String(n + factor)],
        hint: 'Multiplying by 10 moves every digit one place to the left.',
        explanation: `Each digit moves ${power} place${power > 1 ? 's' : ''} to the left: $${n} \\times ${texNum(factor)} = ${texNum(answer)}$.`,
      };
    },
  }),
  // ----- rounding and estimation
  defineTemplate({
    id: 'round-10-100',
    topic: 'rounding-estimation',
    // Rounding to 10, 100 and 1,000 (of four-digit numbers) is Year 4; Year 3 does not round.
    grades: [4, 5],
    difficulty: 1,
    type: 'numeric',
    time: 25,
    build(rng) {
      const to = rng.pick([10, 100]);
      const n = to === 10 ? rng.int(11, 989) : rng.int(101, 9899);
      const answer = Math.round(n / to) * to;
      return {
        question: `Round $${texNum(n)}$ to the nearest $${to}$.`,
        answer: String(answer),
        form: { kind: 'number', tolerance: 0 },
        hint: `Look at the digit to the right of the ${to === 10 ? 'tens' : 'hundreds'} digit. If it is 5 or more, round up; otherwise round down.`,
        explanation: `$${texNum(n)}$ is between $${texNum(Math.floor(n / to) * to)}$ and $${texNum(Math.floor(n / to) * to + to)}$. The deciding digit is $${Math.floor((n % to) / (to / 10))}$, so it rounds to $${texNum(answer)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'round-1000',
    topic: 'rounding-estimation',
    grades: [4, 5],
    difficulty: 2,
    type: 'multiple_choice',
    time: 30,
    build(rng) {
      const n = rng.int(1, 98) * 1000 + rng.int(1, 999);
      const answer = Math.round(n / 1000) * 1000;
      const down = Math.floor(n / 1000) * 1000;
      const up = down + 1000;
      return {
        question: `Round $${texNum(n)}$ to the nearest $1{,}000$.`,
        answer: String(answer),
        distractors: [String(answer === down ? up : down), String(Math.round(n / 100) * 100), String(Math.round(n / 10000) * 10000)],
        fallback: (r) => String(answer + r.pick([-2000, 2000, 3000])),
        hint: 'Look at the hundreds digit: 5 or more rounds up, 4 or less rounds down.',
        explanation: `$${texNum(n)}$ lies between $${texNum(down)}$ and $${texNum(up)}$. The hundreds digit is $${Math.floor((n % 1000) / 100)}$, so it rounds to $${texNum(answer)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'round-decimal-places',
    topic: 'rounding-estimation',
    grades: [5, 7],
    difficulty: 2,
    type: 'numeric',
    time: 30,
    build(rng) {
      const dp = rng.int(1, 2);
      const x = (rng.int(100, 9999) * 10 + rng.int(1, 9)) / 1000;
      const answer = round(x, dp).toFixed(dp);
      return {
        question: `Round $${num(x)}$ to ${dp} decimal place${dp > 1 ? 's' : ''}.`,
        answer,
        form: { kind: 'number', tolerance: 0 },
        hint: `Keep ${dp} digit${dp > 1 ? 's' : ''} after the decimal point, then look at the next digit: 5 or more rounds up.`,
        explanation: `The digit after the ${dp === 1 ? 'first' : 'second'} decimal place is $${String(x.toFixed(3)).charAt(String(x.toFixed(3)).indexOf('.') + dp + 1)}$, so $${num(x)}$ rounds to $${answer}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'round-significant-figures',
    topic: 'rounding-estimation',
    grades: [7, 8],
    difficulty: 3,
    type: 'numeric',
    time: 40,
    build(rng) {
      const sf = rng.int(1, 3);
      const mantissa = rng.int(10001, 99999);
      const shift = rng.int(-5, 2);
      const x = Number((mantissa * 10 ** shift).toPrecision(5));
      const answer = Number(x.toPrecision(sf));
      return {
        question: `Round $${texNum(x)}$ to ${sf} significant figure${sf > 1 ? 's' : ''}.`,
        answer: num(answer),
        form: { kind: 'number', tolerance: 0 },
        hint: 'Start counting significant figures at the first non-zero digit. Keep zeros as place holders so the number keeps its size.',
        explanation: `Count ${sf} significant figure${sf > 1 ? 's' : ''} from the first non-zero digit of $${texNum(x)}$, look at the next digit to decide whether to round up, and fill any places before the decimal point with zeros: $${texNum(x)} \\approx ${texNum(answer)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'estimate-product',
    topic: 'rounding-estimation',
    grades: [5, 6],
    difficulty: 2,
    type: 'multiple_choice',
    time: 40,
    build(rng) {
      const a = rng.int(1, 9) * 10 + rng.int(1, 9);
      const b = rng.int(1, 9) * 10 + rng.int(1, 9);
      const r1 = (x: number) => Number(x.toPrecision(1));
      const estimate = r1(a) * r1(b);
      return {
        question: `Estimate $${a} \\times ${b}$ by rounding each number to 1 significant figure.`,
        answer: String(estimate),
        distractors: [String(a * b), String(r1(a) * b), String(Math.floor(a / 10) * 10 * Math.floor(b / 10) * 10)],
        fallback: (r) => String(estimate + r.pick([-1, 1]) * 100 * r.int(1, 5)),
        hint: 'Round each number to its first digit followed by zeros, then multiply the rounded numbers.',
        explanation: `$${a} \\approx ${r1(a)}$ and $${b} \\approx ${r1(b)}$, so $${a} \\times ${b} \\approx ${r1(a)} \\times ${r1(b)} = ${texNum(estimate)}$.`,
      };
    },
  }),
  // ----- factors, multiples and primes
  defineTemplate({
    id: 'prime-choice',
    topic: 'factors-multiples-primes',
    // Prime numbers are Year 5.
    grades: [5, 6],
    difficulty: 2,
    type: 'multiple_choice',
    time: 40,
    build(rng) {
      const primes = [11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97];
      const composites = [21, 27, 33, 39, 49, 51, 57, 63, 69, 77, 81, 87, 91, 93];
      const p = rng.pick(primes);
      const others = rng.sample(composites, 3);
      return {
        question: 'Which of these numbers is prime?',
        answer: String(p),
        distractors: others.map(String),
        hint: 'A prime number has exactly two factors: 1 and itself. Test whether each number divides by a small prime such as three or seven.',
        explanation: `${others.map((c) => `$${c} = ${primeFactors(c)[0]} \\times ${c / (primeFactors(c)[0] as number)}$`).join(', ')}, so those are not prime. $${p}$ has no factors other than $1$ and itself.`,
      };
    },
  }),
  defineTemplate({
    id: 'multiple-choice-multiple',
    topic: 'factors-multiples-primes',
    grades: [4, 5],
    difficulty: 1,
    type: 'multiple_choice',
    time: 30,
    build(rng) {
      const k = rng.int(3, 9);
      const m = k * rng.int(4, 12);
      const offsets = rng.sample([1, 2, -1, -2, 3, -3].filter((d) => (m + d) % k !== 0), 3);
      return {
        question: `Which of these numbers is a multiple of $${k}$?`,
        answer: String(m),
        distractors: offsets.map((d) => String(m + d)),
        hint: 'A multiple is in the times table: it divides exactly, with no remainder.',
        explanation: `$${m} = ${k} \\times ${m / k}$, so it is a multiple of $${k}$. The others leave a remainder when divided by $${k}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'hcf',
    topic: 'factors-multiples-primes',
    grades: [6, 7],
    difficulty: 3,
    type: 'numeric',
    time: 60,
    build(rng) {
      const g = rng.int(2, 12);
      const [m, n] = rng.pick([
        [2, 3], [3, 4], [2, 5], [3, 5], [4, 5], [5, 6], [2, 7], [3, 7], [4, 7], [5, 7], [3, 8], [5, 8], [7, 8],
      ] as const);
      const a = g * m;
      const b = g * n;
      return {
        question: `Find the highest common factor (HCF) of $${a}$ and $${b}$.`,
        answer: String(g),
        hint: 'List the factors of each number and find the biggest one that appears in both lists.',
        explanation: `$${a} = ${g} \\times ${m}$ and $${b} = ${g} \\times ${n}$, and $${m}$ and $${n}$ share no common factor. So the HCF is $${g}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'lcm',
    topic: 'factors-multiples-primes',
    grades: [6, 7],
    difficulty: 3,
    type: 'multiple_choice',
    time: 60,
    build(rng) {
      const g = rng.int(2, 6);
      const [m, n] = rng.pick([[2, 3], [3, 4], [2, 5], [3, 5], [4, 5], [2, 7], [3, 7]] as const);
      const a = g * m;
      const b = g * n;
      const l = g * m * n;
      return {
        question: `Find the lowest common multiple (LCM) of $${a}$ and $${b}$.`,
        answer: String(l),
        distractors: [String(a * b), String(g), String(a + b)],
        fallback: (r) => String(l * r.int(2, 3)),
        hint: 'Write out the multiples of the larger number and find the first one the smaller number also divides.',
        explanation: `Multiples of $${b}$: ${[1, 2, 3, 4, 5].map((k) => b * k).join(', ')}, … The first that $${a}$ divides is $${l}$, so the LCM is $${l}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'factor-count',
    topic: 'factors-multiples-primes',
    grades: [5, 6],
    difficulty: 3,
    type: 'numeric',
    time: 60,
    build(rng) {
      const n = rng.pick([12, 16, 18, 20, 24, 28, 30, 32, 36, 40, 42, 45, 48, 50, 54, 56, 60, 64, 72, 80, 84, 90, 96, 100]);
      const factors: number[] = [];
      for (let k = 1; k <= n; k++) if (n % k === 0) factors.push(k);
      return {
        question: `How many factors does $${n}$ have?`,
        answer: String(factors.length),
        form: { kind: 'number', unit: 'factors' },
        hint: 'Find factor pairs: start with 1 and the number itself, then test 2, 3, 4, … until the pairs meet.',
        explanation: `The factors of $${n}$ are ${factors.join(', ')}. That is ${factors.length} factors.`,
      };
    },
  }),
  defineTemplate({
    id: 'prime-factorisation',
    topic: 'factors-multiples-primes',
    grades: [7, 8],
    difficulty: 3,
    type: 'multiple_choice',
    time: 75,
    build(rng) {
      const [p, q] = rng.pick([[2, 3], [2, 5], [3, 5], [2, 7], [3, 7]] as const);
      const a = rng.int(2, 4);
      const b = rng.int(1, 3);
      const n = p ** a * q ** b;
      const pw = (base: number, e: number) => (e === 1 ? String(base) : `${base}^${e}`);
      const answer = `${pw(p, a)} × ${pw(q, b)}`;
      const composite = `${pw(p, a - 1 > 0 ? a - 1 : 1)} × ${p * q}${b > 1 ? ` × ${pw(q, b - 1)}` : ''}`;
      return {
        question: `Write $${texNum(n)}$ as a product of prime factors.`,
        answer,
        distractors: [composite, `${pw(p, b)} × ${pw(q, a)}`, `${pw(p, a + 1)} × ${pw(q, b)}`, `${pw(p, a)} × ${pw(q, b + 1)}`],
        hint: 'Divide by the smallest prime that goes in, again and again, until you reach 1. Every factor must be prime.',
        explanation: `Dividing repeatedly: $${texNum(n)} = ${primeFactors(n).join(' \\times ')} = ${texPow(String(p), a)} \\times ${texPow(String(q), b)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'squares-cubes-roots',
    topic: 'factors-multiples-primes',
    grades: [5, 7],
    difficulty: 1,
    type: 'numeric',
    time: 20,
    build(rng) {
      const kind = rng.pick(['square', 'cube', 'root'] as const);
      if (kind === 'square') {
        const n = rng.int(4, 15);
        return {
          question: `What is $${n}^2$?`,
          answer: String(n * n),
          hint: 'Squaring means multiplying the number by itself.',
          explanation: `$${n}^2 = ${n} \\times ${n} = ${n * n}$.`,
        };
      }
      if (kind === 'cube') {
        const n = rng.int(2, 6);
        return {
          question: `What is $${n}^3$?`,
          answer: String(n ** 3),
          hint: 'Cubing means multiplying three copies of the number together.',
          explanation: `$${n}^3 = ${n} \\times ${n} \\times ${n} = ${n * n} \\times ${n} = ${n ** 3}$.`,
        };
      }
      const n = rng.int(4, 15);
      return {
        question: `What is $\\sqrt{${n * n}}$?`,
        answer: String(n),
        hint: 'Find the number that multiplied by itself gives the number under the root.',
        explanation: `$${n} \\times ${n} = ${n * n}$, so $\\sqrt{${n * n}} = ${n}$.`,
      };
    },
  }),
  // ----- negative numbers
  defineTemplate({
    id: 'negative-add-subtract',
    topic: 'negative-numbers',
    grades: [6, 7],
    difficulty: 2,
    type: 'multiple_choice',
    time: 30,
    build(rng) {
      const a = rng.intExcept(-12, 12, 0);
      const b = rng.intExcept(-12, -1);
      const subtract = rng.bool();
      const answer = subtract ? a - b : a + b;
      const wrongSign = subtract ? a + b : a - b;
      return {
        question: `Work out $${a} ${subtract ? '-' : '+'} (${b})$.`,
        answer: String(answer),
        distractors: [String(wrongSign), String(-answer), String(-wrongSign)],
        fallback: (r) => String(answer + r.pick([-2, -1, 1, 2])),
        hint: subtract ? 'Subtracting a negative number is the same as adding the positive number.' : 'Adding a negative number is the same as subtracting the positive number.',
        explanation: `${subtract ? `Subtracting a negative number is the same as adding the positive number: $${a} - (${b}) = ${a} + ${-b}$.` : `Adding a negative number is the same as subtracting the positive number: $${a} + (${b}) = ${a} - ${-b}$.`} On the number line, start at $${a}$ and move ${-b} ${subtract ? 'up' : 'down'}: $${a} ${subtract ? '+' : '-'} ${-b} = ${answer}$.`,
        // Wide enough for every answer (-24 to 24), so its ends say nothing about this one.
        figure: numberLineFigure({ from: -25, to: 25, numberedEvery: 5, marks: [a], alt: `A number line from -25 to 25, numbered every 5, with ${a} marked.` }),
      };
    },
  }),
  defineTemplate({
    id: 'negative-multiply-divide',
    topic: 'negative-numbers',
    grades: [7, 8],
    difficulty: 2,
    type: 'numeric',
    time: 30,
    build(rng) {
      let a = rng.intExcept(-12, 12, 0, 1, -1);
      const b = rng.intExcept(-12, 12, 0, 1, -1);
      if (a > 0 && b > 0) a = -a; // at least one negative number
      const fmt = (x: number) => (x < 0 ? `(${x})` : String(x));
      if (rng.bool()) {
        return {
          question: `Work out $${fmt(a)} \\times ${fmt(b)}$.`,
          answer: String(a * b),
          hint: 'Multiply the sizes of the numbers, then decide the sign: same signs give a positive, different signs give a negative.',
          explanation: `$${Math.abs(a)} \\times ${Math.abs(b)} = ${Math.abs(a * b)}$. The signs are ${a < 0 === b < 0 ? 'the same, so the answer is positive' : 'different, so the answer is negative'}: $${a * b}$.`,
        };
      }
      return {
        question: `Work out $${fmt(a * b)} \\div ${fmt(a)}$.`,
        answer: String(b),
        hint: 'Divide the sizes of the numbers, then decide the sign: same signs give a positive, different signs give a negative.',
        explanation: `$${Math.abs(a * b)} \\div ${Math.abs(a)} = ${Math.abs(b)}$. The signs are ${a * b < 0 === a < 0 ? 'the same, so the answer is positive' : 'different, so the answer is negative'}: $${b}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'negative-temperature',
    topic: 'negative-numbers',
    grades: [6, 7],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const start = rng.int(-15, -1);
      const change = rng.int(3, 20);
      const rises = rng.bool();
      const end = rises ? start + change : start - change;
      return {
        question: `At midnight the temperature was ${start} °C. By ${rises ? 'noon it had risen' : 'dawn it had fallen'} by ${change} degrees. What was the temperature ${rises ? 'at noon' : 'at dawn'}?`,
        answer: `${end} °C`,
        form: { kind: 'number', unit: '°C' },
        hint: `Picture a thermometer: ${rises ? 'rising means counting up' : 'falling means counting down'} from the starting temperature, passing through zero if you need to.`,
        explanation: `$${start} ${rises ? '+' : '-'} ${change} = ${end}$, so the temperature was ${end} °C.`,
        // From -40 to 30 °C: every end temperature (-35 to 19) is on it.
        figure: thermometerFigure(start, -40, 30),
      };
    },
  }),
  defineTemplate({
    id: 'negative-ordering',
    topic: 'negative-numbers',
    grades: [6, 6],
    difficulty: 1,
    type: 'multiple_choice',
    time: 25,
    build(rng) {
      const values = rng.sample([-15, -12, -9, -8, -7, -5, -4, -3, -2, -1, 0, 2, 3, 5, 6], 4);
      const smallest = rng.bool();
      const target = smallest ? Math.min(...values) : Math.max(...values);
      return {
        question: `Which number is the ${smallest ? 'smallest' : 'largest'}?`,
        answer: String(target),
        distractors: values.filter((v) => v !== target).map(String),
        hint: 'On a number line, numbers get smaller as you move left. A negative number further from zero is smaller.',
        explanation: `In order: ${[...values].sort((x, y) => x - y).join(' < ')}. The ${smallest ? 'smallest' : 'largest'} is $${target}$.`,
        // An empty line with the same ends for every problem: the child places the options on it.
        figure: numberLineFigure({ from: -15, to: 10, numberedEvery: 5, alt: 'A number line from -15 to 10, numbered every 5.' }),
      };
    },
  }),
  // ----- order of operations
  defineTemplate({
    id: 'order-of-operations-basic',
    topic: 'order-of-operations',
    // The order of operations is Year 6.
    grades: [6, 6],
    difficulty: 2,
    type: 'multiple_choice',
    time: 40,
    build(rng) {
      const a = rng.int(2, 20);
      const b = rng.int(2, 9);
      const c = rng.int(2, 9);
      const kind = rng.int(0, 2);
      if (kind === 0) {
        return {
          question: `Work out $${a} + ${b} \\times ${c}$.`,
          answer: String(a + b * c),
          distractors: [String((a + b) * c), String(a + b + c), String(a * b + c)],
          hint: 'Multiplication comes before addition, unless there are brackets.',
          explanation: `Multiply first: $${b} \\times ${c} = ${b * c}$. Then add: $${a} + ${b * c} = ${a + b * c}$.`,
        };
      }
      if (kind === 1) {
        const big = b * c + rng.int(1, 30);
        return {
          question: `Work out $${big} - ${b} \\times ${c}$.`,
          answer: String(big - b * c),
          distractors: [String((big - b) * c), String(big - b - c), String(big - b * c + 2 * c)],
          hint: 'Multiplication comes before subtraction, unless there are brackets.',
          explanation: `Multiply first: $${b} \\times ${c} = ${b * c}$. Then subtract: $${big} - ${b * c} = ${big - b * c}$.`,
        };
      }
      const q = b * c;
      const a2 = b * rng.int(c + 1, c + 6) - q; // so that the left-to-right slip (a + q) ÷ b is a whole number
      return {
        question: `Work out $${a2} + ${q} \\div ${b}$.`,
        answer: String(a2 + c),
        distractors: [String((a2 + q) / b), String(a2 + q + b), String(a2 * c)],
        fallback: (r) => String(a2 + c + r.pick([-3, -2, 2, 3])),
        hint: 'Division comes before addition, unless there are brackets.',
        explanation: `Divide first: $${q} \\div ${b} = ${c}$. Then add: $${a2} + ${c} = ${a2 + c}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'order-of-operations-brackets',
    topic: 'order-of-operations',
    grades: [6, 8],
    difficulty: 2,
    type: 'numeric',
    time: 45,
    build(rng) {
      const a = rng.int(2, 9);
      const b = rng.int(2, 12);
      const c = rng.int(2, 12);
      const d = rng.int(1, 20);
      const answer = a * (b + c) - d;
      return {
        question: `Work out $${a} \\times (${b} + ${c}) - ${d}$.`,
        answer: String(answer),
        hint: 'Work out the brackets first, then multiply, then subtract.',
        explanation: `Brackets: $${b} + ${c} = ${b + c}$. Multiply: $${a} \\times ${b + c} = ${a * (b + c)}$. Subtract: $${a * (b + c)} - ${d} = ${answer}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'order-of-operations-powers',
    topic: 'order-of-operations',
    grades: [7, 8],
    difficulty: 3,
    type: 'numeric',
    time: 60,
    build(rng) {
      const a = rng.int(1, 9);
      const b = rng.int(2, 6);
      const c = rng.int(2, 5);
      const d = rng.int(1, 9);
      if (rng.bool()) {
        const answer = a + b ** 2 * c;
        return {
          question: `Work out $${a} + ${b}^2 \\times ${c}$.`,
          answer: String(answer),
          hint: 'Order: brackets, powers, then multiplication and division, then addition and subtraction.',
          explanation: `Power: $${b}^2 = ${b * b}$. Multiply: $${b * b} \\times ${c} = ${b * b * c}$. Add: $${a} + ${b * b * c} = ${answer}$.`,
        };
      }
      const inner = a + d;
      const answer = inner ** 2 - b * c;
      return {
        question: `Work out $(${a} + ${d})^2 - ${b} \\times ${c}$.`,
        answer: String(answer),
        hint: 'Order: brackets, powers, then multiplication, then subtraction.',
        explanation: `Brackets: $${a} + ${d} = ${inner}$. Power: $${inner}^2 = ${inner * inner}$. Multiply: $${b} \\times ${c} = ${b * c}$. Subtract: $${inner * inner} - ${b * c} = ${answer}$.`,
      };
    },
  }),
];

