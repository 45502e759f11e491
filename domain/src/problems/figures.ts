/**
 * Figures for problems about shapes, angles, clocks, coordinates, number lines, charts and
 * measuring (rulers, thermometers, jugs, scales): an SVG drawn from the same numbers as the
 * question (templates build it in the same `build(rng)` call), with a text alternative for screen
 * readers. Pure: strings only, no DOM.
 *
 * Safe by construction: the SVG is written here from a few element kinds (svg, title, rect, line,
 * polygon, circle, text) whose attributes are numbers or fixed words, and every text is escaped;
 * nothing a user typed goes in, and there is no script, link, style sheet or external reference.
 * The web app shows it as an image (`<img src="data:image/svg+xml,…">`), where a browser runs no
 * script and loads nothing else anyway.
 */

import { article } from './format.ts';

export interface ProblemFigure {
  /** A complete `<svg>` document, drawn in a 0 0 width height view box that scales to any width. */
  svg: string;
  /** What the figure shows, for screen readers (the image's alt text). */
  alt: string;
}

type Attrs = Record<string, number | string>;

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const round = (n: number): number => Math.round(n * 100) / 100;

function attrs(values: Attrs): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}="${typeof value === 'number' ? round(value) : escapeText(value).replace(/"/g, '&quot;')}"`)
    .join(' ');
}

const el = (name: string, values: Attrs, children = ''): string =>
  children === '' ? `<${name} ${attrs(values)}/>` : `<${name} ${attrs(values)}>${children}</${name}>`;

const INK = '#1f2937';
const ACCENT = '#4f46e5';
const FILL = '#eef2ff';
const MUTED = '#4b5563';
const GRID = '#e5e7eb';
const FONT = { 'font-family': 'system-ui, sans-serif', 'font-size': 15, fill: INK };

type Anchor = 'start' | 'middle' | 'end';

function label(x: number, y: number, text: string, anchor: Anchor = 'middle'): string {
  return el('text', { x, y, 'text-anchor': anchor, 'dominant-baseline': 'middle', ...FONT }, escapeText(text));
}

/**
 * A number of a scale (ruler, axis, number line): evenly spaced and the same whatever the answer,
 * so it is not one of the question's numbers. Class 'scale' tells it apart from the labels that
 * carry the question's numbers (the figure tests check both kinds).
 */
function scaleLabel(x: number, y: number, value: number, anchor: Anchor = 'middle'): string {
  return el('text', { class: 'scale', x, y, 'text-anchor': anchor, 'dominant-baseline': 'middle', ...FONT, 'font-size': 13, fill: MUTED }, String(round(value)));
}

/** 'a', 'a and b', 'a, b and c'. */
const listed = (items: readonly string[]): string => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? ''));

function svgDocument(width: number, height: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${round(width)} ${round(height)}" width="${round(width)}" height="${round(height)}" role="img">` +
    `<title>${escapeText(title)}</title>${body}</svg>`
  );
}

/**
 * A rectangle, its sides labelled: to scale, except that a very thin one is drawn thick enough to
 * see (the labels carry the numbers). Room is kept on the right for the width's label.
 */
export function rectangleFigure(length: number, width: number, unit: string): ProblemFigure {
  const alt = `A rectangle ${length} ${unit} long and ${width} ${unit} wide.`;
  const scale = Math.min(190 / length, 110 / width);
  const w = length * scale;
  const h = Math.max(width * scale, 0.3 * w, 36);
  const x = 20 + (190 - w) / 2;
  const y = 24;
  const body =
    el('rect', { x, y, width: w, height: h, fill: FILL, stroke: ACCENT, 'stroke-width': 3 }) +
    label(x + w / 2, y + h + 18, `${length} ${unit}`) +
    label(x + w + 8, y + h / 2, `${width} ${unit}`, 'start');
  return { svg: svgDocument(300, h + 56, alt, body), alt };
}

