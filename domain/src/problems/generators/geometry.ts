/** Geometry: area and perimeter, volume, angles, circles, Pythagoras, trigonometry, coordinates, transformations. */
import { article, equals, fixed, frac, gcd, linear, num, reduce, round, surd, surdParts, texFrac, texSurd } from '../format.ts';
import { coordinateGridFigure, rectangleFigure, straightLineAnglesFigure, triangleAnglesFigure } from '../figures.ts';
import { timesTableMethod } from '../methods.ts';
import { defineTemplate, type ProblemTemplate } from '../template.ts';

const deg = (x: number): string => `${num(x)}°`;
const rad = (d: number) => (d * Math.PI) / 180;
const degreesForm = { kind: 'number' as const, unit: '°' };
/** Answers rounded to 1 decimal place must match the rounded value (tolerance covers float noise only). */
const oneDp = (unit: string) => ({ kind: 'number' as const, unit, tolerance: 0.001 });

const TRIPLES = [
  [3, 4, 5],
  [5, 12, 13],
  [8, 15, 17],
  [7, 24, 25],
  [20, 21, 29],
  [9, 40, 41],
] as const;

/** A point with small integer coordinates, written (x, y). */
const pt = (x: number, y: number): string => `(${num(x)}, ${num(y)})`;

/** A π multiple typed: '45pi', 'pi', '3pi/4'. */
function piTyped(n: number, d = 1): string {
  const [a, b] = reduce(n, d);
  const head = a === 1 ? 'pi' : a === -1 ? '-pi' : `${a}pi`;
  return b === 1 ? head : `${head}/${b}`;
}
function piTex(n: number, d = 1): string {
  const [a, b] = reduce(n, d);
  const head = a === 1 ? '\\pi' : a === -1 ? '-\\pi' : `${a}\\pi`;
  return b === 1 ? head : `\\frac{${head}}{${b}}`;
}

/** A typed exact value ('√3/2') in LaTeX (\\frac{\\sqrt{3}}{2}). */
const exactTex = (value: string): string => {
  const [top = '', bottom] = value.replace(/√(\d)/g, '\\sqrt{$1}').split('/');
  return bottom === undefined ? top : `\\frac{${top}}{${bottom}}`;
};

/**
 * Why an exact value is what it is: the sides of the half-equilateral triangle (side 2) for 30°
 * and 60°, of the half-square (sides 1) for 45°, the unit circle for 0° and 90°.
 */
function exactTrigExplanation(fn: 'sin' | 'cos' | 'tan', angle: number, answer: string): string {
  const value = `$\\${fn} ${angle}^\\circ = ${exactTex(answer)}$`;
  if (angle === 0 || angle === 90) {
    return `On a circle of radius 1, the point at ${angle}° is $(${angle === 0 ? '1, 0' : '0, 1'})$: cos is its $x$, sin its $y$ and tan is $\\frac{y}{x}$. So ${value}.`;
  }
  const [opposite, adjacent, hypotenuse] = angle === 45 ? ['1', '1', '\\sqrt{2}'] : angle === 30 ? ['1', '\\sqrt{3}', '2'] : ['\\sqrt{3}', '1', '2'];
  const triangle =
    angle === 45
      ? 'A square of side 1, cut along its diagonal, makes a right-angled triangle with two 45° angles and hypotenuse $\\sqrt{2}$'
      : 'Half an equilateral triangle with sides 2 has hypotenuse 2, shortest side 1 (opposite 30°) and height $\\sqrt{3}$ (opposite 60°)';
  const [top, bottom] = fn === 'sin' ? [opposite, hypotenuse] : fn === 'cos' ? [adjacent, hypotenuse] : [opposite, adjacent];
  const ratio = `\\frac{${top}}{${bottom}}`;
  return `${triangle}. ${fn === 'sin' ? 'Opposite over hypotenuse' : fn === 'cos' ? 'Adjacent over hypotenuse' : 'Opposite over adjacent'}: ${ratio === `\\frac{${exactTex(answer)}}{1}` || ratio === exactTex(answer) ? value : `$\\${fn} ${angle}^\\circ = ${ratio} = ${exactTex(answer)}$`}.`;
}

/** Why sin x = value has solutions a and 180 - a in 0°-360°. */
const SIN_POSITIVE = (a: number, value: string) =>
  `From the exact values, $\\sin ${a}^\\circ = ${value}$. The sine graph is symmetrical about 90°, so $\\sin(180^\\circ - x) = \\sin x$: the other solution is $180^\\circ - ${a}^\\circ = ${180 - a}^\\circ$.`;
/** Why cos x = value has solutions a and 360 - a. */
const COS_POSITIVE = (a: number, value: string) =>
  `From the exact values, $\\cos ${a}^\\circ = ${value}$. The cosine graph is symmetrical about 180°, so $\\cos(360^\\circ - x) = \\cos x$: the other solution is $360^\\circ - ${a}^\\circ = ${360 - a}^\\circ$.`;
/** Why tan x = value has solutions a and a + 180. */
const TAN_REPEATS = (a: number, value: string) =>
  `From the exact values, $\\tan ${a}^\\circ = ${value}$. The tangent graph repeats every 180°: the other solution is $${a}^\\circ + 180^\\circ = ${a + 180}^\\circ$.`;

