import { describe, expect, test } from 'vitest';
import { columnAddition, columnSubtraction, shortDivision, timesTableMethod } from './methods.ts';

describe('worked methods', () => {
  test('column addition says every column and carry', () => {
    expect(columnAddition(626, 291)).toBe(
      'Ones: $6 + 1 = 7$. Tens: $2 + 9 = 11$, write $1$ and carry $1$ hundred. Hundreds: $6 + 2 + 1 = 9$. So $626 + 291 = 917$.',
    );
    expect(columnAddition(5909, 2927)).toContain('Thousands: $5 + 2 + 1 = 8$');
    expect(columnAddition(95, 7)).toBe('Ones: $5 + 7 = 12$, write $2$ and carry $1$ ten. Tens: $9 + 0 + 1 = 10$, write $0$ and carry $1$ hundred. Hundreds: the carried $1$. So $95 + 7 = 102$.');
  });

  test('column subtraction shows the exchanges, also across a zero', () => {
    expect(columnSubtraction(403, 144)).toBe(
      'Ones: $3$ becomes $13$ after exchanging 1 ten for 10 ones, and $13 - 4 = 9$. ' +
        'Tens: $0$ becomes $9$ after exchanging 1 hundred for 10 tens, and $9 - 4 = 5$. ' +
        'Hundreds: $4$ becomes $3$ after the exchange, and $3 - 1 = 2$. So $403 - 144 = 259$.',
    );
    expect(columnSubtraction(946, 439)).toContain('Hundreds: $9 - 4 = 5$');
  });

  test('short division carries each remainder', () => {
    expect(shortDivision(468, 9)).toBe(
      'Hundreds: $4 \\div 9 = 0$ remainder $4$; carry the $4$ to the tens. Tens: $46 \\div 9 = 5$ remainder $1$; carry the $1$ to the ones. Ones: $18 \\div 9 = 2$. So $468 \\div 9 = 52$.',
    );
    expect(shortDivision(55, 7)).toMatch(/So \$55 \\div 7 = 7\$ remainder \$6\$\.$/);
  });

  test('times tables are worked from known facts, not restated', () => {
    expect(timesTableMethod(11, 12)).toBe('$11 \\times 12 = 11 \\times 10 + 11 \\times 2 = 110 + 22 = 132$.');
    expect(timesTableMethod(3, 6)).toBe('Count in 6s, 3 times: 6, 12, 18. So $3 \\times 6 = 18$.');
    expect(timesTableMethod(7, 8)).toBe('$7 \\times 8 = 5 \\times 8 + 2 \\times 8 = 40 + 16 = 56$.');
    expect(timesTableMethod(10, 4)).toBe('$10 \\times 4 = 40$: 4 tens make $40$.');
  });
});

test('the 2, 5 and 10 tables count in the table a Year 2 child knows', () => {
  expect(timesTableMethod(7, 5)).toBe('Count in 5s, 7 times: 5, 10, 15, 20, 25, 30, 35. So $7 \\times 5 = 35$.');
  expect(timesTableMethod(12, 10)).toBe('$12 \\times 10 = 120$: 12 tens make $120$.');
  expect(timesTableMethod(12, 2)).toBe('$12 \\times 2 = 2 \\times 10 + 2 \\times 2 = 20 + 4 = 24$.');
});

test('decimals are added and subtracted in columns lined up on the point', () => {
  expect(columnAddition(1.7, 1.34, 2)).toBe(
    'Line up the decimal points: $1.70 + 1.34$. Hundredths: $0 + 4 = 4$. Tenths: $7 + 3 = 10$, write $0$ and carry $1$ one. Ones: $1 + 1 + 1 = 3$. So $1.70 + 1.34 = 3.04$.',
  );
  expect(columnSubtraction(8.3, 4.09, 2)).toBe(
    'Line up the decimal points: $8.30 - 4.09$. Hundredths: $0$ becomes $10$ after exchanging 1 tenth for 10 hundredths, and $10 - 9 = 1$. ' +
      'Tenths: $3$ becomes $2$ after the exchange, and $2 - 0 = 2$. Ones: $8 - 4 = 4$. So $8.30 - 4.09 = 4.21$.',
  );
  expect(columnSubtraction(3.6, 2.97, 2)).toMatch(/Ones: \$3\$ becomes \$2\$ after the exchange, and \$2 - 2 = 0\$\. So \$3\.60 - 2\.97 = 0\.63\$\.$/);
});
