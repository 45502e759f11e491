/**
 * Worked methods for explanations: what a teacher writes on the board, column by column, so an
 * explanation teaches the method instead of restating the answer (issue 31: "11 × 12 means 11
 * groups of 12: 132" showed no method). Each returns text with inline `$…$` LaTeX.
 */
import { texNum } from './format.ts';

/** Column names from thousandths up; a number with `dp` decimal places starts at index 3 - dp. */
const COLUMNS = ['thousandths', 'hundredths', 'tenths', 'ones', 'tens', 'hundreds', 'thousands', 'ten thousands'] as const;
const COLUMN = ['thousandth', 'hundredth', 'tenth', 'one', 'ten', 'hundred', 'thousand', 'ten thousand'] as const;
const ONES = 3;
const Column = (i: number): string => `${COLUMNS[i]!.charAt(0).toUpperCase()}${COLUMNS[i]!.slice(1)}`;

/** The digits of a whole number, ones first. */
const digitsOf = (n: number): number[] => String(n).split('').reverse().map(Number);
/** A number with `dp` decimal places from its digits as a whole number: (304, 2) → '3.04'. */
const shown = (scaled: number, dp: number): string => (dp === 0 ? texNum(scaled) : (scaled / 10 ** dp).toFixed(dp));

/**
 * Column addition, right to left, with each carry said. `dp`: both numbers have this many
 * decimal places (lined up on the decimal point, 1.7 written 1.70).
 */
export function columnAddition(a: number, b: number, dp = 0): string {
  const scale = 10 ** dp;
  const [x0, y0] = [Math.round(a * scale), Math.round(b * scale)];
  const [da, db] = [digitsOf(x0), digitsOf(y0)];
  const first = ONES - dp;
  const steps: string[] = [];
  let carry = 0;
  for (let i = 0; i < Math.max(da.length, db.length) || carry > 0; i++) {
    const [x, y] = [da[i] ?? 0, db[i] ?? 0];
    if (i >= da.length && i >= db.length) {
      steps.push(`${Column(first + i)}: the carried $${carry}$.`);
      break;
    }
    const total = x + y + carry;
    const sum = `$${x} + ${y}${carry ? ` + ${carry}` : ''} = ${total}$`;
    const carried = total >= 10 ? `, write $${total % 10}$ and carry $1$ ${COLUMN[first + i + 1]}` : '';
    steps.push(`${Column(first + i)}: ${sum}${carried}.`);
    carry = total >= 10 ? 1 : 0;
  }
  const lineUp = dp > 0 ? `Line up the decimal points: $${shown(x0, dp)} + ${shown(y0, dp)}$. ` : '';
  return `${lineUp}${steps.join(' ')} So $${shown(x0, dp)} + ${shown(y0, dp)} = ${shown(x0 + y0, dp)}$.`;
}

/** Column subtraction, right to left, saying which top digits an exchange changed. `dp` as for columnAddition. */
export function columnSubtraction(a: number, b: number, dp = 0): string {
  const scale = 10 ** dp;
  const [x0, y0] = [Math.round(a * scale), Math.round(b * scale)];
  if (y0 > x0) throw new RangeError('columnSubtraction needs a ≥ b');
  const [da, db] = [digitsOf(x0), digitsOf(y0)];
  const first = ONES - dp;
  const steps: string[] = [];
  let lent = 0;
  for (let i = 0; i < da.length; i++) {
    const [x, y] = [da[i]!, db[i] ?? 0];
    if (i >= db.length && lent === 0) {
      if (i === da.length - 1 && x === 0) break;
      steps.push(`${Column(first + i)}: $${x}$ stays.`);
      continue;
    }
    let top = x - lent;
    const exchange = top < y;
    if (exchange) top += 10;
    lent = exchange ? 1 : 0;
    const changed = top === x ? '' : `$${x}$ becomes $${top}$ after ${exchange ? `exchanging 1 ${COLUMN[first + i + 1]} for 10 ${COLUMNS[first + i]}` : 'the exchange'}, and `;
    if (i === da.length - 1 && top - y === 0 && i > 0 && first + i > ONES) steps.push(`${Column(first + i)}: ${changed}$${top} - ${y} = 0$ (no digit to write).`);
    else steps.push(`${Column(first + i)}: ${changed}$${top} - ${y} = ${top - y}$.`);
  }
  const lineUp = dp > 0 ? `Line up the decimal points: $${shown(x0, dp)} - ${shown(y0, dp)}$. ` : '';
  return `${lineUp}${steps.join(' ')} So $${shown(x0, dp)} - ${shown(y0, dp)} = ${shown(x0 - y0, dp)}$.`;
}

/** Short division, digit by digit from the left, carrying each remainder. */
export function shortDivision(dividend: number, divisor: number): string {
  const digits = String(dividend).split('').map(Number);
  const steps: string[] = [];
  let carried = 0;
  digits.forEach((d, i) => {
    const part = carried * 10 + d;
    const q = Math.floor(part / divisor);
    const r = part % divisor;
    const column = COLUMNS[ONES + digits.length - 1 - i]!;
    const rest = i < digits.length - 1 && r > 0 ? ` remainder $${r}$; carry the $${r}$ to the ${COLUMNS[ONES + digits.length - 2 - i]}` : r > 0 ? ` remainder $${r}$` : '';
    steps.push(`${column.charAt(0).toUpperCase()}${column.slice(1)}: $${part} \\div ${divisor} = ${q}$${rest}.`);
    carried = r;
  });
  const q = Math.floor(dividend / divisor);
  return `${steps.join(' ')} So $${texNum(dividend)} \\div ${divisor} = ${texNum(q)}$${carried ? ` remainder $${carried}$` : ''}.`;
}

/**
 * A times-table fact worked from facts a child knows: skip counting for small numbers, × 10,
 * splitting a factor over 10 into 10 + the rest, or 5 lots and the rest (7 × 8 = 5 × 8 + 2 × 8).
 */
export function timesTableMethod(a: number, b: number): string {
  const [small, big] = a <= b ? [a, b] : [b, a];
  const product = a * b;
  const head = `$${a} \\times ${b}`;
  if (small === 1) return `${head} = ${product}$: one lot of $${big}$ is $${big}$.`;
  if (a === 10 || b === 10) return `${head} = ${product}$: ${product / 10} tens make $${product}$.`;
  if (big > 10) return `${head} = ${small} \\times 10 + ${small} \\times ${big - 10} = ${small * 10} + ${small * (big - 10)} = ${product}$.`;
  // Counting in 2s and 5s is known from Year 1; other steps only a few times.
  const step = a === 5 || b === 5 ? 5 : a === 2 || b === 2 ? 2 : small <= 5 ? big : 0;
  if (step > 0) {
    const counts = Array.from({ length: product / step }, (_, i) => (i + 1) * step).join(', ');
    return `Count in ${step}s, ${product / step} times: ${counts}. So ${head} = ${product}$.`;
  }
  return `${head} = 5 \\times ${big} + ${small - 5} \\times ${big} = ${5 * big} + ${(small - 5) * big} = ${product}$.`;
}