/** A triangle with two angles marked and the third asked for ('?'), fitted to the view however obtuse. */
export function triangleAnglesFigure(a: number, b: number): ProblemFigure {
  const alt = `A triangle. One angle is ${a}°, another is ${b}°, and the third angle is marked with a question mark.`;
  // Corner A (a°) at the origin, B (b°) along the base, C where the sides meet (y up).
  const ta = Math.tan((a * Math.PI) / 180);
  const tb = Math.tan((b * Math.PI) / 180);
  const cx = tb / (ta + tb);
  const cy = cx * ta;
  const minX = Math.min(0, cx);
  const maxX = Math.max(1, cx);
  const scale = Math.min(240 / (maxX - minX), 150 / cy);
  const width = (maxX - minX) * scale + 60;
  const height = cy * scale + 40;
  const at = (x: number, y: number) => [30 + (x - minX) * scale, 20 + (cy - y) * scale] as const;
  const corners = [at(0, 0), at(1, 0), at(cx, cy)] as const;
  const centroid = [(corners[0][0] + corners[1][0] + corners[2][0]) / 3, (corners[0][1] + corners[1][1] + corners[2][1]) / 3] as const;
  /** A point `distance` from a corner toward the middle of the triangle, where its angle is. */
  const inside = (corner: readonly [number, number], distance: number) => {
    const dx = centroid[0] - corner[0];
    const dy = centroid[1] - corner[1];
    const length = Math.hypot(dx, dy) || 1;
    const d = Math.min(distance, length * 0.8);
    return [corner[0] + (dx / length) * d, corner[1] + (dy / length) * d] as const;
  };
  const [la, lb, lc] = [inside(corners[0], 40), inside(corners[1], 40), inside(corners[2], 30)];
  const body =
    el('polygon', { points: corners.map(([x, y]) => `${round(x)},${round(y)}`).join(' '), fill: FILL, stroke: ACCENT, 'stroke-width': 3 }) +
    label(la[0], la[1], `${a}°`) +
    label(lb[0], lb[1], `${b}°`) +
    label(lc[0], lc[1], '?');
  return { svg: svgDocument(width, height, alt, body), alt };
}

/** A straight line with a ray from a point on it: the known angle and the other one ('?'). */
export function straightLineAnglesFigure(a: number): ProblemFigure {
  const alt = `Two angles on a straight line. One is ${a}°; the other is marked with a question mark.`;
  const ox = 150;
  const oy = 120;
  const r = 100;
  const angle = (a * Math.PI) / 180;
  // The known angle opens from the right-hand half of the line.
  const rx = ox + r * Math.cos(angle);
  const ry = oy - r * Math.sin(angle);
  const mid = (t: number) => [ox + 48 * Math.cos(t), oy - 48 * Math.sin(t)] as const;
  const known = mid(angle / 2);
  const other = mid((angle + Math.PI) / 2);
  const body =
    el('line', { x1: 20, y1: oy, x2: 280, y2: oy, stroke: INK, 'stroke-width': 3 }) +
    el('line', { x1: ox, y1: oy, x2: rx, y2: ry, stroke: ACCENT, 'stroke-width': 3 }) +
    el('circle', { cx: ox, cy: oy, r: 4, fill: INK }) +
    label(known[0], known[1], `${a}°`) +
    label(other[0], other[1], '?');
  return { svg: svgDocument(300, 140, alt, body), alt };
}

/** An analogue clock showing h:mm (12-hour face, numbers 1-12). */
export function clockFigure(hour: number, minutes: number): ProblemFigure {
  const alt = `A clock face. The long minute hand points to ${minutes === 0 ? 12 : minutes / 5} and the short hour hand is ${
    minutes === 0 ? `on ${hour}` : minutes === 45 ? `nearly at ${(hour % 12) + 1}` : `just past ${hour}`
  }.`;
  const c = 110;
  const r = 96;
  const point = (turns: number, length: number) => [c + length * Math.sin(turns * 2 * Math.PI), c - length * Math.cos(turns * 2 * Math.PI)] as const;
  let numbers = '';
  for (let n = 1; n <= 12; n++) {
    const [x, y] = point(n / 12, r - 20);
    numbers += label(x, y, String(n));
  }
  // Hands shorter than the ring of numbers, so no number is hidden.
  const hourHand = point(((hour % 12) + minutes / 60) / 12, 40);
  const minuteHand = point(minutes / 60, 60);
  const body =
    el('circle', { cx: c, cy: c, r, fill: '#ffffff', stroke: INK, 'stroke-width': 4 }) +
    numbers +
    el('line', { x1: c, y1: c, x2: hourHand[0], y2: hourHand[1], stroke: INK, 'stroke-width': 7, 'stroke-linecap': 'round' }) +
    el('line', { x1: c, y1: c, x2: minuteHand[0], y2: minuteHand[1], stroke: ACCENT, 'stroke-width': 4, 'stroke-linecap': 'round' }) +
    el('circle', { cx: c, cy: c, r: 6, fill: INK });
  return { svg: svgDocument(220, 220, alt, body), alt };
}

