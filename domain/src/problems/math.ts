/**
 * The maths layer under checkAnswer: input normalisation, parsing with mathjs, exact rational
 * literals, evaluation at sample points and checks on how an answer is written. Internal to the
 * problems module (checkAnswer is the public entry point).
 */
import { all, create, type EvalFunction, type Fraction, type MathNode } from 'mathjs';
import { mulberry32 } from './random.ts';

/** `predictable` keeps results real numbers (sqrt(-1) is NaN, not a complex number). */
export const mathjs = create(all as NonNullable<typeof all>, { predictable: true });

// ---------------------------------------------------------------------------------------------
// Node access (mathjs' node types are generic-heavy; these narrow views are all we need)

interface OpNode {
  type: 'OperatorNode';
  op: string;
  fn: string;
  args: MathNode[];
  implicit: boolean;
}
interface ConstNode {
  type: 'ConstantNode';
  value: unknown;
}
interface SymNode {
  type: 'SymbolNode';
  name: string;
}
interface FnNode {
  type: 'FunctionNode';
  fn: MathNode;
  args: MathNode[];
}
interface ParenNode {
  type: 'ParenthesisNode';
  content: MathNode;
}

export const asOp = (n: MathNode): OpNode | null => (n.type === 'OperatorNode' ? (n as unknown as OpNode) : null);
export const asConst = (n: MathNode): ConstNode | null => (n.type === 'ConstantNode' ? (n as unknown as ConstNode) : null);
export const asSym = (n: MathNode): SymNode | null => (n.type === 'SymbolNode' ? (n as unknown as SymNode) : null);
export const asFn = (n: MathNode): FnNode | null => (n.type === 'FunctionNode' ? (n as unknown as FnNode) : null);
const asParen = (n: MathNode): ParenNode | null => (n.type === 'ParenthesisNode' ? (n as unknown as ParenNode) : null);

export const fnName = (n: FnNode): string => asSym(n.fn)?.name ?? '';

/** Removes redundant parentheses around a node. */
export function strip(n: MathNode): MathNode {
  let cur = n;
  for (let p = asParen(cur); p; p = asParen(cur)) cur = p.content;
  return cur;
}

const { OperatorNode, SymbolNode, FunctionNode, ParenthesisNode } = mathjs;

// ---------------------------------------------------------------------------------------------
// Normalisation of typed input

const SUPERSCRIPT: Record<string, string> = {
  '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9', '⁻': '-',
};
const VULGAR: Record<string, string> = {
  '½': '1/2', '⅓': '1/3', '⅔': '2/3', '¼': '1/4', '¾': '3/4', '⅕': '1/5', '⅖': '2/5', '⅗': '3/5', '⅘': '4/5',
  '⅙': '1/6', '⅚': '5/6', '⅐': '1/7', '⅛': '1/8', '⅜': '3/8', '⅝': '5/8', '⅞': '7/8', '⅑': '1/9', '⅒': '1/10',
};

/** Spaces of every kind to one plain space, trimmed. */
export function normaliseSpace(raw: string): string {
  return raw.replace(/[\s\u00a0\u2000-\u200b\u202f\u205f\u3000]+/g, ' ').trim();
}

/** A little LaTeX some students type: \frac{a}{b}, \sqrt{x}, \times, \cdot, \pi, \left( ... */
function deLatex(s: string): string {
  let out = s;
  for (let i = 0; i < 4 && /\\(d|t)?frac/.test(out); i++) {
    out = out.replace(/\\(?:d|t)?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, '(($1)/($2))');
  }
  return out
    .replace(/\\sqrt\s*\{([^{}]*)\}/g, 'sqrt($1)')
    .replace(/\\(?:times|cdot)/g, '*')
    .replace(/\\div/g, '/')
    .replace(/\\pi/g, ' pi ')
    .replace(/\\(?:left|right)/g, '')
    .replace(/\\le(?:q)?\b/g, '<=')
    .replace(/\\ge(?:q)?\b/g, '>=')
    .replace(/\\[,;! ]/g, ' ')
    .replace(/[{]/g, '(')
    .replace(/[}]/g, ')');
}

