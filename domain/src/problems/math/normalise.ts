/** Typed input to the syntax mathjs reads: spaces, unicode operators, √, superscripts, |x|, a little LaTeX. */
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

// Plain ASCII with no `sqrt 2`-style call needs no rewriting: most answers return at once.
const PLAIN_ASCII = /^[0-9a-zA-Z+\-/^(). ]*$/;
const FUNCTION_SPACE = /(?<![a-zA-Z])(?:sqrt|ln|log|sin|cos|tan)\s+[\w.]/;

/** Typed maths to the syntax mathjs reads: unicode operators, √, superscripts, |x|, **. */
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
