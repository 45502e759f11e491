/**
 * Worked methods for explanations: what a teacher writes on the board, column by column, so an
 * explanation teaches the method instead of restating the answer (issue 31: "11 × 12 means 11
 * groups of 12: 132" showed no method). Each returns text with inline `$…$` LaTeX.
 */
import { texNum } from './format.ts';

const COLUMNS = ['ones', 'tens', 'hundreds', 'thousands', 'ten thousands'] as const;
const COLUMN = ['one', 'ten', 'hundred', 'thousand', 'ten thousand'] as const;
const Column = (i: number): string => `${COLUMNS[i]!.charAt(0).toUpperCase()}${COLUMNS[i]!.slice(1)}`;

const digitsOf = (n: number): number[] => String(n).split('').reverse().map(Number);

/** Column addition, right to left, with each carry said. */
export function columnAddition(a: number, b: number): string {
  const [da, db] = [digitsOf(a), digitsOf(b)];
  const steps: string[] = [];
  let carry = 0;
  for (let i = 0; i < Math.max(da.length, db.length) || carry > 0; i++) {
    const [x, y] = [da[i] ?? 0, db[i] ?? 0];
    if (i >= da.length && i >= db.length) {
      steps.push(`${Column(i)}: the carried $${carry}$.`);
      break;
    }
    const total = x + y + carry;
    const sum = `$${x} + ${y}${carry ? ` + ${carry}` : ''} = ${total}$`;
    const carried = total >= 10 ? `, write $${total % 10}$ and carry $1$ ${COLUMN[i + 1]}` : '';
    steps.push(`${Column(i)}: ${sum}${carried}.`);
    carry = total >= 10 ? 1 : 0;
  }
  return `${steps.join(' ')} So $${texNum(a)} + ${texNum(b)} = ${texNum(a + b)}$.`;
}

/** Column subtraction, right to left, saying which top digits an exchange changed. */
export function columnSubtraction(a: number, b: number): string {
  if (b > a) throw new RangeError('columnSubtraction needs a ≥ b');
  const [da, db] = [digitsOf(a), digitsOf(b)];
  const steps: string[] = [];
  let lent = 0;
  for (let i = 0; i < da.length; i++) {
    const [x, y] = [da[i]!, db[i] ?? 0];
    if (i >= db.length && lent === 0) {
      if (i === da.length - 1 && x === 0) break;
      steps.push(`${Column(i)}: $${x}$ stays.`);
      continue;
    }
    let top = x - lent;
    const exchange = top < y;
    if (exchange) top += 10;
    lent = exchange ? 1 : 0;
    const changed = top === x ? '' : `$${x}$ becomes $${top}$ after ${exchange ? `exchanging 1 ${COLUMN[i + 1]} for 10 ${COLUMNS[i]}` : 'the exchange'}, and `;
    if (i === da.length - 1 && top - y === 0 && i > 0) steps.push(`${Column(i)}: ${changed}$${top} - ${y} = 0$ (no digit to write).`);
    else steps.push(`${Column(i)}: ${changed}$${top} - ${y} = ${top - y}$.`);
  }
  return `${steps.join(' ')} So $${texNum(a)} - ${texNum(b)} = ${texNum(a - b)}$.`;
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
    const column = COLUMNS[digits.length - 1 - i]!;
    const rest = i < digits.length - 1 && r > 0 ? ` remainder $${r}$; carry the $${r}$ to the ${COLUMNS[digits.length - 2 - i]}` : r > 0 ? ` remainder $${r}$` : '';
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
