/**
 * Parsing typed maths with mathjs (cached by text): rejects what a student would not mean, maps
 * ln/log, reads `xy` as `x*y`, and evaluates a parsed expression to a real number.
 */
import type { EvalFunction, MathNode } from 'mathjs';
import { remember } from './cache.ts';
import { asFn, asOp, asSym, fnName, mathjs } from './nodes.ts';

const { OperatorNode, SymbolNode, FunctionNode, ParenthesisNode } = mathjs;

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** Stands for the student's own text in cached messages; replaced when a result is returned. */
export const SHOWN = '\u0001';
export function withShown<T>(result: Parsed<T>, shown: string): Parsed<T> {
  return result.ok || !result.message.includes(SHOWN) ? result : { ok: false, message: result.message.split(SHOWN).join(shown) };
}

export const unreadable = (shown: string): string =>
  `We couldn't read '${shown}' as a math expression. Check for missing numbers or extra symbols.`;

/** Functions a student may use, with the mathjs function each one means. */
const FUNCTIONS: Record<string, string> = {
  sqrt: 'sqrt',
  cbrt: 'cbrt',
  abs: 'abs',
  exp: 'exp',
  ln: 'log',
  log: 'log10', // school convention: log x is base 10; log(x, b) is base b
  log10: 'log10',
  log2: 'log2',
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  nthroot: 'nthRoot',
};
const CONSTANTS = new Set(['pi', 'e']);

const DOUBLE_OPERATOR = /[+\-*/^]\s*[+*/^]|[+-]\s*[+-]/;
const ALLOWED_CHARS = /^[0-9a-zA-Z.+\-*/^()\s,]*$/;

const rawCache = new Map<string, Parsed<MathNode>>();

/** Parses normalised text with mathjs (cached), rejecting what a student would not mean. */
export function parseRaw(text: string, shown: string = text): Parsed<MathNode> {
  let result = rawCache.get(text);
  if (!result) {
    if (text === '' || !ALLOWED_CHARS.test(text) || DOUBLE_OPERATOR.test(text) || text.includes(',')) {
      result = fail(unreadable(SHOWN));
    } else {
      try {
        result = { ok: true, value: mathjs.parse(text) };
      } catch {
        result = fail(unreadable(SHOWN));
      }
    }
    remember(rawCache, text, result);
  }
  return withShown(result, shown);
}

export interface ParsedExpression {
  node: MathNode;
  /** Variables used (after splitting `xy` into `x*y`). */
  symbols: Set<string>;
  compiled: EvalFunction;
}

const exprCache = new Map<string, Parsed<ParsedExpression>>();

/**
 * Parses an expression in the given variables: maps ln/log, splits `xy` into `x*y` when both are
 * variables, and rejects unknown names with a message naming them.
 */
export function parseExpression(text: string, variables: readonly string[], shown: string = text): Parsed<ParsedExpression> {
  const key = `${variables.join('')}|${text}`;
  const hit = exprCache.get(key) ?? remember(exprCache, key, buildExpression(text, variables));
  return withShown(hit, shown);
}

