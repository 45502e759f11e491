/**
 * Figures for problems about shapes, angles and clocks: an SVG drawn from the same numbers as the
 * question (templates build it in the same `build(rng)` call), with a text alternative for screen
 * readers. Pure: strings only, no DOM.
 *
 * Safe by construction: the SVG is written here from a few element kinds (svg, g, rect, line,
 * polygon, circle, text) whose attributes are numbers or fixed words, and every text is escaped;
 * nothing a user typed goes in, and there is no script, link, style sheet or external reference.
 * The web app shows it as an image (`<img src="data:image/svg+xml,…">`), where a browser runs no
 * script and loads nothing else anyway.
 */

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
const FONT = { 'font-family': 'system-ui, sans-serif', 'font-size': 15, fill: INK };

function label(x: number, y: number, text: string, anchor: 'start' | 'middle' | 'end' = 'middle'): string {
  return el('text', { x, y, 'text-anchor': anchor, 'dominant-baseline': 'middle', ...FONT }, escapeText(text));
}

function svgDocument(width: number, height: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">` +
    `<title>${escapeText(title)}</title>${body}</svg>`
  );
}

/** A rectangle drawn to scale (longer side across), its sides labelled. */
export function rectangleFigure(length: number, width: number, unit: string): ProblemFigure {
  const alt = `A rectangle ${length} ${unit} long and ${width} ${unit} wide.`;
  const scale = Math.min(220 / length, 110 / width);
  const w = length * scale;
  const h = width * scale;
  const x = (300 - w) / 2;
  const y = 24;
  const body =
    el('rect', { x, y, width: w, height: h, fill: FILL, stroke: ACCENT, 'stroke-width': 3 }) +
    label(x + w / 2, y + h + 18, `${length} ${unit}`) +
    label(x + w + 8, y + h / 2, `${width} ${unit}`, 'start');
  return { svg: svgDocument(300, h + 56, alt, body), alt };
}

/** A triangle with two angles marked and the third asked for ('?'). */
export function triangleAnglesFigure(a: number, b: number): ProblemFigure {
  const alt = `A triangle. One angle is ${a}°, another is ${b}°, and the third angle is marked with a question mark.`;
  // Corners A (a°) and B (b°) on the base; C where the two sides meet.
  const base = 220;
  const ta = Math.tan((a * Math.PI) / 180);
  const tb = Math.tan((b * Math.PI) / 180);
  const cx = (tb * base) / (ta + tb);
  const cy = cx * ta;
  const scale = Math.min(1, 150 / cy);
  const left = 40;
  const bottom = 20 + cy * scale;
  const A = [left, bottom] as const;
  const B = [left + base * scale, bottom] as const;
  const C = [left + cx * scale, bottom - cy * scale] as const;
  const body =
    el('polygon', { points: `${round(A[0])},${round(A[1])} ${round(B[0])},${round(B[1])} ${round(C[0])},${round(C[1])}`, fill: FILL, stroke: ACCENT, 'stroke-width': 3 }) +
    label(A[0] + 30, A[1] - 12, `${a}°`) +
    label(B[0] - 30, B[1] - 12, `${b}°`) +
    label(C[0], C[1] + 24, '?');
  return { svg: svgDocument(left * 2 + base * scale, bottom + 20, alt, body), alt };
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
  const hourHand = point(((hour % 12) + minutes / 60) / 12, 48);
  const minuteHand = point(minutes / 60, 78);
  const body =
    el('circle', { cx: c, cy: c, r, fill: '#ffffff', stroke: INK, 'stroke-width': 4 }) +
    numbers +
    el('line', { x1: c, y1: c, x2: hourHand[0], y2: hourHand[1], stroke: INK, 'stroke-width': 7, 'stroke-linecap': 'round' }) +
    el('line', { x1: c, y1: c, x2: minuteHand[0], y2: minuteHand[1], stroke: ACCENT, 'stroke-width': 4, 'stroke-linecap': 'round' }) +
    el('circle', { cx: c, cy: c, r: 6, fill: INK });
  return { svg: svgDocument(220, 220, alt, body), alt };
}
