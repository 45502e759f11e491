/** Formatting helpers for generators: numbers without float noise, fractions, polynomials, money. */

export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x;
}

export const lcm = (a: number, b: number): number => Math.abs(a * b) / gcd(a, b);

/** Rounds to `dp` decimal places (half away from zero), without float noise. */
export function round(x: number, dp = 0): number {
  const f = 10 ** dp;
  const v = (Math.sign(x) * Math.round(Math.abs(x) * f + 1e-9)) / f;
  return v === 0 ? 0 : v;
}

/** A number as a student would type it: no float noise, no trailing zeros, no -0. */
export function num(x: number, maxDp = 10): string {
  if (Number.isInteger(x)) return x === 0 ? '0' : String(x);
  if (maxDp === 10 && Math.abs(x) < 1e5) {
    const v = Math.round(x * 1e10) / 1e10;
    return v === 0 ? '0' : String(v);
  }
  const v = Number(x.toFixed(maxDp));
  return String(Object.is(v, -0) ? 0 : v);
}

/** A number with exactly `dp` decimal places (for money and rounded answers). */
export const fixed = (x: number, dp: number): string => round(x, dp).toFixed(dp);

/** In LaTeX, thousands separated with {,} so KaTeX does not add space after the comma. */
export const texNum = (x: number): string => {
  const [whole = '', decimals] = num(x).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '{,}');
  return decimals === undefined ? grouped : `${grouped}.${decimals}`;
};

export const money = (pounds: number): string => `£${fixed(pounds, 2)}`;

/** [numerator, denominator] in lowest terms with a positive denominator. */
export function reduce(n: number, d: number): [number, number] {
  if (d === 0) throw new RangeError('zero denominator');
  const g = gcd(n, d) || 1;
  const s = d < 0 ? -1 : 1;
  return [(s * n) / g, (s * d) / g];
}

/** A typed fraction in lowest terms: '3/4', '-1/2', '5' (whole numbers without /1). */
export function frac(n: number, d: number): string {
  const [a, b] = reduce(n, d);
  return b === 1 ? String(a) : `${a}/${b}`;
}

/** A fraction in LaTeX in lowest terms: \frac{3}{4}, -\frac{1}{2}, 5. */
export function texFrac(n: number, d: number): string {
  const [a, b] = reduce(n, d);
  if (b === 1) return String(a);
  return `${a < 0 ? '-' : ''}\\frac{${Math.abs(a)}}{${b}}`;
}

/** A fraction as written (not reduced) in LaTeX. */
export const texFracRaw = (n: number, d: number): string => `${n < 0 ? '-' : ''}\\frac{${Math.abs(n)}}{${d}}`;

/** A mixed number typed form '2 3/4' (or a whole number / proper fraction). */
export function mixed(n: number, d: number): string {
  const [a, b] = reduce(n, d);
  if (b === 1) return String(a);
  const whole = Math.trunc(a / b);
  const rest = Math.abs(a % b);
  if (whole === 0) return `${a}/${b}`;
  return `${whole} ${rest}/${b}`;
}

export function texMixed(n: number, d: number): string {
  const [a, b] = reduce(n, d);
  if (b === 1) return String(a);
  const whole = Math.trunc(a / b);
  const rest = Math.abs(a % b);
  if (whole === 0) return texFrac(a, b);
  return `${whole}\\tfrac{${rest}}{${b}}`;
}

/** One term c·v^p: typed ('3x^2', '-x', '5') or LaTeX ('3x^{2}'). */
export function term(coefficient: number, power: number, variable = 'x', tex = false): string {
  if (coefficient === 0) return '0';
  if (power === 0) return num(coefficient);
  const c = coefficient === 1 ? '' : coefficient === -1 ? '-' : num(coefficient);
  const p = power === 1 ? '' : tex ? `^{${power}}` : `^${power}`;
  return `${c}${variable}${p}`;
}

/**
 * A polynomial from [coefficient, power] pairs in the given order: '3x^2 - 2x + 5'.
 * Zero coefficients are skipped; an all-zero polynomial is '0'.
 */
export function poly(terms: ReadonlyArray<readonly [number, number]>, variable = 'x', tex = false): string {
  let out = '';
  for (const [c, p] of terms) {
    if (c === 0) continue;
    const t = term(Math.abs(c), p, variable, tex);
    if (out === '') out = c < 0 ? `-${t}` : t;
    else out += c < 0 ? ` - ${t}` : ` + ${t}`;
  }
  return out === '' ? '0' : out;
}

/** ax + b typed ('2x + 1', 'x - 3', '-x', '4'). */
export const linear = (a: number, b: number, variable = 'x'): string => poly([[a, 1], [b, 0]], variable);

/** A signed constant to append: ' + 3', ' - 3', '' for 0. */
export const plus = (b: number): string => (b === 0 ? '' : b > 0 ? ` + ${num(b)}` : ` - ${num(-b)}`);

/** A count with its noun: 1 ten, 3 tens; 1 day, 2 days. */
export const count = (n: number, singular: string, plural = `${singular}s`): string => `${num(n)} ${n === 1 ? singular : plural}`;

/** Sides of a chain of equalities, each said once: equals('\\frac{6}{7}', '\\frac{6}{7}', '0.9') is '\\frac{6}{7} = 0.9'. */
export const equals = (...sides: string[]): string => sides.filter((side, i) => i === 0 || side !== sides[i - 1]).join(' = ');

/** 'a' or 'an' before a word. */
export const article = (word: string): string => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** A coefficient in front of a letter or function: 1 → '', -1 → '-', else the number. */
export const coef = (c: number): string => (c === 1 ? '' : c === -1 ? '-' : num(c));

/** k·x with k = ±1 written as x / -x. */
export const kx = (k: number, variable = 'x'): string => `${coef(k)}${variable}`;

/** A power in LaTeX, omitting ^{1}. */
export const texPow = (base: string, e: number): string => (e === 1 ? base : `${base}^{${e}}`);

export const ordinal = (n: number): string => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${s}`;
};

export function primeFactors(n: number): number[] {
  const out: number[] = [];
  let m = n;
  for (let p = 2; p * p <= m; p++) while (m % p === 0) {
    out.push(p);
    m /= p;
  }
  if (m > 1) out.push(m);
  return out;
}

export const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/** Largest k with k² dividing n: sqrt(n) = k·sqrt(n / k²). */
export function surdParts(n: number): [number, number] {
  let outside = 1;
  let inside = n;
  for (let k = 2; k * k <= inside; k++) {
    while (inside % (k * k) === 0) {
      outside *= k;
      inside /= k * k;
    }
  }
  return [outside, inside];
}

/** k·sqrt(m) typed: '3sqrt(2)', 'sqrt(5)', '4'. */
export function surd(outside: number, inside: number): string {
  if (inside === 1) return num(outside);
  if (outside === 1) return `sqrt(${inside})`;
  if (outside === -1) return `-sqrt(${inside})`;
  return `${num(outside)}sqrt(${inside})`;
}

export function texSurd(outside: number, inside: number): string {
  if (inside === 1) return num(outside);
  if (outside === 1) return `\\sqrt{${inside}}`;
  if (outside === -1) return `-\\sqrt{${inside}}`;
  return `${num(outside)}\\sqrt{${inside}}`;
}

