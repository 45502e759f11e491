import { describe, expect, test } from 'vitest';
import { checkAnswer } from '../check-answer.ts';

describe('checkAnswer: choice answers', () => {
  test('multiple choice needs the exact option (trimmed), not an equivalent value', () => {
    const mc = { problem_type: 'multiple_choice' as const, correct_answer: '3/4', answer_form: { kind: 'choice' as const }, answer_options: ['3/4', '4/3', '1/2', '2/3'] };
    expect(checkAnswer(mc, '3/4').correct).toBe(true);
    expect(checkAnswer(mc, '  3/4 ').correct).toBe(true);
    expect(checkAnswer(mc, '0.75').correct).toBe(false);
    expect(checkAnswer(mc, '6/8').correct).toBe(false);
    expect(checkAnswer(mc, '4/3').correct).toBe(false);
  });
});