/** Typed maths to the syntax mathjs reads: unicode operators, √, superscripts, |x|, **. */
const PLAIN_ASCII = /^[0-9a-zA-Z+\-/^(). ]*$/;
const FUNCTION_SPACE = /(?<![a-zA-Z])(?:sqrt|ln|log|sin|cos|tan)\s+[\w.]/;

export function normaliseMath(raw: string): string {
  let s = normaliseSpace(raw);
  if (PLAIN_ASCII.test(s) && !FUNCTION_SPACE.test(s)) return s;
  if (s.includes('\\')) s = deLatex(s);
  s = s
    .replace(/[\u2212\u2013\u2014\u2012\ufe63\uff0d]/g, '-')
    .replace(/[×✕✖⋅·•∙]/g, '*')
    .replace(/[÷∕⁄]/g, '/')
    .replace(/π/g, ' pi ')
    .replace(/≤|=</g, '<=')
    .replace(/≥|=>/g, '>=')
    .replace(/[（{]/g, '(')
    .replace(/[）}]/g, ')')
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+/g, (m) => `^(${[...m].map((c) => SUPERSCRIPT[c] ?? '').join('')})`)
    .replace(/[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒]/g, (c) => ` ${VULGAR[c] ?? ''}`)
    .replace(/\*\*/g, '^')
    .replace(/√\s*(\d+(?:\.\d+)?|[a-zA-Z])/g, 'sqrt($1)')
    .replace(/(?<![a-zA-Z])(sqrt|ln|log|sin|cos|tan)\s+(\d+(?:\.\d+)?|[a-zA-Z])(?![\w(])/g, '$1($2)')
    .replace(/√/g, 'sqrt')
    .replace(/(?<![a-zA-Z])(ln|log|sqrt|sin|cos|tan|exp)\s*\|([^|]*)\|/g, '$1(abs($2))')
    .replace(/\|([^|]*)\|/g, ' abs($1)');
  return normaliseSpace(s);
}

// ---------------------------------------------------------------------------------------------
// Parsing

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** Stands for the student's own text in cached messages; replaced when a result is returned. */
const SHOWN = '\u0001';
function withShown<T>(result: Parsed<T>, shown: string): Parsed<T> {
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
const CACHE_LIMIT = 5000;

function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

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

// ---------------------------------------------------------------------------------------------
// Exact rational literals: 3, -2.5, 3/4, 1 1/2, 12,000

export type LiteralForm = 'integer' | 'decimal' | 'fraction' | 'mixed';

export interface Literal {
  value: Fraction;
  form: LiteralForm;
  /** For fractions and mixed numbers: numerator and denominator as written share no factor. */
  lowestTerms: boolean;
  /** Numerator and denominator of the fractional part as written (fractions and mixed numbers). */
  written: { numerator: number; denominator: number } | null;
}

const MIXED = /^([+-]?)\s*(\d+)\s+(\d+)\s*\/\s*(\d+)$/;
const THOUSANDS = /^[+-]?\d{1,3}(?:(?:,\d{3})+|(?: \d{3})+)(?:\.\d+)?$/;

const literalCache = new Map<string, Parsed<Literal> | 'expression'>();

export const NOT_A_SINGLE_NUMBER = 'expression' as const;

/**
 * Reads a typed number exactly. Returns 'expression' when the text is valid maths but not a
 * single number (e.g. `3+4`, `sqrt(16)`), so callers can say "work it out".
 */
export function parseLiteral(text: string, shown: string = text): Parsed<Literal> | 'expression' {
  const hit = literalCache.get(text) ?? remember(literalCache, text, buildLiteral(text, SHOWN));
  return hit === NOT_A_SINGLE_NUMBER ? hit : withShown(hit, shown);
}

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x;
}

