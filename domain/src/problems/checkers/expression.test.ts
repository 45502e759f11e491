import { describe, expect, test } from 'vitest';
import { checkAnswer } from '../check-answer.ts';
import type { AnswerForm } from '../problem.ts';
import { problemFor, expectReadable, expectUnreadable, testTeacherTable, type Row } from './testing/teacher-table.ts';

const expr = (variables: string[], require?: AnswerForm['require']): AnswerForm =>
  require ? { kind: 'expression', variables, require } : { kind: 'expression', variables };

const rows: Row[] = [
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
];

describe('checkAnswer: expression answers', () => {
  testTeacherTable(rows);

  test('an answer that cannot be read in the answer form is unreadable (a retry); a readable wrong one is not', () => {
    expectUnreadable([
      ['2x + 1', expr(['x']), '2x+*1'],
    ]);
    expectReadable([
      ['2x + 1', expr(['x']), '2x + 2'],
    ]);
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
});
