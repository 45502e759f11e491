import { describe, expect, test } from 'vitest';
import { learningTips, overallMasteryRate, performanceInsights, topicRows } from './insights.ts';
import type { ProgressSummary } from './progress-api.ts';

const summary = (over: Partial<ProgressSummary> = {}): ProgressSummary => ({
  total_problems_attempted: 5,
  total_problems_mastered: 0,
  total_study_time_seconds: 40,
  current_streak: 1,
  longest_streak: 1,
  overall_success_rate: 0.8,
  problems_due_today: 0,
  problems_overdue: 0,
  average_mastery_time_days: null,
  mastery_by_topic: {
    Fractions: { topic_id: 'fractions', mastered: 0, total: 2, mastery_rate: 0, mastery_level: 'Beginner', attempts: 2, success_rate: 1 },
    Percentages: { topic_id: 'percentages', mastered: 0, total: 3, mastery_rate: 0, mastery_level: 'Beginner', attempts: 3, success_rate: 0.667 },
  },
  // As the server figures it: problems mastered of problems attempted.
  mastery_rate: (over.total_problems_mastered ?? 0) / (over.total_problems_attempted ?? 5),
  mastery_level: 'Beginner',
  total_answers: 5,
  correct_answers: 4,
  problems_practised: 5,
  problems_right_first_time: 4,
  retries: 0,
  problems_solved: 4,
  average_response_time_ms: null,
  achievements_earned: 0,
  practiced_today: true,
  today: '2026-03-02',
  timezone: 'Europe/London',
  recent_activity: [],
  recent_attempts: [],
  reviews_ahead: [],
  ...over,
});

describe('progress insights and tips', () => {
  test('insights name the real figures: accuracy, strongest and weakest topic, mastery, streak', () => {
    const texts = performanceInsights(summary()).map((i) => i.text);
    expect(texts[0]).toBe('You answered 80% of 5 questions correctly — excellent accuracy.');
    expect(texts).toContain('Your strongest topic is Fractions, with 100% correct.');
    expect(texts).toContain('Percentages needs the most work (67% correct) — it will come up in your reviews.');
    expect(texts).toContain('Nothing mastered yet: a topic is mastered once you answer its problems right, without a hint, on at least two different days.');
    expect(texts).toContain('You are on your longest streak yet: 1 day in a row.');

    const mastered = performanceInsights(summary({ total_problems_mastered: 2, average_mastery_time_days: 12.5, current_streak: 0, longest_streak: 4 })).map((i) => i.text);
    expect(mastered).toContain('You have mastered 2 problems, taking 12.5 days on average.');
    expect(mastered).toContain('Your best streak is 4 days. Practise today to start a new one.');
  });

  test('tips follow the data: overdue reviews first, hints when accuracy is low, daily practice without a streak', () => {
    const tips = learningTips(summary({ problems_due_today: 3, problems_overdue: 2, overall_success_rate: 0.4, current_streak: 0, practiced_today: false })).map((t) => t.text);
    expect(tips[0]).toContain('Start with your 2 overdue reviews');
    expect(tips.some((t) => t.startsWith('Open the hint'))).toBe(true);
    expect(tips.some((t) => t.startsWith('Little and often'))).toBe(true);
    expect(tips.length).toBeLessThanOrEqual(4);
  });

  test('overall mastery rate and topic order', () => {
    expect(overallMasteryRate(summary({ total_problems_mastered: 1 }))).toBeCloseTo(0.2);
    expect(overallMasteryRate(summary({ mastery_rate: 0.5 }))).toBe(0.5);
    expect(topicRows(summary()).map((t) => t.topic)).toEqual(['Fractions', 'Percentages']);
  });
});
