import { describe, expect, test } from 'vitest';
import { clockFigure, rectangleFigure } from './figures.ts';
import { problemFigure, problemTemplates } from './templates.ts';

/**
 * Property tests over every template that draws a figure: for many seeds the SVG is well formed,
 * uses only the drawing elements, carries nothing active or external, and shows the problem's own
 * numbers (its labels and its text alternative name only numbers of the question).
 */

const SEEDS = 150;
const ALLOWED = new Set(['svg', 'title', 'rect', 'line', 'polygon', 'circle', 'text']);

/** Tags nest and close properly; returns the element names met. */
function wellFormed(svg: string): string[] {
  const names: string[] = [];
  const open: string[] = [];
  const tag = /<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z][a-zA-Z0-9:-]*="[^"<>]*")*)\s*(\/?)>/g;
  let at = 0;
  for (let match = tag.exec(svg); match; match = tag.exec(svg)) {
    // Only text between tags; no stray '<' or '>'.
    expect(svg.slice(at, match.index)).not.toMatch(/[<>]/);
    at = tag.lastIndex;
    const [, closing, name, , selfClosing] = match;
    if (closing) expect(open.pop()).toBe(name);
    else {
      names.push(name!);
      if (!selfClosing) open.push(name!);
    }
  }
  expect(svg.slice(at)).toBe('');
  expect(open).toEqual([]);
  return names;
}

const numbersIn = (text: string): string[] => text.match(/\d+(?:\.\d+)?/g) ?? [];
const labelsOf = (svg: string): string[] => [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);

const withFigures = problemTemplates.filter((template) => template.figure?.(0) !== null && template.figure !== undefined);

describe('problem figures', () => {
  test('shapes, angles, clocks and coordinates have figures', () => {
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
      for (const name of wellFormed(svg)) expect(ALLOWED.has(name), name).toBe(true);
      expect(svg).not.toMatch(/script|href|url\(|\son[a-z]+=|<style|<foreignObject|javascript:/i);
      expect(svg).toContain(`<title>${alt}</title>`);
      // Drawn from the same seed as the question: its numbers are the question's (so the answer is
      // never drawn, unless the question itself states that number).
      const asked = new Set(numbersIn(problem.question));
      for (const n of numbersIn(alt)) expect(asked.has(n), `${template.id} seed ${seed}: ${n} in "${alt}" but not in "${problem.question}"`).toBe(true);
      if (template.id !== 'time-read-clock') {
        for (const n of labelsOf(svg).flatMap(numbersIn)) expect(asked.has(n), `${template.id} seed ${seed}: label ${n}`).toBe(true);
      }
    }
  });

  test('a tutor problem (no template) and a template without figures have none', () => {
    expect(problemFigure(null, null)).toBeNull();
    expect(problemFigure('add-within-20', 1)).toBeNull();
    expect(problemFigure('no-such-template', 1)).toBeNull();
  });

  test('text is escaped and the clock face has its twelve numbers', () => {
    expect(rectangleFigure(3, 2, '<cm>').svg).toContain('3 &lt;cm&gt;');
    const clock = clockFigure(4, 15);
    expect(labelsOf(clock.svg)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(clock.alt).toBe('A clock face. The long minute hand points to 3 and the short hour hand is just past 4.');
  });
});
