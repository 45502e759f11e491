/**
 * The mathjs instance the checkers parse with, and narrow views of its nodes (mathjs' node types
 * are generic-heavy; these views are all the checkers need).
 */
import { all, create, type MathNode } from 'mathjs';

/** `predictable` keeps results real numbers (sqrt(-1) is NaN, not a complex number). */
export const mathjs = create(all as NonNullable<typeof all>, { predictable: true });

export interface OpNode {
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

/** A node without the signs (and parentheses) in front of it; `negative` when an odd number of minuses was dropped. */
export function unsigned(n: MathNode): { node: MathNode; negative: boolean } {
  let node = strip(n);
  let negative = false;
  for (let op = asOp(node); op && (op.fn === 'unaryMinus' || op.fn === 'unaryPlus') && op.args[0]; op = asOp(node)) {
    if (op.fn === 'unaryMinus') negative = !negative;
    node = strip(op.args[0]);
  }
  return { node, negative };
}
