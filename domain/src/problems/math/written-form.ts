/**
 * How an answer is written, read off its parsed tree: its size, brackets left to multiply out,
 * like terms not collected, surds not simplified, roots in a denominator.
 */
import type { MathNode } from 'mathjs';
import { asConst, asFn, asOp, asSym, fnName, strip, unsigned, type OpNode } from './nodes.ts';

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
function isNumberNode(n: MathNode): boolean {
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

/** Whether an operator anywhere in the tree passes `test` (mathjs' traverse cannot stop, so the rest is skipped). */
function anyOperator(n: MathNode, test: (op: OpNode, node: MathNode) => boolean): boolean {
  let found = false;
  n.traverse((x: MathNode) => {
    if (found) return;
    const op = asOp(x);
    if (op && test(op, x)) found = true;
  });
  return found;
}

/** Brackets left to multiply out: a product or power of a sum, or a minus in front of a bracket. */
export function hasUnexpandedBrackets(n: MathNode): boolean {
  return anyOperator(n, (op) => {
    if (op.fn === 'multiply') return op.args.some((a) => isSum(a));
    if (op.fn === 'pow' || op.fn === 'unaryMinus') return !!op.args[0] && isSum(op.args[0]);
    if (op.fn === 'subtract') return !!op.args[1] && isSum(op.args[1]);
    if (op.fn === 'divide') return !!op.args[0] && isSum(op.args[0]) && !isPureArithmetic(op.args[0]);
    return false;
  });
}

/**
 * Arithmetic left undone or like terms not collected: two numbers multiplied or added, a number
 * raised to a number power, the same letter twice in one product, or two terms that are
 * the same apart from their number factors (2x and 5x, 3√2 and √2, 4 and 7).
 */
export function hasUncollectedTerms(n: MathNode): boolean {
  const undone = anyOperator(n, (op, x) => {
    if (op.fn === 'multiply') {
      const factors = productFactors(x);
      if (factors.filter((f) => isNumberNode(f) || isNumberFraction(f)).length >= 2) return true;
      const bases = factors.map(letterBase).filter((b): b is string => b !== null);
      return new Set(bases).size !== bases.length;
    }
    if (op.fn === 'pow') return op.args.every((a) => isNumberNode(a));
    if (op.fn === 'add' || op.fn === 'subtract') return op.args.every((a) => isNumberNode(a) || isNumberFraction(a));
    return false;
  });
  if (undone) return true;
  const signatures = additiveTerms(n).map(termSignature);
  return new Set(signatures).size !== signatures.length;
}

/** A term without its number factors: like terms (2x and 5x, 3√2 and √2, 4 and 7) share one. */
function termSignature(term: MathNode): string {
  const s = unsigned(term).node;
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
function nodeKey(n: MathNode): string {
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

/** What each square root holds: its whole number, or null when that is not a whole number (sqrt(4+9), sqrt(2x)). */
function squareRootArguments(n: MathNode): (number | null)[] {
  const found: (number | null)[] = [];
  n.traverse((x: MathNode) => {
    const f = asFn(x);
    if (!f || fnName(f) !== 'sqrt' || !f.args[0]) return;
    const c = asConst(strip(f.args[0]));
    found.push(c && typeof c.value === 'number' && Number.isInteger(c.value) ? c.value : null);
  });
  return found;
}

/** A square root of something other than a whole number: arithmetic or a decimal left inside it. */
export function hasRootOfNonWholeNumber(n: MathNode): boolean {
  return squareRootArguments(n).includes(null);
}

/** Square roots whose argument is not a square-free positive integer (e.g. sqrt(12), sqrt(4), sqrt(2x)). */
export function hasUnsimplifiedSurd(n: MathNode): boolean {
  return squareRootArguments(n).some((v) => {
    if (v === null || v < 2) return true;
    for (let k = 2; k * k <= v; k++) if (v % (k * k) === 0) return true;
    return false;
  });
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
