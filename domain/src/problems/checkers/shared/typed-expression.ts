/** Reading expression answers: the stored correct expression (cached) and a label such as `y =` or `f(x) =` in front. */
import type { MathNode } from 'mathjs';
import { cached } from '../../math/cache.ts';
import { asSym } from '../../math/nodes.ts';
import { normaliseMath } from '../../math/normalise.ts';
import { evaluateAt, parseExpression, parseRaw, type ParsedExpression } from '../../math/parse.ts';
import { isPureArithmetic, nodeSize } from '../../math/written-form.ts';

/** A stored correct answer read as an expression, with what the checks compare against. */
interface CorrectExpression {
  expr: ParsedExpression;
  variables: string[];
  size: number;
  value: number;
  irrational: boolean;
}
const correctExpressions = new Map<string, CorrectExpression | null>();

export function correctExpression(text: string, variables: readonly string[] | null): CorrectExpression | null {
  return cached(correctExpressions, `${variables?.join('') ?? '*'}|${text}`, () => readCorrectExpression(text, variables));
}

function readCorrectExpression(text: string, variables: readonly string[] | null): CorrectExpression | null {
  const normalised = normaliseMath(text);
  let vars = variables ? [...variables] : [];
  if (!variables) {
    // Variables not declared: every single letter other than e is one.
    const raw = parseRaw(normalised);
    if (!raw.ok) return null;
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
  if (!parsed.ok) return null;
  return {
    expr: parsed.value,
    variables: vars,
    size: nodeSize(parsed.value.node),
    value: vars.length === 0 ? evaluateAt(parsed.value, {}) : NaN,
    irrational: !isPureArithmetic(parsed.value.node),
  };
}

/** What may stand before `=` in an expression answer: y, f(x), f'(x), dy/dx, f^-1(x), T_n, ... */
const EXPRESSION_LABEL =
  /^\s*(?:[a-zA-Z]{1,2}'{0,2}\s*(?:\(\s*[a-zA-Z]\s*\))?|d[a-z]\/d[a-z]|[a-zA-Z]\s*\^?\s*\(?\s*[-−]\s*1\s*\)?\s*\(\s*[a-zA-Z]\s*\)|[a-zA-Z]_\{?[a-zA-Z0-9]\}?)\s*=\s*/;

export function stripLabel(given: string, variables: readonly string[]): string {
  const m = EXPRESSION_LABEL.exec(given);
  if (!m) return given;
  const label = m[0].replace(/=\s*$/, '').trim();
  // "x = ..." is not a label when x is the expression's own variable.
  if (variables.includes(label)) return given;
  return given.slice(m[0].length);
}
