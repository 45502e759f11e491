/**
 * Answer checking: the spec's rules (multiple choice exact; numbers within 0.001; text trimmed and
 * case-insensitive) extended to what a teacher accepts. The rules and the reasons for them are in
 * docs/answer-checking.md. Parsing and evaluation use mathjs (see math.ts).
 */
import type { Fraction, MathNode } from 'mathjs';
import {
  additiveTerms,
  asOp,
  asConst,
  asSym,
  closeRel,
  evaluateAt,
  factorisationIssue,
  hasFractionalPower,
  hasRootInDenominator,
  hasUncollectedTerms,
  hasUnexpandedBrackets,
  hasUnsimplifiedSurd,
  isPureArithmetic,
  memo,
  nodeSize,
  normaliseMath,
  normaliseSpace,
  parseExpression,
  parseLiteral,
  parseRaw,
  proportionalFunctions,
  sameFunction,
  strip,
  unreadable,
  type Literal,
  type ParsedExpression,
} from './math.ts';
import type { AnswerForm, Problem } from './problem.ts';
import { clockTimeFromWords, digitLookalike, numberFromWords } from './typed-words.ts';

export interface AnswerCheck {
  correct: boolean;
  /** Why an answer was not accepted, when that is more than "wrong" (format, units, exactness). */
  message?: string;
  /**
   * True when a teacher would not read the answer as an answer at all ('abc' for a number, a
   * letter inside a number as in '2l', a unit the problem does not use): a retry with a helpful
   * message, never a wrong answer — the practice decider records nothing for it.
   */
  unreadable?: true;
}

/** What checkAnswer needs from a problem. */
export type CheckableProblem = Pick<Problem, 'problem_type' | 'correct_answer' | 'answer_form'> &
  Partial<Pick<Problem, 'answer_options'>>;

export const EMPTY_ANSWER_MESSAGE = 'Please enter an answer';
const MAX_ANSWER_LENGTH = 300;
const DEFAULT_TOLERANCE = 0.001;

const right: AnswerCheck = { correct: true };
const wrong: AnswerCheck = { correct: false };
const no = (message: string): AnswerCheck => ({ correct: false, message });
const unread = (message: string): AnswerCheck => ({ correct: false, message, unreadable: true });

export function checkAnswer(problem: CheckableProblem, answer: string): AnswerCheck {
  const given = typeof answer === 'string' ? answer.trim() : '';
  if (given === '') return no(EMPTY_ANSWER_MESSAGE);
  if (given.length > MAX_ANSWER_LENGTH) return no('That answer is too long. Please enter just the answer.');
  const form = problem.answer_form;
  if (problem.problem_type === 'multiple_choice' || form.kind === 'choice') {
    if (given === problem.correct_answer.trim()) return right;
    const options = problem.answer_options ?? [];
    return options.length > 0 && !options.some((option) => option.trim() === given) ? unread('Choose one of the options.') : wrong;
  }
  const checker = CHECKERS[form.kind];
  const result = checker(problem.correct_answer, given, form);
  return result ?? specFallback(problem.correct_answer, given);
}

/** null: the stored correct answer could not be read in its declared form. */
type Checker = (correct: string, given: string, form: AnswerForm) => AnswerCheck | null;

/** The spec's own rule, used when a (tutor-written) correct answer does not fit its declared form. */
function specFallback(correct: string, given: string): AnswerCheck {
  const a = Number(correct.trim());
  const b = Number(given.trim());
  if (correct.trim() !== '' && Number.isFinite(a) && Number.isFinite(b)) return { correct: Math.abs(a - b) <= DEFAULT_TOLERANCE };
  return { correct: normaliseSpace(correct).toLowerCase() === normaliseSpace(given).toLowerCase() };
}

// ---------------------------------------------------------------------------------------------
// Units

const UNIT_ALIASES: Record<string, string[]> = {
  mm: ['mm', 'millimetre', 'millimetres', 'millimeter', 'millimeters'],
  cm: ['cm', 'centimetre', 'centimetres', 'centimeter', 'centimeters'],
  m: ['m', 'metre', 'metres', 'meter', 'meters'],
  km: ['km', 'kilometre', 'kilometres', 'kilometer', 'kilometers'],
  'mm²': ['mm²', 'mm^2', 'mm2', 'sq mm', 'square mm', 'square millimetres', 'square millimeters'],
  'cm²': ['cm²', 'cm^2', 'cm2', 'sq cm', 'square cm', 'square centimetres', 'square centimeters'],
  'm²': ['m²', 'm^2', 'm2', 'sq m', 'square m', 'square metres', 'square meters'],
  'cm³': ['cm³', 'cm^3', 'cm3', 'cubic cm', 'cubic centimetres', 'cubic centimeters', 'cc'],
  'm³': ['m³', 'm^3', 'm3', 'cubic m', 'cubic metres', 'cubic meters'],
  g: ['g', 'gram', 'grams', 'gm'],
  kg: ['kg', 'kilogram', 'kilograms', 'kilo', 'kilos'],
  ml: ['ml', 'millilitre', 'millilitres', 'milliliter', 'milliliters'],
  l: ['l', 'litre', 'litres', 'liter', 'liters'],
  '°': ['°', 'º', 'degrees', 'degree', 'deg'],
  '°C': ['°c', 'ºc', '° c', 'degrees c', 'degrees celsius', 'celsius', 'c'],
  '£': ['£', 'pounds', 'pound', 'gbp'],
  p: ['p', 'pence', 'penny'],
  seconds: ['seconds', 'second', 'secs', 'sec', 's'],
  minutes: ['minutes', 'minute', 'mins', 'min'],
  hours: ['hours', 'hour', 'hrs', 'hr', 'h'],
  days: ['days', 'day'],
  weeks: ['weeks', 'week'],
  years: ['years', 'year', 'yrs'],
  'km/h': ['km/h', 'kmh', 'kph', 'km per hour'],
  units: ['units', 'unit'],
  'units²': ['units²', 'units^2', 'square units', 'sq units'],
};
const ALIAS_TO_UNIT = new Map<string, string>();
for (const [unit, aliases] of Object.entries(UNIT_ALIASES)) for (const alias of aliases) ALIAS_TO_UNIT.set(alias.toLowerCase(), unit);
const KNOWN_ALIASES = [...ALIAS_TO_UNIT.keys()].sort((a, b) => b.length - a.length);

