import { describe, expect, test } from 'vitest';
import {
  ADD_ONS,
  PLANS,
  TRIAL,
  formatPounds,
  lowestMonthlyPence,
  maxYearlySavingsPercent,
  pricePence,
  yearlyPerMonthPence,
  yearlySavingsPence,
  yearlySavingsPercent,
} from './plans.ts';

const plan = (id: string) => {
  const found = PLANS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
};

describe('plans', () => {
  test('the prices of SPEC §3 and §9', () => {
    expect(formatPounds(pricePence(plan('single-subject'), 'monthly'))).toBe('£6.99');
    expect(formatPounds(pricePence(plan('single-subject'), 'yearly'))).toBe('£69.99');
    expect(formatPounds(pricePence(plan('full-access'), 'monthly'))).toBe('£24.99');
    expect(formatPounds(pricePence(plan('full-access'), 'yearly'))).toBe('£249.99');
    expect(PLANS.filter((candidate) => candidate.mostPopular).map((candidate) => candidate.name)).toEqual(['Full Access']);
    expect(ADD_ONS.map((addOn) => [addOn.name, formatPounds(addOn.monthlyPence), addOn.status])).toEqual([
      ['AI Hint Assistant', '£4.99', 'beta'],
      ['Live Group Tutorials', '£7.99', 'coming-soon'],
    ]);
    expect(formatPounds(lowestMonthlyPence())).toBe('£6.99');
  });

  test('yearly savings equal 12 × monthly − yearly, shown as £13.89 and £49.89', () => {
    for (const each of PLANS) expect(yearlySavingsPence(each)).toBe(12 * each.monthlyPence - each.yearlyPence);
    expect(formatPounds(yearlySavingsPence(plan('single-subject')))).toBe('£13.89');
    expect(formatPounds(yearlySavingsPence(plan('full-access')))).toBe('£49.89');
  });

  test("the badge reads 'Save up to 17%'", () => {
    expect(yearlySavingsPercent(plan('single-subject'))).toBe(17);
    expect(yearlySavingsPercent(plan('full-access'))).toBe(17);
    expect(maxYearlySavingsPercent()).toBe(17);
  });

  test('a yearly plan spread over months never overstates the saving', () => {
    expect(formatPounds(yearlyPerMonthPence(plan('single-subject')))).toBe('£5.83');
    expect(formatPounds(yearlyPerMonthPence(plan('full-access')))).toBe('£20.83');
  });

  test('formatting pounds', () => {
    expect(formatPounds(500)).toBe('£5');
    expect(formatPounds(5)).toBe('£0.05');
    expect(formatPounds(123456)).toBe('£1,234.56');
    expect(() => formatPounds(1.5)).toThrow(RangeError);
    expect(() => formatPounds(-1)).toThrow(RangeError);
  });

  test('one trial everywhere: 7 days, no card', () => {
    expect(TRIAL).toEqual({ days: 7, cardRequired: false });
  });
});