function buildLiteral(text: string, shown: string): Parsed<Literal> | 'expression' {
  const mixed = MIXED.exec(text);
  if (mixed) {
    const [, sign, whole, num, den] = mixed;
    const d = Number(den);
    if (d === 0) return fail(`'${shown}' divides by zero.`);
    const n = Number(num);
    let value = mathjs.fraction(Number(whole), 1).add(mathjs.fraction(n, d));
    if (sign === '-') value = value.neg();
    return { ok: true, value: { value, form: 'mixed', lowestTerms: gcd(n, d) === 1 && n < d, written: { numerator: n, denominator: d } } };
  }
  const plain = THOUSANDS.test(text) ? text.replace(/[, ]/g, '') : text;
  const raw = parseRaw(plain, shown);
  if (!raw.ok) return raw;
  const node = strip(raw.value);
  const signed = (n: MathNode): { v: Fraction; text: string } | null => {
    const inner = strip(n);
    const op = asOp(inner);
    if (op && (op.fn === 'unaryMinus' || op.fn === 'unaryPlus') && op.args[0]) {
      const v = signed(op.args[0]);
      return v && { v: op.fn === 'unaryMinus' ? v.v.neg() : v.v, text: v.text };
    }
    const c = asConst(inner);
    if (c && typeof c.value === 'number' && Number.isFinite(c.value)) {
      let v: Fraction;
      try {
        v = mathjs.fraction(String(c.value));
      } catch {
        v = mathjs.fraction(c.value);
      }
      return { v, text: String(c.value) };
    }
    return null;
  };
  const single = signed(node);
  if (single) {
    const isInt = single.v.d === 1n;
    return { ok: true, value: { value: single.v, form: isInt ? 'integer' : 'decimal', lowestTerms: true, written: null } };
  }
  let sign = 1;
  let body = node;
  for (let op = asOp(body); op && (op.fn === 'unaryMinus' || op.fn === 'unaryPlus') && op.args[0]; op = asOp(body)) {
    if (op.fn === 'unaryMinus') sign = -sign;
    body = strip(op.args[0]);
  }
  const div = asOp(body);
  if (div && div.fn === 'divide' && div.args[0] && div.args[1]) {
    const top = signed(div.args[0]);
    const bottom = signed(div.args[1]);
    if (top && bottom) {
      if (bottom.v.equals(0)) return fail(`'${shown}' divides by zero.`);
      const value = sign < 0 ? top.v.div(bottom.v).neg() : top.v.div(bottom.v);
      const n = Math.abs(Number(top.text));
      const d = Math.abs(Number(bottom.text));
      const integers = Number.isInteger(n) && Number.isInteger(d);
      return {
        ok: true,
        value: { value, form: 'fraction', lowestTerms: integers && gcd(n, d) === 1 && d !== 1, written: integers ? { numerator: n, denominator: d } : null },
      };
    }
  }
  return NOT_A_SINGLE_NUMBER;
}


// ---------------------------------------------------------------------------------------------
// Equivalence by evaluation at sample points

const POINT_COUNT = 10;
/** Fixed, seeded sample points in [-3.3, 3.3] (mixed signs) and (0.2, 3.2] (positive only). */
const SAMPLE_POINTS: number[][] = (() => {
  const next = mulberry32(0x5eed);
  const points: number[][] = [];
  for (let i = 0; i < POINT_COUNT; i++) {
    const row: number[] = [];
    for (let v = 0; v < 6; v++) {
      const positive = i >= 6;
      const r = next();
      row.push(positive ? 0.2 + 3 * r : (r - 0.5) * 6.6);
    }
    points.push(row);
  }
  return points;
})();

const scopeCache = new Map<string, Map<string, number>[]>();

/** The sample points as mathjs scopes (Maps, which mathjs uses without wrapping). */
export function samplePoints(variables: readonly string[], fixed?: Readonly<Record<string, number>>): Map<string, number>[] {
  const key = `${variables.join('')}|${fixed ? JSON.stringify(fixed) : ''}`;
  let scopes = scopeCache.get(key);
  if (!scopes) {
    scopes = SAMPLE_POINTS.map((row) => {
      const scope = new Map<string, number>(Object.entries(fixed ?? {}));
      variables.forEach((v, i) => scope.set(v, row[i % row.length] as number));
      return scope;
    });
    remember(scopeCache, key, scopes);
  }
  return scopes;
}