/** Points (named or not) on a square coordinate grid with numbered axes, centred on the origin. */
export function coordinateGridFigure(points: readonly (readonly [name: string, x: number, y: number])[]): ProblemFigure {
  const written = points.map(([name, x, y]) => `${name}(${x}, ${y})`);
  const alt = `A coordinate grid with the points ${listed(written)} marked.`;
  const bound = Math.max(5, ...points.flatMap(([, x, y]) => [Math.abs(x), Math.abs(y)])) + 1;
  const size = 260;
  const cell = size / (2 * bound);
  const origin = 20 + size / 2;
  const at = (x: number, y: number) => [origin + x * cell, origin - y * cell] as const;
  let grid = '';
  for (let i = -bound; i <= bound; i++) {
    const [gx] = at(i, 0);
    const [, gy] = at(0, i);
    grid += el('line', { x1: gx, y1: 20, x2: gx, y2: 20 + size, stroke: GRID, 'stroke-width': 1 });
    grid += el('line', { x1: 20, y1: gy, x2: 20 + size, y2: gy, stroke: GRID, 'stroke-width': 1 });
  }
  const axes =
    el('line', { x1: 20, y1: origin, x2: 20 + size, y2: origin, stroke: INK, 'stroke-width': 2 }) +
    el('line', { x1: origin, y1: 20, x2: origin, y2: 20 + size, stroke: INK, 'stroke-width': 2 }) +
    label(20 + size + 8, origin, 'x', 'start') +
    label(origin, 10, 'y');
  const marks = points
    .map(([name, x, y], index) => {
      const [px, py] = at(x, y);
      // Labels go above the point, or below when it sits at the top of the grid.
      const below = y >= bound - 1;
      return el('circle', { cx: px, cy: py, r: 5, fill: ACCENT }) + label(px, py + (below ? 18 : -16), written[index]!);
    })
    .join('');
  return { svg: svgDocument(size + 50, size + 40, alt, grid + axes + marks), alt };
}

/** The ticks of a scale from `from` to `to`: a short one every `minor`, a longer numbered one every `major`. */
function ticks(from: number, to: number, minor: number, major: number, draw: (value: number, isMajor: boolean) => string): string {
  let out = '';
  const steps = Math.round((to - from) / minor);
  for (let i = 0; i <= steps; i++) {
    const value = round(from + i * minor);
    out += draw(value, Math.abs(value / major - Math.round(value / major)) < 1e-9);
  }
  return out;
}

export interface NumberLineOptions {
  from: number;
  to: number;
  /** Numbered every so many (a tick at every whole number between). */
  numberedEvery: number;
  /** The question's numbers, marked with a dot and labelled above the line. */
  marks?: readonly number[];
  /** Shades the stretch between two numbers (e.g. 'between 23 and 37'). */
  shade?: readonly [number, number];
  alt: string;
}

/** A horizontal number line with whole-number ticks, numbered in steps, the question's numbers marked. */
export function numberLineFigure({ from, to, numberedEvery, marks = [], shade, alt }: NumberLineOptions): ProblemFigure {
  const left = 24;
  const length = 292;
  const y = 56;
  const at = (value: number) => left + ((value - from) / (to - from)) * length;
  const scale = ticks(from, to, 1, numberedEvery, (value, major) =>
    el('line', { x1: at(value), y1: y - (major ? 9 : 5), x2: at(value), y2: y + (major ? 9 : 5), stroke: INK, 'stroke-width': major ? 2 : 1 }) +
    (major ? scaleLabel(at(value), y + 24, value) : ''),
  );
  const shaded = shade ? el('line', { x1: at(shade[0]), y1: y, x2: at(shade[1]), y2: y, stroke: ACCENT, 'stroke-width': 8, 'stroke-opacity': 0.35 }) : '';
  const marked = marks.map((value) => el('circle', { cx: at(value), cy: y, r: 6, fill: ACCENT }) + label(at(value), y - 24, String(value))).join('');
  const body = el('line', { x1: left - 10, y1: y, x2: left + length + 10, y2: y, stroke: INK, 'stroke-width': 2 }) + shaded + scale + marked;
  return { svg: svgDocument(340, 96, alt, body), alt };
}

