import { expect, test } from 'vitest';
import { looksLikeMath, renderTex, splitMath } from './math-text.tsx';
import { typedMathToLatex } from './typed-math.ts';

test('splitMath separates text from $…$ and $$…$$ maths', () => {
  expect(splitMath('Work out $\\frac{3}{4} + 1$ now.')).toEqual([
    { kind: 'text', value: 'Work out ' },
    { kind: 'inline', value: '\\frac{3}{4} + 1' },
    { kind: 'text', value: ' now.' },
  ]);
  expect(splitMath('$$x^2$$')).toEqual([{ kind: 'display', value: 'x^2' }]);
  expect(splitMath('Costs \\$5 and $x$')).toEqual([
    { kind: 'text', value: 'Costs $5 and ' },
    { kind: 'inline', value: 'x' },
  ]);
  expect(splitMath('an unclosed $ stays text')).toEqual([{ kind: 'text', value: 'an unclosed $ stays text' }]);
  expect(splitMath('$\\text{a \\$ b}$')).toEqual([{ kind: 'inline', value: '\\text{a \\$ b}' }]);
});

test('KaTeX output carries MathML for screen readers and never throws on bad LaTeX', () => {
  const html = renderTex('\\frac{1}{2}');
  expect(html).toContain('<math');
  expect(html).toContain('<mfrac>');
  expect(renderTex('\\frac{1}{')).toContain('katex-error');
  // No raw HTML passes through.
  expect(renderTex('<img src=x onerror=alert(1)>')).not.toContain('<img');
  expect(renderTex('\\href{javascript:alert(1)}{x}')).not.toMatch(/<a\b|href=/);
});

test('typed answers become LaTeX for the preview', () => {
  const cases: [string, string][] = [
    ['3/4', '\\frac{3}{4}'],
    ['x^2', '{x}^{2}'],
    ['√(2)', '\\sqrt{2}'],
    ['sqrt(18)', '\\sqrt{18}'],
    ['2pi', '2\\pi'],
    ['±3', '\\pm 3'],
    // A mixed number sits against its fraction; anything else before a fraction keeps its space.
    ['1 3/4', '1\\frac{3}{4}'],
    ['x 1/2', 'x\\ \\frac{1}{2}'],
    ['1 x/2', '1\\ \\frac{x}{2}'],
    ['x <= 4', 'x\\le 4'],
    // Units after a number are upright (issue 31: `6cm` read as the variables c × m); in an expression letters stay variables.
    ['12 cm', '12\\ \\mathrm{cm}'],
    ['6cm', '6\\mathrm{cm}'],
    ['3 m', '3\\ \\mathrm{m}'],
    ['24 cm²', '24\\ {\\mathrm{cm}}^{2}'],
    ['5 m^2', '5\\ {\\mathrm{m}}^{2}'],
    ['86p', '86\\mathrm{p}'],
    ['2m + 3', '2m+3'],
    ['(x+1)/(x-1)', '\\frac{x+1}{x-1}'],
    ['2x^-1', '2{x}^{-1}'],
    ['3/', '\\frac{3}{\\square}'],
    ['√(', '\\sqrt{\\square}'],
    ['x²', '{x}^{2}'],
    ['5 × 10^3', '5\\times {10}^{3}'],
    ['x = 2 or x = -3', 'x=2\\ \\text{or}\\ x=-3'],
    // A product written without a sign is the whole numerator, as a teacher reads 2pi/3 (not 2·π/3,
    // which KaTeX shows like the mixed number 2⅓).
    ['2pi/3', '\\frac{2\\pi }{3}'],
    ['27pi/4 cm²', '\\frac{27\\pi }{4}\\ {\\mathrm{cm}}^{2}'],
    ['3sqrt(2)/2', '\\frac{3\\sqrt{2}}{2}'],
    ['2x/3', '\\frac{2x}{3}'],
    // A time is written tight, a ratio with the spaced colon.
    ['11:30', '11{:}30'],
    ['9:4', '9:4'],
  ];
  for (const [typed, latex] of cases) expect(typedMathToLatex(typed), typed).toBe(latex);
  // Whatever is typed renders without an error box.
  for (const typed of ['((', '))', '/^/', '$\\{', '£4.50', '3:15', '45°', '25%', '^^^', '√√']) {
    expect(renderTex(typedMathToLatex(typed)), typed).not.toContain('katex-error');
  }
});

test('only maths-looking answers are rendered as maths', () => {
  expect(looksLikeMath('3/4')).toBe(true);
  expect(looksLikeMath('12 cm')).toBe(true);
  expect(looksLikeMath('sqrt(2)')).toBe(true);
  expect(looksLikeMath('x = 2 or x = -3')).toBe(true);
  expect(looksLikeMath('pi')).toBe(true);
  expect(looksLikeMath('-pi')).toBe(true);
  expect(looksLikeMath('Triangle')).toBe(false);
  expect(looksLikeMath('It has 3 sides')).toBe(false);
});