const memoCache = new WeakMap<object, Map<string, unknown>>();

/** Memoises a pure property of a parsed expression (parsed expressions are cached and shared). */
export function memo<T>(owner: object, name: string, compute: () => T): T {
  let byName = memoCache.get(owner);
  if (!byName) {
    byName = new Map();
    memoCache.set(owner, byName);
  }
  if (byName.has(name)) return byName.get(name) as T;
  const value = compute();
  byName.set(name, value);
  return value;
}

const valueCache = new WeakMap<ParsedExpression, Map<string, Float64Array>>();

/** Values at the sample points, computed once per parsed expression. */
export function sampleValues(expr: ParsedExpression, variables: readonly string[], fixed?: Readonly<Record<string, number>>): Float64Array {
  const key = `${variables.join('')}|${fixed ? JSON.stringify(fixed) : ''}`;
  let byKey = valueCache.get(expr);
  if (!byKey) {
    byKey = new Map();
    valueCache.set(expr, byKey);
  }
  let values = byKey.get(key);
  if (!values) {
    values = Float64Array.from(samplePoints(variables, fixed), (scope) => evaluateAt(expr, scope));
    byKey.set(key, values);
  }
  return values;
}

export const closeRel = (a: number, b: number, rel = 1e-8): boolean => Math.abs(a - b) <= rel * Math.max(1, Math.abs(a), Math.abs(b));

export type Verdict = 'equal' | 'different' | 'undetermined';

export interface SampleOptions {
  /** Allow f = g + constant (indefinite integrals). */
  allowConstant?: boolean;
  /** Values for extra names (e.g. the constant of integration) in f and in g. */
  fixedF?: Readonly<Record<string, number>>;
  fixedG?: Readonly<Record<string, number>>;
}

/** f ≡ g (or f ≡ g + constant), judged at the sample points. */
export function sameFunction(f: ParsedExpression, g: ParsedExpression, variables: readonly string[], options: SampleOptions = {}): Verdict {
  const { allowConstant = false, fixedF, fixedG } = options;
  if (f === g && JSON.stringify(fixedF) === JSON.stringify(fixedG)) return 'equal';
  const fa = sampleValues(f, variables, fixedF);
  const ga = sampleValues(g, variables, fixedG);
  let agreeing = 0;
  let offset: number | null = null;
  for (let i = 0; i < fa.length; i++) {
    const a = fa[i] as number;
    const b = ga[i] as number;
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    if (allowConstant) {
      const d = a - b;
      if (offset === null) offset = d;
      else if (!closeRel(d, offset, 1e-7) && Math.abs(d - offset) > 1e-7) return 'different';
    } else if (!closeRel(a, b)) {
      return 'different';
    }
    agreeing++;
  }
  return agreeing >= 4 ? 'equal' : 'undetermined';
}

/** lhs₁ - rhs₁ is a nonzero constant multiple of lhs₂ - rhs₂ (the same equation rearranged). */
export function proportionalFunctions(f: ParsedExpression, g: ParsedExpression, variables: readonly string[]): Verdict {
  if (f === g) return 'equal';
  const fa = sampleValues(f, variables);
  const ga = sampleValues(g, variables);
  let ratio: number | null = null;
  let agreeing = 0;
  for (let i = 0; i < fa.length; i++) {
    const a = fa[i] as number;
    const b = ga[i] as number;
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    if (Math.abs(b) < 1e-9) {
      if (Math.abs(a) < 1e-9) continue;
      return 'different';
    }
    const r = a / b;
    if (ratio === null) {
      if (Math.abs(r) < 1e-12) return 'different';
      ratio = r;
    } else if (!closeRel(r, ratio, 1e-7)) {
      return 'different';
    }
    agreeing++;
  }
  return agreeing >= 4 ? 'equal' : 'undetermined';
}

