/** Statistics and probability: averages, spread, probability, counting. */
import { equals, fixed, frac, num, ordinal, reduce, round, sum, texFrac, texPow } from '../format.ts';
import { barChartFigure, pieChartFigure } from '../figures.ts';
import type { Rng } from '../random.ts';
import { defineTemplate, type ProblemTemplate } from '../template.ts';

const sorted = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);
const listTex = (xs: readonly number[]): string => xs.join(',\\ ');

function median(xs: readonly number[]): number {
  const s = sorted(xs);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** n values in [lo, hi] whose sum is a multiple of n (so the mean is a whole number). */
function valuesWithWholeMean(rng: Rng, n: number, lo: number, hi: number): number[] {
  const xs = Array.from({ length: n }, () => rng.int(lo, hi));
  const r = sum(xs) % n;
  if (r !== 0) {
    const i = xs.findIndex((x) => x - r >= lo);
    if (i >= 0) xs[i] = (xs[i] as number) - r;
    else xs[0] = (xs[0] as number) + (n - r);
  }
  return xs;
}

/** How often each value appears, most often first: '8 three times, 1 twice, 13 once'. */
function tally(xs: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  const times = (k: number) => (k === 1 ? 'once' : k === 2 ? 'twice' : k === 3 ? 'three times' : `${k} times`);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([v, k]) => `${v} ${times(k)}`).join(', ');
}

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));
const choose = (n: number, r: number): number => Math.round(factorial(n) / (factorial(r) * factorial(n - r)));