function canonicalUnit(unit: string): string {
  return ALIAS_TO_UNIT.get(unit.toLowerCase()) ?? unit.toLowerCase();
}

function aliasesFor(unit: string): string[] {
  const known = UNIT_ALIASES[canonicalUnit(unit)];
  if (known) return [];
  const lower = unit.toLowerCase();
  return [lower, `${lower}s`, lower.replace(/s$/, '')];
}

interface UnitSplit {
  body: string;
  unit: string | null;
}

const UNIT_AT_END = /(?:[a-zA-Z°º²³]|[a-zA-Z]\^?\d)$/;

/** Separates a written unit (prefix £ or a unit at the end) from the number. */
function splitUnit(text: string, expected: string | undefined): UnitSplit {
  let s = normaliseSpace(text);
  let unit: string | null = null;
  const pound = /^([+-]?)\s*£\s*/.exec(s);
  if (pound) {
    s = (pound[1] ?? '') + s.slice(pound[0].length);
    unit = '£';
  }
  if (!UNIT_AT_END.test(s)) return { body: s, unit };
  const lower = s.toLowerCase();
  const candidates = expected ? [...aliasesFor(expected), ...KNOWN_ALIASES] : KNOWN_ALIASES;
  for (const alias of candidates) {
    if (alias === '' || !lower.endsWith(alias) || lower.length === alias.length) continue;
    const before = lower.charAt(lower.length - alias.length - 1);
    if (/[a-z]/.test(alias.charAt(0)) && /[a-z]/.test(before)) continue;
    const found = ALIAS_TO_UNIT.get(alias) ?? canonicalUnit(expected ?? alias);
    if (unit && unit !== found) return { body: s, unit: `${unit}+${found}` };
    return { body: s.slice(0, s.length - alias.length).trim(), unit: found };
  }
  return { body: s, unit };
}

/**
 * null when the unit is fine, else the reason. A unit the problem does not use is never marked
 * wrong (the student retries): the question names the unit to answer in, and what looks like a
 * unit is often a typo — '2l' for 21 days is a letter l inside the number (`typoMessage`).
 */
function unitProblem(split: UnitSplit, expected: string | undefined, given: string): string | null {
  if (split.unit === null) return null;
  if (expected && canonicalUnit(expected) === split.unit) return null;
  const typo = typoMessage(given);
  if (typo) return typo;
  if (!expected) return `This answer is just a number, without a unit. Leave out '${split.unit}'.`;
  return `Check the units: give your answer in ${expected}.`;
}

/** For a number with a letter that looks like a digit in it ('2l', '1O'): what was probably meant. */
function typoMessage(given: string): string | null {
  const typo = digitLookalike(given);
  return typo ? `Did you mean ${typo.meant}? '${typo.letter}' is a letter, not a digit: type the number with digits only.` : null;
}

// ---------------------------------------------------------------------------------------------
// Numbers

const VARIABLE_PREFIX = /^([a-zA-Z])\s*=\s*(.+)$/;
/** `3 = x`: the same answer written the other way round. */
const VARIABLE_SUFFIX = /^([^=]+?)\s*=\s*([a-zA-Z])$/;

/**
 * Strips `x =` from `x = 3` (or `= x` from `3 = x`); the letter must be one of the problem's
 * variables when it has any. Any other equation (`2x = 6`) is an unfinished solution.
 */
function stripVariable(text: string, variables: readonly string[] | undefined): { body: string; problem: string | null } {
  const prefix = VARIABLE_PREFIX.exec(text);
  const suffix = prefix ? null : VARIABLE_SUFFIX.exec(text);
  const typed = prefix?.[1] ?? suffix?.[2];
  const body = prefix?.[2] ?? suffix?.[1];
  if (typed === undefined || body === undefined) {
    if (!text.includes('=')) return { body: text, problem: null };
    return { body: text, problem: `Finish solving: give just the value, for example ${variables?.[0] ?? 'x'} = 3.` };
  }
  // X = 3 for x = 3: the case of the letter does not matter here
  const letter = variables?.find((v) => v.toLowerCase() === typed.toLowerCase()) ?? typed;
  if (variables && variables.length > 0 && !variables.includes(letter)) {
    return { body, problem: `The question asks for ${variables.join(' and ')}, not ${letter}.` };
  }
  return { body, problem: null };
}

type NumberRead = { ok: true; literal: Literal; percent: boolean } | { ok: false; message: string };