/** A bar chart: one bar per category, its value written on top, a numbered vertical axis with grid lines. */
export function barChartFigure(options: {
  categories: readonly string[];
  values: readonly number[];
  /** Says what the categories are ('Number of pets'). */
  categoryTitle: string;
  /** Says what the bars count ('Frequency'). */
  valueTitle: string;
  alt: string;
}): ProblemFigure {
  const { categories, values, categoryTitle, valueTitle, alt } = options;
  const step = niceStep(Math.max(...values, 1) / 5);
  const top = Math.ceil(Math.max(...values, 1) / step) * step;
  const [x0, y0, plotWidth, plotHeight] = [52, 190, 270, 150];
  const yAt = (value: number) => y0 - (value / top) * plotHeight;
  const axis = ticks(0, top, step, step, (value) =>
    el('line', { x1: x0, y1: yAt(value), x2: x0 + plotWidth, y2: yAt(value), stroke: GRID, 'stroke-width': 1 }) + scaleLabel(x0 - 8, yAt(value), value, 'end'),
  );
  const slot = plotWidth / categories.length;
  const bars = categories
    .map((category, i) => {
      const value = values[i] ?? 0;
      const x = x0 + i * slot + slot * 0.18;
      return (
        el('rect', { x, y: yAt(value), width: slot * 0.64, height: y0 - yAt(value), fill: ACCENT }) +
        label(x + slot * 0.32, yAt(value) - 10, String(value)) +
        label(x + slot * 0.32, y0 + 16, category)
      );
    })
    .join('');
  const body =
    axis +
    el('line', { x1: x0, y1: y0, x2: x0 + plotWidth, y2: y0, stroke: INK, 'stroke-width': 2 }) +
    el('line', { x1: x0, y1: y0, x2: x0, y2: y0 - plotHeight - 8, stroke: INK, 'stroke-width': 2 }) +
    bars +
    label(x0 + plotWidth / 2, y0 + 38, categoryTitle) +
    label(x0, 12, valueTitle, 'start');
  return { svg: svgDocument(340, 240, alt, body), alt };
}

/** 1, 2 or 5 times a power of ten, at least `rough`: the step of a readable axis. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  return ([1, 2, 5, 10].map((m) => m * power).find((step) => step >= rough - 1e-9) ?? 10 * power);
}

/** A point at `turns` of a full turn clockwise from 12 o'clock, `radius` from (cx, cy). */
const onCircle = (cx: number, cy: number, radius: number, turns: number) =>
  [cx + radius * Math.sin(turns * 2 * Math.PI), cy - radius * Math.cos(turns * 2 * Math.PI)] as const;

/** A slice of a circle from `start` to `end` turns, as a polygon (no paths: only the few elements of a figure). */
function slice(cx: number, cy: number, r: number, start: number, end: number, paint: Attrs): string {
  const points = [[cx, cy] as const];
  const steps = Math.max(2, Math.ceil((end - start) * 72));
  for (let i = 0; i <= steps; i++) points.push(onCircle(cx, cy, r, start + ((end - start) * i) / steps));
  return el('polygon', { points: points.map(([x, y]) => `${round(x)},${round(y)}`).join(' '), ...paint });
}

/** A round food cut into equal slices, the eaten ones drawn empty (dashed): a fraction of a shape. */
export function slicedCircleFigure(slices: number, eaten: number, food: string): ProblemFigure {
  const alt = `A ${food} cut into ${slices} equal slices. ${eaten} of the slices ${eaten === 1 ? 'has' : 'have'} been eaten and ${eaten === 1 ? 'is' : 'are'} drawn empty.`;
  const [c, r] = [110, 96];
  let body = '';
  for (let i = 0; i < slices; i++) {
    const gone = i < eaten;
    body += slice(c, c, r, i / slices, (i + 1) / slices, {
      fill: gone ? '#ffffff' : '#fcd34d',
      stroke: gone ? MUTED : '#92400e',
      'stroke-width': 2,
      ...(gone ? { 'stroke-dasharray': '5 4' } : {}),
    });
  }
  return { svg: svgDocument(220, 220, alt, body), alt };
}

const PIE_COLOURS: Record<string, string> = { red: '#f87171', blue: '#60a5fa', green: '#4ade80', yellow: '#fde047', white: '#ffffff' };