export const statisticsTemplates: ProblemTemplate[] = [
  // ----- averages and range
  defineTemplate({
    id: 'stats-mean',
    topic: 'averages',
    // The mean is Year 6 (grade 6) in the National Curriculum.
    grades: [6, 7],
    difficulty: 2,
    type: 'statistics',
    time: 50,
    build(rng) {
      const n = rng.int(4, 7);
      const xs = valuesWithWholeMean(rng, n, 1, 30);
      const total = sum(xs);
      return {
        question: `Find the mean of $${listTex(xs)}$.`,
        answer: String(total / n),
        hint: 'Add all the values, then divide by how many values there are.',
        explanation: `The mean shares the total out equally. Add the values: $${xs.join(' + ')} = ${total}$. There are ${n} values, so share ${total} between ${n}: $${total} \\div ${n} = ${total / n}$. The mean is ${total / n}.`,
      };
    },
  }),
  defineTemplate({
    id: 'stats-median',
    topic: 'averages',
    // Averages start in Year 6 with the mean (the median, mode and range are KS3, met alongside it).
    grades: [6, 7],
    difficulty: 2,
    type: 'statistics',
    time: 45,
    build(rng) {
      const n = rng.int(5, 8);
      const xs = Array.from({ length: n }, () => rng.int(1, 40));
      const s = sorted(xs);
      const m = median(xs);
      return {
        question: `Find the median of $${listTex(xs)}$.`,
        answer: num(m),
        hint: 'Put the values in order first. The median is the middle value (or halfway between the two middle values).',
        explanation: `Put the ${n} values in order: ${s.join(', ')}. ${n % 2 ? `The middle one is the ${ordinal((n + 1) / 2)} value (${(n - 1) / 2} on each side of it), so the median is $${m}$.` : `With ${n} values there are two in the middle, the ${ordinal(n / 2)} and ${ordinal(n / 2 + 1)}: $${s[n / 2 - 1]}$ and $${s[n / 2]}$. The median is halfway between them: $(${s[n / 2 - 1]} + ${s[n / 2]}) \\div 2 = ${(s[n / 2 - 1] as number) + (s[n / 2] as number)} \\div 2 = ${num(m)}$.`}`,
      };
    },
  }),
  defineTemplate({
    id: 'stats-mode',
    topic: 'averages',
    // Averages start in Year 6 with the mean (the median, mode and range are KS3, met alongside it).
    grades: [6, 7],
    difficulty: 1,
    type: 'statistics',
    time: 30,
    build(rng) {
      const mode = rng.int(1, 20);
      const others = rng.sample(
        Array.from({ length: 20 }, (_, i) => i + 1).filter((v) => v !== mode),
        rng.int(3, 5),
      );
      const twice = others[0] as number;
      const xs = rng.shuffle([mode, mode, mode, twice, twice, ...others.slice(1)]);
      return {
        question: `Find the mode of $${listTex(xs)}$.`,
        answer: String(mode),
        hint: 'The mode is the value that appears most often. Count how many times each value appears.',
        explanation: `Count how often each value appears: ${tally(xs)}. $${mode}$ appears most often, so the mode is $${mode}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'stats-range',
    topic: 'averages',
    // Averages start in Year 6 with the mean (the median, mode and range are KS3, met alongside it).
    grades: [6, 7],
    difficulty: 1,
    type: 'statistics',
    time: 30,
    build(rng) {
      const xs = Array.from({ length: rng.int(5, 8) }, () => rng.int(-5, 50));
      const hi = Math.max(...xs);
      const lo = Math.min(...xs);
      return {
        question: `Find the range of $${listTex(xs)}$.`,
        answer: String(hi - lo),
        hint: 'The range is the largest value take away the smallest value.',
        explanation: `The range is how far the values spread: the largest take away the smallest. Largest $= ${hi}$, smallest $= ${lo}$, so the range is $${hi} - ${lo < 0 ? `(${lo})` : lo} = ${hi - lo}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'stats-missing-value-from-mean',
    topic: 'averages',
    grades: [7, 9],
    difficulty: 3,
    type: 'statistics',
    time: 60,
    build(rng) {
      const n = rng.int(4, 6);
      const mean = rng.int(5, 20);
      let known = Array.from({ length: n - 1 }, () => rng.int(Math.max(1, mean - 8), mean + 8));
      // keep the missing value a positive number like the others
      for (let i = 0; i < 20 && (n * mean - sum(known) < 1 || n * mean - sum(known) > mean + 12); i++) {
        known = Array.from({ length: n - 1 }, () => rng.int(Math.max(1, mean - 8), mean + 8));
      }
      if (n * mean - sum(known) < 1) known = Array.from({ length: n - 1 }, () => mean);
      const missing = n * mean - sum(known);
      return {
        question: `The mean of ${n} numbers is ${mean}. ${n - 1} of the numbers are $${listTex(known)}$. What is the other number?`,
        answer: String(missing),
        hint: 'Use the mean to work out what all the numbers must add up to.',
        explanation: `The mean is the total shared equally between the ${n} numbers, so the total is $${n} \\times ${mean} = ${n * mean}$. The ${n - 1} you know add to $${known.join(' + ')} = ${sum(known)}$, so the missing number is $${n * mean} - ${sum(known)} = ${missing}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'stats-mean-frequency-table',
    topic: 'averages',
    grades: [8, 9],
    difficulty: 3,
    type: 'statistics',
    time: 90,
    build(rng) {
      const values = [0, 1, 2, 3, 4];
      const freqs = values.map(() => rng.int(1, 12));
      const total = sum(freqs);
      const fx = sum(values.map((v, i) => v * (freqs[i] as number)));
      const mean = fx / total;
      const rows = values.map((v, i) => `${v} & ${freqs[i]}`).join(' \\\\ ');
      return {
        question: `The table shows the number of pets owned by some students. Find the mean number of pets, to 2 decimal places. $\\begin{array}{c|c} \\text{Pets} & \\text{Frequency} \\\\ \\hline ${rows} \\end{array}$`,
        answer: fixed(mean, 2),
        form: { kind: 'number', tolerance: 0.001 },
        hint: 'Multiply each value by its frequency and add these up. Then divide by the total frequency, not by the number of rows.',
        explanation: `Each row says how many students have that many pets, so the pets in a row are pets $\\times$ frequency. All the pets: $${values.map((v, i) => `${v} \\times ${freqs[i]}`).join(' + ')} = ${fx}$. All the students: $${freqs.join(' + ')} = ${total}$. Mean $=$ pets $\\div$ students $= ${fx} \\div ${total} = ${fixed(mean, 4)}\\ldots \\approx ${fixed(mean, 2)}$.`,
        figure: barChartFigure({
          categories: values.map(String),
          values: freqs,
          categoryTitle: 'Number of pets',
          valueTitle: 'Frequency',
          alt: `A bar chart of the table. ${values.map((v, i) => `${v} pet${v === 1 ? '' : 's'}: ${freqs[i]} students`).join('; ')}.`,
        }),
      };
    },
  }),
  defineTemplate({
    id: 'stats-combined-mean',
    topic: 'averages',
    grades: [8, 9],
    difficulty: 3,
    type: 'statistics',
    time: 60,
    build(rng) {
      const n2 = rng.int(5, 30);
      const m1 = rng.int(40, 90);
      const m2 = rng.int(40, 90);
      // the combined mean has at most one decimal place
      const fits = Array.from({ length: 36 }, (_, i) => i + 5).filter((k) => ((k * m1 + n2 * m2) * 10) % (k + n2) === 0);
      const n1 = fits.length > 0 ? rng.pick(fits) : n2;
      const mean = (n1 * m1 + n2 * m2) / (n1 + n2);
      return {
        question: `Class A has ${n1} students with a mean test score of ${m1}. Class B has ${n2} students with a mean score of ${m2}. What is the mean score of all ${n1 + n2} students?`,
        answer: num(mean),
        hint: 'Do not just average the two means. Find each class total (mean × number of students) first.',
        explanation: `The classes are different sizes, so the two means cannot just be averaged: find all the marks first. Each class total is its mean times its number of students: Class A $${n1} \\times ${m1} = ${n1 * m1}$, Class B $${n2} \\times ${m2} = ${n2 * m2}$. All ${n1 + n2} students scored $${n1 * m1} + ${n2 * m2} = ${n1 * m1 + n2 * m2}$, so the mean is $${n1 * m1 + n2 * m2} \\div ${n1 + n2} = ${num(mean)}$.`,
      };
    },
  }),
  // ----- spread and data analysis
  defineTemplate({
    id: 'stats-interquartile-range',
    topic: 'data-analysis',
    // Quartiles and the IQR are GCSE (to Year 11).
    grades: [9, 11],
    difficulty: 3,
    type: 'statistics',
    time: 75,
    build(rng) {
      const n = rng.pick([7, 11, 15]);
      const xs = sorted(Array.from({ length: n }, () => rng.int(1, 60)));
      const q = (n + 1) / 4;
      const q1 = xs[q - 1] as number;
      const q3 = xs[3 * q - 1] as number;
      return {
        question: `Find the interquartile range of these ${n} values: $${listTex(xs)}$.`,
        answer: String(q3 - q1),
        hint: 'The values are in order. Find the lower quartile (middle of the lower half) and the upper quartile (middle of the upper half), then subtract.',
        explanation: `The values are in order. The median is the ${ordinal(2 * q)} value, so the lower half is the ${q * 2 - 1} values before it and the upper half the ${q * 2 - 1} after it. The lower quartile is the middle of the lower half, the ${ordinal(q)} value: $${q1}$. The upper quartile is the middle of the upper half, the ${ordinal(3 * q)} value: $${q3}$. IQR $=$ upper quartile $-$ lower quartile $= ${q3} - ${q1} = ${q3 - q1}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'stats-standard-deviation',
    topic: 'data-analysis',
    // Standard deviation is A level, not GCSE maths.
    grades: [12, 12],
    difficulty: 4,
    type: 'statistics',
    time: 120,
    build(rng) {
      const n = rng.int(4, 6);
      const xs = valuesWithWholeMean(rng, n, 2, 20);
      const mean = sum(xs) / n;
      const variance = sum(xs.map((x) => (x - mean) ** 2)) / n;
      const sd = Math.sqrt(variance);
      return {
        question: `Find the standard deviation of $${listTex(xs)}$, treating the values as the whole population (divide by $n$). Give your answer to 2 decimal places.`,
        answer: fixed(sd, 2),
        form: { kind: 'number', tolerance: 0.001 },
        hint: 'Find the mean, then the mean of the squared distances from the mean (the variance), then square root.',
        explanation: `Mean $= ${sum(xs)} \\div ${n} = ${mean}$. Square each value's distance from the mean: ${xs.map((x) => `$(${x} - ${mean})^2 = ${(x - mean) ** 2}$`).join(', ')}. The variance is the mean of these squares: $${sum(xs.map((x) => (x - mean) ** 2))} \\div ${n} = ${num(variance, 4)}$. The standard deviation is its square root: $\\sqrt{${num(variance, 4)}} = ${fixed(sd, 4)}\\ldots \\approx ${fixed(sd, 2)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'stats-grouped-mean-estimate',
    topic: 'data-analysis',
    grades: [9, 10],
    difficulty: 3,
    type: 'statistics',
    time: 90,
    build(rng) {
      const width = rng.pick([10, 20]);
      const groups = [0, 1, 2, 3].map((i) => [i * width, (i + 1) * width] as const);
      const freqs = groups.map(() => rng.int(2, 15));
      const mids = groups.map(([a, b]) => (a + b) / 2);
      const total = sum(freqs);
      const fx = sum(mids.map((m, i) => m * (freqs[i] as number)));
      const est = fx / total;
      const rows = groups.map(([a, b], i) => `${a} < t \\le ${b} & ${freqs[i]}`).join(' \\\\ ');
      return {
        question: `The table shows the times (in minutes) some people spent travelling. Estimate the mean time, to 1 decimal place. $\\begin{array}{c|c} \\text{Time } t & \\text{Frequency} \\\\ \\hline ${rows} \\end{array}$`,
        answer: `${fixed(est, 1)} minutes`,
        form: { kind: 'number', unit: 'minutes', tolerance: 0.001 },
        hint: 'Use the midpoint of each group as the value for everyone in that group.',
        figure: barChartFigure({
          categories: groups.map(([a, b]) => `${a}–${b}`),
          values: freqs,
          categoryTitle: 'Time t (minutes)',
          valueTitle: 'Frequency',
          alt: `A bar chart of the table. ${groups.map(([a, b], i) => `More than ${a} and up to ${b} minutes: ${freqs[i]} people`).join('; ')}.`,
        }),
        explanation: `The exact times are not known, so take everyone in a group to be at its midpoint: ${mids.join(', ')} minutes. Midpoint $\\times$ frequency gives each group's total time, and together: $${mids.map((m, i) => `${m} \\times ${freqs[i]}`).join(' + ')} = ${fx}$ minutes. People: $${freqs.join(' + ')} = ${total}$. Estimated mean $= ${fx} \\div ${total} = ${fixed(est, 4)}\\ldots \\approx ${fixed(est, 1)}$ minutes.`,
      };
    },
  }),
  // ----- probability
  defineTemplate({
    id: 'probability-language',
    topic: 'probability',
    // Probability is not in the KS2 programme: the language and the 0-1 scale are KS3, Year 7.
    grades: [7, 8],
    difficulty: 1,
    type: 'multiple_choice',
    time: 25,
    build(rng) {
      const words = ['impossible', 'unlikely', 'even chance', 'likely', 'certain'];
      // Each event with how many outcomes give it, so the explanation says why: 1 in 6 is unlikely.
      const events: [event: string, index: number, why: string][] = [
        ['rolling a 7 on an ordinary six-sided dice', 0, 'No face of the dice shows 7: 0 of the 6 outcomes give it'],
        ['rolling a number less than 7 on an ordinary six-sided dice', 4, 'Every face, 1 to 6, is less than 7: 6 of the 6 outcomes give it'],
        ['getting heads when you flip a fair coin', 2, 'A coin has 2 sides and 1 of them is heads: 1 in 2'],
        ['rolling a 6 on an ordinary six-sided dice', 1, 'Only 1 of the 6 faces shows a 6: 1 in 6, which is less than 1 in 2 but can happen'],
        ['rolling a number bigger than 1 on an ordinary six-sided dice', 3, '5 of the 6 faces (2, 3, 4, 5 and 6) are bigger than 1: 5 in 6, which is more than 1 in 2 but not every time'],
        ['rolling an even number on an ordinary six-sided dice', 2, '3 of the 6 faces (2, 4 and 6) are even: 3 in 6, which is 1 in 2'],
        ['picking a red ball from a bag that holds only blue balls', 0, 'There are no red balls: 0 of the balls give red'],
        ['picking a blue ball from a bag of 9 blue balls and 1 red ball', 3, '9 of the 10 balls are blue: 9 in 10, which is more than 1 in 2 but not every time'],
        ['picking a red ball from a bag of 9 blue balls and 1 red ball', 1, '1 of the 10 balls is red: 1 in 10, which is less than 1 in 2 but can happen'],
      ];
      const [event, index, why] = rng.pick(events);
      const answer = words[index] as string;
      const others = rng.sample(words.filter((w) => w !== answer), 3);
      return {
        question: `Which word best describes the chance of ${event}?`,
        answer,
        distractors: others,
        hint: 'Think about how many outcomes are possible and how many of them give the event.',
        explanation: `${why}, so it is ${answer === 'even chance' ? 'an even chance' : answer}.`,
      };
    },
  }),
  defineTemplate({
    id: 'probability-single-event',
    topic: 'probability',
    // Probability as a fraction of equally likely outcomes: KS3, Year 7.
    grades: [7, 8],
    difficulty: 2,
    type: 'probability',
    time: 40,
    build(rng) {
      const colours = rng.sample(['red', 'blue', 'green', 'yellow', 'white'], 3);
      const counts = colours.map(() => rng.int(1, 9));
      const total = sum(counts);
      const i = rng.int(0, 2);
      return {
        question: `A bag contains ${colours.map((c, k) => `${counts[k]} ${c}`).join(', ')} counters. One counter is picked at random. What is the probability that it is ${colours[i]}?`,
        answer: frac(counts[i] as number, total),
        form: { kind: 'exact_fraction' },
        hint: 'Probability = number of ways the event can happen ÷ total number of equally likely outcomes.',
        figure: pieChartFigure(
          colours.map((name, k) => ({ name, value: counts[k] as number })),
          `A pie chart of the counters in the bag: ${colours.map((c, k) => `${counts[k]} ${c}`).join(', ')}.`,
        ),
        explanation: `Each counter is equally likely to be picked. There are $${counts.join(' + ')} = ${total}$ counters and ${counts[i]} of them ${counts[i] === 1 ? 'is' : 'are'} ${colours[i]}, so ${counts[i]} of the ${total} equally likely outcomes ${counts[i] === 1 ? 'gives' : 'give'} ${colours[i]}: the probability is $\\frac{${counts[i]}}{${total}}${reduce(counts[i] as number, total)[1] !== total ? ` = ${texFrac(counts[i] as number, total)}` : ''}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'probability-complement',
    topic: 'probability',
    grades: [7, 8],
    difficulty: 2,
    type: 'probability',
    time: 30,
    build(rng) {
      const p = rng.int(1, 99) / 100;
      const [event, not] = rng.pick([
        ['it rains tomorrow', 'it does not rain tomorrow'],
        ['a bus is late', 'the bus is not late'],
        ['a team wins its next match', 'the team does not win its next match'],
      ] as const);
      return {
        question: `The probability that ${event} is ${num(p)}. What is the probability that ${not}?`,
        answer: num(round(1 - p, 2)),
        form: { kind: 'exact_fraction' },
        hint: 'The probabilities of an event happening and not happening add up to 1.',
        explanation: `Either it happens or it does not, so the two probabilities add up to $1$: $1 - ${num(p)} = ${num(round(1 - p, 2))}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'probability-relative-frequency',
    topic: 'probability',
    grades: [7, 8],
    difficulty: 2,
    type: 'probability',
    time: 40,
    build(rng) {
      const trials = rng.pick([20, 25, 40, 50, 80, 100, 200]);
      const hits = rng.int(1, trials - 1);
      return {
        question: `A drawing pin is dropped ${trials} times. It lands point up ${hits === 1 ? 'once' : `${hits} times`}. What is the relative frequency of it landing point up?`,
        answer: frac(hits, trials),
        form: { kind: 'exact_fraction' },
        hint: 'Relative frequency = number of times it happened ÷ number of trials.',
        explanation: `Relative frequency is the fraction of the trials in which it happened: it landed point up ${hits === 1 ? 'once' : `${hits} times`} in ${trials} drops. Relative frequency $= \\frac{\\text{times it happened}}{\\text{number of trials}} = \\frac{${hits}}{${trials}}${reduce(hits, trials)[1] !== trials ? ` = ${texFrac(hits, trials)}` : ''} = ${num(hits / trials)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'probability-expected-frequency',
    topic: 'probability',
    grades: [7, 9],
    difficulty: 2,
    type: 'probability',
    time: 35,
    build(rng) {
      const [n, d] = rng.pick([[1, 2], [1, 4], [3, 4], [1, 5], [2, 5], [1, 10], [3, 10], [1, 6], [1, 3]] as const);
      const trials = d * rng.int(5, 40);
      const asDecimal = d !== 3 && d !== 6 && rng.bool();
      return {
        question: `The probability that a spinner lands on blue is ${asDecimal ? num(n / d) : `$${texFrac(n, d)}$`}. The spinner is spun ${trials} times. How many times would you expect it to land on blue?`,
        answer: String((trials * n) / d),
        hint: 'Expected frequency = probability × number of trials.',
        explanation: `Expected frequency $=$ probability $\\times$ number of trials: $${asDecimal ? num(n / d) : texFrac(n, d)} \\times ${trials}$. ${asDecimal ? `$${num(n / d)}$ is $${texFrac(n, d)}$, so find` : 'Find'} $${texFrac(n, d)}$ of ${trials}: $${trials} \\div ${d} = ${trials / d}$${n > 1 ? `, and $${trials / d} \\times ${n} = ${(trials * n) / d}$` : ''}. Expect it to land on blue about ${(trials * n) / d} times.`,
      };
    },
  }),
  defineTemplate({
    id: 'probability-two-dice',
    topic: 'probability',
    grades: [8, 10],
    difficulty: 3,
    type: 'probability',
    time: 60,
    build(rng) {
      const target = rng.int(2, 12);
      const pairs: string[] = [];
      for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b === target) pairs.push(`(${a},${b})`);
      return {
        question: `Two fair six-sided dice are rolled and the scores are added. What is the probability that the total is ${target}?`,
        answer: frac(pairs.length, 36),
        form: { kind: 'exact_fraction' },
        hint: 'There are 36 equally likely outcomes. Make a sample-space grid and count the ones with this total.',
        explanation: `Each dice has 6 faces, so there are $6 \\times 6 = 36$ equally likely pairs of scores. The pairs with total ${target} are ${pairs.join(', ')}: ${pairs.length} of the 36. So $P = \\frac{${pairs.length}}{36}${reduce(pairs.length, 36)[1] !== 36 ? ` = ${texFrac(pairs.length, 36)}` : ''}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'probability-independent-events',
    topic: 'probability',
    grades: [8, 10],
    difficulty: 3,
    type: 'probability',
    time: 45,
    build(rng) {
      const sides = rng.pick([4, 6, 8, 10]);
      const k = rng.int(1, sides - 1);
      const coin = rng.bool();
      const [n, d] = coin ? [k, 2 * sides] : [k * k, sides * sides];
      return {
        question: coin
          ? `A fair coin is flipped and a fair ${sides}-sided dice is rolled. What is the probability of getting heads and a number less than or equal to ${k}?`
          : `A fair ${sides}-sided dice is rolled twice. What is the probability that both rolls are less than or equal to ${k}?`,
        answer: frac(n, d),
        form: { kind: 'exact_fraction' },
        hint: 'The events are independent, so multiply their probabilities.',
        explanation: coin
          ? `The coin and the dice do not affect each other (independent events), so multiply their probabilities. $P(\\text{heads}) = \\frac{1}{2}$, and ${k} of the ${sides} faces are ${k} or less: $P(\\le ${k}) = \\frac{${k}}{${sides}}$. $\\frac{1}{2} \\times \\frac{${k}}{${sides}} = ${equals(`\\frac{${n}}{${d}}`, texFrac(n, d))}$.`
          : `The two rolls do not affect each other (independent events), so multiply their probabilities. ${k} of the ${sides} faces are ${k} or less: $P(\\le ${k}) = \\frac{${k}}{${sides}}$ each time. $\\frac{${k}}{${sides}} \\times \\frac{${k}}{${sides}} = ${equals(`\\frac{${n}}{${d}}`, texFrac(n, d))}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'probability-without-replacement',
    topic: 'probability',
    grades: [9, 11],
    difficulty: 4,
    type: 'probability',
    time: 75,
    build(rng) {
      const red = rng.int(2, 9);
      const blue = rng.int(2, 9);
      const total = red + blue;
      const bothRed = rng.bool();
      const [a, b] = bothRed ? [red, red - 1] : [blue, blue - 1];
      const colour = bothRed ? 'red' : 'blue';
      return {
        question: `A bag contains ${red} red and ${blue} blue sweets. Two sweets are taken at random without replacement. What is the probability that both are ${colour}?`,
        answer: frac(a * b, total * (total - 1)),
        form: { kind: 'exact_fraction' },
        hint: 'After the first sweet is taken there is one fewer sweet of that colour and one fewer sweet in total.',
        explanation: `First sweet: ${a} of the ${total} sweets are ${colour}, so $P = \\frac{${a}}{${total}}$. It is not put back, so for the second sweet ${b} of the ${total - 1} left are ${colour}: $P = \\frac{${b}}{${total - 1}}$. Both: multiply, $\\frac{${a}}{${total}} \\times \\frac{${b}}{${total - 1}} = ${equals(`\\frac{${a * b}}{${total * (total - 1)}}`, texFrac(a * b, total * (total - 1)))}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'probability-addition-rule',
    topic: 'probability',
    grades: [10, 11],
    difficulty: 3,
    type: 'probability',
    time: 50,
    build(rng) {
      const pa = rng.int(20, 60);
      const pb = rng.int(20, 60);
      const both = rng.int(5, Math.min(pa, pb) - 5);
      const either = pa + pb - both;
      return {
        question: `For two events A and B, $P(A) = ${num(pa / 100)}$, $P(B) = ${num(pb / 100)}$ and $P(A \\cap B) = ${num(both / 100)}$. Find $P(A \\cup B)$.`,
        answer: num(either / 100),
        form: { kind: 'exact_fraction' },
        hint: 'Adding P(A) and P(B) counts the overlap twice, so take it away once.',
        explanation: `$P(A \\cup B)$ is the probability of A or B (or both). Adding $P(A) + P(B)$ counts the overlap $P(A \\cap B)$ twice, so take it away once: $P(A \\cup B) = ${num(pa / 100)} + ${num(pb / 100)} - ${num(both / 100)} = ${num(either / 100)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'probability-conditional-table',
    topic: 'probability',
    grades: [11, 12],
    difficulty: 4,
    type: 'probability',
    time: 75,
    build(rng) {
      const [gy, gn, by, bn] = [rng.int(3, 25), rng.int(3, 25), rng.int(3, 25), rng.int(3, 25)];
      const givenGirl = rng.bool();
      const [num1, den] = givenGirl ? [gy, gy + gn] : [by, by + bn];
      return {
        question: `Students were asked whether they walk to school. $\\begin{array}{c|cc} & \\text{Walk} & \\text{Do not walk} \\\\ \\hline \\text{Girls} & ${gy} & ${gn} \\\\ \\text{Boys} & ${by} & ${bn} \\end{array}$ A student is chosen at random. Given that the student is a ${givenGirl ? 'girl' : 'boy'}, what is the probability that they walk to school?`,
        answer: frac(num1, den),
        form: { kind: 'exact_fraction' },
        hint: 'Given that tells you to look only at that row of the table: use its total as the denominator.',
        explanation: `Given that the student is a ${givenGirl ? 'girl' : 'boy'}, look only at the ${givenGirl ? 'Girls' : 'Boys'} row. There are $${num1} + ${den - num1} = ${den}$ ${givenGirl ? 'girls' : 'boys'}, and ${num1} of them walk. $P = \\frac{${num1}}{${den}}${reduce(num1, den)[1] !== den ? ` = ${texFrac(num1, den)}` : ''}$.`,
      };
    },
  }),
  // ----- counting and combinations
  defineTemplate({
    id: 'counting-product-rule',
    topic: 'counting-combinatorics',
    grades: [10, 11],
    difficulty: 2,
    type: 'probability',
    time: 40,
    build(rng) {
      const [a, b, c] = [rng.int(2, 6), rng.int(2, 8), rng.int(2, 5)];
      return {
        question: `A café offers ${a} starters, ${b} main courses and ${c} desserts. How many different three-course meals (one of each) can be chosen?`,
        answer: String(a * b * c),
        hint: 'For each choice of starter there is every choice of main course, and so on: multiply the numbers of choices.',
        explanation: `Each of the ${a} starters can go with each of the ${b} main courses: $${a} \\times ${b} = ${a * b}$ starter-and-main pairs. Each pair can go with each of the ${c} desserts: $${a * b} \\times ${c} = ${a * b * c}$. So there are ${a * b * c} different meals.`,
      };
    },
  }),
  defineTemplate({
    id: 'counting-permutations',
    topic: 'counting-combinatorics',
    grades: [11, 12],
    difficulty: 3,
    type: 'probability',
    time: 50,
    build(rng) {
      const n = rng.int(4, 9);
      if (rng.bool()) {
        return {
          question: `In how many different orders can ${n} different books be arranged on a shelf?`,
          answer: String(factorial(n)),
          hint: 'There are n choices for the first place, one fewer for the second, and so on down to 1.',
          explanation: `The first place on the shelf can have any of the ${n} books, the second any of the ${n - 1} left, and so on down to 1 for the last place. Multiply the choices: $${n}! = ${Array.from({ length: n }, (_, i) => n - i).join(' \\times ')} = ${factorial(n)}$.`,
        };
      }
      const r = rng.int(2, Math.min(4, n - 1));
      const value = factorial(n) / factorial(n - r);
      return {
        question: `${n} runners take part in a race. In how many ways can the first ${r} places be filled (no ties)?`,
        answer: String(value),
        hint: 'Order matters: count the choices for first place, then second, and so on.',
        explanation: `First place can be any of the ${n} runners, second any of the ${n - 1} left${r > 2 ? `, third any of the ${n - 2} left after that` : ''}${r > 3 ? `, fourth any of the ${n - 3} left` : ''}. Multiply the choices: $${Array.from({ length: r }, (_, i) => n - i).join(' \\times ')} = ${value}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'counting-combinations',
    topic: 'counting-combinatorics',
    grades: [12, 12], // nCr is A level
    difficulty: 3,
    type: 'probability',
    time: 50,
    build(rng) {
      const n = rng.int(5, 12);
      const r = rng.int(2, Math.min(5, n - 2));
      const value = choose(n, r);
      return {
        question: `In how many ways can a team of ${r} be chosen from ${n} people?`,
        answer: String(value),
        hint: 'The order of the team does not matter, so use combinations: nCr = n! / (r!(n − r)!).',
        explanation: `Picking one person at a time, in order, gives $${Array.from({ length: r }, (_, i) => n - i).join(' \\times ')} = ${factorial(n) / factorial(n - r)}$ ways. But a team is the same whatever order its ${r} people were picked in, and ${r} people can be put in order in $${r}! = ${factorial(r)}$ ways, so each team was counted ${factorial(r)} times: $${factorial(n) / factorial(n - r)} \\div ${factorial(r)} = ${value}$. This is $\\binom{${n}}{${r}} = \\frac{${n}!}{${r}!\\,${n - r}!}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'counting-binomial-probability',
    topic: 'counting-combinatorics',
    grades: [12, 12],
    difficulty: 5,
    type: 'probability',
    time: 120,
    build(rng) {
      const n = rng.int(4, 10);
      const p = rng.pick([0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7]);
      // near the mean, so the probability is not tiny
      const k = Math.min(n - 1, Math.max(1, Math.round(n * p) + rng.int(-1, 1)));
      const value = choose(n, k) * p ** k * (1 - p) ** (n - k);
      return {
        question: `The probability that a seed germinates is ${num(p)}. ${n} seeds are planted independently. Find the probability that exactly ${k === 1 ? 'one germinates' : `${k} germinate`}, to 4 decimal places.`,
        answer: fixed(value, 4),
        form: { kind: 'number', tolerance: 0.0001 },
        hint: 'This is a binomial distribution: $P(X = k) = \\binom{n}{k} p^{k} (1 - p)^{n - k}$.',
        explanation: `Each seed germinates with probability ${num(p)} and does not with probability $1 - ${num(p)} = ${num(1 - p)}$. One particular way for exactly ${k === 1 ? 'one' : k} to germinate (${k === 1 ? 'one chosen seed germinating' : `${k} chosen seeds germinating`} and the other ${n - k} not) has probability $${texPow(`(${num(p)})`, k)} \\times ${texPow(`(${num(1 - p)})`, n - k)}$. ${k === 1 ? 'Which one germinates' : `Which ${k} germinate`} can be chosen in $\\binom{${n}}{${k}} = ${choose(n, k)}$ ways. So $P(X = ${k}) = ${choose(n, k)} \\times ${Number((p ** k).toPrecision(6))} \\times ${Number(((1 - p) ** (n - k)).toPrecision(6))} \\approx ${fixed(value, 4)}$.`,
      };
    },
  }),
];
