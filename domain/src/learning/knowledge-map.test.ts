import { describe, expect, it } from 'vitest';
import { missingPrerequisites, topicStatus, type TopicProgress } from './knowledge-map.ts';

const progress = (entries: Record<string, TopicProgress>) => new Map(Object.entries(entries));

describe('knowledge map', () => {
  it('a topic is mastered, in progress once practised, or ready / not yet ready by its prerequisites', () => {
    const map = progress({ fractions: { answers: 9, mastered: true }, decimals: { answers: 3, mastered: false } });
    expect(topicStatus('fractions', map, 5)).toBe('mastered');
    expect(topicStatus('decimals', map, 5)).toBe('in_progress');
    // fraction-arithmetic builds on fractions (mastered) and factors-multiples-primes (grades 4-8, not practised: not met at grade 5).
    expect(topicStatus('fraction-arithmetic', map, 5)).toBe('not_ready');
    expect(missingPrerequisites('fraction-arithmetic', map, 5)).toEqual(['factors-multiples-primes']);
    // percentages build on decimals, practised and not mastered.
    expect(topicStatus('percentages', map, 9)).toBe('not_ready');
    // place value has no prerequisites.
    expect(topicStatus('place-value', map, 1)).toBe('ready');
  });

  it('a prerequisite from earlier school years that was never practised is taken as known; without a grade nothing is', () => {
    // Money (grades 1-4) builds on addition and subtraction (grades 1-4).
    expect(topicStatus('money', progress({}), 5)).toBe('ready');
    expect(topicStatus('money', progress({}), 3)).toBe('not_ready');
    expect(topicStatus('money', progress({}), null)).toBe('not_ready');
    // Practised and not mastered counts against it, whatever the grade.
    expect(topicStatus('money', progress({ 'addition-subtraction': { answers: 4, mastered: false } }), 8)).toBe('not_ready');
  });
});
