/**
 * Figures for problems about shapes, angles, clocks and coordinates: an SVG drawn from the same numbers as the
 * question (templates build it in the same `build(rng)` call), with a text alternative for screen
 * readers. Pure: strings only, no DOM.
 *
 * Safe by construction: the SVG is written here from a few element kinds (svg, title, rect, line,
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
  const alt = `A coordinate grid with the points ${written.slice(0, -1).join(', ')}${written.length > 1 ? ' and ' : ''}${written.at(-1) ?? ''} marked.`;
  const bound = Math.max(5, ...points.flatMap(([, x, y]) => [Math.abs(x), Math.abs(y)])) + 1;
  const size = 260;
  const cell = size / (2 * bound);
  const origin = 20 + size / 2;
  const at = (x: number, y: number) => [origin + x * cell, origin - y * cell] as const;
  let grid = '';
  for (let i = -bound; i <= bound; i++) {
    const [gx] = at(i, 0);
    const [, gy] = at(0, i);
    grid += el('line', { x1: gx, y1: 20, x2: gx, y2: 20 + size, stroke: '#e5e7eb', 'stroke-width': 1 });
    grid += el('line', { x1: 20, y1: gy, x2: 20 + size, y2: gy, stroke: '#e5e7eb', 'stroke-width': 1 });
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