/** Reads one typed number: `3`, `-2.5`, `3/4`, `1 1/2`, `12,000`, `25%`. */
function readNumber(text: string, shown: string): NumberRead {
  let body = normaliseMath(text);
  let percent = false;
  if (/%$/.test(body)) {
    percent = true;
    body = body.slice(0, -1).trim();
  }
  const words = numberFromWords(body);
  const lit = words !== null ? parseLiteral(String(words)) : parseLiteral(body, shown);
  if (lit === 'expression') {
    const typo = typoMessage(body);
    if (typo) return { ok: false, message: typo };
    const raw = parseRaw(body, shown);
    const names = raw.ok ? raw.value.filter((n: MathNode) => asSym(n) !== null && !['pi', 'e'].includes(asSym(n)?.name ?? '')) : [];
    const functions = raw.ok ? raw.value.filter((n: MathNode) => n.type === 'FunctionNode') : [];
    if (names.length > functions.length) return { ok: false, message: `We couldn't read '${shown}' as a number. Type digits, for example 3/4 or 0.75.` };
    return { ok: false, message: 'Work it out and give a single number as your answer.' };
  }
  if (!lit.ok) return lit;
  if (!percent) return { ok: true, literal: lit.value, percent };
  return { ok: true, literal: { ...lit.value, value: lit.value.value.div(100) }, percent };
}

interface CorrectNumber {
  value: Fraction;
  number: number;
}
const correctNumbers = new Map<string, CorrectNumber | null>();

function correctNumber(correct: string, form: AnswerForm): CorrectNumber | null {
  const key = `${form.kind}|${correct}`;
  if (correctNumbers.has(key)) return correctNumbers.get(key) ?? null;
  if (correctNumbers.size > 5000) correctNumbers.clear();
  const split = splitUnit(correct, form.unit);
  const { body } = stripVariable(split.body, form.variables);
  const read = readNumber(body.replace(/%$/, ''), correct);
  const result = read.ok ? { value: read.literal.value, number: read.literal.value.valueOf() } : null;
  correctNumbers.set(key, result);
  return result;
}

/** Unit and `x =` handling shared by the number kinds; returns the bare number text or a verdict. */
function numberBody(given: string, form: AnswerForm): { body: string } | { verdict: AnswerCheck } {
  const split = splitUnit(given, form.unit);
  const unitIssue = unitProblem(split, form.unit, given);
  if (unitIssue) return { verdict: unread(unitIssue) };
  const stripped = stripVariable(split.body, form.variables);
  if (stripped.problem) return { verdict: no(stripped.problem) };
  return { body: stripped.body };
}

const checkNumber: Checker = (correct, given, form) => {
  const expected = correctNumber(correct, form);
  if (!expected) return null;
  const b = numberBody(given, form);
  if ('verdict' in b) return b.verdict;
  const read = readNumber(b.body, given);
  if (!read.ok) return unread(read.message);
  const tolerance = form.tolerance ?? DEFAULT_TOLERANCE;
  return Math.abs(read.literal.value.valueOf() - expected.number) <= tolerance + 1e-12 ? right : wrong;
};

const checkExactFraction: Checker = (correct, given, form) => {
  const expected = correctNumber(correct, form);
  if (!expected) return null;
  const b = numberBody(given, form);
  if ('verdict' in b) return b.verdict;
  const read = readNumber(b.body, given);
  if (!read.ok) return unread(read.message);
  const { value, form: written, lowestTerms } = read.literal;
  if (!value.equals(expected.value)) {
    // A decimal that is the answer rounded (0.333 or 0.33 for 1/3) gets a hint about exactness.
    const places = /\.(\d+)/.exec(b.body)?.[1]?.length ?? 0;
    if (written === 'decimal' && Math.abs(value.valueOf() - expected.number) <= 0.5 * 10 ** -places + 1e-12) {
      return no("That's close, but the question needs an exact answer. Use a fraction instead of a rounded decimal.");
    }
    return wrong;
  }
  const whole = expected.value.d === 1n;
  switch (form.require) {
    case 'simplest':
      if (read.percent || written === 'decimal') return no('Write your answer as a fraction in its simplest form.');
      if ((written === 'fraction' || written === 'mixed') && !lowestTerms && !whole) {
        return no("That's the right value, but the fraction isn't in its simplest form. Cancel common factors.");
      }
      if (written === 'fraction' && whole && !lowestTerms) return no('That fraction simplifies to a whole number. Write the whole number.');
      return right;
    case 'fraction':
      if (written === 'fraction' || (whole && written === 'integer')) return right;
      return no('Write your answer as a single fraction, for example 11/4.');
    case 'mixed_number':
      if (written === 'mixed' || written === 'integer' || (written === 'fraction' && Math.abs(value.valueOf()) < 1)) return right;
      return no('Write your answer as a mixed number, for example 2 3/4.');
    case 'decimal':
      if (written === 'decimal' || written === 'integer') return right;
      return no('Write your answer as a decimal, for example 0.75.');
    default:
      return right;
  }
};

const checkPercent: Checker = (correct, given, form) => {
  const expected = correctNumber(correct.replace(/%\s*$/, ''), { ...form, kind: 'number' });
  if (!expected) return null;
  const split = splitUnit(given.replace(/\s*(?:%|percent|per cent)\s*$/i, ''), undefined);
  if (split.unit) return unread(typoMessage(split.body + split.unit) ?? `Give a percentage, without '${split.unit}'.`);
  const read = readNumber(split.body, given);
  if (!read.ok) return unread(read.message);
  const v = read.literal.value.valueOf();
  const tolerance = form.tolerance ?? DEFAULT_TOLERANCE;
  if (Math.abs(v - expected.number) <= tolerance + 1e-12) return right;
  if (expected.number !== 0 && Math.abs(v * 100 - expected.number) <= tolerance + 1e-12) {
    const as = read.literal.form === 'decimal' || read.literal.form === 'integer' ? 'a decimal' : 'a fraction';
    return no(`That's the value as ${as}. Write it as a percentage, for example ${formatPlain(v * 100)}%.`);
  }
  return wrong;
};

