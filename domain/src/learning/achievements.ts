/**
 * The 12 achievements (SPEC §2 Achievements, §3 Achievement, §9 "12 total"), computed from a stats
 * object the projector maintains event by event with `recordAnswerStats` / `recordTopicMastery`.
 * Every measure is monotone (counts, best runs, longest streak), so an achievement once earned
 * stays earned; the projector stores the earned date from the event's time.
 */

export type AchievementCategory = 'milestone' | 'subject' | 'challenge' | 'performance' | 'streak' | 'learning';

export const ACHIEVEMENT_CATEGORIES: readonly AchievementCategory[] = [
  'milestone',
  'subject',
  'challenge',
  'performance',
  'streak',
  'learning',
];

export interface AchievementDefinition {
  id: string;
  title: string;
  description: string;
  category: AchievementCategory;
  icon: string;
  color: string;
  requirement: number;
}

/** A correct answer faster than this counts for Speed Demon. */
export const FAST_ANSWER_MS = 30_000;
/** Sharp Shooter looks at windows of this many consecutive answers. */
const SHARP_SHOOTER_WINDOW = 20;

export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  { id: 'first-steps', title: 'First Steps', description: 'Answer your first problem', category: 'milestone', icon: '👣', color: '#22c55e', requirement: 1 },
  { id: 'problem-solver', title: 'Problem Solver', description: 'Answer 50 problems', category: 'milestone', icon: '🧩', color: '#3b82f6', requirement: 50 },
  { id: 'century', title: 'Century', description: 'Answer 100 problems', category: 'milestone', icon: '💯', color: '#8b5cf6', requirement: 100 },
  { id: 'topic-explorer', title: 'Topic Explorer', description: 'Practise problems from 5 different topics', category: 'subject', icon: '🧭', color: '#14b8a6', requirement: 5 },
  { id: 'subject-master', title: 'Subject Master', description: 'Master 10 problems in one topic', category: 'subject', icon: '🎓', color: '#6366f1', requirement: 10 },
  { id: 'perfect-ten', title: 'Perfect Ten', description: 'Answer 10 problems correctly in a row', category: 'challenge', icon: '🎯', color: '#ef4444', requirement: 10 },
  { id: 'speed-demon', title: 'Speed Demon', description: 'Answer 10 problems correctly in under 30 seconds each', category: 'challenge', icon: '⚡', color: '#f59e0b', requirement: 10 },
  { id: 'sharp-shooter', title: 'Sharp Shooter', description: 'Get at least 18 of 20 answers in a row right (90%)', category: 'performance', icon: '🏹', color: '#0ea5e9', requirement: 18 },
  { id: 'hint-free-hero', title: 'Hint-Free Hero', description: 'Answer 25 problems correctly without a hint', category: 'performance', icon: '🦸', color: '#ec4899', requirement: 25 },
  { id: 'week-warrior', title: 'Week Warrior', description: 'Practise 7 days in a row', category: 'streak', icon: '🔥', color: '#f97316', requirement: 7 },
  { id: 'monthly-master', title: 'Monthly Master', description: 'Practise 30 days in a row', category: 'streak', icon: '📅', color: '#dc2626', requirement: 30 },
  { id: 'review-champion', title: 'Review Champion', description: 'Complete 20 reviews of due problems', category: 'learning', icon: '🔁', color: '#10b981', requirement: 20 },
];

/** What the projector keeps per student (plain JSON). */
export interface AchievementStats {
  problemsCompleted: number;
  correctAnswers: number;
  correctWithoutHint: number;
  /** Correct answers given in under FAST_ANSWER_MS. */
  fastCorrectAnswers: number;
  /** Answers to problems that were due for review (not new problems). */
  reviewsCompleted: number;
  currentCorrectRun: number;
  bestCorrectRun: number;
  /** The last SHARP_SHOOTER_WINDOW outcomes, oldest first: '1' correct, '0' incorrect. */
  recentResults: string;
  /** Most correct answers in any SHARP_SHOOTER_WINDOW answers in a row (or so far, while fewer). */
  bestWindowCorrect: number;
  /** Distinct topic ids practised, sorted. */
  topics: string[];
  /** topicId → problems currently mastered. */
  masteredByTopic: Record<string, number>;
  /** Most problems ever mastered at once in one topic. */
  bestMasteredInOneTopic: number;
  /** Local date ('YYYY-MM-DD') of the last practice. */
  lastPracticeDate: string | null;
  currentStreakDays: number;
  longestStreakDays: number;
}

export const emptyAchievementStats = (): AchievementStats => ({
  problemsCompleted: 0,
  correctAnswers: 0,
  correctWithoutHint: 0,
  fastCorrectAnswers: 0,
  reviewsCompleted: 0,
  currentCorrectRun: 0,
  bestCorrectRun: 0,
  recentResults: '',
  bestWindowCorrect: 0,
  topics: [],
  masteredByTopic: {},
  bestMasteredInOneTopic: 0,
  lastPracticeDate: null,
  currentStreakDays: 0,
  longestStreakDays: 0,
});

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/**
 * Folds one answer (AnswerSubmitted) into the stats. `localDate` is the event time's date in the
 * student's time zone (progress.localDate); `wasReview` whether the problem was due for review.
 */