/** A pie chart with a labelled slice per part ('red 3'), each slice as big as its share of the total. */
export function pieChartFigure(parts: readonly { name: string; value: number }[], alt: string): ProblemFigure {
  const total = parts.reduce((s, p) => s + p.value, 0);
  const [cx, cy, r] = [170, 120, 82];
  let at = 0;
  let body = '';
  for (const { name, value } of parts) {
    const share = value / total;
    body += slice(cx, cy, r, at, at + share, { fill: PIE_COLOURS[name] ?? FILL, stroke: INK, 'stroke-width': 2 });
    const [lx, ly] = onCircle(cx, cy, r + 16, at + share / 2);
    body += label(lx, ly, `${name} ${value}`, lx < cx - 8 ? 'end' : lx > cx + 8 ? 'start' : 'middle');
    at += share;
  }
  return { svg: svgDocument(340, 240, alt, body), alt };
}

/** Things laid along a ruler from 0, each strip labelled with its name and length. */
export function rulerFigure(items: readonly { name: string; length: number }[], unit: string, rulerLength: number): ProblemFigure {
  const things = listed(items.map(({ name, length }) => `${article(name)} ${name} ${length} ${unit} long`));
  const alt = `${things.charAt(0).toUpperCase()}${things.slice(1)}, lined up at the zero of a ruler marked in ${unit === 'cm' ? 'centimetres' : unit}.`;
  const left = 20;
  const perUnit = 300 / rulerLength;
  const rulerY = 40 + items.length * 40;
  const strips = items
    .map(({ name, length }, i) => {
      const y = 22 + i * 40;
      const width = length * perUnit;
      const text = `${name} ${length} ${unit}`;
      // The label sits on a strip long enough to hold it, otherwise just after its end.
      const inside = width > text.length * 8 + 12;
      return (
        el('rect', { x: left, y, width, height: 24, rx: 4, fill: i === 0 ? ACCENT : '#f59e0b' }) +
        (inside
          ? el('text', { x: left + 8, y: y + 12, 'text-anchor': 'start', 'dominant-baseline': 'middle', ...FONT, fill: i === 0 ? '#ffffff' : INK }, escapeText(text))
          : label(left + width + 6, y + 12, text, 'start'))
      );
    })
    .join('');
  const ruler =
    el('rect', { x: left - 8, y: rulerY, width: 316, height: 44, fill: '#fef9c3', stroke: MUTED, 'stroke-width': 1.5 }) +
    ticks(0, rulerLength, 1, 5, (value, major) =>
      el('line', { x1: left + value * perUnit, y1: rulerY, x2: left + value * perUnit, y2: rulerY + (major ? 16 : 9), stroke: INK, 'stroke-width': 1 }) +
      (major ? scaleLabel(left + value * perUnit, rulerY + 30, value) : ''),
    );
  return { svg: svgDocument(340, rulerY + 54, alt, strips + ruler), alt };
}

/** A thermometer in °C (numbered every 10, a tick each degree) showing `temperature`. */
export function thermometerFigure(temperature: number, from: number, to: number): ProblemFigure {
  const alt = `A thermometer marked in degrees Celsius, showing ${temperature} °C.`;
  const [x, top, bottom] = [150, 20, 270];
  const yAt = (value: number) => bottom - ((value - from) / (to - from)) * (bottom - top);
  const scale = ticks(from, to, 1, 10, (value, major) => {
    const minorLength = value % 5 === 0 ? 10 : 6;
    return (
      el('line', { x1: x + 12, y1: yAt(value), x2: x + 12 + (major ? 16 : minorLength), y2: yAt(value), stroke: INK, 'stroke-width': major ? 1.5 : 1 }) +
      (major ? scaleLabel(x + 34, yAt(value), value, 'start') : '')
    );
  });
  const level = yAt(temperature);
  const body =
    el('rect', { x: x - 10, y: top - 10, width: 20, height: bottom - top + 24, rx: 10, fill: '#ffffff', stroke: INK, 'stroke-width': 2 }) +
    el('circle', { cx: x, cy: bottom + 22, r: 17, fill: '#ef4444', stroke: INK, 'stroke-width': 2 }) +
    el('rect', { x: x - 5, y: level, width: 10, height: bottom + 10 - level, fill: '#ef4444' }) +
    scale +
    label(x + 34, top - 12, '°C', 'start') +
    el('line', { x1: x - 44, y1: level, x2: x - 14, y2: level, stroke: ACCENT, 'stroke-width': 2 }) +
    label(x - 50, level, `${temperature} °C`, 'end');
  return { svg: svgDocument(260, 320, alt, body), alt };
}