function formatPlain(x: number): string {
  return String(Number(x.toPrecision(12)));
}

// ---------------------------------------------------------------------------------------------
// Exact values with surds and π

interface CorrectExpression {
  expr: ParsedExpression;
  variables: string[];
  size: number;
  value: number;
  irrational: boolean;
}
const correctExpressions = new Map<string, CorrectExpression | null>();

function correctExpression(text: string, variables: readonly string[] | null): CorrectExpression | null {
  const key = `${variables?.join('') ?? '*'}|${text}`;
  if (correctExpressions.has(key)) return correctExpressions.get(key) ?? null;
  if (correctExpressions.size > 5000) correctExpressions.clear();
  let result: CorrectExpression | null = null;
  const normalised = normaliseMath(text);
  let vars = variables ? [...variables] : [];
  if (!variables) {
    // Variables not declared: every single letter other than e is one.
    const raw = parseRaw(normalised);
    if (!raw.ok) {
      correctExpressions.set(key, null);
      return null;
    }
    const probe = raw.value;
    const names = new Set<string>();
    probe.traverse((n: MathNode, path: string, parent: MathNode | null) => {
      const sym = asSym(n);
      if (!sym || (parent?.type === 'FunctionNode' && path === 'fn') || sym.name === 'pi' || sym.name === 'e') return;
      for (const letter of sym.name) names.add(letter);
    });
    vars = [...names].sort();
  }
  const parsed = parseExpression(normalised, vars);
  if (parsed.ok) {
    const value = vars.length === 0 ? evaluateAt(parsed.value, {}) : NaN;
    result = {
      expr: parsed.value,
      variables: vars,
      size: nodeSize(parsed.value.node),
      value,
      irrational: !isPureArithmetic(parsed.value.node),
    };
  }
  correctExpressions.set(key, result);
  return result;
}

const EXACT_MESSAGE = "That's close, but the question asks for an exact answer. Keep √ or π in your answer instead of a decimal.";

const checkExact: Checker = (correct, given, form) => {
  const split0 = splitUnit(correct, form.unit);
  const expected = correctExpression(split0.body, []);
  if (!expected || !Number.isFinite(expected.value)) return null;
  const b = numberBody(given, form);
  if ('verdict' in b) return b.verdict;
  const parsed = parseExpression(normaliseMath(b.body), [], given);
  if (!parsed.ok) return unread(parsed.message);
  const expr = parsed.value;
  const node = expr.node;
  const value = memo(expr, 'value', () => evaluateAt(expr, {}));
  // A decimal approximation: arithmetic only, and rational (no fractional powers like 2^(1/2)).
  const pure = memo(expr, 'pure', () => isPureArithmetic(node) && !hasFractionalPower(node));
  if (!Number.isFinite(value) || !closeRel(value, expected.value, 1e-9)) {
    if (pure && Number.isFinite(value) && Math.abs(value - expected.value) <= 0.01 * Math.max(1, Math.abs(expected.value))) {
      return no(expected.irrational ? EXACT_MESSAGE : "That's close, but give the exact value.");
    }
    return wrong;
  }
  if (expected.irrational && pure) return no(EXACT_MESSAGE);
  const simplify = "That's the right value, but simplify your answer fully.";
  if (memo(expr, 'uncollected', () => hasUncollectedTerms(node)) || memo(expr, 'size', () => nodeSize(node)) > expected.size + 1) return no(simplify);
  const sqrtArgsNotWhole = memo(expr, 'sqrtArgsNotWhole', () =>
    node.filter((n: MathNode) => {
      const f = n.type === 'FunctionNode' ? (n as unknown as { fn: MathNode; args: MathNode[] }) : null;
      if (!f || asSym(f.fn)?.name !== 'sqrt' || !f.args[0]) return false;
      const c = asConst(strip(f.args[0]));
      return !c || typeof c.value !== 'number' || !Number.isInteger(c.value);
    }).length > 0,
  );
  if (sqrtArgsNotWhole) return no(simplify);
  if (form.require === 'surd_simplest' && memo(expr, 'surd', () => hasUnsimplifiedSurd(node))) {
    return no("That's the right value, but the surd can be simplified: take square factors out of the root.");
  }
  if (form.require === 'rationalised' && memo(expr, 'rootBelow', () => hasRootInDenominator(node))) {
    return no("That's the right value, but the denominator still has a root in it. Rationalise the denominator.");
  }
  return right;
};

// ---------------------------------------------------------------------------------------------
// Expressions and equations

