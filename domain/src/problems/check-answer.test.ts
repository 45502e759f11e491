import { describe, expect, test } from 'vitest';
import { checkAnswer, EMPTY_ANSWER_MESSAGE } from './check-answer.ts';
import type { AnswerForm, ProblemType } from './problem.ts';

type Row = [correct: string, form: AnswerForm, answer: string, accepted: boolean, message?: string];

const num: AnswerForm = { kind: 'number' };
const unit = (u: string): AnswerForm => ({ kind: 'number', unit: u });
const exactFraction = (require?: AnswerForm['require']): AnswerForm => (require ? { kind: 'exact_fraction', require } : { kind: 'exact_fraction' });
const exact = (extra: Partial<AnswerForm> = {}): AnswerForm => ({ kind: 'exact', ...extra });
const expr = (variables: string[], require?: AnswerForm['require']): AnswerForm =>
  require ? { kind: 'expression', variables, require } : { kind: 'expression', variables };
const solution = (extra: Partial<AnswerForm> = {}): AnswerForm => ({ kind: 'equation_solution', variables: ['x'], exact: true, ...extra });
const eqXY: AnswerForm = { kind: 'equation', variables: ['x', 'y'] };
const percent: AnswerForm = { kind: 'percent' };
const anti: AnswerForm = { kind: 'antiderivative', variables: ['x'] };
const ineq: AnswerForm = { kind: 'inequality', variables: ['x'] };
const point = (extra: Partial<AnswerForm> = {}): AnswerForm => ({ kind: 'point', exact: true, ...extra });
const sf: AnswerForm = { kind: 'standard_form' };
const time: AnswerForm = { kind: 'time' };

const EXACT = 'exact answer';
const UNITS = 'Check the units';
const SIMPLEST = 'simplest form';
const WORK_IT_OUT = 'Work it out';

/**
 * What a teacher would mark, both ways: equivalent forms accepted, wrong values, wrong units,
 * rounded decimals for exact questions and unfinished working rejected.
 */
