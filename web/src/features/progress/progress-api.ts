import { api } from '../../api/client.ts';
import type { ProgressResponse, ProgressSummary, TopicMastery } from '@mathdaily/domain/api/learning';

/** SPEC §3 progress summary, as GET /api/learning/progress/{userId} answers (its response schema: @mathdaily/domain/api/learning). */
export type { ProgressSummary, TopicMastery };

export async function fetchProgress(userId: string, signal?: AbortSignal): Promise<ProgressSummary> {
  const body = await api.get<ProgressResponse>(`/api/learning/progress/${encodeURIComponent(userId)}`, signal ? { signal } : {});
  return body.data;
}
