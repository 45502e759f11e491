import { describe, expect, it } from 'vitest';
import {
  cloneAbilityModel,
  createAbilityModel,
  DEFAULT_ABILITY_PARAMS,
  difficultyPrior,
  eloUncertainty,
  eloUpdate,
  predictCorrect,
  predictFromParameters,
  ratingNudge,
  updateWithAttempt,
  updateWithRating,
  type AbilityParams,
} from './ability-model.ts';

const facts = { studentId: 's1', topicId: 't1', problemId: 'p1', difficultyLevel: 3 };

describe('ability model', () => {
  it('starts from the difficulty prior: level 1 ≈ 90 %, level 3 ≈ 71 %, level 5 ≈ 40 %', () => {
    const model = createAbilityModel();
    const p = (level: number) => predictCorrect(model, { ...facts, difficultyLevel: level });
    expect(p(1)).toBeCloseTo(0.9, 2);
    expect(p(3)).toBeCloseTo(0.71, 2);
    expect(p(5)).toBeCloseTo(0.4, 2);
    expect(difficultyPrior(9)).toBe(difficultyPrior(5));
    expect(difficultyPrior(Number.NaN)).toBe(difficultyPrior(3));
  });

  it('a correct answer raises the student and lowers the problem; a wrong one the reverse', () => {
    const model = createAbilityModel();
    const before = predictCorrect(model, facts);
    updateWithAttempt(model, { ...facts, isCorrect: true });
    expect(model.students.s1!.ability).toBeGreaterThan(0);
    expect(model.studentTopics.s1!.t1!.ability).toBeGreaterThan(0);
    expect(model.problems.p1!.difficulty).toBeLessThan(difficultyPrior(3));
    expect(predictCorrect(model, facts)).toBeGreaterThan(before);
    const after = predictCorrect(model, facts);
    updateWithAttempt(model, { ...facts, isCorrect: false });
    expect(predictCorrect(model, facts)).toBeLessThan(after);
  });

  it('topic ability is per topic; global ability carries to other topics', () => {
    const model = createAbilityModel();
    for (let i = 0; i < 5; i += 1) updateWithAttempt(model, { ...facts, problemId: `p${i}`, isCorrect: true });
    const otherTopic = predictCorrect(model, { ...facts, topicId: 't2', problemId: 'fresh' });
    const sameTopic = predictCorrect(model, { ...facts, problemId: 'fresh' });
    const stranger = predictCorrect(model, { ...facts, studentId: 's2', problemId: 'fresh' });
    expect(sameTopic).toBeGreaterThan(otherTopic);
    expect(otherTopic).toBeGreaterThan(stranger);
  });

  it('learning rates decay with counts', () => {
    const u = { alpha: 1, beta: 0.1 };
    expect(eloUncertainty(u, 0)).toBe(1);
    expect(eloUncertainty(u, 10)).toBe(0.5);
    const first = eloUpdate({ studentAbility: 0, studentCount: 0, topicAbility: 0, topicCount: 0, problemDifficulty: 0, problemCount: 0, isCorrect: true });
    const later = eloUpdate({ studentAbility: 0, studentCount: 0, topicAbility: 0, topicCount: 0, problemDifficulty: 0, problemCount: 100, isCorrect: true });
    expect(first.predicted).toBe(0.5);
    expect(Math.abs(later.problemDifficulty)).toBeLessThan(Math.abs(first.problemDifficulty));
    expect(first).toMatchObject({ studentCount: 1, topicCount: 1, problemCount: 1 });
  });

  it('the row-level math matches the model-level update', () => {
    const model = createAbilityModel();
    updateWithAttempt(model, { ...facts, isCorrect: true });
    const row = {
      studentAbility: model.students.s1!.ability,
      studentCount: model.students.s1!.count,
      topicAbility: model.studentTopics.s1!.t1!.ability,
      topicCount: model.studentTopics.s1!.t1!.count,
      problemDifficulty: model.problems.p1!.difficulty,
      problemCount: model.problems.p1!.count,
    };
    expect(predictFromParameters(row)).toBeCloseTo(predictCorrect(model, facts), 12);
    const next = eloUpdate({ ...row, isCorrect: false });
    updateWithAttempt(model, { ...facts, isCorrect: false });
    expect(model.students.s1!.ability).toBeCloseTo(next.studentAbility, 12);
    expect(model.problems.p1!.difficulty).toBeCloseTo(next.problemDifficulty, 12);
  });

  it('ratings nudge the difficulty: 3 keeps it, 1 lowers, 5 raises; counts unchanged', () => {
    expect(ratingNudge({ problemDifficulty: 0, problemCount: 0, rating: 3 })).toBe(0);
    expect(ratingNudge({ problemDifficulty: 0, problemCount: 0, rating: 1 })).toBeLessThan(0);
    expect(ratingNudge({ problemDifficulty: 0, problemCount: 0, rating: 5 })).toBeCloseTo(DEFAULT_ABILITY_PARAMS.ratingWeight, 12);
    const model = createAbilityModel();
    updateWithRating(model, { problemId: 'p1', difficultyLevel: 3, rating: 5 });
    expect(model.problems.p1).toMatchObject({ count: 0, ratings: 1 });
    expect(model.problems.p1!.difficulty).toBeGreaterThan(difficultyPrior(3));
  });

  it('is plain JSON: a serialised model predicts the same', () => {
    const model = createAbilityModel();
    updateWithAttempt(model, { ...facts, isCorrect: true });
    updateWithRating(model, { problemId: 'p1', difficultyLevel: 3, rating: 2 });
    const copy = JSON.parse(JSON.stringify(model)) as typeof model;
    expect(predictCorrect(copy, facts)).toBe(predictCorrect(model, facts));
    const clone = cloneAbilityModel(model);
    updateWithAttempt(clone, { ...facts, isCorrect: false });
    expect(predictCorrect(clone, facts)).not.toBe(predictCorrect(model, facts));
  });

  it('calibrates a problem towards its observed success rate across students', () => {
    const params: AbilityParams = { ...DEFAULT_ABILITY_PARAMS };
    const model = createAbilityModel(params);
    // 200 students of average ability; problem p-hard is solved by 1 in 4.
    for (let s = 0; s < 200; s += 1) {
      updateWithAttempt(model, { studentId: `s${s}`, topicId: 't', problemId: 'p-hard', difficultyLevel: 1, isCorrect: s % 4 === 0 });
    }
    const p = predictCorrect(model, { studentId: 'new', topicId: 't', problemId: 'p-hard', difficultyLevel: 1 });
    expect(p).toBeGreaterThan(0.15);
    expect(p).toBeLessThan(0.4);
  });

  it('updates fast enough to replay a large history (100k attempts)', () => {
    const model = createAbilityModel();
    const attempts = Array.from({ length: 100_000 }, (_, i) => ({
      studentId: `s${i % 1000}`,
      topicId: `t${i % 37}`,
      problemId: `p${i % 5000}`,
      difficultyLevel: (i % 5) + 1,
      isCorrect: i % 3 !== 0,
    }));
    const begin = performance.now();
    for (const attempt of attempts) updateWithAttempt(model, attempt);
    const elapsed = performance.now() - begin;
    console.info(`100k ability-model updates: ${elapsed.toFixed(0)} ms`);
    // Generous bound: CI machines run many test files at once.
    expect(elapsed).toBeLessThan(3000);
  });
});