export function recordAnswerStats(
  stats: AchievementStats,
  answer: {
    topicId: string;
    isCorrect: boolean;
    hintUsed: boolean;
    responseTimeMs: number;
    wasReview: boolean;
    localDate: string;
  },
): AchievementStats {
  const correct = answer.isCorrect ? 1 : 0;
  const recentResults = `${stats.recentResults}${correct}`.slice(-SHARP_SHOOTER_WINDOW);
  let windowCorrect = 0;
  for (let index = recentResults.indexOf('1'); index !== -1; index = recentResults.indexOf('1', index + 1)) windowCorrect += 1;
  const currentCorrectRun = answer.isCorrect ? stats.currentCorrectRun + 1 : 0;
  const topics = stats.topics.includes(answer.topicId) ? stats.topics : [...stats.topics, answer.topicId].sort();

  let { lastPracticeDate, currentStreakDays } = stats;
  if (lastPracticeDate === null) {
    lastPracticeDate = answer.localDate;
    currentStreakDays = 1;
  } else {
    const gap = dayNumber(answer.localDate) - dayNumber(lastPracticeDate);
    if (gap === 1) currentStreakDays += 1;
    else if (gap > 1) currentStreakDays = 1;
    // gap 0: same day; gap < 0: an earlier local date (time zone change) leaves the streak alone.
    if (gap > 0) lastPracticeDate = answer.localDate;
  }

  return {
    ...stats,
    problemsCompleted: stats.problemsCompleted + 1,
    correctAnswers: stats.correctAnswers + correct,
    correctWithoutHint: stats.correctWithoutHint + (answer.isCorrect && !answer.hintUsed ? 1 : 0),
    fastCorrectAnswers: stats.fastCorrectAnswers + (answer.isCorrect && answer.responseTimeMs < FAST_ANSWER_MS ? 1 : 0),
    reviewsCompleted: stats.reviewsCompleted + (answer.wasReview ? 1 : 0),
    currentCorrectRun,
    bestCorrectRun: Math.max(stats.bestCorrectRun, currentCorrectRun),
    recentResults,
    bestWindowCorrect: Math.max(stats.bestWindowCorrect, windowCorrect),
    topics,
    lastPracticeDate,
    currentStreakDays,
    longestStreakDays: Math.max(stats.longestStreakDays, currentStreakDays),
  };
}

/**
 * The problems of `topicId` now counted as mastered (`problemsMastered`: answered right last, in a
 * topic the knowledge model says is mastered), after an answer or a rating on that topic.
 */
export function recordTopicMastery(stats: AchievementStats, topicId: string, problemsMastered: number): AchievementStats {
  const count = Math.max(0, problemsMastered);
  if ((stats.masteredByTopic[topicId] ?? 0) === count) return stats;
  return {
    ...stats,
    masteredByTopic: { ...stats.masteredByTopic, [topicId]: count },
    bestMasteredInOneTopic: Math.max(stats.bestMasteredInOneTopic, count),
  };
}

/** The measure each achievement's requirement is compared with. */
const MEASURES: Readonly<Record<string, (stats: AchievementStats) => number>> = {
  'first-steps': (s) => s.problemsCompleted,
  'problem-solver': (s) => s.problemsCompleted,
  century: (s) => s.problemsCompleted,
  'topic-explorer': (s) => s.topics.length,
  'subject-master': (s) => s.bestMasteredInOneTopic,
  'perfect-ten': (s) => s.bestCorrectRun,
  'speed-demon': (s) => s.fastCorrectAnswers,
  'sharp-shooter': (s) => s.bestWindowCorrect,
  'hint-free-hero': (s) => s.correctWithoutHint,
  'week-warrior': (s) => s.longestStreakDays,
  'monthly-master': (s) => s.longestStreakDays,
  'review-champion': (s) => s.reviewsCompleted,
};

export interface AchievementProgress {
  id: string;
  earned: boolean;
  /** 0-100, whole number; 100 exactly when earned. */
  progress: number;
}

function isEarned(definition: AchievementDefinition, stats: AchievementStats): boolean {
  const value = MEASURES[definition.id]?.(stats) ?? 0;
  if (definition.id === 'sharp-shooter') {
    // A full window of answers is needed: 18 of the first 18 answers is not yet 90% of 20.
    return stats.problemsCompleted >= SHARP_SHOOTER_WINDOW && value >= definition.requirement;
  }
  return value >= definition.requirement;
}

/** Every achievement in catalogue order with whether it is earned and its progress. */
export function achievementProgress(stats: AchievementStats): AchievementProgress[] {
  return ACHIEVEMENTS.map((definition) => {
    const earned = isEarned(definition, stats);
    const value = MEASURES[definition.id]?.(stats) ?? 0;
    const progress = earned ? 100 : Math.min(99, Math.max(0, Math.floor((value / definition.requirement) * 100)));
    return { id: definition.id, earned, progress };
  });
}

/** Ids earned in `after` but not in `before` (to record their earned date at this event). */
export function newlyEarned(before: AchievementStats, after: AchievementStats): string[] {
  return ACHIEVEMENTS.filter((definition) => isEarned(definition, after) && !isEarned(definition, before)).map((definition) => definition.id);
}

/** SPEC: unearned achievements with progress above 50, highest first, at most 3 (ties keep list order). */
export function nextAchievements<T extends { earned: boolean; progress: number }>(list: readonly T[]): T[] {
  return list
    .filter((a) => !a.earned && a.progress > 50)
    .map((a, index) => ({ a, index }))
    .sort((x, y) => y.a.progress - x.a.progress || x.index - y.index)
    .map(({ a }) => a)
    .slice(0, 3);
}
