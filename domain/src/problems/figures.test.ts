import { describe, expect, test } from 'vitest';
import { barChartFigure, clockFigure, pieChartFigure, rectangleFigure, slicedCircleFigure } from './figures.ts';
import { problemFigure, problemTemplates } from './templates.ts';

/**
 * Property tests over every template that draws a figure: for many seeds the SVG is well formed,
 * uses only the drawing elements, carries nothing active or external, and shows the problem's own
 * numbers (its labels and its text alternative name only numbers of the question, or of an evenly
 * spaced scale; the data a chart or a measuring picture is about are drawn exactly as the question
 * gives them).
 */

const SEEDS = 150;
const ALLOWED = new Set(['svg', 'title', 'rect', 'line', 'polygon', 'circle', 'text']);

/** Tags nest and close properly; returns the element names met (checked without an `expect` per tag: a number line has a hundred). */
function wellFormed(svg: string): string[] {
  const names: string[] = [];
  const open: string[] = [];
  const tag = /<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z][a-zA-Z0-9:-]*="[^"<>]*")*)\s*(\/?)>/g;
  let at = 0;
  const fail = (why: string) => expect.fail(`${why} at ${at}: ${svg.slice(at, at + 80)}`);
  for (let match = tag.exec(svg); match; match = tag.exec(svg)) {
    // Only text between tags; no stray '<' or '>'.
    if (/[<>]/.test(svg.slice(at, match.index))) fail('stray < or >');
    at = tag.lastIndex;
    const [, closing, name, , selfClosing] = match;
    if (closing) {
      if (open.pop() !== name) fail(`</${name}> closes another element`);
    } else {
      names.push(name!);
      if (!selfClosing) open.push(name!);
    }
  }
  expect(svg.slice(at)).toBe('');
  expect(open).toEqual([]);
  return names;
}