/** What may stand before `=` in an expression answer: y, f(x), f'(x), dy/dx, f^-1(x), T_n, ... */
const EXPRESSION_LABEL =
  /^\s*(?:[a-zA-Z]{1,2}'{0,2}\s*(?:\(\s*[a-zA-Z]\s*\))?|d[a-z]\/d[a-z]|[a-zA-Z]\s*\^?\s*\(?\s*[-−]\s*1\s*\)?\s*\(\s*[a-zA-Z]\s*\)|[a-zA-Z]_\{?[a-zA-Z0-9]\}?)\s*=\s*/;

function stripLabel(given: string, variables: readonly string[]): string {
  const m = EXPRESSION_LABEL.exec(given);
  if (!m) return given;
  const label = m[0].replace(/=\s*$/, '').trim();
  // "x = ..." is not a label when x is the expression's own variable.
  if (variables.includes(label)) return given;
  return given.slice(m[0].length);
}

const checkExpression: Checker = (correct, given, form) => {
  const expected = correctExpression(stripLabel(correct, form.variables ?? []), form.variables ?? null);
  if (!expected) return null;
  const vars = expected.variables;
  const text = stripLabel(given, vars);
  if (text.includes('=')) return no('Give just the expression, without an equals sign.');
  const parsed = parseExpression(normaliseMath(text), vars, given);
  if (!parsed.ok) return unread(parsed.message);
  const verdict = sameFunction(parsed.value, expected.expr, vars);
  if (verdict !== 'equal') return wrong;
  const expr = parsed.value;
  const node = expr.node;
  const uncollected = () => memo(expr, 'uncollected', () => hasUncollectedTerms(node)) || memo(expr, 'size', () => nodeSize(node)) > expected.size + 1;
  switch (form.require) {
    case 'expanded':
      if (memo(expr, 'unexpanded', () => hasUnexpandedBrackets(node))) return no("That's equivalent, but the question asks you to multiply out the brackets.");
      if (uncollected()) return no("That's equivalent, but collect like terms to simplify it.");
      return right;
    case 'factorised': {
      const issue = memo(expr, `factorised:${vars[0] ?? 'x'}`, () => factorisationIssue(node, vars[0] ?? 'x'));
      if (issue === 'not_product') return no("That's equivalent, but the question asks for it in factorised form (as a product with brackets).");
      if (issue === 'not_fully') return no("That's equivalent, but it isn't fully factorised. Look for a common factor or a bracket that factorises further.");
      return right;
    }
    case 'simplified':
      if (uncollected()) return no("That's equivalent, but simplify it fully.");
      return right;
    case 'surd_simplest':
      return memo(expr, 'surd', () => hasUnsimplifiedSurd(node)) ? no("That's equivalent, but simplify the surds.") : right;
    case 'rationalised':
      return memo(expr, 'rootBelow', () => hasRootInDenominator(node)) ? no("That's equivalent, but rationalise the denominator.") : right;
    default:
      return right;
  }
};

const INTEGRATION_CONSTANTS = ['C', 'c', 'K', 'k', 'A'];

const checkAntiderivative: Checker = (correct, given, form) => {
  const vars = form.variables ?? ['x'];
  const constants = INTEGRATION_CONSTANTS.filter((c) => !vars.includes(c));
  const names = [...vars, ...constants];
  const expected = correctExpression(stripLabel(correct, vars), names);
  if (!expected) return null;
  const parsed = parseExpression(normaliseMath(stripLabel(given, vars)), names, given);
  if (!parsed.ok) return unread(parsed.message);
  const zero = Object.fromEntries(constants.map((c) => [c, 0]));
  const verdict = sameFunction(parsed.value, expected.expr, vars, { allowConstant: true, fixedF: zero, fixedG: zero });
  if (verdict !== 'equal') return wrong;
  const used = constants.filter((c) => parsed.value.symbols.has(c));
  if (used.length === 0) return no('Almost: remember the constant of integration, + C.');
  if (used.length > 1) return no('Use just one constant of integration, + C.');
  // The constant is added on as a term of its own (+ C), once.
  const constant = used[0] as string;
  const added = memo(parsed.value, `constantTerm:${constant}`, () => {
    const occurrences = parsed.value.node.filter((n: MathNode) => asSym(n)?.name === constant).length;
    return occurrences === 1 && additiveTerms(parsed.value.node).some((t) => asSym(t)?.name === constant);
  });
  return added ? right : no(`Write the constant of integration as a separate term: + ${constant}.`);
};

interface CorrectEquation {
  difference: ParsedExpression;
  variables: string[];
  /** `y` in `y = 2x + 1`, so `2x + 1` alone can be read as the equation. */
  subject: string | null;
  rhs: ParsedExpression | null;
}
const correctEquations = new Map<string, CorrectEquation | null>();

function correctEquation(correct: string, form: AnswerForm): CorrectEquation | null {
  const key = `${form.variables?.join('') ?? '*'}|${correct}`;
  if (correctEquations.has(key)) return correctEquations.get(key) ?? null;
  if (correctEquations.size > 5000) correctEquations.clear();
  let result: CorrectEquation | null = null;
  const sides = normaliseMath(correct).split('=');
  if (sides.length === 2) {
    const [lhs, rhs] = sides as [string, string];
    const variables = form.variables ?? ['x', 'y'];
    const difference = parseExpression(`(${lhs}) - (${rhs})`, variables);
    const subject = /^\s*([a-zA-Z])\s*$/.exec(lhs)?.[1] ?? null;
    const rhsParsed = subject ? parseExpression(rhs.trim(), variables) : null;
    if (difference.ok) {
      result = { difference: difference.value, variables, subject, rhs: rhsParsed?.ok ? rhsParsed.value : null };
    }
  }
  correctEquations.set(key, result);
  return result;
}

const checkEquation: Checker = (correct, given, form) => {
  const expected = correctEquation(correct, form);
  if (!expected) return null;
  const text = normaliseMath(given).replace(/==/g, '=');
  const sides = text.split('=');
  if (sides.length === 1) {
    // `2x + 1` for `y = 2x + 1`
    if (expected.subject && expected.rhs) {
      const parsed = parseExpression(text, expected.variables, given);
      if (!parsed.ok) return unread(parsed.message);
      if (!parsed.value.symbols.has(expected.subject) && sameFunction(parsed.value, expected.rhs, expected.variables) === 'equal') return right;
      return wrong;
    }
    return unread('Write your answer as an equation, with an = sign.');
  }
  if (sides.length !== 2 || sides.some((s) => s.trim() === '')) return unread(unreadable(given));
  const [lhs, rhs] = sides as [string, string];
  for (const side of [lhs, rhs]) {
    const p = parseExpression(side.trim(), expected.variables, given);
    if (!p.ok) return unread(p.message);
  }
  const difference = parseExpression(`(${lhs.trim()}) - (${rhs.trim()})`, expected.variables, given);
  if (!difference.ok) return unread(difference.message);
  return proportionalFunctions(difference.value, expected.difference, expected.variables) === 'equal' ? right : wrong;
};

// ---------------------------------------------------------------------------------------------
// Solutions, points, inequalities

type Value = { exact: Fraction | null; approx: number };

function readValue(text: string, shown: string): { ok: true; values: Value[] } | { ok: false; message: string } {
  let body = text.trim();
  let both = false;
  const pm = /^(?:±|\+\/-|\+-)\s*/.exec(body);
  if (pm) {
    both = true;
    body = body.slice(pm[0].length);
  }
  const read = readNumber(body, shown);
  if (read.ok) {
    const v = read.literal.value;
    const values: Value[] = [{ exact: v, approx: v.valueOf() }];
    if (both && !v.equals(0)) values.push({ exact: v.neg(), approx: -v.valueOf() });
    return { ok: true, values };
  }
  // An exact constant such as 2sqrt(3) or 1 + sqrt(2)
  if (!read.message.startsWith('Work it out')) return read;
  const parsed = parseExpression(normaliseMath(body), [], shown);
  if (!parsed.ok) return parsed;
  // Arithmetic such as 2 + 1 is left to work out; exact values such as 1 + sqrt(5) are fine.
  if (isPureArithmetic(parsed.value.node)) return read;
  const v = evaluateAt(parsed.value, {});
  if (!Number.isFinite(v)) return { ok: false, message: `'${shown}' is not a real number.` };
  const values: Value[] = [{ exact: null, approx: v }];
  if (both && v !== 0) values.push({ exact: null, approx: -v });
  return { ok: true, values };
}

function sameValue(a: Value, b: Value, form: AnswerForm): boolean {
  if (a.exact && b.exact && form.exact) return a.exact.equals(b.exact);
  if (form.exact) return closeRel(a.approx, b.approx, 1e-9);
  return Math.abs(a.approx - b.approx) <= (form.tolerance ?? DEFAULT_TOLERANCE) + 1e-12;
}

/** Splits `x = 2, x = -3`, `2 or -3`, `2 and -3`, `2; -3` into items (top level only). */
function splitList(text: string): string[] {
  const s = text.replace(/\s+(?:or|and)\s+/gi, ';');
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of s) {
    if (ch === '(' || ch === '[') depth++;
    if (ch === ')' || ch === ']') depth--;
    if ((ch === ',' || ch === ';') && depth === 0) {
      items.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  items.push(current);
  return items.map((i) => i.trim()).filter((i) => i !== '');
}

const correctSolutionCache = new Map<string, Value[] | null>();

function readSolutions(text: string, form: AnswerForm, shown: string): { ok: true; values: Value[] } | { ok: false; message: string } {
  const variable = form.variables?.[0];
  const values: Value[] = [];
  for (const item of splitList(normaliseSpace(text))) {
    const stripped = stripVariable(item, variable ? [variable] : undefined);
    if (stripped.problem) return { ok: false, message: stripped.problem };
    const split = splitUnit(stripped.body, form.unit);
    const unitIssue = unitProblem(split, form.unit, stripped.body);
    if (unitIssue) return { ok: false, message: unitIssue };
    const read = readValue(split.body, shown);
    if (!read.ok) return read;
    values.push(...read.values);
  }
  return { ok: true, values };
}

const checkSolutions: Checker = (correct, given, form) => {
  const key = `${form.variables?.join('') ?? ''}|${form.unit ?? ''}|${correct}`;
  let expected = correctSolutionCache.get(key);
  if (expected === undefined) {
    const read = readSolutions(correct, form, correct);
    expected = read.ok && read.values.length > 0 ? read.values : null;
    if (correctSolutionCache.size > 5000) correctSolutionCache.clear();
    correctSolutionCache.set(key, expected);
  }
  if (!expected) return null;
  const read = readSolutions(given, form, given);
  if (!read.ok) return unread(read.message);
  const distinct: Value[] = [];
  for (const v of read.values) if (!distinct.some((d) => sameValue(d, v, form))) distinct.push(v);
  const allRight = distinct.every((v) => expected.some((e) => sameValue(e, v, form)));
  const allFound = expected.every((e) => distinct.some((v) => sameValue(e, v, form)));
  if (allRight && allFound) return right;
  if (allRight && distinct.length > 0) {
    return no(`That's correct so far, but there ${expected.length === 2 ? 'are 2 solutions' : `are ${expected.length} solutions`}. Find them all.`);
  }
  return wrong;
};

function readPoint(text: string, form: AnswerForm, shown: string): { ok: true; values: Value[] } | { ok: false; message: string } {
  const count = form.variables?.length ?? 2;
  let s = normaliseSpace(text);
  const wrapped = /^[([]\s*(.*?)\s*[)\]]$/.exec(s);
  if (wrapped) s = wrapped[1] as string;
  const items = splitList(s);
  if (items.length !== count) return { ok: false, message: `Give ${count === 2 ? 'both coordinates' : `all ${count} values`}, for example (3, -2).` };
  const values: (Value | undefined)[] = new Array(count).fill(undefined);
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as string;
    const m = VARIABLE_PREFIX.exec(item);
    let index = i;
    let body = item;
    if (m) {
      const at = form.variables?.indexOf(m[1] as string) ?? -1;
      if (at < 0) return { ok: false, message: form.variables ? `Use ${form.variables.join(' and ')} in your answer.` : unreadable(shown) };
      index = at;
      body = m[2] as string;
    }
    const read = readValue(body, shown);
    if (!read.ok) return read;
    if (read.values.length !== 1 || values[index] !== undefined) return { ok: false, message: unreadable(shown) };
    values[index] = read.values[0];
  }
  return { ok: true, values: values as Value[] };
}

const correctPoints = new Map<string, ReturnType<typeof readPoint>>();

const checkPoint: Checker = (correct, given, form) => {
  const key = `${form.variables?.join('') ?? ''}|${correct}`;
  let expected = correctPoints.get(key);
  if (!expected) {
    expected = readPoint(correct, form, correct);
    if (correctPoints.size > 5000) correctPoints.clear();
    correctPoints.set(key, expected);
  }
  if (!expected.ok) return null;
  const read = readPoint(given, form, given);
  if (!read.ok) return unread(read.message);
  return expected.values.every((e, i) => read.values[i] !== undefined && sameValue(e, read.values[i] as Value, { ...form, exact: form.exact ?? false }))
    ? right
    : wrong;
};

type Relation = '<' | '>' | '<=' | '>=';
const FLIP: Record<Relation, Relation> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };

function readInequality(text: string, variable: string, shown: string): { ok: true; op: Relation; value: Value } | { ok: false; message: string } {
  const s = normaliseMath(text);
  const ops = s.match(/<=|>=|<|>/g) ?? [];
  if (ops.length === 0) return { ok: false, message: `Write your answer as an inequality, for example ${variable} > 2.` };
  if (ops.length > 1) return { ok: false, message: unreadable(shown) };
  const m = /^(.*?)(<=|>=|<|>)(.*)$/.exec(s);
  if (!m) return { ok: false, message: unreadable(shown) };
  const left = (m[1] as string).trim();
  const right = (m[3] as string).trim();
  let op = m[2] as Relation;
  let valueText: string;
  if (left === variable) valueText = right;
  else if (right === variable) {
    valueText = left;
    op = FLIP[op];
  } else return { ok: false, message: `Write the inequality with ${variable} on its own, for example ${variable} > 2.` };
  const read = readValue(valueText, shown);
  if (!read.ok) return read;
  if (read.values.length !== 1) return { ok: false, message: unreadable(shown) };
  return { ok: true, op, value: read.values[0] as Value };
}

const checkInequality: Checker = (correct, given, form) => {
  const variable = form.variables?.[0] ?? 'x';
  const expected = readInequality(correct, variable, correct);
  if (!expected.ok) return null;
  const read = readInequality(given, variable, given);
  if (!read.ok) return unread(read.message);
  const valueRight = sameValue(read.value, expected.value, { ...form, exact: form.exact ?? true });
  if (valueRight && read.op === expected.op) return right;
  if (valueRight) return no('Check the inequality sign.');
  return wrong;
};