// ---------------------------------------------------------------------------------------------
// How an answer is written

/** Size of an expression: operators, numbers and names; parentheses, signs and a/b fractions of numbers count once. */
export function nodeSize(n: MathNode): number {
  const s = strip(n);
  const op = asOp(s);
  if (op) {
    if (op.fn === 'unaryMinus' || op.fn === 'unaryPlus') return op.args[0] ? nodeSize(op.args[0]) : 0;
    if (op.fn === 'divide' && op.args.every((a) => isNumberNode(a))) return 1;
    return 1 + op.args.reduce((sum, a) => sum + nodeSize(a), 0);
  }
  const f = asFn(s);
  if (f) return 1 + f.args.reduce((sum, a) => sum + nodeSize(a), 0);
  return 1;
}

/** A number, possibly signed or in parentheses. */
export function isNumberNode(n: MathNode): boolean {
  const s = strip(n);
  const op = asOp(s);
  if (op && (op.fn === 'unaryMinus' || op.fn === 'unaryPlus') && op.args[0]) return isNumberNode(op.args[0]);
  return s.type === 'ConstantNode';
}

/** A power whose exponent is not a whole number (2^(1/2) is exact, not a decimal). */
export function hasFractionalPower(n: MathNode): boolean {
  return (
    n.filter((x: MathNode) => {
      const op = asOp(x);
      if (!op || op.fn !== 'pow' || !op.args[1]) return false;
      const e = asConst(strip(op.args[1]));
      return !e || typeof e.value !== 'number' || !Number.isInteger(e.value);
    }).length > 0
  );
}

/** Only numbers and arithmetic: no names, no functions. */
export function isPureArithmetic(n: MathNode): boolean {
  return n.filter((x: MathNode) => x.type === 'SymbolNode' || x.type === 'FunctionNode').length === 0;
}

/** The additive terms of an expression (top level), signs dropped. */
export function additiveTerms(n: MathNode): MathNode[] {
  const s = strip(n);
  const op = asOp(s);
  if (op && (op.fn === 'add' || op.fn === 'subtract') && op.args.length === 2) {
    return op.args.flatMap((a) => additiveTerms(a));
  }
  if (op && (op.fn === 'unaryMinus' || op.fn === 'unaryPlus') && op.args[0]) {
    const inner = strip(op.args[0]);
    const innerOp = asOp(inner);
    if (innerOp && (innerOp.fn === 'add' || innerOp.fn === 'subtract')) return [s];
    return additiveTerms(inner);
  }
  return [s];
}

/** The factors of a product (flattening multiplication chains), signs dropped. */
export function productFactors(n: MathNode): MathNode[] {
  const s = strip(n);
  const op = asOp(s);
  if (op && op.fn === 'multiply') return op.args.flatMap((a) => productFactors(a));
  if (op && (op.fn === 'unaryMinus' || op.fn === 'unaryPlus') && op.args[0]) return productFactors(op.args[0]);
  return [s];
}

export function isSum(n: MathNode): boolean {
  const s = strip(n);
  const op = asOp(s);
  if (op && (op.fn === 'unaryMinus' || op.fn === 'unaryPlus') && op.args[0]) return isSum(op.args[0]);
  return !!op && (op.fn === 'add' || op.fn === 'subtract');
}

/** Brackets left to multiply out: a product or power of a sum, or a minus in front of a bracket. */
export function hasUnexpandedBrackets(n: MathNode): boolean {
  let found = false;
  n.traverse((x: MathNode) => {
    if (found) return;
    const op = asOp(x);
    if (!op) return;
    if (op.fn === 'multiply' && op.args.some((a) => isSum(a))) found = true;
    else if (op.fn === 'pow' && op.args[0] && isSum(op.args[0])) found = true;
    else if (op.fn === 'unaryMinus' && op.args[0] && isSum(op.args[0])) found = true;
    else if (op.fn === 'subtract' && op.args[1] && isSum(op.args[1])) found = true;
    else if (op.fn === 'divide' && op.args[0] && isSum(op.args[0]) && !isPureArithmetic(op.args[0])) found = true;
  });
  return found;
}

