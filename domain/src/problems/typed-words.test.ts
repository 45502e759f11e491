import { describe, expect, it } from 'vitest';
import { clockTimeFromWords, digitLookalike, numberFromWords } from './typed-words.ts';

describe('numberFromWords', () => {
  it.each([
    ['zero', 0],
    ['one', 1],
    ['Twenty-One', 21],
    ['twenty one', 21],
    ['ninety nine', 99],
    ['a hundred', 100],
    ['one hundred and five', 105],
    ['three hundred and forty-two', 342],
    ['two thousand', 2000],
    ['three thousand and five', 3005],
    ['twelve thousand four hundred', 12400],
  ])('%s is %i', (text, value) => expect(numberFromWords(text)).toBe(value));

  it.each(['', 'twenty zero', 'one one', 'hundred', 'eleven hundred', 'lots', 'two and', '3 x'])('%j is not a number', (text) => expect(numberFromWords(text)).toBeNull());
});

describe('clockTimeFromWords', () => {
  it.each([
    ["5 o'clock", 300],
    ['five oclock', 300],
    ['half past three', 210],
    ['quarter past 4', 255],
    ['a quarter to 5', 285],
    ['ten past six', 370],
    ['25 to 9', 515],
    ['quarter to 1', 45],
  ])('%s is %i minutes after 12', (text, minutes) => expect(clockTimeFromWords(text)).toBe(minutes));

  it.each(['quarter past', 'half to 3', '40 past 2', 'quarter past 13', '4:15'])('%j is not a time in words', (text) => expect(clockTimeFromWords(text)).toBeNull());
});

describe('digitLookalike', () => {
  it('finds letters that look like digits in a number', () => {
    expect(digitLookalike('2l')).toEqual({ meant: '21', letter: 'l' });
    expect(digitLookalike('1O0')).toEqual({ meant: '100', letter: 'O' });
    expect(digitLookalike('I5')).toEqual({ meant: '15', letter: 'I' });
  });

  it('leaves everything else alone', () => {
    for (const text of ['21', 'lol', '2x', '2 cm', 'l']) expect(digitLookalike(text)).toBeNull();
  });
});
