/**
 * The topic catalog: a curriculum progression from counting and place value (grade 1) to
 * calculus (grade 12). Grades follow a typical UK/US sequence (KS1 → A level, grade 1 → 12).
 * Each topic lists the grades it is practised in; every grade has at least six topics.
 */
export interface Topic {
  /** Stable slug, used as `topic_id`. */
  id: string;
  /** Display name, used as `topic`. */
  name: string;
  /** The area of mathematics, for grouping in menus. */
  strand: TopicStrand;
  /** Grades (1-12) the topic is practised in, ascending. */
  grades: readonly number[];
  description: string;
}

type TopicStrand = 'number' | 'measurement' | 'algebra' | 'geometry' | 'statistics' | 'probability' | 'calculus';

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const topic = (id: string, name: string, strand: TopicStrand, from: number, to: number, description: string): Topic => ({
  id,
  name,
  strand,
  grades: range(from, to),
  description,
});

export const topics: readonly Topic[] = [
  // Number
  topic('place-value', 'Number and place value', 'number', 1, 4, 'Tens and ones, the value of a digit, building numbers.'),
  topic('comparing-ordering', 'Comparing and ordering numbers', 'number', 1, 3, 'Greater and smaller, ordering lists of numbers.'),
  topic('addition-subtraction', 'Addition and subtraction', 'number', 1, 4, 'Number facts, column methods, missing numbers and word problems.'),
  topic('multiplication-division', 'Multiplication and division', 'number', 2, 6, 'Times tables, short and long multiplication, division with remainders.'),
  topic('rounding-estimation', 'Rounding and estimation', 'number', 4, 8, 'Rounding to 10, 100, 1000, decimal places and significant figures; estimating.'),
  topic('factors-multiples-primes', 'Factors, multiples and primes', 'number', 4, 8, 'Primes, HCF, LCM, square numbers, prime factorisation.'),
  topic('fractions', 'Fractions', 'number', 2, 6, 'Fractions of shapes and amounts, equivalent fractions, simplifying, mixed numbers.'),
  topic('fraction-arithmetic', 'Calculating with fractions', 'number', 5, 8, 'Adding, subtracting, multiplying and dividing fractions and mixed numbers.'),
  topic('decimals', 'Decimals', 'number', 4, 7, 'Decimal place value, ordering, calculating with decimals, converting fractions.'),
  topic('percentages', 'Percentages', 'number', 6, 10, 'Percentages of amounts, percentage change, reverse percentages, compound interest.'),
  topic('ratio-proportion', 'Ratio and proportion', 'number', 6, 9, 'Simplifying and sharing in a ratio, direct and inverse proportion, scales.'),
  topic('negative-numbers', 'Negative numbers', 'number', 6, 8, 'Adding, subtracting, multiplying and dividing directed numbers.'),
  topic('order-of-operations', 'Order of operations', 'number', 6, 8, 'Brackets, powers, multiplication and division before addition and subtraction.'),
  topic('indices', 'Indices and powers', 'number', 7, 10, 'Powers, index laws, zero, negative and fractional indices.'),
  topic('standard-form', 'Standard form', 'number', 8, 10, 'Writing and calculating with numbers in standard form.'),
  topic('surds', 'Surds', 'number', 9, 11, 'Simplifying surds, surd arithmetic, rationalising denominators.'),
  // Measurement (early grades)
  topic('money', 'Money', 'measurement', 1, 4, 'Counting coins, adding prices, giving change.'),
  topic('time', 'Time', 'measurement', 1, 4, 'Telling the time, durations, converting units of time.'),
  topic('measurement', 'Length, mass and capacity', 'measurement', 1, 5, 'Comparing and converting metric units.'),
  topic('shapes', '2D and 3D shapes', 'geometry', 1, 4, 'Naming shapes, sides, faces, edges, vertices and symmetry.'),
  // Algebra
  topic('algebraic-expressions', 'Algebraic expressions', 'algebra', 6, 9, 'Writing, simplifying, substituting, expanding and factorising.'),
  topic('linear-equations', 'Linear equations', 'algebra', 6, 9, 'Solving one-step, two-step and multi-step linear equations.'),
  topic('linear-inequalities', 'Linear inequalities', 'algebra', 8, 10, 'Solving inequalities and listing integer solutions.'),
  topic('simultaneous-equations', 'Simultaneous equations', 'algebra', 9, 11, 'Solving pairs of linear equations by elimination and substitution.'),
  topic('quadratics', 'Quadratics', 'algebra', 9, 12, 'Factorising, solving, the quadratic formula, completing the square, the discriminant.'),
  topic('sequences', 'Sequences', 'algebra', 4, 10, 'Term-to-term rules, nth terms of arithmetic, geometric and quadratic sequences.'),
  topic('series', 'Arithmetic and geometric series', 'algebra', 12, 12, 'Sums of arithmetic and geometric series, sums to infinity.'),
  topic('functions', 'Functions', 'algebra', 9, 12, 'Evaluating, composite and inverse functions.'),
  topic('exponentials-logarithms', 'Exponentials and logarithms', 'algebra', 10, 12, 'Logarithms, laws of logarithms, exponential equations and growth.'),
  // Geometry
  topic('area-perimeter', 'Area and perimeter', 'geometry', 3, 8, 'Perimeter and area of rectangles, triangles, parallelograms, trapezia and compound shapes.'),
  topic('volume-surface-area', 'Volume and surface area', 'geometry', 5, 9, 'Volume and surface area of cuboids, prisms and cylinders.'),
  topic('angles', 'Angles', 'geometry', 4, 9, 'Types of angle, angles on a line, in triangles, polygons and parallel lines.'),
  topic('circles', 'Circles', 'geometry', 7, 10, 'Circumference, area, arcs and sectors.'),
  topic('pythagoras', "Pythagoras' theorem", 'geometry', 8, 10, 'Finding sides of right-angled triangles.'),
  topic('trigonometry', 'Trigonometry', 'geometry', 9, 12, 'SOH CAH TOA, exact values, sine and cosine rules, radians.'),
  topic('coordinate-geometry', 'Coordinate geometry', 'geometry', 7, 10, 'Gradients, midpoints, distances and equations of straight lines.'),
  topic('transformations', 'Transformations', 'geometry', 7, 11, 'Reflections, translations, rotations and enlargements of points.'),
  // Statistics and probability
  topic('averages', 'Averages and range', 'statistics', 6, 9, 'Mean, median, mode and range, including frequency tables.'),
  topic('data-analysis', 'Spread and data analysis', 'statistics', 9, 12, 'Quartiles, interquartile range, standard deviation, grouped data.'),
  topic('probability', 'Probability', 'probability', 7, 12, 'Likelihood, single and combined events, expected frequency, conditional probability.'),
  topic('counting-combinatorics', 'Counting and combinations', 'probability', 10, 12, 'Product rule, permutations, combinations and binomial probabilities.'),
  // Calculus
  topic('differentiation', 'Differentiation', 'calculus', 12, 12, 'Power, chain and product rules, gradients, tangents and stationary points.'),
  topic('integration', 'Integration', 'calculus', 12, 12, 'Indefinite and definite integrals, areas under curves.'),
];

