import { api } from '../../api/client.ts';
import type { AchievementCategory } from '@mathdaily/domain/learning/achievements';

/** SPEC §3 Achievement, as GET /api/learning/achievements/{userId} answers (query-api/src/learning/get-achievements.ts). */
export interface Achievement {
  id: string;
  title: string;
  description: string;
  category: AchievementCategory;
  icon: string;
  color: string;
  requirement: number;
  earned: boolean;
  /** ISO time, or null. */
  earnedDate: string | null;
  /** 0-100 */
  progress: number;
}

export interface AchievementsData {
  achievements: Achievement[];
  earned: number;
  total: number;
}

export async function fetchAchievements(userId: string, signal?: AbortSignal): Promise<AchievementsData> {
  const body = await api.get<{ data: AchievementsData }>(`/api/learning/achievements/${encodeURIComponent(userId)}`, signal ? { signal } : {});
  return body.data;
}