/**
 * Arithmetic left undone or like terms not collected: two numbers multiplied or added, a number
 * raised to a number power, the same letter twice in one product, or two terms that are
 * the same apart from their number factors (2x and 5x, 3√2 and √2, 4 and 7).
 */
export function hasUncollectedTerms(n: MathNode): boolean {
  let found = false;
  n.traverse((x: MathNode) => {
    if (found) return;
    const op = asOp(x);
    if (!op) return;
    if (op.fn === 'multiply') {
      const factors = productFactors(x);
      if (factors.filter((f) => isNumberNode(f) || isNumberFraction(f)).length >= 2) found = true;
      const bases = factors.map(letterBase).filter((b): b is string => b !== null);
      if (new Set(bases).size !== bases.length) found = true;
    } else if (op.fn === 'pow' && op.args.every((a) => isNumberNode(a))) {
      found = true;
    } else if ((op.fn === 'add' || op.fn === 'subtract') && op.args.every((a) => isNumberNode(a) || isNumberFraction(a))) {
      found = true;
    }
  });
  if (found) return true;
  const signatures = additiveTerms(n).map(termSignature);
  return new Set(signatures).size !== signatures.length;
}

/** A term without its number factors: like terms (2x and 5x, 3√2 and √2, 4 and 7) share one. */
function termSignature(term: MathNode): string {
  let s = strip(term);
  for (let op = asOp(s); op && (op.fn === 'unaryMinus' || op.fn === 'unaryPlus') && op.args[0]; op = asOp(s)) s = strip(op.args[0]);
  const op = asOp(s);
  if (op && op.fn === 'divide' && op.args[0] && op.args[1]) {
    const denominator = isNumberNode(op.args[1]) ? '' : `/${nodeKey(op.args[1])}`;
    return termSignature(op.args[0]) + denominator;
  }
  return productFactors(s)
    .filter((f) => !isNumberNode(f) && !isNumberFraction(f))
    .map(nodeKey)
    .sort()
    .join('*');
}

/** A compact structural key for a node (mathjs' toString is slow). */
export function nodeKey(n: MathNode): string {
  const s = strip(n);
  const c = asConst(s);
  if (c) return String(c.value);
  const sym = asSym(s);
  if (sym) return sym.name;
  const op = asOp(s);
  if (op) return `${op.fn}(${op.args.map(nodeKey).join(',')})`;
  const f = asFn(s);
  if (f) return `${fnName(f)}[${f.args.map(nodeKey).join(',')}]`;
  return s.type;
}

function isNumberFraction(n: MathNode): boolean {
  const op = asOp(strip(n));
  return !!op && op.fn === 'divide' && op.args.every((a) => isNumberNode(a));
}

function letterBase(n: MathNode): string | null {
  const s = strip(n);
  const sym = asSym(s);
  if (sym) return sym.name;
  const op = asOp(s);
  if (op && op.fn === 'pow' && op.args[0]) {
    const base = asSym(strip(op.args[0]));
    if (base) return base.name;
  }
  return null;
}

/** Square roots whose argument is not a square-free positive integer (e.g. sqrt(12), sqrt(4), sqrt(2x)). */
export function hasUnsimplifiedSurd(n: MathNode): boolean {
  return (
    n.filter((x: MathNode) => {
      const f = asFn(x);
      if (!f || fnName(f) !== 'sqrt' || !f.args[0]) return false;
      const c = asConst(strip(f.args[0]));
      if (!c || typeof c.value !== 'number' || !Number.isInteger(c.value) || c.value < 2) return true;
      for (let k = 2; k * k <= c.value; k++) if (c.value % (k * k) === 0) return true;
      return false;
    }).length > 0
  );
}

/** A square root (or other root) left in a denominator. */
export function hasRootInDenominator(n: MathNode): boolean {
  return (
    n.filter((x: MathNode) => {
      const op = asOp(x);
      return !!op && op.fn === 'divide' && !!op.args[1] && op.args[1].filter((y: MathNode) => asFn(y) !== null).length > 0;
    }).length > 0
  );
}

