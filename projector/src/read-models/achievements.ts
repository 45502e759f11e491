import {
  emptyAchievementStats,
  newlyEarned,
  recordAnswerStats,
  recordTopicMastery,
  type AchievementStats,
  type AnswerSubmittedData,
  type DifficultyRatedData,
} from '@mathdaily/domain';
import { type ReadModel, isUuid } from '../read-model.ts';

/**
 * The 12 achievements: the domain's AchievementStats per student, folded event by event
 * (`recordAnswerStats`, and `recordTopicMastery` with the topic's mastered-problem count that
 * ability-model computed from the knowledge model — on an answer or on a rating), and each
 * achievement's earned date (the time of the event that
 * earned it; every measure is monotone, so an earned achievement stays earned).
 */
export const achievements: ReadModel = {
  name: 'achievements',
  version: 3,
  tables: [
    {
      name: 'achievement_stats',
      columns: [
        { name: 'user_id', type: 'uuid' },
        { name: 'stats', type: 'jsonb' },
        { name: 'updated_at', type: 'timestamptz' },
      ],
      primaryKey: ['user_id'],
    },
    {
      name: 'achievements_earned',
      columns: [
        { name: 'user_id', type: 'uuid' },
        { name: 'achievement_id', type: 'text' },
        { name: 'earned_at', type: 'timestamptz' },
        { name: 'position', type: 'int8' },
      ],
      primaryKey: ['user_id', 'achievement_id'],
      insertOnly: true,
    },
  ],
  handles: ['AnswerSubmitted', 'DifficultyRated'],
  keys: (events) => ({
    achievement_stats: events.flatMap((event) => {
      const data = event.data as { userId: unknown; problemId: unknown };
      return isUuid(data.userId) && isUuid(data.problemId) ? [[data.userId]] : [];
    }),
  }),
  apply(event, tables, context) {
    const data = event.data as AnswerSubmittedData | DifficultyRatedData;
    if (!isUuid(data.userId) || !isUuid(data.problemId)) return;
    const facts = context.reviewFactsOf(event);
    const row = tables.achievement_stats!.get(data.userId);
    const before: AchievementStats = row ? { ...emptyAchievementStats(), ...(row.stats as Partial<AchievementStats>) } : emptyAchievementStats();
    let after = before;
    if (event.type === 'AnswerSubmitted') {
      const answer = data as AnswerSubmittedData;
      after = recordAnswerStats(after, {
        topicId: answer.topicId,
        isCorrect: answer.isCorrect,
        hintUsed: answer.hintsUsed === 1,
        responseTimeMs: answer.responseTimeMs,
        wasReview: facts?.wasReview ?? false,
        localDate: context.localDateOf(event),
      });
    }
    const mastery = context.masteryFactsOf(event);
    if (mastery) after = recordTopicMastery(after, mastery.topicId, mastery.problemsMastered);
    if (after === before) return;
    tables.achievement_stats!.put({ user_id: data.userId, stats: after, updated_at: event.metadata.at });
    for (const id of newlyEarned(before, after)) {
      tables.achievements_earned!.put({ user_id: data.userId, achievement_id: id, earned_at: event.metadata.at, position: event.position });
    }
  },
};
