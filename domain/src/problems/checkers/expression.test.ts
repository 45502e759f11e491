import { describe, expect, test } from 'vitest';
import { checkAnswer } from '../check-answer.ts';
import type { AnswerForm } from '../problem.ts';
import { marks, problemFor, testTeacherTable, type Row } from './testing/teacher-table.ts';

const expr = (variables: string[], require?: AnswerForm['require']): AnswerForm =>
  require ? { kind: 'expression', variables, require } : { kind: 'expression', variables };

const rows: Row[] = [
  // ----- expressions: commutative, implicit multiplication, powers, unicode
  ...marks('2x + 1', expr(['x']), ['1 + 2x', '2x+1', '2*x + 1', '2·x + 1', 'x + x + 1', '2(x + 0.5)', 'y = 2x + 1'], ['2x - 1', ['2x++1', "couldn't read"], ['(2x + 1', "couldn't read"], ['2y + 1', "'y' is not part of this question"]]),
  ...marks('2x + 2', expr(['x']), ['2(x + 1)', '2(x+1)']),
  ...marks('2x + 2', expr(['x'], 'expanded'), ['2x + 2', '2 + 2x'], [['2(x+1)', 'multiply out the brackets'], ['x + x + 2', 'collect like terms'], ['2x + 1 + 1', 'collect like terms']]),
  ...marks('x^2 + 5x + 6', expr(['x'], 'expanded'), ['x² + 5x + 6', '6 + 5x + x^2', 'x^2+5x+6'], [['(x+2)(x+3)', 'multiply out the brackets'], ['x^2 + 2x + 3x + 6', 'collect like terms'], ['x*x + 5x + 6', 'collect like terms'], 'x^2 + 6x + 5']),
  ...marks('(x + 2)(x + 3)', expr(['x'], 'factorised'), ['(x+3)(x+2)', '(x + 2)*(x + 3)', '(2 + x)(3 + x)'], [['x^2 + 5x + 6', 'factorised form'], '(x+2)(x-3)']),
  ...marks('3(2x + 3)', expr(['x'], 'factorised'), ['3(2x+3)', '(2x + 3)3', '3*(3 + 2x)'], [['6x + 9', 'factorised form'], ['1.5(4x + 6)', 'fully factorised']]),
  ...marks('3x(2x + 3)', expr(['x'], 'factorised'), ['3x(2x+3)'], [['x(6x + 9)', 'fully factorised'], ['3(2x^2 + 3x)', 'fully factorised']]),
  ...marks('4(x - 2)(x + 2)', expr(['x'], 'factorised'), ['4(x+2)(x-2)'], [['(2x - 4)(2x + 4)', 'fully factorised'], ['4(x^2 - 4)', 'fully factorised']]),
  ...marks('x^7', expr(['x'], 'simplified'), ['x^7', 'x⁷', 'x**7'], [['x^3*x^4', 'simplify'], ['x^(3+4)', 'simplify']]),
  ...marks('12x^7', expr(['x'], 'simplified'), ['12x^7', '12*x^7'], [['3x^2*4x^5', 'simplify']]),
  ...marks('5x + 4', expr(['x'], 'simplified'), ['4 + 5x'], [['3x + 2x + 4', 'simplify'], ['5x + 2 + 2', 'simplify']]),
  ...marks('2x + 7y', expr(['x', 'y'], 'simplified'), ['7y + 2x'], [['x + x + 7y', 'simplify'], '2xy + 7']),
  ...marks('2xy', expr(['x', 'y']), ['2yx', '2*x*y']),
  ...marks('n^2 + 2n', expr(['n']), ['n(n + 2)', 'n² + 2n'], ['n^2 + 2']),
  ...marks('4n - 1', expr(['n']), ['-1 + 4n', '3 + 4(n - 1)'], [['4x - 1', "'x' is not part of this question"]]),
  ...marks('12x^3 - 4x + 5', expr(['x']), ['12x³ − 4x + 5', '5 - 4x + 12x^3', 'dy/dx = 12x^3 - 4x + 5', "f'(x) = 12x^3-4x+5"], ['12x^3 - 4x', '36x^2 - 4']),
  ...marks('6e^(2x)', expr(['x']), ['6e^{2x}', '6*e^(2x)', '6exp(2x)'], ['3e^(2x)', '6e^2x']),
  ...marks('2xe^(-3x) - 3x^2e^(-3x)', expr(['x']), ['e^(-3x)(2x - 3x^2)', '2x*e^(-3x) - 3x^2*e^(-3x)', 'x e^(-3x) (2 - 3x)']),
  ...marks('2xsin(x) + x^2cos(x)', expr(['x']), ['x^2 cos(x) + 2x sin(x)'], ['2x cos(x) + x^2 sin(x)']),
  ...marks('(x - 4)/3', expr(['x']), ['x/3 - 4/3', '(x-4)/3', '1/3(x - 4)'], ['(x+4)/3', '3x + 4']),
  ...marks('sqrt(x)', expr(['x']), ['√x', 'x^(1/2)', 'x^0.5']),
  ...marks('3/x', expr(['x']), ['3x^(-1)', '3÷x']),
  ...marks('ln(x)', expr(['x']), ['ln x'], ['log(x)']),
  ...marks('abs(x)', expr(['x']), ['|x|']),
];

describe('checkAnswer: expression answers', () => {
  testTeacherTable(rows, {
    unreadable: [
      ['2x + 1', expr(['x']), '2x+*1'],
    ],
    readable: [
      ['2x + 1', expr(['x']), '2x + 2'],
    ],
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
