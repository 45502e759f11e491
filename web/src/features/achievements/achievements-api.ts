import { api } from '../../api/client.ts';
import type { Achievement, AchievementsData, AchievementsResponse } from '@mathdaily/domain/api/learning';

/** SPEC §3 Achievement, as GET /api/learning/achievements/{userId} answers (its response schema: @mathdaily/domain/api/learning). */
export type { Achievement, AchievementsData };

export async function fetchAchievements(userId: string, signal?: AbortSignal): Promise<AchievementsData> {
  const body = await api.get<AchievementsResponse>(`/api/learning/achievements/${encodeURIComponent(userId)}`, signal ? { signal } : {});
  return body.data;
}
