import type { AchievementStats } from '@mathdaily/domain';
import { column, defineTable } from './define-table.ts';

/** read-models/achievements.ts */
export const achievementsTables = [
  defineTable({
    name: 'achievement_stats',
    columns: {
      user_id: column.uuid(),
      /** The domain's AchievementStats (the model reads it over emptyAchievementStats(), so a missing measure counts from zero). */
      stats: column.jsonb<Partial<AchievementStats>>(),
      updated_at: column.timestamptz(),
    },
    primaryKey: ['user_id'],
  }),
  defineTable({
    name: 'achievements_earned',
    columns: {
      user_id: column.uuid(),
      achievement_id: column.text(),
      earned_at: column.timestamptz(),
      position: column.position(),
    },
    primaryKey: ['user_id', 'achievement_id'],
    insertOnly: true,
  }),
] as const;