// ---------------------------------------------------------------------------------------------
// Ratios, standard form, clock times, text

function readRatio(text: string, shown: string): { ok: true; parts: Literal[] } | { ok: false; message: string } {
  const pieces = normaliseSpace(text).split(/\s*(?::|∶|\bto\b)\s*/i);
  if (pieces.length < 2) return { ok: false, message: 'Write your answer as a ratio, for example 2:3.' };
  const parts: Literal[] = [];
  for (const piece of pieces) {
    const read = readNumber(piece.replace(/^£/, ''), shown);
    if (!read.ok) return read;
    parts.push(read.literal);
  }
  return { ok: true, parts };
}

const checkRatio: Checker = (correct, given, form) => {
  const expected = readRatio(correct, correct);
  if (!expected.ok) return null;
  const read = readRatio(given, given);
  if (!read.ok) return unread(read.message);
  if (read.parts.length !== expected.parts.length) return wrong;
  const e = expected.parts.map((p) => p.value);
  const g = read.parts.map((p) => p.value);
  const e0 = e[0] as Fraction;
  const g0 = g[0] as Fraction;
  const proportional = g.every((gi, i) => gi.mul(e0).equals((e[i] as Fraction).mul(g0))) && !g0.equals(0);
  if (!proportional) return wrong;
  if (form.require === 'simplest') {
    const same = g.every((gi, i) => gi.equals(e[i] as Fraction));
    if (!same) return no("That's an equivalent ratio, but simplify it fully (whole numbers with no common factor).");
  }
  return right;
};

