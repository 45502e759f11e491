import { api } from '../../api/client.ts';

/** GET /api/learning/dashboard/{userId} (query-api/src/learning/get-dashboard.ts). */
export interface DashboardData {
  problems_solved: number;
  day_streak: number;
  grade_level: number | null;
  /** How much of the grade's problem bank is solved, 0-100. */
  progress_percent: number;
  problems_due: number;
  problems_overdue?: number;
  achievements_earned: number;
  achievements_total: number;
  problems_mastered?: number;
  mastery_level?: string;
  total_answers?: number;
  practiced_today?: boolean;
}

export async function fetchDashboard(userId: string, signal?: AbortSignal): Promise<DashboardData> {
  const body = await api.get<{ data: DashboardData }>(`/api/learning/dashboard/${encodeURIComponent(userId)}`, signal ? { signal } : {});
  return body.data;
}