const table: Row[] = [
  // ----- numbers: fractions, decimals, mixed numbers, x = …
  ['0.5', num, '0.5', true],
  ['0.5', num, '1/2', true],
  ['0.5', num, '2/4', true],
  ['0.5', num, '.5', true],
  ['0.5', num, '0.50', true],
  ['0.5', num, '  0.5  ', true],
  ['0.5', num, 'x = 0.5', true],
  ['0.5', num, 'x=0.5', true],
  ['0.5', num, '0.5001', true],
  ['0.5', num, '0.6', false],
  ['0.5', num, '0.502', false],
  ['0.5', num, '-0.5', false],
  ['0.5', num, 'half', false, "couldn't read"],
  ['3', num, '3', true],
  ['3', num, '3.0', true],
  ['3', num, '+3', true],
  ['3', num, '6/2', true],
  ['3', num, '3+0', false, WORK_IT_OUT],
  ['3', num, 'sqrt(9)', false, WORK_IT_OUT],
  ['3', num, 'three', true],
  ['3', num, '-3', false],
  ['3', num, '2x++1', false, "We couldn't read '2x++1' as a math expression. Check for missing numbers or extra symbols."],
  ['1.5', num, '1 1/2', true],
  ['1.5', num, '1½', true],
  ['1.5', num, '3/2', true],
  ['1.5', num, '1 1 / 2', true],
  ['1.5', num, '-1 1/2', false],
  ['-1.5', num, '-1 1/2', true],
  ['-1.5', num, '−1.5', true],
  ['-1.5', num, '–1.5', true],
  ['-1.5', num, '-3/2', true],
  ['-1.5', num, '1.5', false],
  ['12000', num, '12,000', true],
  ['12000', num, '12 000', true],
  ['12000', num, '12000', true],
  ['12000', num, '1200', false],
  ['42', num, 'X = 42', true],
  ['42', num, '42 = x', true],
  // ----- units
  ['12 cm', unit('cm'), '12', true],
  ['12 cm', unit('cm'), '12cm', true],
  ['12 cm', unit('cm'), '12 cm', true],
  ['12 cm', unit('cm'), '12 CM', true],
  ['12 cm', unit('cm'), '12 centimetres', true],
  ['12 cm', unit('cm'), '12 m', false, UNITS],
  ['12 cm', unit('cm'), '120 mm', false, UNITS],
  ['12 cm', unit('cm'), '13 cm', false],
  ['28 cm²', unit('cm²'), '28 cm^2', true],
  ['28 cm²', unit('cm²'), '28 cm2', true],
  ['28 cm²', unit('cm²'), '28 sq cm', true],
  ['28 cm²', unit('cm²'), '28 cm', false, UNITS],
  ['45°', unit('°'), '45', true],
  ['45°', unit('°'), '45 degrees', true],
  ['45°', unit('°'), '45º', true],
  ['45°', unit('°'), '135', false],
  ['£4.50', unit('£'), '4.50', true],
  ['£4.50', unit('£'), '4.5', true],
  ['£4.50', unit('£'), '£4.5', true],
  ['£4.50', unit('£'), '£ 4.50', true],
  ['£4.50', unit('£'), '4.50 pounds', true],
  ['£4.50', unit('£'), '450p', false, UNITS],
  ['£4.50', unit('£'), '£4.05', false],
  ['38p', unit('p'), '38', true],
  ['38p', unit('p'), '38 pence', true],
  ['38p', unit('p'), '£0.38', false, UNITS],
  ['5 °C', unit('°C'), '5', true],
  ['5 °C', unit('°C'), '5°C', true],
  ['5 °C', unit('°C'), '-5', false],
  ['6 sides', unit('sides'), '6', true],
  ['6 sides', unit('sides'), '6 sides', true],
  ['6 sides', unit('sides'), '6 cm', false, UNITS],
  ['15 minutes', unit('minutes'), '15 mins', true],
  ['15 minutes', unit('minutes'), '15 hours', false, UNITS],
  ['7', num, '7 cm', false, 'without a unit'],
  // ----- what a teacher reads at once although it is not digits
  ['21 days', unit('days'), 'twenty-one', true],
  ['21 days', unit('days'), 'Twenty one days', true],
  ['21 days', unit('days'), '2l', false, 'Did you mean 21?'],
  ['10', num, '1O', false, 'Did you mean 10?'],
  ['105', num, 'a hundred and five', true],
  ['3005', num, 'three thousand and five', true],
  ['1', num, 'one', true],
  ['12', num, 'twelve', true],
  ['12', num, 'eleven', false],
  ['4:15', time, 'quarter past 4', true],
  ['4:15', time, 'quarter past four', true],
  ['4:45', time, 'quarter to 5', true],
  ['3:30', time, 'half past three', true],
  ['5:00', time, "5 o'clock", true],
  ['6:10', time, 'ten past six', true],
  ['8:35', time, '25 to 9', true],
  ['4:15', time, 'quarter to 4', false],
  // ----- rounded answers (tolerance 0: the rounding must be done)
  ['3.46', { kind: 'number', tolerance: 0 }, '3.46', true],
  ['3.46', { kind: 'number', tolerance: 0 }, '3.460', true],
  ['3.46', { kind: 'number', tolerance: 0 }, '3.4599', false],
  ['3.46', { kind: 'number', tolerance: 0 }, '3.5', false],
  // ----- exact fractions: rounded decimals rejected
  ['1/3', exactFraction(), '1/3', true],
  ['1/3', exactFraction(), '2/6', true],
  ['1/3', exactFraction(), '1 / 3', true],
  ['1/3', exactFraction(), '(1)/(3)', true],
  ['1/3', exactFraction(), '\\frac{1}{3}', true],
  ['1/3', exactFraction(), '⅓', true],
  ['1/3', exactFraction(), '0.333', false, EXACT],
  ['1/3', exactFraction(), '0.3333333', false],
  ['1/3', exactFraction(), '1/4', false],
  ['5/8', exactFraction(), '0.625', true],
  ['5/8', exactFraction(), '62.5%', true],
  ['5/8', exactFraction(), '10/16', true],
  ['5/8', exactFraction(), '0.63', false, EXACT],
  ['1/25', exactFraction(), '0.04', true],
  ['1/25', exactFraction(), '4%', true],
  ['1', exactFraction(), '5/5', true],
  ['3/4', exactFraction('simplest'), '3/4', true],
  ['3/4', exactFraction('simplest'), '6/8', false, SIMPLEST],
  ['3/4', exactFraction('simplest'), '0.75', false, SIMPLEST],
  ['3/4', exactFraction('simplest'), '2/3', false],
  ['7/20', exactFraction('simplest'), '0.35', false, SIMPLEST],
  ['11/4', exactFraction('fraction'), '11/4', true],
  ['11/4', exactFraction('fraction'), '22/8', true],
  ['11/4', exactFraction('fraction'), '2 3/4', false, 'single fraction'],
  ['11/4', exactFraction('fraction'), '2.75', false, 'single fraction'],
  ['3 2/5', exactFraction('mixed_number'), '3 2/5', true],
  ['3 2/5', exactFraction('mixed_number'), '3 4/10', true],
  ['3 2/5', exactFraction('mixed_number'), '17/5', false, 'mixed number'],
  ['3 2/5', exactFraction('mixed_number'), '3.4', false, 'mixed number'],
  ['0.375', exactFraction('decimal'), '0.375', true],
  ['0.375', exactFraction('decimal'), '.375', true],
  ['0.375', exactFraction('decimal'), '3/8', false, 'as a decimal'],
  // ----- percentages
  ['25%', percent, '25%', true],
  ['25%', percent, '25', true],
  ['25%', percent, '25 %', true],
  ['25%', percent, '25 percent', true],
  ['25%', percent, '25.0%', true],
  ['25%', percent, '0.25', false, 'percentage'],
  ['25%', percent, '1/4', false, 'as a fraction'],
  ['25%', percent, '26%', false],
  ['60%', percent, '60', true],
  ['60%', percent, '0.6', false, 'percentage'],
  ['33.3%', { kind: 'percent', tolerance: 0.05 }, '33.33%', true],
  ['33.3%', { kind: 'percent', tolerance: 0.05 }, '33', false],
  // ----- exact values with surds, π, ln
  ['sqrt(2)', exact(), 'sqrt(2)', true],
  ['sqrt(2)', exact(), '√2', true],
  ['sqrt(2)', exact(), '√(2)', true],
  ['sqrt(2)', exact(), 'sqrt 2', true],
  ['sqrt(2)', exact(), '1.414', false, EXACT],
  ['sqrt(2)', exact(), '1.41421356237', false, EXACT],
  ['sqrt(2)', exact(), '2^(1/2)', true],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), '3√2', true],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), '3 sqrt(2)', true],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), '3*sqrt(2)', true],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), 'sqrt(2)*3', true],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), '√2 × 3', true],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), 'sqrt(18)', false, 'surd can be simplified'],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), '√18', false, 'surd can be simplified'],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), '4.24', false, EXACT],
  ['3sqrt(2)', exact({ require: 'surd_simplest' }), '3√3', false],
  ['6sqrt(2)', exact({ require: 'surd_simplest' }), '2√18', false, 'surd can be simplified'],
  ['5sqrt(3)', exact(), 'sqrt(75)', true],
  ['5sqrt(3)', exact(), '5√3', true],
  ['sqrt(13)', exact(), 'sqrt(4+9)', false, 'simplify'],
  ['45pi cm³', exact({ unit: 'cm³' }), '45π', true],
  ['45pi cm³', exact({ unit: 'cm³' }), '45pi', true],
  ['45pi cm³', exact({ unit: 'cm³' }), '45 π cm³', true],
  ['45pi cm³', exact({ unit: 'cm³' }), '141.37', false, EXACT],
  ['45pi cm³', exact({ unit: 'cm³' }), '45 * 3.14', false, EXACT],
  ['45pi cm³', exact({ unit: 'cm³' }), '90pi/2', false, 'simplify'],
  ['45pi cm³', exact({ unit: 'cm³' }), '45pi cm²', false, UNITS],
  ['3pi/4', exact(), '3π/4', true],
  ['3pi/4', exact(), '(3/4)π', true],
  ['3pi/4', exact(), '2.356', false, EXACT],
  ['sqrt(3)/3', exact({ require: 'rationalised' }), '√3/3', true],
  ['sqrt(3)/3', exact({ require: 'rationalised' }), '(1/3)√3', true],
  ['sqrt(3)/3', exact({ require: 'rationalised' }), '1/√3', false, 'Rationalise'],
  ['ln(7)/2', exact(), 'ln(7)/2', true],
  ['ln(7)/2', exact(), '0.5ln(7)', true],
  ['ln(7)/2', exact(), '(ln 7)/2', true],
  ['ln(7)/2', exact(), 'ln(sqrt(7))', true],
  ['ln(7)/2', exact(), '0.973', false, EXACT],
  ['11 + 4sqrt(7)', exact(), '4√7 + 11', true],
  ['11 + 4sqrt(7)', exact(), '11+4√7', true],
  ['11 + 4sqrt(7)', exact(), '4 + 7 + 4√7', false, 'simplify'],
  // ----- expressions: commutative, implicit multiplication, powers, unicode
  ['2x + 1', expr(['x']), '1 + 2x', true],
  ['2x + 1', expr(['x']), '2x+1', true],
  ['2x + 1', expr(['x']), '2*x + 1', true],
  ['2x + 1', expr(['x']), '2·x + 1', true],
  ['2x + 1', expr(['x']), 'x + x + 1', true],
  ['2x + 1', expr(['x']), '2(x + 0.5)', true],
  ['2x + 1', expr(['x']), 'y = 2x + 1', true],
  ['2x + 1', expr(['x']), '2x - 1', false],
  ['2x + 1', expr(['x']), '2x++1', false, "couldn't read"],
  ['2x + 1', expr(['x']), '(2x + 1', false, "couldn't read"],
  ['2x + 1', expr(['x']), '2y + 1', false, "'y' is not part of this question"],
  ['2x + 2', expr(['x']), '2(x + 1)', true],
  ['2x + 2', expr(['x']), '2(x+1)', true],
  ['2x + 2', expr(['x'], 'expanded'), '2x + 2', true],
  ['2x + 2', expr(['x'], 'expanded'), '2 + 2x', true],
  ['2x + 2', expr(['x'], 'expanded'), '2(x+1)', false, 'multiply out the brackets'],
  ['2x + 2', expr(['x'], 'expanded'), 'x + x + 2', false, 'collect like terms'],
  ['2x + 2', expr(['x'], 'expanded'), '2x + 1 + 1', false, 'collect like terms'],
  ['x^2 + 5x + 6', expr(['x'], 'expanded'), 'x² + 5x + 6', true],
  ['x^2 + 5x + 6', expr(['x'], 'expanded'), '6 + 5x + x^2', true],
  ['x^2 + 5x + 6', expr(['x'], 'expanded'), 'x^2+5x+6', true],
  ['x^2 + 5x + 6', expr(['x'], 'expanded'), '(x+2)(x+3)', false, 'multiply out the brackets'],
  ['x^2 + 5x + 6', expr(['x'], 'expanded'), 'x^2 + 2x + 3x + 6', false, 'collect like terms'],
  ['x^2 + 5x + 6', expr(['x'], 'expanded'), 'x*x + 5x + 6', false, 'collect like terms'],
  ['x^2 + 5x + 6', expr(['x'], 'expanded'), 'x^2 + 6x + 5', false],
  ['(x + 2)(x + 3)', expr(['x'], 'factorised'), '(x+3)(x+2)', true],
  ['(x + 2)(x + 3)', expr(['x'], 'factorised'), '(x + 2)*(x + 3)', true],
  ['(x + 2)(x + 3)', expr(['x'], 'factorised'), '(2 + x)(3 + x)', true],
  ['(x + 2)(x + 3)', expr(['x'], 'factorised'), 'x^2 + 5x + 6', false, 'factorised form'],
  ['(x + 2)(x + 3)', expr(['x'], 'factorised'), '(x+2)(x-3)', false],
  ['3(2x + 3)', expr(['x'], 'factorised'), '3(2x+3)', true],
  ['3(2x + 3)', expr(['x'], 'factorised'), '(2x + 3)3', true],
  ['3(2x + 3)', expr(['x'], 'factorised'), '3*(3 + 2x)', true],
  ['3(2x + 3)', expr(['x'], 'factorised'), '6x + 9', false, 'factorised form'],
  ['3(2x + 3)', expr(['x'], 'factorised'), '1.5(4x + 6)', false, 'fully factorised'],
  ['3x(2x + 3)', expr(['x'], 'factorised'), '3x(2x+3)', true],
  ['3x(2x + 3)', expr(['x'], 'factorised'), 'x(6x + 9)', false, 'fully factorised'],
  ['3x(2x + 3)', expr(['x'], 'factorised'), '3(2x^2 + 3x)', false, 'fully factorised'],
  ['4(x - 2)(x + 2)', expr(['x'], 'factorised'), '4(x+2)(x-2)', true],
  ['4(x - 2)(x + 2)', expr(['x'], 'factorised'), '(2x - 4)(2x + 4)', false, 'fully factorised'],
  ['4(x - 2)(x + 2)', expr(['x'], 'factorised'), '4(x^2 - 4)', false, 'fully factorised'],
  ['x^7', expr(['x'], 'simplified'), 'x^7', true],
  ['x^7', expr(['x'], 'simplified'), 'x⁷', true],
  ['x^7', expr(['x'], 'simplified'), 'x**7', true],
  ['x^7', expr(['x'], 'simplified'), 'x^3*x^4', false, 'simplify'],
  ['x^7', expr(['x'], 'simplified'), 'x^(3+4)', false, 'simplify'],
  ['12x^7', expr(['x'], 'simplified'), '12x^7', true],
  ['12x^7', expr(['x'], 'simplified'), '12*x^7', true],
  ['12x^7', expr(['x'], 'simplified'), '3x^2*4x^5', false, 'simplify'],
  ['5x + 4', expr(['x'], 'simplified'), '4 + 5x', true],
  ['5x + 4', expr(['x'], 'simplified'), '3x + 2x + 4', false, 'simplify'],
  ['5x + 4', expr(['x'], 'simplified'), '5x + 2 + 2', false, 'simplify'],
  ['2x + 7y', expr(['x', 'y'], 'simplified'), '7y + 2x', true],
  ['2x + 7y', expr(['x', 'y'], 'simplified'), 'x + x + 7y', false, 'simplify'],
  ['2x + 7y', expr(['x', 'y'], 'simplified'), '2xy + 7', false],
  ['2xy', expr(['x', 'y']), '2yx', true],
  ['2xy', expr(['x', 'y']), '2*x*y', true],
  ['n^2 + 2n', expr(['n']), 'n(n + 2)', true],
  ['n^2 + 2n', expr(['n']), 'n² + 2n', true],
  ['n^2 + 2n', expr(['n']), 'n^2 + 2', false],
  ['4n - 1', expr(['n']), '-1 + 4n', true],
  ['4n - 1', expr(['n']), '3 + 4(n - 1)', true],
  ['4n - 1', expr(['n']), '4x - 1', false, "'x' is not part of this question"],
  ['12x^3 - 4x + 5', expr(['x']), '12x³ − 4x + 5', true],
  ['12x^3 - 4x + 5', expr(['x']), '5 - 4x + 12x^3', true],
  ['12x^3 - 4x + 5', expr(['x']), 'dy/dx = 12x^3 - 4x + 5', true],
  ['12x^3 - 4x + 5', expr(['x']), "f'(x) = 12x^3-4x+5", true],
  ['12x^3 - 4x + 5', expr(['x']), '12x^3 - 4x', false],
  ['12x^3 - 4x + 5', expr(['x']), '36x^2 - 4', false],
  ['6e^(2x)', expr(['x']), '6e^{2x}', true],
  ['6e^(2x)', expr(['x']), '6*e^(2x)', true],
  ['6e^(2x)', expr(['x']), '6exp(2x)', true],
  ['6e^(2x)', expr(['x']), '3e^(2x)', false],
  ['6e^(2x)', expr(['x']), '6e^2x', false],
  ['2xe^(-3x) - 3x^2e^(-3x)', expr(['x']), 'e^(-3x)(2x - 3x^2)', true],
  ['2xe^(-3x) - 3x^2e^(-3x)', expr(['x']), '2x*e^(-3x) - 3x^2*e^(-3x)', true],
  ['2xe^(-3x) - 3x^2e^(-3x)', expr(['x']), 'x e^(-3x) (2 - 3x)', true],
  ['2xsin(x) + x^2cos(x)', expr(['x']), 'x^2 cos(x) + 2x sin(x)', true],
  ['2xsin(x) + x^2cos(x)', expr(['x']), '2x cos(x) + x^2 sin(x)', false],
  ['(x - 4)/3', expr(['x']), 'x/3 - 4/3', true],
  ['(x - 4)/3', expr(['x']), '(x-4)/3', true],
  ['(x - 4)/3', expr(['x']), '1/3(x - 4)', true],
  ['(x - 4)/3', expr(['x']), '(x+4)/3', false],
  ['(x - 4)/3', expr(['x']), '3x + 4', false],
  ['sqrt(x)', expr(['x']), '√x', true],
  ['sqrt(x)', expr(['x']), 'x^(1/2)', true],
  ['sqrt(x)', expr(['x']), 'x^0.5', true],
  ['3/x', expr(['x']), '3x^(-1)', true],
  ['3/x', expr(['x']), '3÷x', true],
  ['ln(x)', expr(['x']), 'ln x', true],
  ['ln(x)', expr(['x']), 'log(x)', false],
  ['abs(x)', expr(['x']), '|x|', true],
  // ----- indefinite integrals: any constant, but it must be there
  ['x^3 + 2x + C', anti, 'x^3 + 2x + C', true],
  ['x^3 + 2x + C', anti, 'x³ + 2x + c', true],
  ['x^3 + 2x + C', anti, 'x^3 + 2x + k', true],
  ['x^3 + 2x + C', anti, '2x + x^3 + C', true],
  ['x^3 + 2x + C', anti, 'x^3 + 2x', false, 'constant of integration'],
  ['x^3 + 2x + C', anti, 'x^3 + 2x + 5', false, 'constant of integration'],
  ['x^3 + 2x + C', anti, '3x^2 + 2', false],
  ['x^3 + 2x + C', anti, 'x^3 + 2x + C + K', false, 'just one constant'],
  ['x^3 + 2x + C', anti, 'Cx^3 + 2x', false],
  ['2ln|x| + C', anti, '2ln(x) + C', true],
  ['2ln|x| + C', anti, '2 ln|x| + C', true],
  ['2ln|x| + C', anti, 'ln(x^2) + C', true],
  ['2ln|x| + C', anti, '2ln|x|', false, 'constant of integration'],
  // ----- equations: both sides, any rearrangement
  ['y = 2x + 1', eqXY, '2x + 1 = y', true],
  ['y = 2x + 1', eqXY, 'y=2x+1', true],
  ['y = 2x + 1', eqXY, 'y - 2x = 1', true],
  ['y = 2x + 1', eqXY, '2x - y + 1 = 0', true],
  ['y = 2x + 1', eqXY, 'y = 1 + 2x', true],
  ['y = 2x + 1', eqXY, '2y = 4x + 2', true],
  ['y = 2x + 1', eqXY, '2x + 1', true],
  ['y = 2x + 1', eqXY, 'y = 2x - 1', false],
  ['y = 2x + 1', eqXY, 'x = 2y + 1', false],
  ['y = 2x + 1', eqXY, 'y = 2x', false],
  ['y = 2x + 1', eqXY, 'y = 2x + 1 = 0', false, "couldn't read"],
  ['y = -3x + 4', eqXY, 'y = 4 - 3x', true],
  ['y = -3x + 4', eqXY, '3x + y = 4', true],
  ['y = -3x + 4', eqXY, 'y = 3x + 4', false],
  // ----- solutions of equations
  ['x = 3', solution(), '3', true],
  ['x = 3', solution(), 'x = 3', true],
  ['x = 3', solution(), 'x=3', true],
  ['x = 3', solution(), 'X = 3', true],
  ['x = 3', solution(), '3 = x', true],
  ['x = 3', solution(), '2x = 6', false, 'Finish solving'],
  ['x = 3', solution(), '3 = y', false, 'asks for x'],
  ['x = 3', solution(), '6/2', true],
  ['x = 3', solution(), 'y = 3', false, 'asks for x'],
  ['x = 3', solution(), 'x = 4', false],
  ['x = 3', solution(), 'x = 3, x = 4', false],
  ['x = 5/2', solution(), '2.5', true],
  ['x = 5/2', solution(), '5/2', true],
  ['x = 5/2', solution(), '2 1/2', true],
  ['x = 5/2', solution(), '10/4', true],
  ['x = 5/2', solution(), '2.4', false],
  ['x = 2, x = -3', solution(), '-3, 2', true],
  ['x = 2, x = -3', solution(), 'x = 2 or x = -3', true],
  ['x = 2, x = -3', solution(), 'x=-3 and x=2', true],
  ['x = 2, x = -3', solution(), '2; -3', true],
  ['x = 2, x = -3', solution(), 'x = -3, x = 2, x = 2', true],
  ['x = 2, x = -3', solution(), 'x = 2', false, 'Find them all'],
  ['x = 2, x = -3', solution(), 'x = 2, x = 3', false],
  ['x = 2, x = -3', solution(), '2, -3, 4', false],
  ['x = 3, x = -3', solution(), '±3', true],
  ['x = 3, x = -3', solution(), 'x = ±3', true],
  ['x = 3, x = -3', solution(), '+-3', true],
  ['x = 30°, x = 150°', solution({ unit: '°' }), '30, 150', true],
  ['x = 30°, x = 150°', solution({ unit: '°' }), '150°, 30°', true],
  ['x = 30°, x = 150°', solution({ unit: '°' }), '30 degrees, 150 degrees', true],
  ['x = 30°, x = 150°', solution({ unit: '°' }), '30', false, 'Find them all'],
  ['x = 0.38, x = -2.63', solution({ exact: false, tolerance: 0.001 }), '-2.63, 0.38', true],
  ['x = 0.38, x = -2.63', solution({ exact: false, tolerance: 0.001 }), '0.382, -2.63', false],
  // ----- points and simultaneous equations
  ['(3, -2)', point(), '(3,-2)', true],
  ['(3, -2)', point(), '3, -2', true],
  ['(3, -2)', point(), '[3, -2]', true],
  ['(3, -2)', point(), '(-2, 3)', false],
  ['(3, -2)', point(), '(3)', false, 'both coordinates'],
  ['(1.5, -0.5)', point(), '(3/2, -1/2)', true],
  ['(1.5, -0.5)', point(), '(1 1/2, -0.5)', true],
  ['x = 4, y = 3', point({ variables: ['x', 'y'] }), '(4, 3)', true],
  ['x = 4, y = 3', point({ variables: ['x', 'y'] }), 'y = 3, x = 4', true],
  ['x = 4, y = 3', point({ variables: ['x', 'y'] }), 'x = 4 and y = 3', true],
  ['x = 4, y = 3', point({ variables: ['x', 'y'] }), '(3, 4)', false],
  ['x = 4, y = 3', point({ variables: ['x', 'y'] }), 'x = 3, y = 4', false],
  // ----- inequalities
  ['x > 4', ineq, 'x>4', true],
  ['x > 4', ineq, '4 < x', true],
  ['x > 4', ineq, 'x > 8/2', true],
  ['x > 4', ineq, 'x ≥ 4', false, 'inequality sign'],
  ['x > 4', ineq, 'x < 4', false, 'inequality sign'],
  ['x > 4', ineq, 'x > 5', false],
  ['x > 4', ineq, '4', false, 'as an inequality'],
  ['x <= -2', ineq, 'x ≤ -2', true],
  ['x <= -2', ineq, 'x =< -2', true],
  ['x <= -2', ineq, '-2 >= x', true],
  ['x <= -2', ineq, 'x \\le -2', true],
  ['x <= -2', ineq, 'x < -2', false, 'inequality sign'],
  // ----- ratios
  ['2:3', { kind: 'ratio', require: 'simplest' }, '2 : 3', true],
  ['2:3', { kind: 'ratio', require: 'simplest' }, '2 to 3', true],
  ['2:3', { kind: 'ratio', require: 'simplest' }, '4:6', false, 'simplify it fully'],
  ['2:3', { kind: 'ratio', require: 'simplest' }, '3:2', false],
  ['2:3', { kind: 'ratio', require: 'simplest' }, '2/3', false, 'as a ratio'],
  ['2:3', { kind: 'ratio' }, '4:6', true],
  ['1:2:3', { kind: 'ratio', require: 'simplest' }, '1 : 2 : 3', true],
  ['1:2:3', { kind: 'ratio', require: 'simplest' }, '2:4:6', false],
  // ----- standard form
  ['4.5 × 10^4', sf, '4.5 x 10^4', true],
  ['4.5 × 10^4', sf, '4.5*10^4', true],
  ['4.5 × 10^4', sf, '4.5 × 10⁴', true],
  ['4.5 × 10^4', sf, '45 × 10^3', false, 'at least 1 and less than 10'],
  ['4.5 × 10^4', sf, '45000', false, 'not in standard form'],
  ['4.5 × 10^4', sf, '4.5e4', false],
  ['4.5 × 10^4', sf, '4.5 × 10^5', false],
  ['3.6 × 10^-4', sf, '3.6 × 10^(-4)', true],
  ['3.6 × 10^-4', sf, '3.6x10^-4', true],
  ['3.6 × 10^-4', sf, '3.6 × 10⁻⁴', true],
  ['3.6 × 10^-4', sf, '0.00036', false, 'not in standard form'],
  // ----- clock times
  ['4:15', time, '4:15', true],
  ['4:15', time, '04:15', true],
  ['4:15', time, '16:15', true],
  ['4:15', time, '4.15', true],
  ['4:15', time, '4:15 pm', true],
  ['4:15', time, '4:50', false],
  ['4:15', time, 'quarter past four o clock', false, 'like 4:15'],
  ['12:05', time, '0:05', true],
  // ----- text
  ['Wednesday', { kind: 'text', accept: ['Wed'] }, 'wednesday', true],
  ['Wednesday', { kind: 'text', accept: ['Wed'] }, ' Wednesday ', true],
  ['Wednesday', { kind: 'text', accept: ['Wed'] }, 'WEDNESDAY.', true],
  ['Wednesday', { kind: 'text', accept: ['Wed'] }, 'Wed', true],
  ['Wednesday', { kind: 'text', accept: ['Wed'] }, 'Thursday', false],
  ['Wednesday', { kind: 'text', accept: ['Wed'] }, 'Wednesdy', false],
];