/**
 * Written as a product (or power) and fully factorised: no factor that is a sum still has a
 * common number factor, a common factor of the variable, or a whole-number root.
 */
export function factorisationIssue(n: MathNode, variable: string): 'not_product' | 'not_fully' | null {
  let top = strip(n);
  for (let op = asOp(top); op && (op.fn === 'unaryMinus' || op.fn === 'unaryPlus') && op.args[0]; op = asOp(top)) {
    top = strip(op.args[0]);
  }
  const op = asOp(top);
  if (!op || !(op.fn === 'multiply' || op.fn === 'pow')) return 'not_product';
  const factors = op.fn === 'pow' ? [strip(op.args[0] as MathNode)] : productFactors(top).map((f) => {
    const p = asOp(f);
    return p && p.fn === 'pow' && p.args[0] ? strip(p.args[0]) : f;
  });
  const sums = factors.filter((f) => isSum(f));
  if (sums.length === 0) return 'not_product';
  for (const factor of sums) {
    const coefficients = polynomialCoefficients(factor, variable);
    if (!coefficients) continue;
    const nonzero = coefficients.filter((c) => c !== 0);
    if (nonzero.length >= 2 && nonzero.reduce((g, c) => gcd(g, c), 0) > 1) return 'not_fully';
    if (coefficients[0] === 0 && nonzero.length >= 2) return 'not_fully';
    const degree = coefficients.length - 1;
    if (degree >= 2) {
      const compiled = factor.compile();
      for (let r = -12; r <= 12; r++) {
        const v: unknown = compiled.evaluate({ [variable]: r });
        if (typeof v === 'number' && Math.abs(v) < 1e-9) return 'not_fully';
      }
    }
  }
  return null;
}

/** Integer coefficients [c0, c1, ...] of a polynomial of degree ≤ 4 in one variable, or null. */
function polynomialCoefficients(n: MathNode, variable: string): number[] | null {
  const symbols = new Set(n.filter((x: MathNode) => x.type === 'SymbolNode').map((x) => (x as unknown as SymNode).name));
  if ([...symbols].some((s) => s !== variable)) return null;
  let compiled: EvalFunction;
  try {
    compiled = n.compile();
  } catch {
    return null;
  }
  // Values at 0..5; forward differences give the degree; solve by Newton's form.
  const ys: number[] = [];
  for (let k = 0; k <= 5; k++) {
    const v: unknown = compiled.evaluate({ [variable]: k });
    if (typeof v !== 'number' || !Number.isFinite(v)) return null;
    ys.push(v);
  }
  // Newton divided differences with unit spacing
  const diffs: number[] = [];
  let row = ys.slice();
  while (row.length > 0) {
    diffs.push(row[0] as number);
    row = row.slice(1).map((v, i) => v - (row[i] as number));
  }
  if (Math.abs(diffs[5] as number) > 1e-9) return null; // degree > 4
  // Convert Newton form sum d_k * C(x, k) to monomial coefficients
  const coefficients = [0, 0, 0, 0, 0];
  let basis = [1]; // polynomial x(x-1)...(x-k+1) / k!
  for (let k = 0; k <= 4; k++) {
    const dk = diffs[k] as number;
    basis.forEach((b, i) => {
      coefficients[i] = (coefficients[i] as number) + dk * b;
    });
    // next basis: basis * (x - k) / (k + 1)
    const next = new Array<number>(basis.length + 1).fill(0);
    basis.forEach((b, i) => {
      next[i + 1] = (next[i + 1] as number) + b / (k + 1);
      next[i] = (next[i] as number) - (b * k) / (k + 1);
    });
    basis = next;
  }
  const rounded = coefficients.map((c) => Math.round(c));
  if (coefficients.some((c, i) => Math.abs(c - (rounded[i] as number)) > 1e-6)) return null;
  while (rounded.length > 1 && rounded[rounded.length - 1] === 0) rounded.pop();
  return rounded;
}