const numbersIn = (text: string): string[] => text.match(/\d+(?:\.\d+)?/g) ?? [];
const labelsOf = (svg: string): string[] => [...svg.matchAll(/<text (?![^>]*class="scale")[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
/** The numbers of a scale (ruler, axis, number line): labels of class 'scale'. */
const scaleOf = (svg: string): number[] => [...svg.matchAll(/<text class="scale"[^>]*>([^<]*)<\/text>/g)].map((m) => Number(m[1]));

/** What the figure of a chart, a number line or a measuring picture must show, read from the question. */
const SHOWN: Record<string, (question: string) => string[]> = {
  'stats-mean-frequency-table': (q) => [...q.matchAll(/(\d+) & (\d+)/g)].map((m) => m[2]!),
  'stats-grouped-mean-estimate': (q) => [...q.matchAll(/\\le (\d+) & (\d+)/g)].map((m) => m[2]!),
  'probability-single-event': (q) => [...q.matchAll(/(\d+) (red|blue|green|yellow|white)/g)].map((m) => `${m[2]} ${m[1]}`),
  'measure-compare-lengths': (q) => [...q.matchAll(/ (\w+) is (\d+) cm long/g)].map((m) => `${m[1]} ${m[2]} cm`),
  'negative-temperature': (q) => [`${/was (-?\d+) °C/.exec(q)![1]} °C`],
  'measure-convert-mass-capacity': (q) => [/Convert ([\d.]+) (\w+) to/.exec(q)!.slice(1, 3).join(' ')],
  'cmp-between': (q) => /between \$(\d+)\$ and \$(\d+)\$/.exec(q)!.slice(1, 3),
  'negative-add-subtract': (q) => [/\$(-?\d+) [-+]/.exec(q)![1]!],
  'negative-ordering': () => [],
};

/** `part` appears in `whole` in the same order (other labels may come between). */
function inOrder(part: readonly string[], whole: readonly string[]): boolean {
  let at = 0;
  for (const item of whole) if (item === part[at]) at += 1;
  return at === part.length;
}

const withFigures = problemTemplates.filter((template) => template.figure?.(0) !== null && template.figure !== undefined);

describe('problem figures', () => {
  test('shapes, angles, clocks, coordinates, number lines, charts and measuring have figures', () => {
    expect(withFigures.map((t) => t.id).sort()).toEqual(
      [
        'angles-straight-line',
        'angles-triangle',
        'area-rectangle',
        'coordinates-distance',
        'coordinates-gradient',
        'coordinates-midpoint',
        'perimeter-rectangle',
        'time-read-clock',
        'fraction-of-shape',
        ...Object.keys(SHOWN),
      ].sort(),
    );
  });

  test.each(withFigures.map((t) => [t.id, t] as const))('%s: well-formed, inert SVG showing the numbers of the question', (_id, template) => {
    for (let seed = 0; seed < SEEDS; seed++) {
      const problem = template.generate(seed);
      const figure = problemFigure(template.id, seed)!;
      expect(figure, `seed ${seed}`).not.toBeNull();
      const { svg, alt } = figure;
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ')).toBe(true);
      expect(wellFormed(svg).filter((name) => !ALLOWED.has(name))).toEqual([]);
      expect(svg).not.toMatch(/script|href|url\(|\son[a-z]+=|<style|<foreignObject|javascript:/i);
      expect(svg).toContain(`<title>${alt}</title>`);
      // Drawn from the same seed as the question: its numbers are the question's (so the answer is
      // never drawn, unless the question itself states that number).
      const asked = new Set(numbersIn(problem.question));
      // A scale is evenly spaced: its numbers are the same kind of ticks whatever the answer.
      const scale = scaleOf(svg);
      const uneven = scale.filter((n, i) => i > 0 && Math.abs(n - scale[i - 1]! - (scale[1]! - scale[0]!)) > 1e-9);
      expect(uneven, `${template.id} seed ${seed}: scale ${scale}`).toEqual([]);
      const scaleNumbers = new Set(scale.map((n) => String(Math.abs(n))));
      for (const n of numbersIn(alt)) {
        expect(asked.has(n) || scaleNumbers.has(n), `${template.id} seed ${seed}: ${n} in "${alt}" but not in "${problem.question}"`).toBe(true);
      }
      if (template.id !== 'time-read-clock') {
        for (const n of labelsOf(svg).flatMap(numbersIn)) expect(asked.has(n), `${template.id} seed ${seed}: label ${n}`).toBe(true);
      }
      const shown = SHOWN[template.id]?.(problem.question);
      if (shown) expect(inOrder(shown, labelsOf(svg)), `${template.id} seed ${seed}: ${shown} in ${labelsOf(svg)}`).toBe(true);
    }
  });

  test('a tutor problem (no template) and a template without figures have none', () => {
    expect(problemFigure(null, null)).toBeNull();
    expect(problemFigure('add-within-20', 1)).toBeNull();
    expect(problemFigure('no-such-template', 1)).toBeNull();
  });

  test('bars are as tall as their values, pie slices as big as their shares, eaten slices drawn empty', () => {
    const bars = barChartFigure({ categories: ['0', '1', '2'], values: [3, 9, 6], categoryTitle: 'Pets', valueTitle: 'Frequency', alt: 'A bar chart.' });
    const heights = [...bars.svg.matchAll(/<rect [^>]*height="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(heights.map((h) => h / heights[0]!)).toEqual([1, 3, 2].map((r) => expect.closeTo(r, 2)));
    expect(labelsOf(bars.svg)).toEqual(['3', '0', '9', '1', '6', '2', 'Pets', 'Frequency']);

    const pie = pieChartFigure(
      [
        { name: 'red', value: 1 },
        { name: 'blue', value: 3 },
      ],
      'A pie chart.',
    );
    const area = (points: string) => {
      const xy = points.split(' ').map((p) => p.split(',').map(Number) as [number, number]);
      return Math.abs(xy.reduce((sum, [x, y], i) => sum + x * xy[(i + 1) % xy.length]![1] - xy[(i + 1) % xy.length]![0] * y, 0)) / 2;
    };
    const [red, blue] = [...pie.svg.matchAll(/<polygon points="([^"]+)"/g)].map((m) => area(m[1]!));
    expect(blue! / red!).toBeCloseTo(3, 1);

    const cake = slicedCircleFigure(8, 3, 'cake');
    expect(cake.svg.match(/<polygon /g)).toHaveLength(8);
    expect(cake.svg.match(/stroke-dasharray/g)).toHaveLength(3);
    expect(cake.alt).toBe('A cake cut into 8 equal slices. 3 of the slices have been eaten and are drawn empty.');
  });

  test('text is escaped and the clock face has its twelve numbers', () => {
    expect(rectangleFigure(3, 2, '<cm>').svg).toContain('3 &lt;cm&gt;');
    const clock = clockFigure(4, 15);
    expect(labelsOf(clock.svg)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(clock.alt).toBe('A clock face. The long minute hand points to 3 and the short hour hand is just past 4.');
  });
});