const problemFor = (correct: string, form: AnswerForm) => ({
  problem_type: (form.kind === 'choice' ? 'multiple_choice' : 'numeric') as ProblemType,
  correct_answer: correct,
  answer_form: form,
});

describe('checkAnswer: what a teacher accepts', () => {
  test('the table has at least 200 pairs, both accepted and rejected', () => {
    expect(table.length).toBeGreaterThanOrEqual(200);
    expect(table.filter((r) => r[3]).length).toBeGreaterThanOrEqual(90);
    expect(table.filter((r) => !r[3]).length).toBeGreaterThanOrEqual(90);
  });

  test.each(table.map((row) => [row[2], row[0], row[1].kind + (row[1].require ? `/${row[1].require}` : ''), row[3], row[4], row[1]] as const))(
    '%j for %j (%s) → %s',
    (answer, correct, _kind, accepted, message, form) => {
      const verdict = checkAnswer(problemFor(correct, form), answer);
      expect(verdict.correct).toBe(accepted);
      if (message) expect(verdict.message ?? '').toContain(message);
    },
  );
});

describe('checkAnswer: rules that hold for every kind', () => {
  test.each(['', '   ', '\n\t'])('an empty answer (%j) is not correct and asks for an answer', (answer) => {
    expect(checkAnswer(problemFor('3', num), answer)).toEqual({ correct: false, message: EMPTY_ANSWER_MESSAGE });
    expect(checkAnswer(problemFor('B', { kind: 'choice' }), answer)).toEqual({ correct: false, message: EMPTY_ANSWER_MESSAGE });
  });

  test('multiple choice needs the exact option (trimmed), not an equivalent value', () => {
    const mc = { problem_type: 'multiple_choice' as const, correct_answer: '3/4', answer_form: { kind: 'choice' as const }, answer_options: ['3/4', '4/3', '1/2', '2/3'] };
    expect(checkAnswer(mc, '3/4').correct).toBe(true);
    expect(checkAnswer(mc, '  3/4 ').correct).toBe(true);
    expect(checkAnswer(mc, '0.75').correct).toBe(false);
    expect(checkAnswer(mc, '6/8').correct).toBe(false);
    expect(checkAnswer(mc, '4/3').correct).toBe(false);
  });

  test('an answer that cannot be read in the answer form is unreadable (a retry); a readable wrong one is not', () => {
    const unreadable: [string, AnswerForm, string][] = [
      ['3', num, 'abc'],
      ['0.75', exactFraction(), '3//4'],
      ['2x + 1', expr(['x']), '2x+*1'],
      ['x = 3', solution(), 'x = ?'],
      ['(3, -2)', point(), '(3'],
      ['x > 4', ineq, '4'],
      ['4:15', time, 'quarter past'],
      ['4.5 × 10^3', sf, 'lots'],
      ['y = 2x + 1', eqXY, '= 2x'],
      // A letter inside a number, a unit the problem does not use (issue 31: '2l' for 21 days was a miss).
      ['21 days', unit('days'), '2l'],
      ['21', num, '2l'],
      ['21', num, '2w1'],
      ['12 cm', unit('cm'), '12 m'],
      ['12 cm', unit('cm'), '120 mm'],
      ['£4.50', unit('£'), '450p'],
      ['7', num, '7 cm'],
      ['25%', percent, '25 cm'],
      ['x = 30°, x = 150°', solution({ unit: '°' }), '30 cm, 150 cm'],
      ['45pi cm³', exact({ unit: 'cm³' }), '45pi cm²'],
    ];
    for (const [correct, form, answer] of unreadable) {
      const verdict = checkAnswer(problemFor(correct, form), answer);
      expect(verdict, `${answer} for ${correct}`).toMatchObject({ correct: false, unreadable: true });
      expect(verdict.message, `${answer} for ${correct}`).toBeTruthy();
    }
    const readable: [string, AnswerForm, string][] = [
      ['3', num, '4'],
      ['1/3', exactFraction(), '0.33'],
      ['1/2', exactFraction('simplest'), '2/4'],
      ['2x + 1', expr(['x']), '2x + 2'],
      ['4.5 × 10^3', sf, '4500'],
      ['4.5 × 10^3', sf, '45000'],
      ['4:15', time, '4:30'],
    ];
    for (const [correct, form, answer] of readable) {
      expect(checkAnswer(problemFor(correct, form), answer).unreadable, `${answer} for ${correct}`).toBeUndefined();
    }
  });

  test('an over-long answer is refused with a message', () => {
    const verdict = checkAnswer(problemFor('3', num), '1'.repeat(400));
    expect(verdict.correct).toBe(false);
    expect(verdict.message).toMatch(/too long/);
  });

  test('a tutor problem whose answer does not fit its form falls back to the spec rule', () => {
    expect(checkAnswer(problemFor('a dozen', num), ' A Dozen ').correct).toBe(true);
    expect(checkAnswer(problemFor('a dozen', num), '12').correct).toBe(false);
  });

  test('repeated checks give the same verdict (caches do not change results)', () => {
    for (let i = 0; i < 3; i++) {
      expect(checkAnswer(problemFor('3(2x + 3)', expr(['x'], 'factorised')), '6x + 9').correct).toBe(false);
      expect(checkAnswer(problemFor('3(2x + 3)', expr(['x'], 'factorised')), '3(3 + 2x)').correct).toBe(true);
    }
  });

  test('the message quotes what the student typed', () => {
    expect(checkAnswer(problemFor('2x + 1', expr(['x'])), '2x**+1').message).toContain("'2x**+1'");
    expect(checkAnswer(problemFor('2x + 1', expr(['x'])), '2x+*1').message).toContain("'2x+*1'");
  });

  test('checking is fast enough to run per submit in a browser', () => {
    const cases = table.slice(0, 150);
    const start = performance.now();
    for (let round = 0; round < 20; round++) for (const [correct, form, answer] of cases) checkAnswer(problemFor(correct, form), answer);
    const perCheck = (performance.now() - start) / (20 * cases.length);
    expect(perCheck).toBeLessThan(2); // ms; typically a few microseconds once warm
  });
});