function buildExpression(text: string, variables: readonly string[]): Parsed<ParsedExpression> {
  const shown = SHOWN;
  const raw = parseRaw(text, shown);
  if (!raw.ok) return raw;
  const allowed = new Set(variables);
  let problem: string | null = null;
  const visit = (n: MathNode): MathNode => {
    const f = asFn(n);
    if (f) {
      const name = fnName(f);
      const lower = name.toLowerCase();
      const mapped = FUNCTIONS[lower];
      const letters = [...name];
      if ((!mapped && letters.every((c) => allowed.has(c) || c === 'e')) || CONSTANTS.has(name)) {
        // x(x + 2) is x times (x + 2), not a function called x
        const factor = new SymbolNode(name).transform(visit);
        const args = f.args.map((a) => new ParenthesisNode(a.transform(visit)));
        return args.reduce((acc: MathNode, cur: MathNode) => new OperatorNode('*', 'multiply', [acc, cur], true), factor);
      }
      if (!mapped) {
        // xsin(x) is x times sin(x)
        const known = Object.keys(FUNCTIONS)
          .filter((fn) => lower.endsWith(fn) && lower.length > fn.length)
          .sort((a, b) => b.length - a.length)[0];
        const prefix = known ? [...name.slice(0, name.length - known.length)] : [];
        if (known && prefix.every((c) => allowed.has(c) || c === 'e')) {
          const call = new FunctionNode(new SymbolNode(FUNCTIONS[known] as string), f.args.map((a) => a.transform(visit)));
          return prefix
            .map((c): MathNode => new SymbolNode(c))
            .reduceRight((acc: MathNode, cur: MathNode) => new OperatorNode('*', 'multiply', [cur, acc], true), call);
        }
        problem ??= `We couldn't read '${shown}': '${name}(...)' is not a function we know. Use * for multiplication, e.g. ${name}*(...).`;
        return n;
      }
      // log(x, b) keeps mathjs' meaning (base b); log(x) alone is base 10.
      const target = lower === 'log' && f.args.length === 2 ? 'log' : mapped;
      // A replaced node is not visited further by transform, so transform the arguments here.
      return new FunctionNode(new SymbolNode(target), f.args.map((a) => a.transform(visit)));
    }
    const s = asSym(n);
    if (s) {
      if (allowed.has(s.name) || CONSTANTS.has(s.name)) return n;
      const letters = [...s.name];
      if (letters.length > 1 && letters.every((c) => allowed.has(c) || c === 'e')) {
        return letters
          .map((c): MathNode => new SymbolNode(c))
          .reduce((acc, cur) => new OperatorNode('*', 'multiply', [acc, cur], true));
      }
      if (FUNCTIONS[s.name.toLowerCase()]) {
        problem ??= `We couldn't read '${shown}': put brackets after ${s.name}, e.g. ${s.name}(2).`;
        return n;
      }
      problem ??=
        allowed.size === 0
          ? `We couldn't read '${shown}': '${s.name}' is not a number. Give a number as the answer.`
          : `We couldn't read '${shown}': '${s.name}' is not part of this question. Use only ${[...allowed].join(', ')}.`;
      return n;
    }
    const o = asOp(n);
    if (o && o.fn === 'pow' && o.args[0] && o.args[1]) {
      // xe^(2x) is x·e^(2x): the power belongs to the last letter only
      const base = asSym(o.args[0]);
      const letters = base ? [...base.name] : [];
      if (base && letters.length > 1 && !allowed.has(base.name) && !CONSTANTS.has(base.name) && letters.every((c) => allowed.has(c) || c === 'e')) {
        const power: MathNode = new OperatorNode('^', 'pow', [new SymbolNode(letters.at(-1) as string), o.args[1].transform(visit)]);
        return letters
          .slice(0, -1)
          .map((c): MathNode => new SymbolNode(c))
          .reduceRight((acc: MathNode, cur: MathNode) => new OperatorNode('*', 'multiply', [cur, acc], true), power);
      }
    }
    if (o && !ALLOWED_OPS.has(o.fn)) {
      problem ??= unreadable(shown);
    }
    if (n.type !== 'OperatorNode' && n.type !== 'ConstantNode' && n.type !== 'ParenthesisNode') {
      problem ??= unreadable(shown);
    }
    return n;
  };
  const node = raw.value.transform(visit);
  if (problem) return fail(problem);
  const symbols = new Set<string>();
  node.traverse((n: MathNode, path: string, parent: MathNode | null) => {
    const s = asSym(n);
    if (s && !(parent && parent.type === 'FunctionNode' && path === 'fn') && !CONSTANTS.has(s.name)) symbols.add(s.name);
  });
  let compiled: EvalFunction | null = null;
  const value: ParsedExpression = {
    node,
    symbols,
    // compiled on first use: many checks never need to evaluate
    get compiled(): EvalFunction {
      compiled ??= node.compile();
      return compiled;
    },
  };
  return { ok: true, value };
}

const ALLOWED_OPS = new Set(['add', 'subtract', 'multiply', 'divide', 'pow', 'unaryMinus', 'unaryPlus']);

/** Evaluates to a real number, NaN when undefined there. */
export function evaluateAt(expr: ParsedExpression, scope: Map<string, number> | Record<string, number>): number {
  try {
    const v: unknown = expr.compiled.evaluate(scope);
    return typeof v === 'number' ? v : NaN;
  } catch {
    return NaN;
  }
}