function readStandardForm(text: string, shown: string): { ok: true; mantissa: number; exponent: number } | { ok: false; message: string } {
  const s = normaliseMath(text).replace(/(\d)\s*[xX]\s*(?=10)/g, '$1*');
  const example = 'Write it as a × 10^n, for example 4.5 × 10^3.';
  const parsed = parseExpression(s, [], shown);
  if (!parsed.ok) return parsed;
  let node = strip(parsed.value.node);
  let sign = 1;
  for (let op = asOp(node); op && op.fn === 'unaryMinus' && op.args[0]; op = asOp(node)) {
    sign = -sign;
    node = strip(op.args[0]);
  }
  const readPow = (n: MathNode): number | null => {
    const p = asOp(strip(n));
    if (!p || p.fn !== 'pow' || !p.args[0] || !p.args[1]) return null;
    const base = asConst(strip(p.args[0]));
    if (!base || base.value !== 10) return null;
    let e = strip(p.args[1]);
    let sign = 1;
    for (let u = asOp(e); u && u.fn === 'unaryMinus' && u.args[0]; u = asOp(e)) {
      sign = -sign;
      e = strip(u.args[0]);
    }
    const c = asConst(e);
    return c && typeof c.value === 'number' && Number.isInteger(c.value) ? sign * c.value : null;
  };
  const op = asOp(node);
  if (op && op.fn === 'multiply' && op.args.length === 2) {
    const c = asConst(strip(op.args[0] as MathNode));
    const exponent = readPow(op.args[1] as MathNode);
    if (c && typeof c.value === 'number' && exponent !== null) {
      if (c.value < 1 || c.value >= 10) return { ok: false, message: `The first number must be at least 1 and less than 10. ${example}` };
      return { ok: true, mantissa: sign * c.value, exponent };
    }
  }
  const alone = readPow(node);
  if (alone !== null) return { ok: true, mantissa: sign, exponent: alone };
  return { ok: false, message: example };
}

const correctStandardForms = new Map<string, ReturnType<typeof readStandardForm>>();

const checkStandardForm: Checker = (correct, given) => {
  let expected = correctStandardForms.get(correct);
  if (!expected) {
    expected = readStandardForm(correct, correct);
    if (correctStandardForms.size > 5000) correctStandardForms.clear();
    correctStandardForms.set(correct, expected);
  }
  if (!expected.ok) return null;
  const read = readStandardForm(given, given);
  if (!read.ok) {
    const plain = readNumber(given, given);
    if (plain.ok && closeRel(plain.literal.value.valueOf(), expected.mantissa * 10 ** expected.exponent, 1e-9)) {
      return no("That's the right number, but not in standard form. Write it as a × 10^n.");
    }
    return plain.ok ? no(read.message) : unread(read.message);
  }
  return read.exponent === expected.exponent && closeRel(read.mantissa, expected.mantissa, 1e-9) ? right : wrong;
};

/** Minutes after midnight (or after 12, for a time in words: compared modulo 12 hours anyway). */
function readTime(text: string): number | null {
  const m = /^(\d{1,2})\s*[:.hH]\s*(\d{2})\s*(a\.?m\.?|p\.?m\.?)?$/i.exec(normaliseSpace(text));
  if (!m) return clockTimeFromWords(text);
  let hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (minutes > 59 || hours > 23) return null;
  const suffix = m[3]?.toLowerCase().replace(/\./g, '');
  if (suffix) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (suffix === 'pm' ? 12 : 0);
  }
  return hours * 60 + minutes;
}

const checkTime: Checker = (correct, given) => {
  const expected = readTime(correct);
  if (expected === null) return null;
  const read = readTime(given);
  if (read === null) return unread('Write the time like 4:15.');
  return read % 720 === expected % 720 ? right : wrong;
};

const normaliseText = (s: string): string =>
  normaliseSpace(s)
    .toLowerCase()
    .replace(/[.!]+$/, '')
    .trim();

const checkText: Checker = (correct, given, form) => {
  const g = normaliseText(given);
  return [correct, ...(form.accept ?? [])].some((c) => normaliseText(c) === g) ? right : wrong;
};

const CHECKERS: Record<AnswerForm['kind'], Checker> = {
  number: checkNumber,
  exact_fraction: checkExactFraction,
  exact: checkExact,
  expression: checkExpression,
  equation: checkEquation,
  equation_solution: checkSolutions,
  point: checkPoint,
  inequality: checkInequality,
  percent: checkPercent,
  ratio: checkRatio,
  standard_form: checkStandardForm,
  time: checkTime,
  antiderivative: checkAntiderivative,
  text: checkText,
  choice: (correct, given) => (given === correct.trim() ? right : wrong),
};

/**
 * Whether a written problem's own correct answer passes `checkAnswer` in its declared form: null
 * when it does, else why not. A tutor's problem is only stored when it does, so no student is ever
 * marked against an answer the checker cannot read. Stricter than `checkAnswer` itself, which falls
 * back to the spec's plain rule when the stored answer does not fit its form.
 */
export function uncheckableAnswerReason(problem: CheckableProblem): string | null {
  const correct = problem.correct_answer.trim();
  if (correct === '') return EMPTY_ANSWER_MESSAGE;
  if (problem.problem_type === 'multiple_choice' || problem.answer_form.kind === 'choice') {
    return (problem.answer_options ?? []).some((option) => option.trim() === correct) ? null : 'The correct answer must be one of the options.';
  }
  const result = CHECKERS[problem.answer_form.kind](problem.correct_answer, problem.correct_answer, problem.answer_form);
  if (result === null) return `The correct answer "${correct}" cannot be read in its answer form (${problem.answer_form.kind.replace(/_/g, ' ')}).`;
  if (!result.correct) return `The correct answer "${correct}" does not pass its own check${result.message ? `: ${result.message}` : ''}.`;
  return null;
}
