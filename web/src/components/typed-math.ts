/**
 * Turns what a student types (`3/4`, `x^2`, `√(2)`, `2pi`, `±3`, `1 3/4`, `x <= 4`, `12 cm`) into
 * LaTeX for a rendered preview. Display only: it never throws, and it does not decide whether an
 * answer is right (that is `checkAnswer` in `@mathdaily/domain`). Unfinished input shows a box
 * where something is still missing (`3/` → 3 over □, `x^` → x to the □).
 */
export function typedMathToLatex(input: string): string {
  const tokens = tokenize(input);
  const parser = new Parser(tokens);
  return parser.expression(false).latex.trim();
}

type Token =
  | { kind: 'number'; text: string }
  | { kind: 'word'; text: string }
  | { kind: 'op'; text: string }
  | { kind: 'open' }
  | { kind: 'close' }
  | { kind: 'sqrt' }
  | { kind: 'space' }
  | { kind: 'other'; text: string };

const BOX = '\\square';

const OPERATORS: Record<string, string> = {
  '+': '+',
  '-': '-',
  '−': '-',
  '–': '-',
  '*': '\\times ',
  '×': '\\times ',
  '·': '\\cdot ',
  '÷': '\\div ',
  '=': '=',
  '<': '<',
  '>': '>',
  '≤': '\\le ',
  '≥': '\\ge ',
  '≠': '\\ne ',
  '<=': '\\le ',
  '>=': '\\ge ',
  '!=': '\\ne ',
  '±': '\\pm ',
  '+-': '\\pm ',
  ',': ',\\ ',
  ';': ';\\ ',
  ':': ':',
  '%': '\\%',
  '°': '^{\\circ}',
  '!': '!',
  '/': '/',
  '^': '^',
};

const SYMBOLS: Record<string, string> = { π: '\\pi ', '∞': '\\infty ', θ: '\\theta ' };
const FUNCTIONS = ['sin', 'cos', 'tan', 'ln', 'log', 'exp'];
const NAMED: Record<string, string> = { pi: '\\pi ', theta: '\\theta ', infinity: '\\infty ', inf: '\\infty ' };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const rest = input.slice(i);
    const ch = input[i]!;
    const number = /^(\d+(?:\.\d*)?|\.\d+)/.exec(rest);
    if (number) {
      tokens.push({ kind: 'number', text: number[1]! });
      i += number[1]!.length;
      continue;
    }
    const word = /^[A-Za-z]+/.exec(rest);
    if (word) {
      tokens.push({ kind: 'word', text: word[0] });
      i += word[0].length;
      continue;
    }
    if (/\s/.test(ch)) {
      while (i < input.length && /\s/.test(input[i]!)) i += 1;
      tokens.push({ kind: 'space' });
      continue;
    }
    const two = rest.slice(0, 2);
    if (two === '<=' || two === '>=' || two === '!=' || two === '+-') {
      tokens.push({ kind: 'op', text: two });
      i += 2;
      continue;
    }
    if (ch === '(' || ch === '[') tokens.push({ kind: 'open' });
    else if (ch === ')' || ch === ']') tokens.push({ kind: 'close' });
    else if (ch === '√') tokens.push({ kind: 'sqrt' });
    else if (OPERATORS[ch] !== undefined) tokens.push({ kind: 'op', text: ch });
    else if (SYMBOLS[ch] !== undefined) tokens.push({ kind: 'word', text: ch });
    else if (/[²³¹⁰⁴-⁹]/.test(ch)) tokens.push({ kind: 'other', text: ch });
    else tokens.push({ kind: 'other', text: ch });
    i += ch.length;
  }
  return tokens;
}

/** Units the problems use (lengths, areas and volumes with powers, masses, capacities, time, money). */
const UNITS = new Set(['mm', 'cm', 'm', 'km', 'g', 'kg', 'mg', 'ml', 'l', 'cl', 'p', 's', 'min', 'h', 'hr', 'hrs', 'mph', 'ft', 'in']);

const SUPERSCRIPT_DIGITS: Record<string, string> = { '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9' };

