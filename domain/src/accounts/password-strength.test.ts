import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength.ts';

describe('SPEC §5 password strength', () => {
  it.each([
    ['', 0, 'Weak', 1],
    ['abc', 1, 'Weak', 1],
    ['abcdefgh', 2, 'Fair', 2],
    ['Abcdefgh', 3, 'Good', 3],
    ['Abcdefg1', 4, 'Strong', 4],
    ['Abcdef1!', 4, 'Strong', 4],
  ])('%j scores %i (%s, %i bars)', (password, score, label, bars) => {
    const strength = passwordStrength(password);
    expect(strength.score).toBe(score);
    expect(strength.label).toBe(label);
    expect(strength.bars).toBe(bars);
  });

  it('suggests each missing criterion in order', () => {
    expect(passwordStrength('').suggestions).toEqual([
      'Use at least 8 characters',
      'Add lowercase letters',
      'Add uppercase letters',
      'Add numbers',
      'Add special characters',
    ]);
    expect(passwordStrength('abcdefgh1').suggestions).toEqual(['Add uppercase letters', 'Add special characters']);
    expect(passwordStrength('Abcdef1!').suggestions).toEqual([]);
  });

  it('exposes the register checklist', () => {
    expect(passwordStrength('aB3').checks).toEqual({ length: false, lowercase: true, uppercase: true, number: true, special: false });
  });
});
