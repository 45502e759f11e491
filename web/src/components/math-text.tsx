import katex from 'katex';
// With KaTeX, not in main.tsx: only the pages that show maths load either (docs/web-delivery.md).
import 'katex/dist/katex.min.css';
import { Fragment, type ElementType } from 'react';
import { typedMathToLatex } from './typed-math.ts';

/**
 * Rendering maths with KaTeX.
 *
 * - `<MathText text="Work out $\frac{3}{4} + \frac{1}{8}$." />`: text with inline LaTeX between
 *   `$…$` (display maths between `$$…$$`; `\$` is a literal dollar sign). Plain text is rendered as
 *   React text (never as HTML); only KaTeX's own output is inserted as HTML.
 * - `<TypedMath value="3/4" />`: something a student typed (`3/4`, `x^2`, `√(2)`), rendered as maths.
 *
 * KaTeX renders MathML for screen readers next to the visual HTML (which it hides from them), so
 * `\frac{3}{4}` is read as "3 over 4". Bad LaTeX never throws: it shows the source in red.
 */
export interface MathTextProps {
  /** Text with inline LaTeX between `$…$`. */
  text: string;
  /** The element that wraps the text (default `span`). */
  as?: ElementType;
  className?: string;
  id?: string;
  /** Inline maths at full size (`\displaystyle`): bigger fractions, for questions and answers. */
  displayStyle?: boolean;
}

export function MathText({ text, as, className, id, displayStyle = false }: MathTextProps) {
  const Element = as ?? 'span';
  const segments = splitMath(text);
  return (
    <Element className={className ? `math-text ${className}` : 'math-text'} id={id}>
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          <Fragment key={index}>{withLineBreaks(segment.value)}</Fragment>
        ) : (
          <KatexSpan
            key={index}
            tex={displayStyle && segment.kind === 'inline' ? `\\displaystyle ${segment.value}` : segment.value}
            display={segment.kind === 'display'}
          />
        ),
      )}
    </Element>
  );
}

export interface TypedMathProps {
  /** What a student typed, e.g. `3/4`, `2x + 1`, `√(2)`. */
  value: string;
  className?: string;
}

/**
 * A typed answer shown as maths (e.g. the correct answer, or a preview of the student's input).
 * Text that is not maths ('Triangle', 'It is certain') stays plain text; `$…$` is MathText.
 */
export function TypedMath({ value, className }: TypedMathProps) {
  if (value.includes('$')) return <MathText text={value} className={className} displayStyle />;
  const tex = looksLikeMath(value) ? typedMathToLatex(value) : '';
  return (
    <span className={className ? `math-text ${className}` : 'math-text'}>
      {tex ? <KatexSpan tex={`\\displaystyle ${tex}`} display={false} /> : value}
    </span>
  );
}

const MATH_WORDS = new Set(['sqrt', 'pi', 'sin', 'cos', 'tan', 'log', 'ln', 'exp', 'or', 'and']);

/** Digits or maths symbols, and no words longer than a unit ('cm', 'kg') except maths names. */
export function looksLikeMath(value: string): boolean {
  if (!/[\d/^√π±×÷²³<>=]|\bpi\b/i.test(value)) return false;
  const words = value.match(/[A-Za-z]{3,}/g) ?? [];
  return words.every((word) => MATH_WORDS.has(word.toLowerCase()) || /^(?:sqrt|pi)/i.test(word));
}

function KatexSpan({ tex, display }: { tex: string; display: boolean }) {
  // KaTeX escapes everything it outputs and, with trust: false, allows no links, classes or styles
  // from the source, so its HTML is safe to insert.
  return <span className={display ? 'math-display' : 'math-inline'} dangerouslySetInnerHTML={{ __html: renderTex(tex, display) }} />;
}

function withLineBreaks(text: string) {
  const lines = text.split('\n');
  return lines.map((line, index) => (
    <Fragment key={index}>
      {index > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}

export type MathSegment = { kind: 'text' | 'inline' | 'display'; value: string };

/** Splits text into plain parts and `$…$` / `$$…$$` maths; an unclosed `$` stays text. */
export function splitMath(text: string): MathSegment[] {
  const segments: MathSegment[] = [];
  let plain = '';
  let i = 0;
  const pushPlain = () => {
    if (plain) segments.push({ kind: 'text', value: plain });
    plain = '';
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && text[i + 1] === '$') {
      plain += '$';
      i += 2;
      continue;
    }
    if (ch === '$') {
      const display = text[i + 1] === '$';
      const delimiter = display ? '$$' : '$';
      const end = findClosing(text, i + delimiter.length, delimiter);
      if (end > i + delimiter.length) {
        pushPlain();
        segments.push({ kind: display ? 'display' : 'inline', value: text.slice(i + delimiter.length, end) });
        i = end + delimiter.length;
        continue;
      }
    }
    plain += ch;
    i += 1;
  }
  pushPlain();
  return segments;
}

function findClosing(text: string, from: number, delimiter: string): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') {
      i += 1;
      continue;
    }
    if (text.startsWith(delimiter, i)) return i;
  }
  return -1;
}

/**
 * Runs KaTeX once on typical maths, so the code it needs is compiled before the first problem is
 * shown, and fetches its two main fonts, so that problem is laid out once, in the right font.
 */
export function warmUpMath() {
  renderTex('\\displaystyle \\frac{3}{4} + \\sqrt{2} x^{2} - 1.5 \\times \\pi \\le y');
  void document.fonts?.load('1em KaTeX_Main').catch(() => {});
  void document.fonts?.load('italic 1em KaTeX_Math').catch(() => {});
}

const cache = new Map<string, string>();
const CACHE_LIMIT = 500;

export function renderTex(tex: string, display = false): string {
  const key = `${display ? 'D' : 'I'}${tex}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const html = katex.renderToString(tex, {
    displayMode: display,
    throwOnError: false,
    output: 'htmlAndMathml',
    trust: false,
    strict: 'ignore',
    maxSize: 20,
    maxExpand: 200,
  });
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, html);
  return html;
}
