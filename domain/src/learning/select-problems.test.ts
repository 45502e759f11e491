import { describe, expect, it } from 'vitest';
import { composeSession, DAILY_SESSION_SIZE, selectNewProblems, seededHash, TOPIC_REPEAT_PENALTY } from './select-problems.ts';

const candidate = (problemId: string, p: number, grade = 5) => ({ problemId, p, grade });
const ids = (list: Array<{ problemId: string }>) => list.map((c) => c.problemId);

describe('selectNewProblems', () => {
  const pool = [
    candidate('a', 0.95),
    candidate('b', 0.74),
    candidate('c', 0.5),
    candidate('d', 0.8),
    candidate('e', 0.76, 6),
    candidate('f', 0.2),
  ];

  it('picks problems nearest the 75 % target within the grade', () => {
    expect(ids(selectNewProblems(pool, { count: 3, seed: 1, grade: 5 }))).toEqual(['b', 'd', 'a']);
    expect(ids(selectNewProblems(pool, { count: 1, seed: 1 }))).toHaveLength(1);
    expect(ids(selectNewProblems(pool, { count: 2, seed: 1, target: 0.5, grade: 5 }))).toEqual(['c', 'b']);
  });

  it('excludes problems already attempted and ignores duplicates and NaN', () => {
    const list = [...pool, candidate('b', 0.74), candidate('z', Number.NaN)];
    expect(ids(selectNewProblems(list, { count: 10, seed: 1, grade: 5, exclude: ['b'] }))).toEqual(['d', 'a', 'c', 'f']);
  });

  it('spreads a session over topics: a repeat must be TOPIC_REPEAT_PENALTY nearer the target than another topic', () => {
    expect(TOPIC_REPEAT_PENALTY).toBe(0.1);
    const topical = (problemId: string, p: number, topicId: string) => ({ problemId, p, topicId });
    const bank = [
      ...Array.from({ length: 5 }, (_, i) => topical(`a${i}`, 0.75, 'a')),
      topical('b0', 0.7, 'b'),
      topical('b1', 0.7, 'b'),
      topical('c0', 0.9, 'c'),
    ];
    // a (0), b (0.05), a again (0 + 0.1) before b again and c (both 0.15), then b again (nearer the
    // target than c on its own, so ranked first on the tie), then c (0.15) before a third a (0.2).
    const picked = ids(selectNewProblems(bank, { count: 5, seed: 3 }));
    expect(picked.map((id) => id[0])).toEqual(['a', 'b', 'a', 'b', 'c']);
    // Without the topics the nearest problems win outright: five of topic a.
    expect(ids(selectNewProblems(bank.map(({ problemId, p }) => ({ problemId, p })), { count: 5, seed: 3 })).every((id) => id.startsWith('a'))).toBe(true);
  });

  it('breaks ties deterministically with the seed', () => {
    const ties = Array.from({ length: 8 }, (_, i) => candidate(`t${i}`, 0.75));
    const first = ids(selectNewProblems(ties, { count: 3, seed: 42 }));
    expect(ids(selectNewProblems([...ties].reverse(), { count: 3, seed: 42 }))).toEqual(first);
    const seeds = new Set(Array.from({ length: 10 }, (_, s) => ids(selectNewProblems(ties, { count: 3, seed: s })).join()));
    expect(seeds.size).toBeGreaterThan(1);
    expect(seededHash(1, 'x')).toBe(seededHash(1, 'x'));
  });
});

describe('composeSession', () => {
  const due = (n: number) => Array.from({ length: n }, (_, i) => ({ problemId: `r${i}` }));
  const fresh = (n: number) => Array.from({ length: n }, (_, i) => ({ problemId: `n${i}` }));
  const shape = (items: ReturnType<typeof composeSession>) => items.map((i) => i.kind[0]).join('');

  it('follows the landing outline by default: 4 reviews then 2 new', () => {
    expect(DAILY_SESSION_SIZE).toBe(6);
    expect(shape(composeSession({ dueReviews: due(10), newProblems: fresh(10) }))).toBe('rrrrnn');
    expect(shape(composeSession({ dueReviews: due(3), newProblems: fresh(10) }))).toBe('rrrnnn');
    expect(shape(composeSession({ dueReviews: due(0), newProblems: fresh(10) }))).toBe('nnnnnn');
    expect(shape(composeSession({ dueReviews: due(10), newProblems: fresh(1) }))).toBe('rrrrrn');
    expect(shape(composeSession({ dueReviews: due(10), newProblems: [] }))).toBe('rrrrrr');
    expect(shape(composeSession({ dueReviews: [], newProblems: [] }))).toBe('');
  });

  it('never exceeds 20 and keeps 2 places for new problems', () => {
    const items = composeSession({ dueReviews: due(50), newProblems: fresh(50), limit: 100 });
    expect(items).toHaveLength(20);
    expect(shape(items)).toBe(`${'r'.repeat(18)}nn`);
    expect(shape(composeSession({ dueReviews: due(2), newProblems: fresh(50), limit: 20 }))).toBe(`rr${'n'.repeat(18)}`);
    expect(composeSession({ dueReviews: due(5), newProblems: fresh(5), limit: 1 }).map((i) => i.kind)).toEqual(['new']);
  });

  it('keeps the given order and takes a problem in both lists only as a review', () => {
    const items = composeSession({ dueReviews: [{ problemId: 'x' }, { problemId: 'y' }], newProblems: [{ problemId: 'x' }, { problemId: 'z' }] });
    expect(items.map((i) => `${i.kind}:${i.problem.problemId}`)).toEqual(['review:x', 'review:y', 'new:z']);
  });

  it("puts a tutor's assigned problems before generated new ones", () => {
    const assigned = [{ problemId: 'a1' }, { problemId: 'a2' }, { problemId: 'n0' }];
    const ids = (items: ReturnType<typeof composeSession>) => items.map((i) => i.problem.problemId);
    expect(ids(composeSession({ dueReviews: due(4), newProblems: fresh(5), assigned }))).toEqual(['r0', 'r1', 'r2', 'r3', 'a1', 'a2']);
    expect(ids(composeSession({ dueReviews: [], newProblems: fresh(5), assigned }))).toEqual(['a1', 'a2', 'n0', 'n1', 'n2', 'n3']);
  });
});