/**
 * What a topic builds on, as [from, to] pairs in curriculum order (from is taught first and used by
 * to). The knowledge map calls a topic ready to learn when its prerequisites are mastered
 * (docs/learning-model.md §10), and the knowledge model's transfer priors come from the same pairs
 * (docs/knowledge-model.md §2b).
 */
export const TOPIC_PREREQUISITES: readonly (readonly [string, string])[] = [
  ['place-value', 'comparing-ordering'],
  ['place-value', 'addition-subtraction'],
  ['place-value', 'rounding-estimation'],
  ['addition-subtraction', 'multiplication-division'],
  ['addition-subtraction', 'money'],
  ['addition-subtraction', 'negative-numbers'],
  ['multiplication-division', 'factors-multiples-primes'],
  ['multiplication-division', 'fractions'],
  ['multiplication-division', 'order-of-operations'],
  ['multiplication-division', 'area-perimeter'],
  ['fractions', 'fraction-arithmetic'],
  ['fractions', 'decimals'],
  ['factors-multiples-primes', 'fraction-arithmetic'],
  ['decimals', 'percentages'],
  ['fractions', 'ratio-proportion'],
  ['percentages', 'ratio-proportion'],
  ['multiplication-division', 'indices'],
  ['indices', 'standard-form'],
  ['indices', 'surds'],
  ['measurement', 'area-perimeter'],
  ['shapes', 'area-perimeter'],
  ['area-perimeter', 'volume-surface-area'],
  ['shapes', 'angles'],
  ['area-perimeter', 'circles'],
  ['order-of-operations', 'algebraic-expressions'],
  ['negative-numbers', 'algebraic-expressions'],
  ['algebraic-expressions', 'linear-equations'],
  ['linear-equations', 'linear-inequalities'],
  ['linear-equations', 'simultaneous-equations'],
  ['linear-equations', 'coordinate-geometry'],
  ['algebraic-expressions', 'quadratics'],
  ['linear-equations', 'quadratics'],
  ['sequences', 'series'],
  ['algebraic-expressions', 'functions'],
  ['indices', 'exponentials-logarithms'],
  ['functions', 'exponentials-logarithms'],
  ['indices', 'pythagoras'],
  ['surds', 'pythagoras'],
  ['pythagoras', 'trigonometry'],
  ['angles', 'trigonometry'],
  ['coordinate-geometry', 'transformations'],
  ['averages', 'data-analysis'],
  ['fractions', 'probability'],
  ['probability', 'counting-combinatorics'],
  ['functions', 'differentiation'],
  ['coordinate-geometry', 'differentiation'],
  ['differentiation', 'integration'],
];

const byId = new Map(topics.map((t) => [t.id, t]));
const prerequisitesById = new Map<string, string[]>();
for (const [from, to] of TOPIC_PREREQUISITES) prerequisitesById.set(to, [...(prerequisitesById.get(to) ?? []), from]);

/** The topics a topic builds on (TOPIC_PREREQUISITES). */
export const prerequisitesOf = (topicId: string): readonly string[] => prerequisitesById.get(topicId) ?? [];
const byName = new Map(topics.map((t) => [t.name.toLowerCase(), t]));

/** A topic's grades in words: 'grades 9-11', or 'grade 12' when it is practised in one grade. */
export const gradesText = (grades: readonly number[]): string =>
  grades.length === 1 ? `grade ${grades[0]}` : `grades ${grades[0]}-${grades.at(-1)}`;

export function findTopic(idOrName: string): Topic | undefined {
  const key = idOrName.trim();
  return byId.get(key) ?? byId.get(key.toLowerCase()) ?? byName.get(key.toLowerCase());
}

export function getTopic(id: string): Topic {
  const found = byId.get(id);
  if (!found) throw new Error(`Unknown topic id '${id}'`);
  return found;
}