export const geometryTemplates: ProblemTemplate[] = [
  // ----- area and perimeter
  defineTemplate({
    id: 'perimeter-rectangle',
    topic: 'area-perimeter',
    grades: [3, 4],
    difficulty: 1,
    type: 'geometry',
    time: 35,
    build(rng) {
      const l = rng.int(3, 20);
      const w = rng.int(2, l - 1);
      return {
        question: `A rectangle is ${l} cm long and ${w} cm wide. What is its perimeter?`,
        figure: rectangleFigure(l, w, 'cm'),
        answer: `${2 * (l + w)} cm`,
        form: { kind: 'number', unit: 'cm' },
        hint: 'The perimeter is the distance all the way round: add all four sides.',
        explanation: `The perimeter is the distance all the way round: two lengths of ${l} cm and two widths of ${w} cm. $${l} + ${w} + ${l} + ${w} = ${2 * (l + w)}$, so the perimeter is ${2 * (l + w)} cm.`,
      };
    },
  }),
  defineTemplate({
    id: 'area-rectangle',
    topic: 'area-perimeter',
    // Year 3 measures perimeter only; area by counting squares is Year 4 (by multiplying, Year 5).
    grades: [4, 5],
    difficulty: 1,
    type: 'multiple_choice',
    time: 35,
    build(rng) {
      const l = rng.int(3, 15);
      const w = rng.int(2, 12);
      return {
        question: `A rectangle is ${l} cm long and ${w} cm wide. What is its area?`,
        figure: rectangleFigure(l, w, 'cm'),
        answer: `${l * w} cm²`,
        distractors: [`${2 * (l + w)} cm²`, `${l + w} cm²`, `${l * w} cm`],
        fallback: (r) => `${l * w + r.pick([-1, 1]) * r.int(1, 6)} cm²`,
        hint: 'Area is the space inside: multiply the length by the width. Area is measured in square units.',
        explanation: `Area counts the 1 cm squares inside. The rectangle holds ${w} rows of ${l} squares: ${timesTableMethod(l, w)} So the area is ${l * w} cm². (Adding the sides gives the perimeter, not the area.)`,
      };
    },
  }),
  defineTemplate({
    id: 'area-triangle',
    topic: 'area-perimeter',
    // The area of a triangle is Year 6.
    grades: [6, 7],
    difficulty: 2,
    type: 'multiple_choice',
    time: 45,
    build(rng) {
      const b = rng.int(2, 16);
      const h = rng.int(2, 14);
      const area = (b * h) / 2;
      return {
        question: `A triangle has a base of ${b} cm and a perpendicular height of ${h} cm. What is its area?`,
        answer: `${num(area)} cm²`,
        distractors: [`${b * h} cm²`, `${b + h} cm²`, `${num(area / 2)} cm²`],
        fallback: (r) => `${num(area + r.int(1, 5))} cm²`,
        hint: 'A triangle is half of a rectangle with the same base and height.',
        explanation: `A triangle is half of a rectangle with the same base and height. The rectangle: $${b} \\times ${h} = ${b * h}$ cm². Half of it: $${b * h} \\div 2 = ${num(area)}$, so the area is ${num(area)} cm².`,
      };
    },
  }),
  defineTemplate({
    id: 'area-parallelogram-trapezium',
    topic: 'area-perimeter',
    // Parallelograms are Year 6 but the trapezium is KS3 (Year 7).
    grades: [7, 8],
    difficulty: 3,
    type: 'geometry',
    time: 60,
    build(rng) {
      const h = rng.int(2, 12);
      if (rng.bool()) {
        const b = rng.int(3, 15);
        const slant = h + rng.int(1, 4);
        return {
          question: `A parallelogram has a base of ${b} cm, slanted sides of ${slant} cm and a perpendicular height of ${h} cm. What is its area?`,
          answer: `${b * h} cm²`,
          form: { kind: 'number', unit: 'cm²' },
          hint: 'Use the perpendicular height, not the slanted side.',
          explanation: `Cut the triangle off one slanted end and slide it to the other end: the parallelogram becomes a rectangle ${b} cm long and ${h} cm high (the height, not the ${slant} cm slanted side). Area $= ${b} \\times ${h} = ${b * h}$, so the area is ${b * h} cm².`,
        };
      }
      const a = rng.int(2, 10);
      const b = a + rng.int(1, 8);
      const area = ((a + b) * h) / 2;
      return {
        question: `A trapezium has parallel sides of ${a} cm and ${b} cm, and a perpendicular height of ${h} cm. What is its area?`,
        answer: `${num(area)} cm²`,
        form: { kind: 'number', unit: 'cm²' },
        hint: 'Add the parallel sides, halve the total, then multiply by the height.',
        explanation: `Two copies of the trapezium, one turned upside down, fit together into a parallelogram with base $${a} + ${b} = ${a + b}$ cm and height ${h} cm: its area is $${a + b} \\times ${h} = ${(a + b) * h}$ cm². The trapezium is half of it: $${(a + b) * h} \\div 2 = ${num(area)}$, so the area is ${num(area)} cm².`,
      };
    },
  }),
  defineTemplate({
    id: 'area-compound-shape',
    topic: 'area-perimeter',
    grades: [6, 8],
    difficulty: 3,
    type: 'geometry',
    time: 75,
    build(rng) {
      const W = rng.int(6, 16);
      const H = rng.int(5, 12);
      const w = rng.int(1, W - 2);
      const h = rng.int(1, H - 2);
      return {
        question: `An L-shape is made by cutting a ${w} cm by ${h} cm rectangle from one corner of a ${W} cm by ${H} cm rectangle. What is the area of the L-shape?`,
        answer: `${W * H - w * h} cm²`,
        form: { kind: 'number', unit: 'cm²' },
        hint: 'Find the area of the whole rectangle, then take away the area of the piece that was cut out.',
        explanation: `Find the area of the whole rectangle, then take away the piece that was cut out. Whole rectangle: $${W} \\times ${H} = ${W * H}$. Cut-out: $${w} \\times ${h} = ${w * h}$. L-shape: $${W * H} - ${w * h} = ${W * H - w * h}$ cm².`,
      };
    },
  }),
  defineTemplate({
    id: 'area-missing-side',
    topic: 'area-perimeter',
    // Area by multiplying (and so a side by dividing) is Year 5.
    grades: [5, 6],
    difficulty: 2,
    type: 'geometry',
    time: 40,
    build(rng) {
      const w = rng.int(2, 12);
      const l = rng.int(2, 15);
      return {
        question: `A rectangle has an area of ${l * w} cm² and a width of ${w} cm. How long is it?`,
        answer: `${l} cm`,
        form: { kind: 'number', unit: 'cm' },
        hint: 'Area = length × width, so divide the area by the width.',
        explanation: `Area $=$ length $\\times$ width, so the length times ${w} makes ${l * w}. Divide the area by the width: $${l * w} \\div ${w} = ${l}$, so the rectangle is ${l} cm long. Check: $${l} \\times ${w} = ${l * w}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'area-square-from-perimeter',
    topic: 'area-perimeter',
    grades: [5, 6],
    difficulty: 3,
    type: 'geometry',
    time: 45,
    build(rng) {
      const s = rng.int(2, 15);
      return {
        question: `A square has a perimeter of ${4 * s} cm. What is its area?`,
        answer: `${s * s} cm²`,
        form: { kind: 'number', unit: 'cm²' },
        hint: 'A square has four equal sides. Find one side from the perimeter first.',
        explanation: `A square has 4 equal sides, so each side is $${4 * s} \\div 4 = ${s}$ cm. Area $=$ side $\\times$ side $= ${s} \\times ${s} = ${s * s}$, so the area is ${s * s} cm².`,
      };
    },
  }),
  // ----- volume and surface area
  defineTemplate({
    id: 'volume-cuboid',
    topic: 'volume-surface-area',
    grades: [5, 6],
    difficulty: 2,
    type: 'geometry',
    time: 40,
    build(rng) {
      const [l, w, h] = [rng.int(2, 12), rng.int(2, 10), rng.int(2, 9)];
      return {
        question: `A cuboid is ${l} cm long, ${w} cm wide and ${h} cm high. What is its volume?`,
        answer: `${l * w * h} cm³`,
        form: { kind: 'number', unit: 'cm³' },
        hint: 'Volume of a cuboid = length × width × height. Volume is measured in cubic units.',
        explanation: `Volume counts the 1 cm cubes inside. One layer on the base is ${l} rows of ${w}: $${l} \\times ${w} = ${l * w}$ cubes. There are ${h} layers: $${l * w} \\times ${h} = ${l * w * h}$, so the volume is ${l * w * h} cm³.`,
      };
    },
  }),
  defineTemplate({
    id: 'volume-missing-dimension',
    topic: 'volume-surface-area',
    grades: [6, 7],
    difficulty: 3,
    type: 'geometry',
    time: 50,
    build(rng) {
      const [l, w, h] = [rng.int(2, 12), rng.int(2, 10), rng.int(2, 9)];
      return {
        question: `A cuboid has a volume of ${l * w * h} cm³. It is ${l} cm long and ${w} cm wide. How high is it?`,
        answer: `${h} cm`,
        form: { kind: 'number', unit: 'cm' },
        hint: 'Find the area of the base (length × width), then divide the volume by it.',
        explanation: `Volume $=$ base area $\\times$ height. Base area $= ${l} \\times ${w} = ${l * w}$ cm², so the height is the volume divided by it: $${l * w * h} \\div ${l * w} = ${h}$ cm. Check: $${l * w} \\times ${h} = ${l * w * h}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'surface-area-cuboid',
    topic: 'volume-surface-area',
    grades: [7, 8],
    difficulty: 3,
    type: 'geometry',
    time: 75,
    build(rng) {
      const [l, w, h] = [rng.int(2, 10), rng.int(2, 8), rng.int(1, 7)];
      const sa = 2 * (l * w + l * h + w * h);
      return {
        question: `Find the total surface area of a cuboid ${l} cm by ${w} cm by ${h} cm.`,
        answer: `${sa} cm²`,
        form: { kind: 'number', unit: 'cm²' },
        hint: 'A cuboid has six faces in three matching pairs. Find the area of one of each pair, add them, then double.',
        explanation: `A cuboid has 6 rectangular faces in 3 matching pairs. Top and bottom: $${l} \\times ${w} = ${l * w}$ cm² each. Front and back: $${l} \\times ${h} = ${l * h}$ cm² each. The two ends: $${w} \\times ${h} = ${w * h}$ cm² each. One of each pair: $${l * w} + ${l * h} + ${w * h} = ${sa / 2}$; both of each pair: $2 \\times ${sa / 2} = ${sa}$, so the surface area is ${sa} cm².`,
      };
    },
  }),
  defineTemplate({
    id: 'volume-triangular-prism',
    topic: 'volume-surface-area',
    grades: [7, 8],
    difficulty: 3,
    type: 'geometry',
    time: 60,
    build(rng) {
      const b = rng.int(2, 10);
      const h = rng.int(2, 10);
      const l = rng.int(3, 15);
      const v = (b * h * l) / 2;
      return {
        question: `A triangular prism is ${l} cm long. Its cross-section is a triangle with base ${b} cm and perpendicular height ${h} cm. What is its volume?`,
        answer: `${num(v)} cm³`,
        form: { kind: 'number', unit: 'cm³' },
        hint: 'Volume of a prism = area of the cross-section × length.',
        explanation: `A prism has the same cross-section all along its length, so its volume is the area of the cross-section times the length. The triangle is half of a ${b} by ${h} rectangle: $${b} \\times ${h} \\div 2 = ${num((b * h) / 2)}$ cm². Volume $= ${num((b * h) / 2)} \\times ${l} = ${num(v)}$ cm³.`,
      };
    },
  }),
  defineTemplate({
    id: 'volume-cylinder-exact',
    topic: 'volume-surface-area',
    grades: [8, 9],
    difficulty: 3,
    type: 'geometry',
    time: 60,
    build(rng) {
      const r = rng.int(1, 9);
      const h = rng.int(2, 12);
      return {
        question: `A cylinder has radius ${r} cm and height ${h} cm. Find its volume, leaving your answer in terms of π.`,
        answer: `${piTyped(r * r * h)} cm³`,
        form: { kind: 'exact', unit: 'cm³' },
        hint: 'Volume of a cylinder = πr²h. Keep π as a symbol rather than using 3.14.',
        explanation: `A cylinder is a prism with a circle as its cross-section: volume $=$ area of the circle $\\times$ height. The circle: $\\pi \\times ${r}^2 = ${piTex(r * r)}$ cm². Times the height: $${piTex(r * r)} \\times ${h} = ${piTex(r * r * h)}$, so the volume is $${piTex(r * r * h)}$ cm³.`,
      };
    },
  }),
  defineTemplate({
    id: 'volume-cube-side',
    topic: 'volume-surface-area',
    grades: [6, 7],
    difficulty: 2,
    type: 'geometry',
    time: 35,
    build(rng) {
      const s = rng.int(2, 10);
      return {
        question: `A cube has a volume of ${s ** 3} cm³. How long is each edge?`,
        answer: `${s} cm`,
        form: { kind: 'number', unit: 'cm' },
        hint: 'The volume of a cube is edge × edge × edge. Find the cube root.',
        explanation: `The volume of a cube is edge $\\times$ edge $\\times$ edge, so look for the number that makes ${s ** 3} when it is multiplied by itself three times (the cube root). ${s > 2 ? `$${s - 1} \\times ${s - 1} \\times ${s - 1} = ${(s - 1) ** 3}$ is too small; ` : ''}$${s} \\times ${s} \\times ${s} = ${s * s} \\times ${s} = ${s ** 3}$, so each edge is ${s} cm.`,
      };
    },
  }),
  // ----- angles
  defineTemplate({
    id: 'angle-type',
    topic: 'angles',
    grades: [4, 5],
    difficulty: 1,
    type: 'multiple_choice',
    time: 20,
    build(rng) {
      const kind = rng.int(0, 3);
      const a = [rng.int(5, 85), 90, rng.int(95, 175), rng.int(185, 355)][kind] as number;
      const names = ['acute', 'right angle', 'obtuse', 'reflex'];
      return {
        question: `What type of angle is ${deg(a)}?`,
        answer: names[kind] as string,
        distractors: names.filter((_, i) => i !== kind),
        hint: 'Compare the angle with a quarter turn (90°) and with a half turn (180°).',
        explanation: `${deg(a)} is ${['less than 90° (a quarter turn)', 'exactly 90°, a quarter turn', 'more than 90° (a quarter turn) but less than 180° (a half turn)', 'more than 180° (a half turn) but less than 360° (a whole turn)'][kind]}, so it is ${kind === 1 ? 'a right angle' : `${article(names[kind] as string)} ${names[kind]} angle`}.`,
      };
    },
  }),
  defineTemplate({
    id: 'angles-straight-line',
    topic: 'angles',
    // Angles on a straight line add to 180°: Year 5.
    grades: [5, 6],
    difficulty: 1,
    type: 'geometry',
    time: 30,
    build(rng) {
      const a = rng.intExcept(15, 165, 90);
      return {
        question: `Two angles lie on a straight line. One of them is ${deg(a)}. What is the other?`,
        figure: straightLineAnglesFigure(a),
        answer: deg(180 - a),
        form: degreesForm,
        hint: 'Angles on a straight line add up to 180°.',
        explanation: `Angles on a straight line add up to 180° (a half turn), so the missing angle is $180^\\circ - ${a}^\\circ = ${180 - a}^\\circ$.`,
      };
    },
  }),
  defineTemplate({
    id: 'angles-around-point',
    topic: 'angles',
    grades: [5, 6],
    difficulty: 2,
    type: 'geometry',
    time: 40,
    build(rng) {
      const a = rng.int(40, 150);
      const b = rng.int(40, 310 - a);
      const c = 360 - a - b;
      return {
        question: `Three angles meet at a point. Two of them are ${deg(a)} and ${deg(b)}. What is the third angle?`,
        answer: deg(c),
        form: degreesForm,
        hint: 'Angles around a point add up to 360°.',
        explanation: `Angles around a point add up to 360° (a whole turn). The two you know make $${a}^\\circ + ${b}^\\circ = ${a + b}^\\circ$, so the third angle is $360^\\circ - ${a + b}^\\circ = ${c}^\\circ$.`,
      };
    },
  }),
  defineTemplate({
    id: 'angles-triangle',
    topic: 'angles',
    // Angles in a triangle add to 180°: Year 6.
    grades: [6, 7],
    difficulty: 2,
    type: 'geometry',
    time: 35,
    build(rng) {
      const a = rng.int(20, 110);
      const b = rng.int(15, 160 - a);
      return {
        question: `Two angles of a triangle are ${deg(a)} and ${deg(b)}. What is the third angle?`,
        figure: triangleAnglesFigure(a, b),
        answer: deg(180 - a - b),
        form: degreesForm,
        hint: 'The angles inside a triangle add up to 180°.',
        explanation: `The angles inside a triangle add up to 180°. The two you know make $${a}^\\circ + ${b}^\\circ = ${a + b}^\\circ$, so the third angle is $180^\\circ - ${a + b}^\\circ = ${180 - a - b}^\\circ$.`,
      };
    },
  }),
  defineTemplate({
    id: 'angles-isosceles',
    topic: 'angles',
    grades: [6, 8],
    difficulty: 3,
    type: 'geometry',
    time: 50,
    build(rng) {
      if (rng.bool()) {
        const apex = 2 * rng.int(10, 70);
        const base = (180 - apex) / 2;
        return {
          question: `In an isosceles triangle the angle between the two equal sides is ${deg(apex)}. What size is each of the other two angles?`,
          answer: deg(base),
          form: degreesForm,
          hint: 'The two base angles are equal. Take the given angle from 180° and share what is left equally.',
          explanation: `The angles in a triangle add up to 180°. Take away the angle between the equal sides: $180^\\circ - ${apex}^\\circ = ${180 - apex}^\\circ$ is left for the other two angles, and they are equal (an isosceles triangle's base angles), so each is $${180 - apex}^\\circ \\div 2 = ${base}^\\circ$.`,
        };
      }
      const base = rng.int(20, 85);
      return {
        question: `In an isosceles triangle the two equal angles are each ${deg(base)}. What is the third angle?`,
        answer: deg(180 - 2 * base),
        form: degreesForm,
        hint: 'The angles in a triangle add up to 180°, and two of them are the same.',
        explanation: `The two equal angles make $2 \\times ${base}^\\circ = ${2 * base}^\\circ$. The angles in a triangle add up to 180°, so the third angle is $180^\\circ - ${2 * base}^\\circ = ${180 - 2 * base}^\\circ$.`,
      };
    },
  }),
  defineTemplate({
    id: 'angles-polygon-interior',
    topic: 'angles',
    grades: [7, 9],
    difficulty: 3,
    type: 'geometry',
    time: 50,
    build(rng) {
      const polygons: [number, string][] = [
        [5, 'pentagon'], [6, 'hexagon'], [8, 'octagon'], [9, 'nonagon'], [10, 'decagon'], [12, 'dodecagon'],
      ];
      const [n, name] = rng.pick(polygons);
      const total = (n - 2) * 180;
      if (rng.bool()) {
        return {
          question: `What is the sum of the interior angles of ${article(name)} ${name}?`,
          answer: deg(total),
          form: degreesForm,
          hint: 'A polygon with n sides can be split into n − 2 triangles from one corner.',
          explanation: `${article(name) === 'an' ? 'An' : 'A'} ${name} has ${n} sides. Lines from one corner to the other corners split it into $${n} - 2 = ${n - 2}$ triangles, and the angles of each triangle add up to 180°: $${n - 2} \\times 180^\\circ = ${total}^\\circ$.`,
        };
      }
      return {
        question: `What is the size of each interior angle of a regular ${name}?`,
        answer: deg(total / n),
        form: degreesForm,
        hint: 'Find the sum of the interior angles first, then share it equally between the corners.',
        explanation: `A ${name} has ${n} sides. Lines from one corner split it into $${n} - 2 = ${n - 2}$ triangles, so its angles add up to $${n - 2} \\times 180^\\circ = ${total}^\\circ$. In a regular ${name} the ${n} angles are equal: $${total}^\\circ \\div ${n} = ${num(total / n)}^\\circ$.`,
      };
    },
  }),
  defineTemplate({
    id: 'angles-exterior-regular',
    topic: 'angles',
    grades: [8, 9],
    difficulty: 3,
    type: 'geometry',
    time: 45,
    build(rng) {
      const n = rng.pick([5, 6, 8, 9, 10, 12, 15, 18, 20, 24, 30, 36]);
      return {
        question: `Each exterior angle of a regular polygon is ${deg(360 / n)}. How many sides does the polygon have?`,
        answer: `${n} sides`,
        form: { kind: 'number', unit: 'sides' },
        hint: 'The exterior angles of any polygon add up to 360°.',
        explanation: `Walking once round any polygon you turn through a whole turn, so the exterior angles add up to 360°. They are all ${deg(360 / n)}, one at each corner, so there are $360 \\div ${num(360 / n)} = ${n}$ corners: the polygon has ${n} sides.`,
      };
    },
  }),
  defineTemplate({
    id: 'angles-parallel-lines',
    topic: 'angles',
    grades: [7, 9],
    difficulty: 3,
    type: 'geometry',
    time: 45,
    build(rng) {
      const a = rng.intExcept(25, 155, 90);
      const kind = rng.pick(['alternate', 'corresponding', 'co-interior'] as const);
      const answer = kind === 'co-interior' ? 180 - a : a;
      return {
        question: `A straight line crosses two parallel lines. One of the angles it makes is ${deg(a)}. What is the size of the angle ${kind} to it?`,
        answer: deg(answer),
        form: degreesForm,
        hint: 'Alternate angles are equal, corresponding angles are equal, and co-interior (allied) angles add up to 180°.',
        explanation:
          kind === 'co-interior'
            ? `Co-interior angles lie between the parallel lines on the same side of the crossing line (a C shape), and they add up to 180°. So the angle is $180^\\circ - ${a}^\\circ = ${answer}^\\circ$.`
            : kind === 'alternate'
              ? `Alternate angles lie between the parallel lines on opposite sides of the crossing line (a Z shape), and they are equal. So the angle is also ${deg(a)}.`
              : `Corresponding angles are in the same position where the crossing line meets each parallel line (an F shape), and they are equal. So the angle is also ${deg(a)}.`,
      };
    },
  }),
  // ----- circles
  defineTemplate({
    id: 'circle-circumference',
    topic: 'circles',
    grades: [7, 8],
    difficulty: 2,
    type: 'geometry',
    time: 45,
    build(rng) {
      const r = rng.int(2, 20);
      const useDiameter = rng.bool();
      const c = 2 * Math.PI * r;
      return {
        question: `A circle has a ${useDiameter ? `diameter of ${2 * r}` : `radius of ${r}`} cm. Find its circumference, to 1 decimal place.`,
        answer: `${fixed(c, 1)} cm`,
        form: oneDp('cm'),
        hint: 'Circumference = π × diameter (or 2 × π × radius). Use the π button, then round.',
        explanation: `The circumference is $\\pi$ times the diameter. ${useDiameter ? `The diameter is ${2 * r} cm` : `The diameter is twice the radius: $2 \\times ${r} = ${2 * r}$ cm`}. $C = \\pi \\times ${2 * r} = ${fixed(c, 4)}\\ldots$, which is ${fixed(c, 1)} cm to 1 decimal place.`,
      };
    },
  }),
  defineTemplate({
    id: 'circle-area',
    topic: 'circles',
    grades: [7, 8],
    difficulty: 2,
    type: 'geometry',
    time: 45,
    build(rng) {
      const r = rng.int(2, 15);
      const a = Math.PI * r * r;
      return {
        question: `A circle has a radius of ${r} cm. Find its area, to 1 decimal place.`,
        answer: `${fixed(a, 1)} cm²`,
        form: oneDp('cm²'),
        hint: 'Area of a circle = π × radius². Square the radius before multiplying by π.',
        explanation: `Area $= \\pi \\times$ radius². Square the radius first: $${r}^2 = ${r} \\times ${r} = ${r * r}$. Then $A = ${r * r} \\times \\pi = ${fixed(a, 4)}\\ldots$, which is ${fixed(a, 1)} cm² to 1 decimal place.`,
      };
    },
  }),
  defineTemplate({
    id: 'circle-area-from-diameter',
    topic: 'circles',
    grades: [8, 9],
    difficulty: 3,
    type: 'multiple_choice',
    time: 45,
    build(rng) {
      const r = rng.int(2, 12);
      const opt = (k: number) => `${k === 1 ? '' : k}π cm²`;
      return {
        question: `A circle has a diameter of ${2 * r} cm. What is its area, in terms of π?`,
        answer: opt(r * r),
        distractors: [opt(4 * r * r), opt(2 * r), opt(r), opt(2 * r * r)],
        hint: 'The area formula uses the radius, which is half the diameter.',
        explanation: `Area $= \\pi \\times$ radius², and the radius is half the diameter: $${2 * r} \\div 2 = ${r}$ cm. Square it: $${r}^2 = ${r * r}$, so the area is $${piTex(r * r)}$ cm².`,
      };
    },
  }),
  defineTemplate({
    id: 'circle-arc-sector',
    topic: 'circles',
    grades: [9, 10],
    difficulty: 4,
    type: 'geometry',
    time: 75,
    build(rng) {
      const angle = rng.pick([30, 40, 45, 60, 72, 90, 120, 135, 150, 240, 270]);
      const r = rng.int(2, 12);
      if (rng.bool()) {
        const [n, d] = reduce(angle * 2 * r, 360);
        return {
          question: `A sector of a circle has radius ${r} cm and angle ${deg(angle)}. Find the arc length, leaving your answer in terms of π.`,
          answer: `${piTyped(n, d)} cm`,
          form: { kind: 'exact', unit: 'cm' },
          hint: 'Arc length is the fraction angle/360 of the whole circumference 2πr.',
          explanation: `The arc is $\\frac{${angle}}{360}${reduce(angle, 360)[1] !== 360 ? ` = ${texFrac(angle, 360)}` : ''}$ of a whole turn, so it is that fraction of the circumference. Whole circumference: $2 \\times \\pi \\times ${r} = ${piTex(2 * r)}$ cm. Arc: $${texFrac(angle, 360)} \\times ${piTex(2 * r)} = ${piTex(n, d)}$ cm.`,
        };
      }
      const [n, d] = reduce(angle * r * r, 360);
      return {
        question: `A sector of a circle has radius ${r} cm and angle ${deg(angle)}. Find its area, leaving your answer in terms of π.`,
        answer: `${piTyped(n, d)} cm²`,
        form: { kind: 'exact', unit: 'cm²' },
        hint: 'Sector area is the fraction angle/360 of the whole area πr².',
        explanation: `The sector is $\\frac{${angle}}{360}${reduce(angle, 360)[1] !== 360 ? ` = ${texFrac(angle, 360)}` : ''}$ of a whole turn, so it is that fraction of the circle's area. Whole circle: $\\pi \\times ${r}^2 = ${piTex(r * r)}$ cm². Sector: $${texFrac(angle, 360)} \\times ${piTex(r * r)} = ${piTex(n, d)}$ cm².`,
      };
    },
  }),
  defineTemplate({
    id: 'circle-radius-from-circumference',
    topic: 'circles',
    grades: [8, 10],
    difficulty: 3,
    type: 'geometry',
    time: 40,
    build(rng) {
      const r = rng.int(2, 25);
      return {
        question: `A circle has a circumference of $${2 * r}\\pi$ cm. What is its radius?`,
        answer: `${r} cm`,
        form: { kind: 'number', unit: 'cm' },
        hint: 'Circumference = 2πr. Divide by 2π to find r.',
        explanation: `Circumference $= 2\\pi r$, so $2\\pi r = ${2 * r}\\pi$. Both sides have $\\pi$: $2r = ${2 * r}$. Divide by 2: $r = ${r}$, so the radius is ${r} cm.`,
      };
    },
  }),
  // ----- Pythagoras
  defineTemplate({
    id: 'pythagoras-hypotenuse',
    topic: 'pythagoras',
    grades: [8, 9],
    difficulty: 2,
    type: 'geometry',
    time: 60,
    build(rng) {
      const [a, b, c] = rng.pick(TRIPLES);
      const k = rng.int(1, a < 6 ? 4 : 2);
      return {
        question: `A right-angled triangle has shorter sides of ${a * k} cm and ${b * k} cm. How long is the hypotenuse?`,
        answer: `${c * k} cm`,
        form: { kind: 'number', unit: 'cm' },
        hint: 'Square the two shorter sides, add them, then take the square root.',
        explanation: `Pythagoras: the square of the hypotenuse (the longest side, opposite the right angle) is the sum of the squares of the two shorter sides. $c^2 = ${a * k}^2 + ${b * k}^2 = ${(a * k) ** 2} + ${(b * k) ** 2} = ${(c * k) ** 2}$. Square root: $c = \\sqrt{${(c * k) ** 2}} = ${c * k}$, so the hypotenuse is ${c * k} cm.`,
      };
    },
  }),
  defineTemplate({
    id: 'pythagoras-shorter-side',
    topic: 'pythagoras',
    grades: [8, 9],
    difficulty: 3,
    type: 'geometry',
    time: 60,
    build(rng) {
      const [a, b, c] = rng.pick(TRIPLES);
      const k = rng.int(1, a < 6 ? 3 : 2);
      const [known, missing] = rng.bool() ? [a, b] : [b, a];
      return {
        question: `A right-angled triangle has a hypotenuse of ${c * k} cm and another side of ${known * k} cm. How long is the third side?`,
        answer: `${missing * k} cm`,
        form: { kind: 'number', unit: 'cm' },
        hint: 'For a shorter side, subtract: square the hypotenuse, take away the square of the other side, then square root.',
        explanation: `Pythagoras: the square of the hypotenuse is the sum of the squares of the other two sides, so the missing side's square is the difference. $${c * k}^2 - ${known * k}^2 = ${(c * k) ** 2} - ${(known * k) ** 2} = ${(missing * k) ** 2}$. Square root: $\\sqrt{${(missing * k) ** 2}} = ${missing * k}$, so the side is ${missing * k} cm.`,
      };
    },
  }),
  defineTemplate({
    id: 'pythagoras-decimal',
    topic: 'pythagoras',
    grades: [8, 10],
    difficulty: 3,
    type: 'geometry',
    time: 60,
    build(rng) {
      let a = rng.int(2, 15);
      let b = rng.int(2, 15);
      if (Number.isInteger(Math.hypot(a, b))) b += 1;
      if (Number.isInteger(Math.hypot(a, b))) a += 1;
      const c = Math.sqrt(a * a + b * b);
      return {
        question: `A right-angled triangle has shorter sides of ${a} m and ${b} m. Find the length of the hypotenuse, to 1 decimal place.`,
        answer: `${fixed(c, 1)} m`,
        form: oneDp('m'),
        hint: 'Use a² + b² = c², then square root and round.',
        explanation: `Pythagoras: square the two shorter sides and add. $c^2 = ${a}^2 + ${b}^2 = ${a * a} + ${b * b} = ${a * a + b * b}$. Square root: $c = \\sqrt{${a * a + b * b}} = ${fixed(c, 4)}\\ldots \\approx ${fixed(c, 1)}$ m.`,
      };
    },
  }),
  defineTemplate({
    id: 'pythagoras-exact',
    topic: 'pythagoras',
    grades: [9, 10],
    difficulty: 4,
    type: 'geometry',
    time: 60,
    build(rng) {
      let a = rng.int(1, 9);
      let b = rng.int(1, 9);
      if (Number.isInteger(Math.hypot(a, b))) b += 1;
      if (Number.isInteger(Math.hypot(a, b))) a += 1;
      const [out, inside] = surdParts(a * a + b * b);
      return {
        question: `A right-angled triangle has shorter sides of ${a} cm and ${b} cm. Find the exact length of the hypotenuse, as a surd in its simplest form.`,
        answer: `${surd(out, inside)} cm`,
        form: { kind: 'exact', unit: 'cm', require: 'surd_simplest' },
        hint: 'Use a² + b² = c² and leave the answer as a square root. Then look for square factors to simplify it.',
        explanation: `Pythagoras: $c^2 = ${a}^2 + ${b}^2 = ${a * a} + ${b * b} = ${a * a + b * b}$, so $c = \\sqrt{${a * a + b * b}}$. ${out > 1 ? `$${a * a + b * b} = ${out * out} \\times ${inside}$ and ${out * out} is a square number, so $\\sqrt{${a * a + b * b}} = \\sqrt{${out * out}} \\times \\sqrt{${inside}} = ${texSurd(out, inside)}$ cm.` : `${a * a + b * b} has no square factor bigger than 1, so $\\sqrt{${a * a + b * b}}$ cm is already in its simplest form.`}`,
      };
    },
  }),
  defineTemplate({
    id: 'pythagoras-check-right-angle',
    topic: 'pythagoras',
    grades: [8, 9],
    difficulty: 2,
    type: 'multiple_choice',
    time: 60,
    build(rng) {
      const [a, b, c] = rng.pick(TRIPLES);
      const k = rng.int(1, 2);
      const sides = (x: number, y: number, z: number) => `${x} cm, ${y} cm, ${z} cm`;
      return {
        question: 'Which set of side lengths makes a right-angled triangle?',
        answer: sides(a * k, b * k, c * k),
        distractors: [sides(a * k, b * k, c * k + 1), sides(a * k + 1, b * k, c * k), sides(a * k, b * k, a * k + b * k - 1)],
        fallback: (r) => sides(a * k, b * k + r.int(1, 4), c * k + r.int(1, 4)),
        hint: 'A triangle is right-angled exactly when the squares of the two shorter sides add up to the square of the longest side.',
        explanation: `A triangle is right-angled when the squares of the two shorter sides add up to the square of the longest side. For ${sides(a * k, b * k, c * k)}: $${a * k}^2 + ${b * k}^2 = ${(a * k) ** 2} + ${(b * k) ** 2} = ${(a * k) ** 2 + (b * k) ** 2}$ and $${c * k}^2 = ${(c * k) ** 2}$, the same, so it works. For the other sets the two totals do not match.`,
      };
    },
  }),
  // ----- trigonometry
  defineTemplate({
    id: 'trig-find-side',
    topic: 'trigonometry',
    grades: [9, 10],
    difficulty: 3,
    type: 'geometry',
    time: 75,
    build(rng) {
      const angle = rng.int(15, 75);
      const known = rng.int(3, 20);
      const kind = rng.int(0, 2);
      const s = Math.sin(rad(angle));
      const c = Math.cos(rad(angle));
      const t = Math.tan(rad(angle));
      const cases = [
        { given: 'hypotenuse', want: 'opposite', value: known * s, ratio: '\\sin', formula: `${known} \\times \\sin ${angle}^\\circ`, rule: 'SOH', ratioTex: '\\frac{\\text{opposite}}{\\text{hypotenuse}}' },
        { given: 'hypotenuse', want: 'adjacent', value: known * c, ratio: '\\cos', formula: `${known} \\times \\cos ${angle}^\\circ`, rule: 'CAH', ratioTex: '\\frac{\\text{adjacent}}{\\text{hypotenuse}}' },
        { given: 'adjacent', want: 'opposite', value: known * t, ratio: '\\tan', formula: `${known} \\times \\tan ${angle}^\\circ`, rule: 'TOA', ratioTex: '\\frac{\\text{opposite}}{\\text{adjacent}}' },
      ];
      const chosen = cases[kind] as (typeof cases)[number];
      return {
        question: `In a right-angled triangle, one angle is ${deg(angle)} and the ${chosen.given} is ${known} cm. Find the side ${chosen.want} to the ${deg(angle)} angle, to 1 decimal place.`,
        answer: `${fixed(chosen.value, 1)} cm`,
        form: oneDp('cm'),
        hint: 'Label the sides opposite, adjacent and hypotenuse, then choose SOH, CAH or TOA using the side you know and the side you want.',
        explanation: `From the ${deg(angle)} angle, you know the ${chosen.given} and want the ${chosen.want}: that is ${chosen.rule}, $${chosen.ratio} ${angle}^\\circ = ${chosen.ratioTex}$. So the ${chosen.want} is the ${chosen.given} times $${chosen.ratio} ${angle}^\\circ$: $${chosen.formula} = ${fixed(chosen.value, 4)}\\ldots \\approx ${fixed(chosen.value, 1)}$ cm. (Calculator in degree mode.)`,
      };
    },
  }),
  defineTemplate({
    id: 'trig-find-angle',
    topic: 'trigonometry',
    grades: [9, 10],
    difficulty: 3,
    type: 'geometry',
    time: 75,
    build(rng) {
      const a = rng.int(2, 15);
      const b = rng.int(a + 1, 25);
      const kind = rng.int(0, 2);
      const cases = [
        { text: `the side opposite angle $\\theta$ is ${a} cm and the hypotenuse is ${b} cm`, value: Math.asin(a / b), inv: `\\sin^{-1}\\left(\\frac{${a}}{${b}}\\right)`, why: `the opposite and the hypotenuse: SOH, $\\sin \\theta = \\frac{${a}}{${b}}$` },
        { text: `the side adjacent to angle $\\theta$ is ${a} cm and the hypotenuse is ${b} cm`, value: Math.acos(a / b), inv: `\\cos^{-1}\\left(\\frac{${a}}{${b}}\\right)`, why: `the adjacent and the hypotenuse: CAH, $\\cos \\theta = \\frac{${a}}{${b}}$` },
        { text: `the side opposite angle $\\theta$ is ${a} cm and the side adjacent to it is ${b} cm`, value: Math.atan(a / b), inv: `\\tan^{-1}\\left(\\frac{${a}}{${b}}\\right)`, why: `the opposite and the adjacent: TOA, $\\tan \\theta = \\frac{${a}}{${b}}$` },
      ];
      const chosen = cases[kind] as (typeof cases)[number];
      const degrees = (chosen.value * 180) / Math.PI;
      return {
        question: `In a right-angled triangle, ${chosen.text}. Find $\\theta$ in degrees, to 1 decimal place.`,
        answer: `${fixed(degrees, 1)}°`,
        form: oneDp('°'),
        hint: 'Choose sin, cos or tan from the two sides you know, then use the inverse function on your calculator.',
        explanation: `You know ${chosen.why}. The inverse function on the calculator (in degree mode) turns the ratio back into the angle: $\\theta = ${chosen.inv} = ${fixed(degrees, 4)}\\ldots \\approx ${fixed(degrees, 1)}^\\circ$.`,
      };
    },
  }),
  defineTemplate({
    id: 'trig-exact-values',
    topic: 'trigonometry',
    grades: [10, 12],
    difficulty: 3,
    type: 'multiple_choice',
    time: 30,
    build(rng) {
      const table: Record<string, Record<number, string>> = {
        sin: { 0: '0', 30: '1/2', 45: '√2/2', 60: '√3/2', 90: '1' },
        cos: { 0: '1', 30: '√3/2', 45: '√2/2', 60: '1/2', 90: '0' },
        tan: { 0: '0', 30: '√3/3', 45: '1', 60: '√3' },
      };
      const fn = rng.pick(['sin', 'cos', 'tan'] as const);
      const angles = Object.keys(table[fn] ?? {}).map(Number);
      const angle = rng.pick(angles);
      const answer = table[fn]?.[angle] as string;
      const pool = ['0', '1/2', '√2/2', '√3/2', '1', '√3', '√3/3'].filter((v) => v !== answer);
      const other = fn === 'sin' ? table.cos?.[angle] : table.sin?.[angle];
      return {
        question: `What is the exact value of $\\${fn} ${angle}^\\circ$?`,
        answer,
        distractors: [other ?? '', ...rng.shuffle(pool)],
        hint: 'Use the half-square (45°) and half-equilateral-triangle (30°, 60°) triangles, or learn the table of exact values.',
        explanation: exactTrigExplanation(fn, angle, answer),
      };
    },
  }),
  defineTemplate({
    id: 'trig-sine-rule',
    topic: 'trigonometry',
    grades: [11, 12],
    difficulty: 4,
    type: 'geometry',
    time: 90,
    build(rng) {
      const A = rng.int(30, 80);
      const B = rng.int(30, 150 - A);
      const a = rng.int(5, 20);
      const b = (a * Math.sin(rad(B))) / Math.sin(rad(A));
      return {
        question: `In triangle ABC, angle A = ${deg(A)}, angle B = ${deg(B)} and side a = ${a} cm (opposite A). Find side b, to 1 decimal place.`,
        answer: `${fixed(b, 1)} cm`,
        form: oneDp('cm'),
        hint: 'You know an angle and its opposite side, and you want the side opposite another angle: use the sine rule.',
        explanation: `You know side a and the angle A opposite it, and side b is opposite angle B, so use the sine rule: $\\frac{b}{\\sin B} = \\frac{a}{\\sin A}$. Put in the numbers: $\\frac{b}{\\sin ${B}^\\circ} = \\frac{${a}}{\\sin ${A}^\\circ}$. Multiply both sides by $\\sin ${B}^\\circ$: $b = \\frac{${a} \\sin ${B}^\\circ}{\\sin ${A}^\\circ} = ${fixed(b, 4)}\\ldots \\approx ${fixed(b, 1)}$ cm.`,
      };
    },
  }),
  defineTemplate({
    id: 'trig-cosine-rule',
    topic: 'trigonometry',
    grades: [11, 12],
    difficulty: 4,
    type: 'geometry',
    time: 90,
    build(rng) {
      const b = rng.int(4, 15);
      const c = rng.int(4, 15);
      const A = rng.intExcept(25, 140, 90);
      const a = Math.sqrt(b * b + c * c - 2 * b * c * Math.cos(rad(A)));
      return {
        question: `In triangle ABC, b = ${b} cm, c = ${c} cm and the angle between them, A, is ${deg(A)}. Find side a, to 1 decimal place.`,
        answer: `${fixed(a, 1)} cm`,
        form: oneDp('cm'),
        hint: 'Two sides and the angle between them: use the cosine rule a² = b² + c² − 2bc cos A.',
        explanation: `You know two sides and the angle between them, so use the cosine rule: $a^2 = b^2 + c^2 - 2bc \\cos A$. $a^2 = ${b}^2 + ${c}^2 - 2 \\times ${b} \\times ${c} \\times \\cos ${A}^\\circ = ${b * b + c * c} - ${2 * b * c} \\cos ${A}^\\circ = ${fixed(a * a, 4)}\\ldots$. Square root: $a = ${fixed(a, 4)}\\ldots \\approx ${fixed(a, 1)}$ cm.`,
      };
    },
  }),
  defineTemplate({
    id: 'trig-triangle-area',
    topic: 'trigonometry',
    grades: [11, 12],
    difficulty: 3,
    type: 'geometry',
    time: 60,
    build(rng) {
      const a = rng.int(3, 15);
      const b = rng.int(3, 15);
      const C = rng.intExcept(20, 160, 90);
      const area = 0.5 * a * b * Math.sin(rad(C));
      return {
        question: `Two sides of a triangle are ${a} cm and ${b} cm, and the angle between them is ${deg(C)}. Find the area of the triangle, to 1 decimal place.`,
        answer: `${fixed(area, 1)} cm²`,
        form: oneDp('cm²'),
        hint: 'Area = ½ab sin C, where C is the angle between sides a and b.',
        explanation: `Take the ${a} cm side as the base. The height above it is the other side times the sine of the angle between them: $${b} \\sin ${C}^\\circ$. Area $= \\frac{1}{2} \\times$ base $\\times$ height $= \\frac{1}{2} \\times ${a} \\times ${b} \\times \\sin ${C}^\\circ = ${fixed(area, 4)}\\ldots \\approx ${fixed(area, 1)}$ cm².`,
      };
    },
  }),
  defineTemplate({
    id: 'trig-degrees-to-radians',
    topic: 'trigonometry',
    // Radians are A level.
    grades: [12, 12],
    difficulty: 3,
    type: 'geometry',
    time: 40,
    build(rng) {
      const d = rng.pick([30, 45, 60, 90, 120, 135, 150, 180, 210, 225, 240, 270, 300, 315, 330, 360]);
      const [n, den] = reduce(d, 180);
      return {
        question: `Convert ${deg(d)} to radians. Give an exact answer in terms of π.`,
        answer: piTyped(n, den),
        form: { kind: 'exact' },
        hint: 'Half a turn, 180°, is π radians: multiply the degrees by π and divide by 180.',
        explanation: `Half a turn, 180°, is $\\pi$ radians, so each degree is $\\frac{\\pi}{180}$ radians. $${d} \\times \\frac{\\pi}{180} = \\frac{${d}\\pi}{180}$; ${d === 180 ? 'the 180s cancel' : `divide the top and bottom by ${gcd(d, 180)}`}: $${piTex(n, den)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'trig-solve-equation',
    topic: 'trigonometry',
    // Solving trigonometric equations in a range is A level.
    grades: [12, 12],
    difficulty: 4,
    type: 'geometry',
    time: 90,
    build(rng) {
      const cases = [
        { eq: '\\sin x = \\frac{1}{2}', roots: [30, 150], why: SIN_POSITIVE(30, '\\frac{1}{2}') },
        { eq: '\\sin x = \\frac{\\sqrt{3}}{2}', roots: [60, 120], why: SIN_POSITIVE(60, '\\frac{\\sqrt{3}}{2}') },
        { eq: '\\cos x = \\frac{1}{2}', roots: [60, 300], why: COS_POSITIVE(60, '\\frac{1}{2}') },
        {
          eq: '\\cos x = -\\frac{1}{2}',
          roots: [120, 240],
          why: 'From the exact values, $\\cos 60^\\circ = \\frac{1}{2}$. Cos is negative between 90° and 270°, where the graph is below the axis, and it is symmetrical about 180°: the solutions are $180^\\circ - 60^\\circ = 120^\\circ$ and $180^\\circ + 60^\\circ = 240^\\circ$.',
        },
        { eq: '\\tan x = 1', roots: [45, 225], why: TAN_REPEATS(45, '1') },
        {
          eq: '\\sin x = -\\frac{1}{2}',
          roots: [210, 330],
          why: 'From the exact values, $\\sin 30^\\circ = \\frac{1}{2}$. Sin is negative between 180° and 360°, where the graph is below the axis, and it is symmetrical about 270°: the solutions are $180^\\circ + 30^\\circ = 210^\\circ$ and $360^\\circ - 30^\\circ = 330^\\circ$.',
        },
        { eq: '\\tan x = \\sqrt{3}', roots: [60, 240], why: TAN_REPEATS(60, '\\sqrt{3}') },
        { eq: '\\cos x = \\frac{\\sqrt{2}}{2}', roots: [45, 315], why: COS_POSITIVE(45, '\\frac{\\sqrt{2}}{2}') },
      ];
      const chosen = rng.pick(cases);
      return {
        question: `Solve $${chosen.eq}$ for $0^\\circ \\le x < 360^\\circ$.`,
        answer: chosen.roots.map((r) => `x = ${r}°`).join(', '),
        form: { kind: 'equation_solution', variables: ['x'], unit: '°', exact: true },
        hint: 'Find the first solution from the exact values, then use the symmetry of the graph (or a CAST diagram) to find the other one in the range.',
        explanation: `${chosen.why} So $x = ${chosen.roots[0]}^\\circ$ or $x = ${chosen.roots[1]}^\\circ$.`,
      };
    },
  }),
  // ----- coordinate geometry
  defineTemplate({
    id: 'coordinates-midpoint',
    topic: 'coordinate-geometry',
    grades: [7, 9],
    difficulty: 2,
    type: 'geometry',
    time: 45,
    build(rng) {
      const [x1, y1, x2, y2] = [rng.int(-8, 8), rng.int(-8, 8), rng.int(-8, 8), rng.int(-8, 8)];
      const mx = (x1 + x2) / 2;
      const my = (y1 + y2) / 2;
      return {
        question: `Find the midpoint of the line segment joining $A${pt(x1, y1)}$ and $B${pt(x2, y2)}$.`,
        figure: coordinateGridFigure([
          ['A', x1, y1],
          ['B', x2, y2],
        ]),
        answer: pt(mx, my),
        form: { kind: 'point', exact: true },
        hint: 'Average the x-coordinates and average the y-coordinates.',
        explanation: `The midpoint is halfway along in both directions, so average the x-coordinates and average the y-coordinates. $x$: $\\frac{${x1} + ${x2 < 0 ? `(${x2})` : x2}}{2} = \\frac{${x1 + x2}}{2} = ${num(mx)}$. $y$: $\\frac{${y1} + ${y2 < 0 ? `(${y2})` : y2}}{2} = \\frac{${y1 + y2}}{2} = ${num(my)}$. The midpoint is $${pt(mx, my)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'coordinates-gradient',
    topic: 'coordinate-geometry',
    grades: [8, 9],
    difficulty: 3,
    type: 'geometry',
    time: 45,
    build(rng) {
      const x1 = rng.int(-6, 6);
      const y1 = rng.int(-6, 6);
      const x2 = rng.intExcept(-6, 6, x1);
      const y2 = rng.int(-6, 6);
      return {
        question: `Find the gradient of the straight line through $${pt(x1, y1)}$ and $${pt(x2, y2)}$.`,
        figure: coordinateGridFigure([
          ['', x1, y1],
          ['', x2, y2],
        ]),
        answer: frac(y2 - y1, x2 - x1),
        form: { kind: 'exact_fraction' },
        hint: 'Gradient = change in y ÷ change in x. Subtract the coordinates in the same order.',
        explanation: `The gradient is the change in $y$ divided by the change in $x$, going from the first point to the second. Change in $y$: $${y2} - ${y1 < 0 ? `(${y1})` : y1} = ${y2 - y1}$. Change in $x$: $${x2} - ${x1 < 0 ? `(${x1})` : x1} = ${x2 - x1}$. So $m = ${equals(`\\frac{${y2 - y1}}{${x2 - x1}}`, texFrac(y2 - y1, x2 - x1))}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'coordinates-distance',
    topic: 'coordinate-geometry',
    grades: [9, 10],
    difficulty: 3,
    type: 'geometry',
    time: 60,
    build(rng) {
      const [x1, y1] = [rng.int(-6, 6), rng.int(-6, 6)];
      const dx = rng.intExcept(-7, 7, 0);
      const dy = rng.intExcept(-7, 7, 0);
      const [out, inside] = surdParts(dx * dx + dy * dy);
      return {
        question: `Find the exact distance between $${pt(x1, y1)}$ and $${pt(x1 + dx, y1 + dy)}$.`,
        figure: coordinateGridFigure([
          ['', x1, y1],
          ['', x1 + dx, y1 + dy],
        ]),
        answer: surd(out, inside),
        form: { kind: 'exact' },
        hint: 'Draw a right-angled triangle between the points and use Pythagoras on the changes in x and y.',
        explanation: `The line between the points is the hypotenuse of a right-angled triangle whose other sides are the change in $x$, ${Math.abs(dx)}, and the change in $y$, ${Math.abs(dy)}. Pythagoras: $d^2 = ${Math.abs(dx)}^2 + ${Math.abs(dy)}^2 = ${dx * dx} + ${dy * dy} = ${dx * dx + dy * dy}$, so the distance is $d = \\sqrt{${dx * dx + dy * dy}}${inside !== dx * dx + dy * dy ? ` = ${texSurd(out, inside)}` : ''}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'coordinates-line-equation',
    topic: 'coordinate-geometry',
    grades: [9, 10],
    difficulty: 3,
    type: 'geometry',
    time: 75,
    build(rng) {
      const m = rng.intExcept(-5, 5, 0);
      const c = rng.int(-8, 8);
      const x1 = rng.int(-4, 4);
      const x2 = rng.intExcept(-4, 4, x1);
      return {
        question: `Find the equation of the straight line through $${pt(x1, m * x1 + c)}$ and $${pt(x2, m * x2 + c)}$. Give it in the form $y = mx + c$.`,
        answer: `y = ${linear(m, c)}`,
        form: { kind: 'equation', variables: ['x', 'y'] },
        hint: 'Find the gradient first, then substitute one of the points into y = mx + c to find c.',
        explanation: `The gradient is the change in $y$ divided by the change in $x$: $m = \\frac{${m * x2 + c} - ${m * x1 + c < 0 ? `(${m * x1 + c})` : m * x1 + c}}{${x2} - ${x1 < 0 ? `(${x1})` : x1}} = \\frac{${m * (x2 - x1)}}{${x2 - x1}} = ${m}$. To find $c$, put a point into $y = mx + c$. Substituting $${pt(x1, m * x1 + c)}$: $${m * x1 + c} = ${m} \\times ${x1 < 0 ? `(${x1})` : x1} + c$, so $c = ${c}$. The line is $y = ${linear(m, c)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'coordinates-read-gradient-intercept',
    topic: 'coordinate-geometry',
    grades: [7, 9],
    difficulty: 2,
    type: 'multiple_choice',
    time: 30,
    build(rng) {
      const m = rng.intExcept(-6, 6, 0, 1, -1);
      const c = rng.intExcept(-9, 9, 0, m, -m);
      const askGradient = rng.bool();
      const answer = askGradient ? m : c;
      const form = rng.bool() ? `y = ${linear(m, c)}` : `y = ${c} ${m < 0 ? '-' : '+'} ${Math.abs(m)}x`;
      return {
        question: `What is the ${askGradient ? 'gradient' : 'y-intercept'} of the line $${form}$?`,
        answer: String(answer),
        distractors: [String(askGradient ? c : m), String(-answer), String(askGradient ? -c : -m)],
        hint: 'In y = mx + c, m (the number multiplying x) is the gradient and c is where the line crosses the y-axis.',
        explanation: `In $y = mx + c$ the number multiplying $x$ is the gradient and the number on its own is the y-intercept (where the line crosses the y-axis, at $x = 0$). Written as $y = ${linear(m, c)}$, the gradient is $${m}$ and the y-intercept is $${c}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'coordinates-perpendicular-gradient',
    topic: 'coordinate-geometry',
    grades: [9, 10],
    difficulty: 3,
    type: 'geometry',
    time: 45,
    build(rng) {
      let n = rng.intExcept(-5, 5, 0);
      const d = rng.int(1, 4);
      const g = gcd(n, d);
      n /= g;
      const dd = d / g;
      const c = rng.int(-6, 6);
      const parallel = rng.bool(0.3);
      const line = dd === 1 ? `y = ${linear(n, c)}` : `y = ${texFrac(n, dd)}x${c === 0 ? '' : c > 0 ? ` + ${c}` : ` - ${-c}`}`;
      return {
        question: `What is the gradient of a line ${parallel ? 'parallel' : 'perpendicular'} to $${line}$?`,
        answer: parallel ? frac(n, dd) : frac(-dd, n),
        form: { kind: 'exact_fraction' },
        hint: parallel ? 'Parallel lines have the same gradient.' : 'Perpendicular gradients multiply to minus one: flip the fraction and change the sign.',
        explanation: parallel
          ? `The gradient of the line is the number multiplying $x$: $${texFrac(n, dd)}$. Parallel lines go in the same direction, so they have the same gradient: $${texFrac(n, dd)}$.`
          : `The gradient of the line is the number multiplying $x$: $${texFrac(n, dd)}$. Perpendicular gradients multiply to $-1$, so flip the fraction and change its sign: $${texFrac(n, dd)}$ flipped is $${texFrac(dd, n)}$, and with the sign changed it is $${texFrac(-dd, n)}$. Check: $${texFrac(n, dd)} \\times ${-dd / n < 0 ? `\\left(${texFrac(-dd, n)}\\right)` : texFrac(-dd, n)} = -1$.`,
      };
    },
  }),
  // ----- transformations
  defineTemplate({
    id: 'transform-reflect',
    topic: 'transformations',
    grades: [7, 8],
    difficulty: 2,
    type: 'geometry',
    time: 40,
    build(rng) {
      const x = rng.intExcept(-8, 8, 0);
      const y = rng.intExcept(-8, 8, 0, x, -x);
      const cases = [
        { line: 'the x-axis', image: [x, -y], rule: 'the x-coordinate stays the same and the y-coordinate changes sign' },
        { line: 'the y-axis', image: [-x, y], rule: 'the y-coordinate stays the same and the x-coordinate changes sign' },
        { line: 'the line $y = x$', image: [y, x], rule: 'the coordinates swap' },
        { line: 'the line $y = -x$', image: [-y, -x], rule: 'the coordinates swap and both change sign' },
      ];
      const chosen = rng.pick(cases);
      const [ix, iy] = chosen.image as [number, number];
      return {
        question: `The point $${pt(x, y)}$ is reflected in ${chosen.line}. What are the coordinates of its image?`,
        answer: pt(ix, iy),
        form: { kind: 'point', exact: true },
        hint: 'Sketch the point and the mirror line. The image is the same distance from the line, on the other side.',
        explanation: `Reflecting in ${chosen.line}: ${chosen.rule}, so $${pt(x, y)} \\to ${pt(ix, iy)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'transform-translate',
    topic: 'transformations',
    grades: [7, 8],
    difficulty: 1,
    type: 'geometry',
    time: 30,
    build(rng) {
      const [x, y] = [rng.int(-8, 8), rng.int(-8, 8)];
      const [a, b] = [rng.intExcept(-7, 7, 0), rng.intExcept(-7, 7, 0)];
      return {
        question: `The point $${pt(x, y)}$ is translated by the vector $\\begin{pmatrix} ${a} \\\\ ${b} \\end{pmatrix}$. What are the coordinates of its image?`,
        answer: pt(x + a, y + b),
        form: { kind: 'point', exact: true },
        hint: 'The top number moves the point right (or left if negative); the bottom number moves it up (or down).',
        explanation: `The top number of the vector moves the point across: $${x} + ${a < 0 ? `(${a})` : a} = ${x + a}$. The bottom number moves it up or down: $${y} + ${b < 0 ? `(${b})` : b} = ${y + b}$. So the image is $${pt(x + a, y + b)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'transform-rotate',
    topic: 'transformations',
    grades: [8, 9],
    difficulty: 3,
    type: 'geometry',
    time: 50,
    build(rng) {
      const x = rng.intExcept(-8, 8, 0);
      const y = rng.intExcept(-8, 8, 0);
      const cases = [
        { turn: '90° clockwise', image: [y, -x], rule: '$(x, y)$ to $(y, -x)$: the coordinates swap and the new y-coordinate changes sign' },
        { turn: '90° anticlockwise', image: [-y, x], rule: '$(x, y)$ to $(-y, x)$: the coordinates swap and the new x-coordinate changes sign' },
        { turn: '180°', image: [-x, -y], rule: '$(x, y)$ to $(-x, -y)$: both coordinates change sign' },
      ];
      const chosen = rng.pick(cases);
      const [ix, iy] = chosen.image as [number, number];
      return {
        question: `The point $${pt(x, y)}$ is rotated ${chosen.turn} about the origin. What are the coordinates of its image?`,
        answer: pt(ix, iy),
        form: { kind: 'point', exact: true },
        hint: 'Use tracing paper, or remember how each rotation about the origin moves the coordinates.',
        explanation: `A rotation of ${chosen.turn} about the origin maps ${chosen.rule}, so $${pt(x, y)} \\to ${pt(ix, iy)}$.`,
      };
    },
  }),
  defineTemplate({
    id: 'transform-enlarge',
    topic: 'transformations',
    grades: [10, 11], // negative scale factors are GCSE higher
    difficulty: 3,
    type: 'geometry',
    time: 60,
    build(rng) {
      const k = rng.pick([2, 3, 4, 0.5, -1, -2]);
      const [cx, cy] = rng.bool() ? [0, 0] : [rng.int(-3, 3), rng.int(-3, 3)];
      const [dx, dy] = [rng.intExcept(-4, 4, 0) * (k === 0.5 ? 2 : 1), rng.intExcept(-4, 4, 0) * (k === 0.5 ? 2 : 1)];
      const [x, y] = [cx + dx, cy + dy];
      const [ix, iy] = [round(cx + k * dx, 6), round(cy + k * dy, 6)];
      const centre = cx === 0 && cy === 0 ? 'the origin' : `$${pt(cx, cy)}$`;
      return {
        question: `The point $${pt(x, y)}$ is enlarged by scale factor $${num(k)}$ with centre ${centre}. What are the coordinates of its image?`,
        answer: pt(ix, iy),
        form: { kind: 'point', exact: true },
        hint: 'Find the vector from the centre to the point, multiply it by the scale factor, then add it back on to the centre.',
        explanation: `An enlargement multiplies every distance from the centre by the scale factor. From the centre to the point: $(${dx}, ${dy})$. Multiplied by $${num(k)}$: $(${num(k * dx)}, ${num(k * dy)})$. Adding to the centre gives $${pt(ix, iy)}$.`,
      };
    },
  }),
];