/** A round step and the top of a scale that holds `value` below its top (four to seven numbers from 0). */
function scaleFor(value: number): { step: number; top: number } {
  const step = niceStep(value / 5);
  return { step, top: Math.max(step * 3, (Math.floor(value / step + 1e-9) + 1) * step) };
}

/** A measuring jug filled to `amount` (in `unit`), its scale numbered on the side. */
export function measuringJugFigure(amount: number, unit: string): ProblemFigure {
  const words: Record<string, string> = { ml: 'millilitres', l: 'litres' };
  const alt = `A measuring jug marked in ${words[unit] ?? unit}, filled to ${amount} ${unit}.`;
  const { step, top } = scaleFor(amount);
  const [x, y, width, height] = [110, 30, 120, 220];
  const yAt = (value: number) => y + height - (value / top) * height;
  const scale = ticks(0, top, step / 2, step, (value, major) =>
    el('line', { x1: x, y1: yAt(value), x2: x + (major ? 22 : 12), y2: yAt(value), stroke: INK, 'stroke-width': 1.5 }) +
    (major ? scaleLabel(x - 8, yAt(value), value, 'end') : ''),
  );
  const level = yAt(amount);
  const body =
    el('rect', { x, y: level, width, height: y + height - level, fill: '#bfdbfe' }) +
    el('line', { x1: x, y1: level, x2: x + width, y2: level, stroke: '#2563eb', 'stroke-width': 2 }) +
    el('polygon', { points: `${x},${y - 10} ${x},${y + height} ${x + width},${y + height} ${x + width},${y - 10}`, fill: 'none', stroke: INK, 'stroke-width': 3 }) +
    el('rect', { x: x + width, y: y + 30, width: 28, height: 110, rx: 12, fill: 'none', stroke: INK, 'stroke-width': 3 }) +
    scale +
    label(x - 8, y - 16, unit, 'end') +
    // The amount is written in the liquid, just under its level.
    label(x + width / 2, level + 18, `${amount} ${unit}`);
  return { svg: svgDocument(300, 270, alt, body), alt };
}

/** A kitchen scale's dial: numbered up to a round mass, the needle on `mass` (in `unit`). */
export function weighingScaleFigure(mass: number, unit: string): ProblemFigure {
  const words: Record<string, string> = { g: 'grams', kg: 'kilograms' };
  const alt = `A weighing scale with a dial marked in ${words[unit] ?? unit}. The pointer shows ${mass} ${unit}.`;
  const { step, top } = scaleFor(mass);
  const [c, cy, r] = [150, 122, 96];
  // The dial runs clockwise through 300°, from 7 o'clock (0) round to 5 o'clock (top).
  const turnsAt = (value: number) => -5 / 12 + (value / top) * (10 / 12);
  const scale = ticks(0, top, step / 5, step, (value, major) => {
    const [x1, y1] = onCircle(c, cy, r, turnsAt(value));
    const [x2, y2] = onCircle(c, cy, r - (major ? 14 : 7), turnsAt(value));
    const [lx, ly] = onCircle(c, cy, r - 30, turnsAt(value));
    return el('line', { x1, y1, x2, y2, stroke: INK, 'stroke-width': major ? 2 : 1 }) + (major ? scaleLabel(lx, ly, value) : '');
  });
  const [nx, ny] = onCircle(c, cy, r - 12, turnsAt(mass));
  const body =
    el('rect', { x: c - 120, y: 8, width: 240, height: 266, rx: 24, fill: '#f3f4f6', stroke: INK, 'stroke-width': 2 }) +
    el('circle', { cx: c, cy, r: r + 6, fill: '#ffffff', stroke: INK, 'stroke-width': 2 }) +
    scale +
    el('line', { x1: c, y1: cy, x2: nx, y2: ny, stroke: '#dc2626', 'stroke-width': 3, 'stroke-linecap': 'round' }) +
    el('circle', { cx: c, cy, r: 6, fill: INK }) +
    label(c, cy + 40, unit) +
    label(c, 252, `${mass} ${unit}`);
  return { svg: svgDocument(300, 282, alt, body), alt };
}
