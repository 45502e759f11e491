import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import {
  ACHIEVEMENT_CATEGORIES,
  ACHIEVEMENTS,
  achievementProgress,
  emptyAchievementStats,
  nextAchievements,
  type AchievementStats,
} from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { registerLearnerQuery } from './learner-access.ts';
import { achievementsResponse } from '@mathdaily/domain/api/learning';

const statsRow = tableRows.achievement_stats.pick({ stats: true });
const earnedRow = tableRows.achievements_earned.pick({ achievement_id: true, earned_at: true });

/**
 * GET /api/learning/achievements/{userId} → { data: { achievements, earned, total, by_category,
 * next } }: the 12 achievements in catalogue order, each { id, title, description, category,
 * icon, color, requirement, earned, earnedDate (ISO time of the answer that earned it, or null),
 * progress (0-100, 100 when earned) }; `next` lists the ids of up to 3 unearned ones above 50 %.
 */
export function registerGetAchievements(app: FastifyInstance, deps: QueryApiDeps) {
  registerLearnerQuery(app, deps, '/api/learning/achievements/:userId', achievementsResponse, async (learner) => {
    const [statsValue, earnedRows] = await Promise.all([
      deps.pool.maybeOne(sql.type(statsRow)`SELECT stats FROM read_models.achievement_stats WHERE user_id = ${learner.userId}::uuid`),
      deps.pool.any(sql.type(earnedRow)`
        SELECT achievement_id, earned_at FROM read_models.achievements_earned WHERE user_id = ${learner.userId}::uuid`),
    ]);
    const raw = statsValue ? (typeof statsValue.stats === 'string' ? JSON.parse(statsValue.stats) : statsValue.stats) : {};
    const stats: AchievementStats = { ...emptyAchievementStats(), ...(raw as Partial<AchievementStats>) };
    const progress = new Map(achievementProgress(stats).map((p) => [p.id, p]));
    const earnedAt = new Map(earnedRows.map((row) => [row.achievement_id, row.earned_at]));
    const achievements = ACHIEVEMENTS.map((definition) => {
      const earned = earnedAt.has(definition.id) || progress.get(definition.id)?.earned === true;
      return {
        id: definition.id,
        title: definition.title,
        description: definition.description,
        category: definition.category,
        icon: definition.icon,
        color: definition.color,
        requirement: definition.requirement,
        earned,
        earnedDate: earnedAt.get(definition.id) ?? null,
        progress: earned ? 100 : (progress.get(definition.id)?.progress ?? 0),
      };
    });
    const byCategory = Object.fromEntries(
      ACHIEVEMENT_CATEGORIES.map((category) => {
        const inCategory = achievements.filter((a) => a.category === category);
        return [category, { earned: inCategory.filter((a) => a.earned).length, total: inCategory.length }];
      }),
    );
    return {
      data: {
        achievements,
        earned: achievements.filter((a) => a.earned).length,
        total: achievements.length,
        by_category: byCategory,
        next: nextAchievements(achievements).map((a) => a.id),
      },
    };
  });
}
