/** Early-grade measures: money, time, length/mass/capacity, and 2D/3D shapes. */
import { article, fixed, money, num, texNum } from '../format.ts';
import { clockFigure, measuringJugFigure, rulerFigure, weighingScaleFigure } from '../figures.ts';
import { defineTemplate, type ProblemTemplate } from '../template.ts';

/** pence → '£3.45' */
const pounds = (pence: number): string => money(pence / 100);

/** 12-hour clock time 'h:mm' for minutes after midnight. */
function clock(minutes: number): string {
  const m = ((minutes % 720) + 720) % 720;
  const h = Math.floor(m / 60) || 12;
  return `${h}:${String(m % 60).padStart(2, '0')}`;
}

/** Change by counting up from the price, as a shopkeeper does: to the next 10p, the next pound, then the note. */
function countUpChange(price: number, note: number): string {
  const stops = [Math.ceil(price / 10) * 10, Math.ceil(price / 100) * 100, note].filter((v, i, all) => v > price && all.indexOf(v) === i);
  let from = price;
  const steps = stops.map((to) => {
    const step = `${pounds(from)} to ${pounds(to)} is ${to - from < 100 ? `${to - from}p` : pounds(to - from)}`;
    from = to;
    return step;
  });
  const parts = stops.map((to, i) => to - (i === 0 ? price : (stops[i - 1] as number)));
  const sum = parts.map((p) => (p < 100 ? `${p}p` : pounds(p))).join(' + ');
  return `Count up from the price: ${steps.join(', ')}. ${parts.length > 1 ? `${sum} = ` : ''}${pounds(note - price)}, so the change is ${pounds(note - price)}.`;
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

function massText(grams: number, style: 'g' | 'kg' | 'kg g'): string {
  if (style === 'g' || (style === 'kg g' && grams < 1000)) return `${grams} g`;
  if (style === 'kg') return `${num(grams / 1000)} kg`;
  const kg = Math.floor(grams / 1000);
  const rest = grams - kg * 1000;
  return rest === 0 ? `${kg} kg` : `${kg} kg ${rest} g`;
}

const pickDistinct = (count: number, make: () => number): number[] => {
  const out: number[] = [];
  for (let i = 0; out.length < count && i < 100; i++) {
    const v = make();
    if (!out.includes(v)) out.push(v);
  }
  return out;
};

/** Number prefixes of polygon names, by the number of sides. */
const PREFIX: Record<number, string> = { 3: 'Tri-', 4: 'Quad-', 5: 'Pent-', 6: 'Hex-', 7: 'Hept-', 8: 'Oct-' };

/** Counting the faces, edges and vertices of a cube or cuboid, as a child counts them on a box. */
const BOX_COUNT = {
  faces: 'top and bottom, front and back, and the two sides, $2 + 2 + 2 = 6$',
  edges: '4 round the top, 4 round the bottom and 4 going up the sides, $4 + 4 + 4 = 12$',
  vertices: '4 corners on the top and 4 on the bottom, $4 + 4 = 8$',
} as const;

export const measurementTemplates: ProblemTemplate[] = [
  // ----- money
  defineTemplate({
    id: 'money-count-same-coins',
    topic: 'money',
    // Year 1: know the coins, and count in 2s, 5s and 10s.
    grades: [1, 1],
    difficulty: 1,
    type: 'numeric',
    time: 30,
    build(rng) {
      const [value, name] = rng.pick([
        [2, 'two-pence'],
        [5, 'five-pence'],
        [10, 'ten-pence'],
      ] as const);
      const coins = rng.int(2, value === 2 ? 10 : value === 5 ? 10 : 9);
      const total = coins * value;
      return {
        question: `You have ${coins} ${name} coins. How much money is that in pence?`,
        answer: `${total}p`,
        form: { kind: 'number', unit: 'p' },
        hint: `Each coin is worth ${value}p. Count in ${value}s, one count for each coin.`,
        explanation: `Count in ${value}s, once for each coin: ${Array.from({ length: coins }, (_, i) => (i + 1) * value).join(', ')}. So ${coins} ${name} coins make ${total}p.`,
      };
    },
  }),
  defineTemplate({
    id: 'money-count-coins',
    topic: 'money',
    // Year 2 combines coins to make an amount; Year 1 only recognises them (docs/problem-bank.md).
    grades: [2, 3],
    difficulty: 1,
    type: 'numeric',
    time: 40,
    build(rng) {
      const coins = [
        { value: 20, name: 'twenty-pence', count: rng.int(0, 2) },
        { value: 10, name: 'ten-pence', count: rng.int(1, 3) },
        { value: 5, name: 'five-pence', count: rng.int(0, 2) },
        { value: 2, name: 'two-pence', count: rng.int(1, 4) },
        { value: 1, name: 'one-penny', count: rng.int(0, 3) },
      ].filter((c) => c.count > 0);
      const total = coins.reduce((s, c) => s + c.value * c.count, 0);
      const words = coins.map((c) => `${c.count} ${c.name} coin${c.count > 1 ? 's' : ''}`);
      const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
      return {
        question: `You have ${list}. How much money is that in pence?`,
        answer: `${total}p`,
        form: { kind: 'number', unit: 'p' },
        hint: 'Count the coins worth the most first, then count on with the smaller coins.',
        explanation: `${coins.map((c) => `$${c.count} \\times ${c.value} = ${c.count * c.value}$`).join(', ')}. Altogether $${coins.map((c) => c.count * c.value).join(' + ')} = ${total}$, so ${total}p.`,
      };
    },
  }),
  defineTemplate({
    id: 'money-add-prices',
    topic: 'money',
    grades: [2, 3],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const [a, b] = rng.pick([
        ['a pencil', 'a rubber'],
        ['an apple', 'a banana'],
        ['a comic', 'a sticker'],
        ['a juice', 'a biscuit'],
      ] as const);
      const pa = rng.int(15, 60);
      const pb = rng.int(12, 99 - pa);
      return {
        question: `${a[0]?.toUpperCase()}${a.slice(1)} costs ${pa}p and ${b} costs ${pb}p. How much do they cost altogether, in pence?`,
        answer: `${pa + pb}p`,
        form: { kind: 'number', unit: 'p' },
        hint: 'Altogether means add. Add the tens, then the ones.',
        explanation: `Altogether means add. Add the tens: $${pa - (pa % 10)} + ${pb - (pb % 10)} = ${pa - (pa % 10) + pb - (pb % 10)}$. Add the ones: $${pa % 10} + ${pb % 10} = ${(pa % 10) + (pb % 10)}$. Together: $${pa - (pa % 10) + pb - (pb % 10)} + ${(pa % 10) + (pb % 10)} = ${pa + pb}$, so they cost ${pa + pb}p.`,
      };
    },
  }),
  defineTemplate({
    id: 'money-change',
    topic: 'money',
    grades: [3, 4],
    difficulty: 2,
    type: 'multiple_choice',
    time: 45,
    build(rng) {
      const note = rng.pick([500, 1000]);
      const price = rng.int(Math.floor(note / 2), note - 11);
      const change = note - price;
      // subtracting pounds and pence separately without exchanging: £5.00 - £3.45 → £2.45
      const noExchange = (Math.floor(note / 100) - Math.floor(price / 100)) * 100 + (price % 100);
      return {
        question: `You buy a book for ${pounds(price)} and pay with a ${pounds(note).replace('.00', '')} note. How much change should you get?`,
        answer: pounds(change),
        distractors: [pounds(noExchange), pounds(change + 100), pounds(change + 10), pounds(change - 10)],
        hint: 'Count up from the price to the amount you paid: first to the next 10p, then to the next pound, then to the note.',
        explanation: countUpChange(price, note),
      };
    },
  }),
  defineTemplate({
    id: 'money-multiply',
    topic: 'money',
    grades: [3, 4],
    difficulty: 2,
    type: 'numeric',
    time: 45,
    build(rng) {
      const count = rng.int(2, 6);
      const each = rng.int(3, 40) * 5; // pence, a multiple of 5
      const item = rng.pick(['notebooks', 'pens', 'cupcakes', 'tickets']);
      return {
        question: `${count} ${item} cost ${pounds(each)} each. How much do they cost altogether? Give your answer in pounds (£).`,
        answer: pounds(count * each),
        form: { kind: 'number', unit: '£' },
        hint: 'Multiply the price of one by how many there are. It can help to work in pence and change back to pounds at the end.',
        explanation: `In pence: $${count} \\times ${each} = ${count * each}$p, which is ${pounds(count * each)}.`,
      };
    },
  }),
  defineTemplate({
    id: 'money-pounds-to-pence',
    topic: 'money',
    // Pounds written as decimals (£6.80) come with decimals, in Year 3-4.
    grades: [3, 4],
    difficulty: 1,
    type: 'numeric',
    time: 25,
    build(rng) {
      const pence = rng.int(1, 9) * 100 + rng.int(1, 19) * 5;
      const toPence = rng.bool();
      if (toPence) {
        return {
          question: `How many pence are in ${pounds(pence)}?`,
          answer: `${pence}p`,
          form: { kind: 'number', unit: 'p' },
          hint: 'There are 100 pence in £1.',
          explanation: `£1 = 100p, so ${pounds(pence)} $= ${fixed(pence / 100, 2)} \\times 100 = ${pence}$p.`,
        };
      }
      return {
        question: `Write ${pence}p in pounds.`,
        answer: pounds(pence),
        form: { kind: 'number', unit: '£' },
        hint: 'There are 100 pence in £1, so divide the pence by 100.',
        explanation: `$${pence} \\div 100 = ${fixed(pence / 100, 2)}$, so ${pence}p is ${pounds(pence)}.`,
      };
    },
  }),
  // ----- time
  defineTemplate({
    id: 'time-read-clock',
    topic: 'time',
    // Quarter past and quarter to are Year 2; Year 1 reads only o'clock and half past.
    grades: [2, 3],
    difficulty: 1,
    type: 'multiple_choice',
    time: 30,
    build(rng) {
      const hour = rng.int(1, 11);
      const minuteHand = rng.pick([12, 3, 6, 9]);
      const minutes = minuteHand === 12 ? 0 : minuteHand * 5;
      const hourText =
        minutes === 0
          ? `points exactly to ${hour}`
          : minutes === 45
            ? `is nearly at ${hour + 1}`
            : minutes === 30
              ? `is halfway between ${hour} and ${(hour % 12) + 1}`
              : `is just past ${hour}`;
      const answer = clock(hour * 60 + minutes);
      const swapped = clock((minuteHand % 12 || 12) * 60 + (hour * 5) % 60);
      return {
        question: `On a clock, the minute hand points to ${minuteHand} and the hour hand ${hourText}. What time is it?`,
        figure: clockFigure(hour, minutes),
        answer,
        distractors: [swapped, `${hour}:${String(minuteHand).padStart(2, '0')}`, clock(((hour % 12) + 1) * 60 + minutes), clock((hour - 1 || 12) * 60 + minutes)],
        fallback: (r) => clock(r.int(1, 12) * 60 + r.pick([0, 15, 30, 45])),
        hint: 'The short hand shows the hour. The long hand shows the minutes: each number on the clock is 5 minutes.',
        explanation: `The minute hand on ${minuteHand} means ${minutes} minutes past the hour (${minuteHand} × 5${minuteHand === 12 ? ', which is o’clock' : ''}). The hour hand gives the hour, so the time is ${answer}.`,
      };
    },
  }),
  defineTemplate({
    id: 'time-add-duration',
    topic: 'time',
    // Durations and end times are Year 3 (grade 3).
    grades: [3, 4],
    difficulty: 2,
    type: 'text',
    time: 50,
    build(rng) {
      const start = rng.int(1, 11) * 60 + rng.pick([0, 10, 15, 20, 30, 40, 45, 50]);
      // Each activity lasts what it does in life: a film 1-2 hours, a swimming lesson under one.
      const [what, fewestHours, mostHours] = rng.pick([
        ['A film', 1, 2],
        ['A train journey', 0, 2],
        ['A swimming lesson', 0, 0],
        ['A school trip', 2, 5],
      ] as const);
      const hours = rng.int(fewestHours, mostHours);
      const mins = rng.pick(hours === 0 ? [30, 35, 40, 45, 50] : [15, 20, 25, 30, 35, 40, 45, 50]);
      const end = start + hours * 60 + mins;
      const toHour = 60 - (start % 60);
      const length = `${hours > 0 ? `${hours} hour${hours > 1 ? 's' : ''} ` : ''}${mins} minutes`;
      return {
        question: `${what} starts at ${clock(start)} and lasts ${length}. At what time does it end? Write the time like 4:15.`,
        answer: clock(end),
        form: { kind: 'time' },
        hint: 'Add the hours first, then the minutes. If the minutes reach 60, that makes another hour.',
        // Minutes that pass an o'clock are added in two jumps: up to the hour, then the rest.
        explanation: `${hours > 0 ? `${clock(start)} + ${hours} ${hours === 1 ? 'hour' : 'hours'} = ${clock(start + hours * 60)}. ` : ''}${
          mins > toHour && toHour < 60
            ? `${clock(start + hours * 60)} + ${toHour} minutes = ${clock(start + hours * 60 + toHour)}, then ${mins - toHour} more minutes make ${clock(end)}.`
            : `${clock(start + hours * 60)} + ${mins} minutes = ${clock(end)}.`
        }`,
      };
    },
  }),
  defineTemplate({
    id: 'time-unit-conversion',
    topic: 'time',
    // Seconds in a minute and days in each month are Year 3.
    grades: [3, 4],
    difficulty: 1,
    type: 'numeric',
    time: 25,
    build(rng) {
      const [big, small, factor] = rng.pick([
        ['hours', 'minutes', 60],
        ['minutes', 'seconds', 60],
        ['days', 'hours', 24],
        ['weeks', 'days', 7],
      ] as const);
      const n = rng.int(2, 9);
      return {
        question: `How many ${small} are there in ${n} ${big}?`,
        answer: `${n * factor} ${small}`,
        form: { kind: 'number', unit: small },
        hint: `Remember how many ${small} make one of the ${big}, then multiply.`,
        explanation: `1 ${big.replace(/s$/, '')} = ${factor} ${small}, so ${n} ${big} $= ${n} \\times ${factor} = ${n * factor}$ ${small}.`,
      };
    },
  }),
  defineTemplate({
    id: 'time-duration-minutes',
    topic: 'time',
    grades: [3, 4],
    difficulty: 2,
    type: 'numeric',
    time: 45,
    build(rng) {
      const start = rng.int(7, 10) * 60 + rng.pick([5, 10, 20, 25, 35, 40, 50, 55]);
      const length = rng.int(4, 17) * 5;
      const end = start + length;
      const toHour = 60 - (start % 60);
      return {
        question: `A lesson starts at ${clock(start)} and ends at ${clock(end)}. How many minutes long is the lesson?`,
        answer: `${length} minutes`,
        form: { kind: 'number', unit: 'minutes' },
        hint: 'Count on from the start time to the next o’clock, then on to the end time.',
        explanation:
          toHour < length
            ? `From ${clock(start)} to ${clock(start + toHour)} is ${toHour} minutes; from there to ${clock(end)} is ${length - toHour} minutes. $${toHour} + ${length - toHour} = ${length}$ minutes.`
            : `Counting on from ${clock(start)} to ${clock(end)} is ${length} minutes.`,
      };
    },
  }),
  defineTemplate({
    id: 'time-days-after',
    topic: 'time',
    grades: [1, 3],
    difficulty: 2,
    type: 'text',
    time: 30,
    build(rng) {
      const start = rng.int(0, 6);
      const after = rng.pick([2, 3, 4, 5, 8, 9, 10, 12, 15]);
      const day = DAYS[(start + after) % 7] as string;
      return {
        question: `Today is ${DAYS[start]}. What day of the week will it be in ${after} days?`,
        answer: day,
        form: { kind: 'text', accept: [day.slice(0, 3), day.slice(0, 3) + '.'] },
        hint: 'A week has 7 days, so after 7 days it is the same day again. Count on the days that are left.',
        explanation:
          after >= 7
            ? `${after} days is ${Math.floor(after / 7)} week${after >= 14 ? 's' : ''} and ${after % 7} day${after % 7 === 1 ? '' : 's'}. A whole week brings you back to ${DAYS[start]}; ${after % 7} more day${after % 7 === 1 ? '' : 's'} gives ${day}.`
            : `Counting on ${after} days from ${DAYS[start]}: ${Array.from({ length: after }, (_, i) => DAYS[(start + i + 1) % 7]).join(', ')}. So it will be ${day}.`,
      };
    },
  }),
  // ----- length, mass and capacity
  defineTemplate({
    id: 'measure-compare-lengths',
    topic: 'measurement',
    grades: [1, 2],
    difficulty: 1,
    type: 'numeric',
    time: 30,
    build(rng) {
      // Lengths things have in a classroom: a 15 cm or 30 cm ruler and a rubber of a few cm, not 23 cm and 21 cm.
      const [a, b, la, lb] = rng.pick([
        ['pencil', 'crayon', rng.int(14, 19), rng.int(5, 9)],
        ['ruler', 'rubber', rng.pick([15, 30]), rng.int(3, 6)],
        ['ribbon', 'string', rng.int(20, 30), rng.int(8, 18)],
        ['paintbrush', 'crayon', rng.int(18, 25), rng.int(8, 11)],
      ] as const);
      return {
        question: `A ${a} is ${la} cm long and a ${b} is ${lb} cm long. How much longer is the ${a} than the ${b}?`,
        answer: `${la - lb} cm`,
        form: { kind: 'number', unit: 'cm' },
        hint: 'How much longer means find the difference: take the shorter length from the longer length.',
        explanation: `$${la} - ${lb} = ${la - lb}$, so the ${a} is ${la - lb} cm longer.`,
        figure: rulerFigure(
          [
            { name: a, length: la },
            { name: b, length: lb },
          ],
          'cm',
          30,
        ),
      };
    },
  }),
  defineTemplate({
    id: 'measure-convert-length',
    topic: 'measurement',
    // Converting km to m and decimal lengths (4.7 m) is Year 4-5; Year 3 measures in m, cm and mm.
    grades: [4, 5],
    difficulty: 2,
    type: 'numeric',
    time: 35,
    build(rng) {
      const [from, to, factor, fromName, toName] = rng.pick([
        ['m', 'cm', 100, 'metres', 'centimetres'],
        ['km', 'm', 1000, 'kilometres', 'metres'],
        ['cm', 'mm', 10, 'centimetres', 'millimetres'],
        ['cm', 'm', 0.01, 'centimetres', 'metres'],
        ['m', 'km', 0.001, 'metres', 'kilometres'],
      ] as const);
      const value = factor >= 1 ? rng.int(11, 95) / (rng.bool() ? 10 : 1) : rng.int(12, 950) * (factor === 0.01 ? 1 : 10);
      const answer = Number((value * factor).toPrecision(10));
      return {
        question: `Convert ${num(value)} ${from} to ${toName}.`,
        answer: `${num(answer)} ${to}`,
        form: { kind: 'number', unit: to },
        hint:
          factor >= 1
            ? `Going to a smaller unit gives a bigger number, so multiply by the number of ${toName} in one ${fromName.replace(/s$/, '')}.`
            : `Going to a bigger unit gives a smaller number, so divide by the number of ${fromName} in one ${toName.replace(/s$/, '')}.`,
        explanation:
          factor >= 1
            ? `1 ${from} = ${texNum(factor)} ${to}, so $${texNum(value)} \\times ${texNum(factor)} = ${texNum(answer)}$ ${to}.`
            : `1 ${to} = ${texNum(1 / factor)} ${from}, so $${texNum(value)} \\div ${texNum(1 / factor)} = ${texNum(answer)}$ ${to}.`,
      };
    },
  }),
  defineTemplate({
    id: 'measure-convert-mass-capacity',
    topic: 'measurement',
    grades: [4, 5],
    difficulty: 2,
    type: 'numeric',
    time: 35,
    build(rng) {
      const [from, to, factor] = rng.pick([
        ['kg', 'g', 1000],
        ['g', 'kg', 0.001],
        ['l', 'ml', 1000],
        ['ml', 'l', 0.001],
      ] as const);
      const value = factor > 1 ? rng.int(11, 99) / rng.pick([10, 100]) : rng.int(11, 99) * rng.pick([10, 50]);
      const answer = Number((value * factor).toPrecision(10));
      const unitWord: Record<string, string> = { kg: 'kilograms', g: 'grams', l: 'litres', ml: 'millilitres' };
      return {
        question: `Convert ${num(value)} ${from} to ${unitWord[to]}.`,
        answer: `${num(answer)} ${to}`,
        form: { kind: 'number', unit: to },
        hint: factor > 1 ? 'The new unit is 1000 times smaller, so the number gets 1000 times bigger.' : 'The new unit is 1000 times bigger, so the number gets 1000 times smaller.',
        explanation:
          factor > 1
            ? `1 ${from} = 1000 ${to}, so $${num(value)} \\times 1000 = ${texNum(answer)}$ ${to}.`
            : `1000 ${from} = 1 ${to}, so $${texNum(value)} \\div 1000 = ${num(answer)}$ ${to}.`,
        figure: from === 'kg' || from === 'g' ? weighingScaleFigure(value, from) : measuringJugFigure(value, from),
      };
    },
  }),
  defineTemplate({
    id: 'measure-heaviest',
    topic: 'measurement',
    // Masses written as 1.15 kg and 1 kg 750 g: kilograms and grams together from Year 3.
    grades: [3, 5],
    difficulty: 2,
    type: 'multiple_choice',
    time: 40,
    build(rng) {
      const grams = pickDistinct(4, () => rng.int(6, 19) * 100 + rng.pick([0, 50]));
      const styles = rng.shuffle(['g', 'kg', 'kg g', 'g'] as const);
      const texts = grams.map((g, i) => massText(g, styles[i] ?? 'g'));
      const heaviest = Math.max(...grams);
      const index = grams.indexOf(heaviest);
      return {
        question: `Which is the heaviest?`,
        answer: texts[index] as string,
        distractors: texts.filter((_, i) => i !== index),
        hint: 'Change all the masses to grams first (multiply kilograms by a thousand), then compare.',
        explanation: `In grams: ${grams.map((g, i) => (texts[i] === `${g} g` ? texts[i] : `${texts[i]} = ${g} g`)).join('; ')}. The heaviest is ${texts[index]}.`,
      };
    },
  }),
  // ----- shapes
  defineTemplate({
    id: 'shape-sides',
    topic: 'shapes',
    grades: [1, 2],
    difficulty: 1,
    type: 'numeric',
    time: 20,
    build(rng) {
      const [name, sides] = rng.pick([
        ['triangle', 3],
        ['square', 4],
        ['rectangle', 4],
        ['pentagon', 5],
        ['hexagon', 6],
        ['octagon', 8],
      ] as const);
      const ask = rng.pick(['sides', 'corners'] as const);
      return {
        question: `How many ${ask} does ${article(name)} ${name} have?`,
        answer: `${sides} ${ask}`,
        form: { kind: 'number', unit: ask },
        hint: ask === 'sides' ? 'Picture the shape and count the straight edges around it.' : 'Picture the shape and count the points where two sides meet.',
        explanation: `Go round the ${name}, counting each straight side: ${Array.from({ length: sides }, (_, i) => i + 1).join(', ')}. So it has ${sides} sides. A corner is where two sides meet, and there is one after every side, so it has ${sides} corners too.`,
      };
    },
  }),
  defineTemplate({
    id: 'shape-name',
    topic: 'shapes',
    // Year 1 names squares, rectangles and triangles; naming by the number of sides (pentagon,
    // hexagon, octagon) is Year 2 (grade 2).
    grades: [2, 3],
    difficulty: 1,
    type: 'multiple_choice',
    time: 20,
    build(rng) {
      const shapes = [
        ['triangle', 3],
        ['quadrilateral', 4],
        ['pentagon', 5],
        ['hexagon', 6],
        ['heptagon', 7],
        ['octagon', 8],
      ] as const;
      const [name, sides] = rng.pick(shapes);
      return {
        question: `A flat shape has ${sides} straight sides. What is it called?`,
        answer: name,
        distractors: rng.shuffle(shapes.filter(([n]) => n !== name).map(([n]) => n)),
        hint: 'Tri- means 3, quad- means 4, pent- means 5, hex- means 6, hept- means 7 and oct- means 8.',
        explanation: `${PREFIX[sides]} means ${sides}${sides === 8 ? ' (an octopus has 8 legs)' : sides === 3 ? ' (a tricycle has 3 wheels)' : ''}, so a flat shape with ${sides} straight sides is ${article(name)} ${name}.`,
      };
    },
  }),
  defineTemplate({
    id: 'shape-3d-properties',
    topic: 'shapes',
    grades: [2, 4],
    difficulty: 2,
    type: 'numeric',
    time: 40,
    build(rng) {
      const solids = [
        { name: 'cube', faces: 6, edges: 12, vertices: 8, count: BOX_COUNT },
        { name: 'cuboid', faces: 6, edges: 12, vertices: 8, count: BOX_COUNT },
        {
          name: 'square-based pyramid',
          faces: 5,
          edges: 8,
          vertices: 5,
          count: {
            faces: 'the square base and 4 triangles up the sides, $1 + 4 = 5$',
            edges: '4 round the square base and 4 going up to the point at the top, $4 + 4 = 8$',
            vertices: 'the 4 corners of the base and 1 point at the top, $4 + 1 = 5$',
          },
        },
        {
          name: 'triangular prism',
          faces: 5,
          edges: 9,
          vertices: 6,
          count: {
            faces: 'a triangle at each end and 3 rectangles round the sides, $2 + 3 = 5$',
            edges: '3 round each triangle end and 3 going along from one end to the other, $3 + 3 + 3 = 9$',
            vertices: 'the 3 corners of each triangle end, $3 + 3 = 6$',
          },
        },
        {
          name: 'tetrahedron (triangle-based pyramid)',
          faces: 4,
          edges: 6,
          vertices: 4,
          count: {
            faces: 'the triangle base and 3 triangles up the sides, $1 + 3 = 4$',
            edges: '3 round the base and 3 going up to the point at the top, $3 + 3 = 6$',
            vertices: 'the 3 corners of the base and 1 point at the top, $3 + 1 = 4$',
          },
        },
        {
          name: 'pentagonal prism',
          faces: 7,
          edges: 15,
          vertices: 10,
          count: {
            faces: 'a pentagon at each end and 5 rectangles round the sides, $2 + 5 = 7$',
            edges: '5 round each pentagon end and 5 going along from one end to the other, $5 + 5 + 5 = 15$',
            vertices: 'the 5 corners of each pentagon end, $5 + 5 = 10$',
          },
        },
      ];
      const solid = rng.pick(solids);
      const part = rng.pick(['faces', 'edges', 'vertices'] as const);
      return {
        question: `How many ${part} does a ${solid.name} have?`,
        answer: `${solid[part]} ${part}`,
        form: { kind: 'number', unit: part },
        hint: { faces: 'Faces are the flat surfaces. Count them on every side, including the bottom.', edges: 'Edges are where two faces meet. Count the lines around the top, the bottom and the sides.', vertices: 'Vertices are the corners where edges meet.' }[part],
        // Counted directly, as a Year 2 child does (Euler's formula is not taught in primary school).
        explanation: `Count the ${part} of a ${solid.name}: ${solid.count[part]}. So a ${solid.name} has ${solid[part]} ${part}.`,
      };
    },
  }),
  defineTemplate({
    id: 'shape-symmetry',
    topic: 'shapes',
    grades: [3, 4],
    difficulty: 2,
    type: 'numeric',
    time: 35,
    build(rng) {
      const [name, lines, why] = rng.pick([
        ['square', 4, 'two lines through opposite corners and two through the middles of opposite sides'],
        ['rectangle (that is not a square)', 2, 'one vertical and one horizontal line through the middle; the diagonals are not lines of symmetry'],
        ['equilateral triangle', 3, 'one line from each corner to the middle of the opposite side'],
        ['isosceles triangle', 1, 'one line down the middle, between the two equal sides'],
        ['regular pentagon', 5, 'one line from each corner to the middle of the opposite side'],
        ['regular hexagon', 6, 'three lines through opposite corners and three through the middles of opposite sides'],
        ['regular octagon', 8, 'four lines through opposite corners and four through the middles of opposite sides'],
        ['kite', 1, 'one line through the two corners where the unequal sides meet'],
        ['rhombus (that is not a square)', 2, 'the two diagonals'],
      ] as const);
      return {
        question: `How many lines of symmetry does ${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name} have?`,
        answer: String(lines),
        form: { kind: 'number', unit: 'lines' },
        hint: 'A line of symmetry folds the shape exactly onto itself. Try lines through corners and through the middles of sides.',
        explanation: `${/^[aeiou]/.test(name) ? 'An' : 'A'} ${name} has ${lines} line${lines === 1 ? '' : 's'} of symmetry: ${why}.`,
      };
    },
  }),
];
