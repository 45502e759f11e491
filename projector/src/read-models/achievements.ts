import {
  emptyAchievementStats,
  newlyEarned,
  recordAnswerStats,
  recordTopicMastery,
  type AchievementStats,
} from '@mathdaily/domain';
import { defineReadModel, isUuid } from '../read-model.ts';
import { achievementsTables } from '../tables/achievements.ts';

/**
 * The 12 achievements: the domain's AchievementStats per student, folded event by event
 * (`recordAnswerStats`, and `recordTopicMastery` with the topic's mastered-problem count that
 * ability-model computed from the knowledge model — on an answer or on a rating), and each
 * achievement's earned date (the time of the event that
 * earned it; every measure is monotone, so an earned achievement stays earned).
 */
export const achievements = defineReadModel({
  name: 'achievements',
  version: 3,
  tables: achievementsTables,
  handles: ['AnswerSubmitted', 'DifficultyRated'],
  keys: (events) => ({
    achievement_stats: events.flatMap((event) => {
      const data = event.data;
      return isUuid(data.userId) && isUuid(data.problemId) ? [[data.userId]] : [];
    }),
  }),
  apply(event, tables, context) {
    const data = event.data;
    if (!isUuid(data.userId) || !isUuid(data.problemId)) return;
    const facts = context.reviewFacts.of(event);
    const row = tables.achievement_stats.get(data.userId);
    const before: AchievementStats = row ? { ...emptyAchievementStats(), ...row.stats } : emptyAchievementStats();
    let after = before;
    if (event.type === 'AnswerSubmitted') {
      const answer = event.data;
      after = recordAnswerStats(after, {
        topicId: answer.topicId,
        isCorrect: answer.isCorrect,
        hintUsed: answer.hintsUsed === 1,
        responseTimeMs: answer.responseTimeMs,
        wasReview: facts?.wasReview ?? false,
        localDate: context.localDateOf(event),
      });
    }
    const mastery = context.masteryFacts.of(event);
    if (mastery) after = recordTopicMastery(after, mastery.topicId, mastery.problemsMastered);
    if (after === before) return;
    tables.achievement_stats.put({ user_id: data.userId, stats: after, updated_at: event.metadata.at });
    for (const id of newlyEarned(before, after)) {
      tables.achievements_earned.put({ user_id: data.userId, achievement_id: id, earned_at: event.metadata.at, position: event.position });
    }
  },
});
