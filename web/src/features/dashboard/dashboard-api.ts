import { api } from '../../api/client.ts';
import type { DashboardData, DashboardResponse } from '@mathdaily/domain/api/learning';

/** GET /api/learning/dashboard/{userId} (its response schema: @mathdaily/domain/api/learning). */
export type { DashboardData };

export async function fetchDashboard(userId: string, signal?: AbortSignal): Promise<DashboardData> {
  const body = await api.get<DashboardResponse>(`/api/learning/dashboard/${encodeURIComponent(userId)}`, signal ? { signal } : {});
  return body.data;
}
