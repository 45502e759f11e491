import { describe, expect, it } from 'vitest';
import { simulateClassAlerts } from './alert-simulation.ts';

describe('tutor alerts on a simulated class (200 students, 10 days, seeded)', () => {
  const figures = simulateClassAlerts({ students: 200, days: 10, seed: 32 });

  it('is the same every run', () => {
    expect(simulateClassAlerts({ students: 200, days: 10, seed: 32 })).toEqual(figures);
  });

  it('"needs help" finds the hard stretches, and is rarely raised for a student who is not struggling', () => {
    expect(figures.needsHelp.recall).toBeGreaterThanOrEqual(0.9);
    expect(figures.needsHelp.precision).toBeGreaterThanOrEqual(0.9);
  });

  it('"fell behind" finds the breaks of two whole days or more, and only those', () => {
    expect(figures.fellBehind.recall).toBeGreaterThanOrEqual(0.9);
    expect(figures.fellBehind.precision).toBeGreaterThanOrEqual(0.9);
  });
});
