import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENT_CATEGORIES,
  ACHIEVEMENTS,
  achievementProgress,
  emptyAchievementStats,
  newlyEarned,
  nextAchievements,
  recordAnswerStats,
  recordTopicMastery,
  type AchievementStats,
} from './achievements.ts';

type Answer = Parameters<typeof recordAnswerStats>[1];
const answer = (overrides: Partial<Answer> = {}): Answer => ({
  topicId: 't1',
  isCorrect: true,
  hintUsed: false,
  responseTimeMs: 10_000,
  wasReview: false,
  localDate: '2025-01-01',
  ...overrides,
});
const fold = (answers: Answer[], start: AchievementStats = emptyAchievementStats()) => answers.reduce(recordAnswerStats, start);
const progressOf = (stats: AchievementStats, id: string) => achievementProgress(stats).find((a) => a.id === id)!;

describe('catalogue', () => {
  it('has 12 achievements with unique ids, every category used, all fields present', () => {
    expect(ACHIEVEMENTS).toHaveLength(12);
    expect(new Set(ACHIEVEMENTS.map((a) => a.id)).size).toBe(12);
    expect(new Set(ACHIEVEMENTS.map((a) => a.category))).toEqual(new Set(ACHIEVEMENT_CATEGORIES));
    for (const a of ACHIEVEMENTS) {
      expect(a.title && a.description && a.icon && a.color).toBeTruthy();
      expect(a.requirement).toBeGreaterThan(0);
    }
  });
});

describe('stats and progress', () => {
  it('nothing is earned at the start', () => {
    expect(achievementProgress(emptyAchievementStats()).every((a) => !a.earned && a.progress === 0)).toBe(true);
  });

  it('milestones count answers', () => {
    const stats = fold(Array.from({ length: 50 }, () => answer({ isCorrect: false })));
    expect(progressOf(stats, 'first-steps')).toEqual({ id: 'first-steps', earned: true, progress: 100 });
    expect(progressOf(stats, 'problem-solver').earned).toBe(true);
    expect(progressOf(stats, 'century')).toEqual({ id: 'century', earned: false, progress: 50 });
  });

  it('Perfect Ten needs 10 correct in a row', () => {
    const nine = fold([...Array.from({ length: 9 }, () => answer()), answer({ isCorrect: false })]);
    expect(nine.bestCorrectRun).toBe(9);
    expect(progressOf(nine, 'perfect-ten')).toMatchObject({ earned: false, progress: 90 });
    const ten = fold(Array.from({ length: 10 }, () => answer()), nine);
    expect(progressOf(ten, 'perfect-ten').earned).toBe(true);
  });

  it('Speed Demon, Hint-Free Hero and Review Champion count the right answers', () => {
    const stats = fold([
      answer({ responseTimeMs: 29_999 }),
      answer({ responseTimeMs: 30_000 }),
      answer({ responseTimeMs: 1_000, isCorrect: false }),
      answer({ hintUsed: true, wasReview: true }),
      answer({ wasReview: true, isCorrect: false }),
    ]);
    expect(stats.fastCorrectAnswers).toBe(2); // 29.9 s and the hinted 10 s one
    expect(stats.correctWithoutHint).toBe(2);
    expect(stats.reviewsCompleted).toBe(2);
  });

  it('Topic Explorer counts distinct topics', () => {
    const stats = fold(['a', 'b', 'a', 'c', 'd'].map((topicId) => answer({ topicId })));
    expect(stats.topics).toEqual(['a', 'b', 'c', 'd']);
    expect(progressOf(stats, 'topic-explorer')).toMatchObject({ earned: false, progress: 80 });
    expect(progressOf(recordAnswerStats(stats, answer({ topicId: 'e' })), 'topic-explorer').earned).toBe(true);
  });

  it('Sharp Shooter needs 18 of 20 answers in a row, not 18 of the first 18', () => {
    const eighteen = fold(Array.from({ length: 18 }, () => answer()));
    expect(progressOf(eighteen, 'sharp-shooter')).toMatchObject({ earned: false, progress: 99 });
    const twenty = fold([answer({ isCorrect: false }), answer({ isCorrect: false })], eighteen);
    expect(progressOf(twenty, 'sharp-shooter').earned).toBe(true);
    const poor = fold(Array.from({ length: 20 }, (_, i) => answer({ isCorrect: i % 2 === 0 })));
    expect(progressOf(poor, 'sharp-shooter')).toMatchObject({ earned: false, progress: 55 });
  });

  it('streaks follow local dates; Week Warrior at 7 days', () => {
    const days = ['2025-01-01', '2025-01-02', '2025-01-02', '2025-01-03', '2025-01-05', '2025-01-06', '2025-01-07', '2025-01-08', '2025-01-09', '2025-01-10'];
    let stats = fold(days.map((localDate) => answer({ localDate })));
    expect(stats).toMatchObject({ currentStreakDays: 6, longestStreakDays: 6, lastPracticeDate: '2025-01-10' });
    expect(progressOf(stats, 'week-warrior')).toMatchObject({ earned: false, progress: 85 });
    stats = recordAnswerStats(stats, answer({ localDate: '2025-01-11' }));
    expect(progressOf(stats, 'week-warrior').earned).toBe(true);
    // An earlier local date (time zone change) leaves the streak alone.
    expect(recordAnswerStats(stats, answer({ localDate: '2025-01-10' })).currentStreakDays).toBe(7);
    expect(progressOf(stats, 'monthly-master').progress).toBe(23);
  });

  it('Subject Master uses the best mastered count in one topic and stays earned', () => {
    let stats = emptyAchievementStats();
    stats = recordTopicMastery(stats, 'fractions', 9);
    expect(progressOf(stats, 'subject-master')).toMatchObject({ earned: false, progress: 90 });
    stats = recordTopicMastery(stats, 'fractions', 10);
    stats = recordTopicMastery(stats, 'decimals', 1);
    expect(progressOf(stats, 'subject-master').earned).toBe(true);
    // The topic lost its mastery (a wrong answer): its count drops to 0, the achievement stays.
    stats = recordTopicMastery(stats, 'fractions', 0);
    expect(stats.masteredByTopic.fractions).toBe(0);
    expect(stats.bestMasteredInOneTopic).toBe(10);
    expect(progressOf(stats, 'subject-master').earned).toBe(true);
  });

  it('newlyEarned lists what one answer earned', () => {
    const before = emptyAchievementStats();
    expect(newlyEarned(before, recordAnswerStats(before, answer()))).toEqual(['first-steps']);
  });
});

describe('nextAchievements', () => {
  it('unearned with progress above 50, highest first, at most 3', () => {
    const list = [
      { id: 'a', earned: false, progress: 60 },
      { id: 'b', earned: true, progress: 100 },
      { id: 'c', earned: false, progress: 50 },
      { id: 'd', earned: false, progress: 90 },
      { id: 'e', earned: false, progress: 75 },
      { id: 'f', earned: false, progress: 90 },
    ];
    expect(nextAchievements(list).map((a) => a.id)).toEqual(['d', 'f', 'e']);
    expect(nextAchievements([])).toEqual([]);
  });
});
