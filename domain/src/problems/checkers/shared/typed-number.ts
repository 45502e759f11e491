/** Reading a typed number answer: `x =` in front, a unit after, `3/4`, `1 1/2`, `25%`, words. */
import type { Fraction, MathNode } from 'mathjs';
import type { AnswerForm } from '../../problem.ts';
import { cached } from '../../math/cache.ts';
import { NOT_A_SINGLE_NUMBER, parseLiteral, type Literal } from '../../math/exact-numbers.ts';
import { asSym } from '../../math/nodes.ts';
import { normaliseMath } from '../../math/normalise.ts';
import { parseRaw } from '../../math/parse.ts';
import { numberFromWords } from '../../typed-words.ts';
import { splitUnit, typoMessage, unitProblem } from './units.ts';
import { no, unread, type AnswerCheck } from './verdict.ts';

/** `x = 3`: a value with its letter in front. */
export const VARIABLE_PREFIX = /^([a-zA-Z])\s*=\s*(.+)$/;
/** `3 = x`: the same answer written the other way round. */
const VARIABLE_SUFFIX = /^([^=]+?)\s*=\s*([a-zA-Z])$/;

/**
 * Strips `x =` from `x = 3` (or `= x` from `3 = x`); the letter must be one of the problem's
 * variables when it has any. Any other equation (`2x = 6`) is an unfinished solution.
 */
export function stripVariable(text: string, variables: readonly string[] | undefined): { body: string; problem: string | null } {
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
export function readNumber(text: string, shown: string): NumberRead {
  let body = normaliseMath(text);
  let percent = false;
  if (/%$/.test(body)) {
    percent = true;
    body = body.slice(0, -1).trim();
  }
  const words = numberFromWords(body);
  const lit = words !== null ? parseLiteral(String(words)) : parseLiteral(body, shown);
  if (lit === NOT_A_SINGLE_NUMBER) {
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

/** A stored correct answer read as a number (cached: the same answers are checked again and again). */
interface CorrectNumber {
  value: Fraction;
  number: number;
}
const correctNumbers = new Map<string, CorrectNumber | null>();

export function correctNumber(correct: string, form: AnswerForm): CorrectNumber | null {
  return cached(correctNumbers, `${form.kind}|${correct}`, () => {
    const split = splitUnit(correct, form.unit);
    const { body } = stripVariable(split.body, form.variables);
    const read = readNumber(body.replace(/%$/, ''), correct);
    return read.ok ? { value: read.literal.value, number: read.literal.value.valueOf() } : null;
  });
}

/** Unit and `x =` handling shared by the number kinds; returns the bare number text or a verdict. */
export function numberBody(given: string, form: AnswerForm): { body: string } | { verdict: AnswerCheck } {
  const split = splitUnit(given, form.unit);
  const unitIssue = unitProblem(split, form.unit, given);
  if (unitIssue) return { verdict: unread(unitIssue) };
  const stripped = stripVariable(split.body, form.variables);
  if (stripped.problem) return { verdict: no(stripped.problem) };
  return { body: stripped.body };
}

/**
 * The correct answer and the typed one read as numbers, for the number kinds: a verdict instead
 * when the typed one is not a bare number (a wrong unit, another letter, not a number at all);
 * null when the correct one is not a number.
 */
export function readNumberAnswer(
  correct: string,
  given: string,
  form: AnswerForm,
): { expected: CorrectNumber; body: string; read: Extract<NumberRead, { ok: true }> } | { verdict: AnswerCheck } | null {
  const expected = correctNumber(correct, form);
  if (!expected) return null;
  const b = numberBody(given, form);
  if ('verdict' in b) return b;
  const read = readNumber(b.body, given);
  if (!read.ok) return { verdict: unread(read.message) };
  return { expected, body: b.body, read };
}