function escapeText(text: string): string {
  return text.replace(/[\\{}$&#^_~%]/g, (c) => (c === '\\' ? '\\textbackslash{}' : c === '^' ? '\\^{}' : c === '~' ? '\\~{}' : `\\${c}`));
}

interface Item {
  latex: string;
  /** An operand can be the numerator of a fraction or the base of a power. */
  operand: boolean;
  /** For a bracketed group: its content without the brackets (used inside \frac and powers). */
  inner?: string;
  /** Words and numbers, between which a typed space is kept. */
  spaced?: boolean;
}

class Parser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.index + offset];
  }

  private skipSpaces(): void {
    while (this.peek()?.kind === 'space') this.index += 1;
  }

  /** A sequence of operands and operators, up to a closing bracket when `inGroup`. */
  expression(inGroup: boolean): { latex: string } {
    const items: Item[] = [];
    for (;;) {
      const token = this.peek();
      if (!token) break;
      if (token.kind === 'close') {
        if (inGroup) break;
        this.index += 1;
        items.push({ latex: ')', operand: false });
        continue;
      }
      if (token.kind === 'space') {
        this.index += 1;
        const previous = items.at(-1);
        const next = this.peek();
        if (previous?.spaced && next && (next.kind === 'number' || next.kind === 'word')) items.push({ latex: '\\ ', operand: false });
        continue;
      }
      if (token.kind === 'op' && token.text === '/') {
        this.index += 1;
        const previous = items.at(-1);
        let numerator = BOX;
        if (previous?.operand) {
          items.pop();
          // Operands written against each other (2pi, 3sqrt(2), 2x) are one product and all of it
          // is the numerator: 2pi/3 is 2π over 3, not 2 and π/3.
          const product = [previous];
          while (items.at(-1)?.operand) product.unshift(items.pop() as Item);
          numerator = product.length === 1 ? (previous.inner ?? previous.latex) : product.map((item) => item.latex).join('');
          // A mixed number ('1 1/2'): the whole part sits against its fraction, as printed, and is
          // read 'one and one half', not '1 one half'.
          if (items.at(-1)?.latex === '\\ ' && /^\d+$/.test(items.at(-2)?.latex ?? '') && /^\d+$/.test(numerator)) items.pop();
        }
        this.skipSpaces();
        const denominator = this.operandWithPowers();
        // spaced: a unit after a fraction keeps its space (27pi/4 cm²).
        items.push({ latex: `\\frac{${numerator}}{${denominator ? (denominator.inner ?? denominator.latex) : BOX}}`, operand: true, spaced: true });
        continue;
      }
      if (token.kind === 'op' && token.text === '^') {
        // A power with nothing before it.
        this.index += 1;
        const exponent = this.exponent();
        items.push({ latex: `{${BOX}}^{${exponent}}`, operand: true });
        continue;
      }
      if (token.kind === 'op') {
        this.index += 1;
        // A time (11:30) is written tight; a ratio keeps the spaced colon.
        const time = token.text === ':' && /^\d{1,2}$/.test(items.at(-1)?.latex ?? '') && /^\d\d$/.test((this.peek() as { text?: string } | undefined)?.text ?? '');
        items.push({ latex: time ? '{:}' : (OPERATORS[token.text] ?? escapeText(token.text)), operand: false });
        continue;
      }
      const operand = this.operandWithPowers();
      if (operand) items.push(operand);
      else {
        this.index += 1;
        items.push({ latex: token.kind === 'other' ? `\\text{${escapeText(token.text)}}` : '', operand: false });
      }
    }
    return { latex: items.map((item) => item.latex).join('') };
  }

  private exponent(): string {
    this.skipSpaces();
    let sign = '';
    const next = this.peek();
    if (next?.kind === 'op' && (next.text === '-' || next.text === '−' || next.text === '+')) {
      sign = next.text === '+' ? '+' : '-';
      this.index += 1;
    }
    const power = this.operand();
    return `${sign}${power ? (power.inner ?? power.latex) : sign ? '' : BOX}`;
  }

  private operandWithPowers(): Item | undefined {
    let base = this.operand();
    if (!base) return undefined;
    for (;;) {
      const next = this.peek();
      if (next?.kind === 'other' && SUPERSCRIPT_DIGITS[next.text] !== undefined) {
        let digits = '';
        while (this.peek()?.kind === 'other' && SUPERSCRIPT_DIGITS[(this.peek() as { text: string }).text] !== undefined) {
          digits += SUPERSCRIPT_DIGITS[(this.peek() as { text: string }).text];
          this.index += 1;
        }
        base = { latex: `{${base.latex}}^{${digits}}`, operand: true };
        continue;
      }
      if (next?.kind === 'op' && next.text === '^') {
        this.index += 1;
        base = { latex: `{${base.latex}}^{${this.exponent()}}`, operand: true };
        continue;
      }
      return base;
    }
  }

  private group(): Item {
    // The opening bracket is already consumed; a missing closing bracket is supplied.
    const inner = this.expression(true).latex;
    if (this.peek()?.kind === 'close') this.index += 1;
    const shown = inner === '' ? BOX : inner;
    return { latex: `\\left(${shown}\\right)`, operand: true, inner: shown };
  }

  private sqrt(): Item {
    this.skipSpaces();
    const next = this.peek();
    if (next?.kind === 'open') {
      this.index += 1;
      return { latex: `\\sqrt{${this.group().inner}}`, operand: true };
    }
    const radicand = this.operand();
    return { latex: `\\sqrt{${radicand ? (radicand.inner ?? radicand.latex) : BOX}}`, operand: true };
  }

  private operand(): Item | undefined {
    const token = this.peek();
    if (!token) return undefined;
    switch (token.kind) {
      case 'number':
        this.index += 1;
        return { latex: token.text, operand: true, spaced: true };
      case 'open':
        this.index += 1;
        return this.group();
      case 'sqrt':
        this.index += 1;
        return this.sqrt();
      case 'word':
        this.index += 1;
        return this.word(token.text);
      default:
        return undefined;
    }
  }

  /**
   * A unit after a number that ends the answer (`6cm`, `3 m`, `24 cm²`, `5 m^2`, `86p`) is typeset
   * upright, as printed units are; the same letters inside an expression (`2m + 3`) stay variables.
   * The word is the token just consumed.
   */
  private isUnit(text: string): boolean {
    if (!UNITS.has(text)) return false;
    let before = this.index - 2;
    if (this.tokens[before]?.kind === 'space') before -= 1;
    if (this.tokens[before]?.kind !== 'number') return false;
    const rest = this.tokens.slice(this.index);
    let i = 0;
    if (rest[i]?.kind === 'op' && (rest[i] as { text: string }).text === '^') i += 2;
    while (rest[i]?.kind === 'other' && SUPERSCRIPT_DIGITS[(rest[i] as { text: string }).text] !== undefined) i += 1;
    return rest.slice(i).every((token) => token.kind === 'space');
  }

  private word(text: string): Item {
    if (SYMBOLS[text] !== undefined) return { latex: SYMBOLS[text], operand: true };
    const lower = text.toLowerCase();
    if (lower === 'sqrt') return this.sqrt();
    if (NAMED[lower] !== undefined) return { latex: NAMED[lower], operand: true };
    const fn = FUNCTIONS.find((name) => lower.startsWith(name) && (lower.length === name.length || lower.length === name.length + 1));
    if (fn) {
      const argument = text.slice(fn.length);
      return { latex: `\\${fn} ${argument}`, operand: true, spaced: true };
    }
    if (this.isUnit(text)) return { latex: `\\mathrm{${text}}`, operand: true, spaced: true };
    const before = this.tokens[this.index - 2];
    const afterSpace = this.index - 1 === 0 || before?.kind === 'space';
    if (text.length >= 3 || (text.length === 2 && afterSpace && this.index - 1 > 0)) {
      return { latex: `\\text{${escapeText(text)}}`, operand: true, spaced: true };
    }
    return { latex: text, operand: true, spaced: true };
  }
}
