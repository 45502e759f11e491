import { api } from '../../api/client.ts';

/** SPEC §3 progress summary, as GET /api/learning/progress/{userId} answers (query-api/src/learning/get-progress.ts). */
export interface TopicMastery {
  mastered: number;
  /** Problems practised in the topic. */
  total: number;
  mastery_rate: number;
  topic_id?: string;
  mastery_level?: string;
  attempts?: number;
  success_rate?: number;
}

export interface ProgressSummary {
  total_problems_attempted: number;
  total_problems_mastered: number;
  total_study_time_seconds: number;
  current_streak: number;
  longest_streak: number;
  /** 0-1 */
  overall_success_rate: number;
  problems_due_today: number;
  problems_overdue: number;
  average_mastery_time_days: number | null;
  mastery_by_topic: Record<string, TopicMastery>;
  mastery_rate?: number;
  total_answers?: number;
  correct_answers?: number;
  average_response_time_ms?: number | null;
  practiced_today?: boolean;
  recent_activity?: { date: string; answers: number; correct: number; study_time_seconds: number }[];
  /** Reviews due on each of the next 14 local days, today first. */
  reviews_ahead?: { date: string; reviews: number }[];
}

export async function fetchProgress(userId: string, signal?: AbortSignal): Promise<ProgressSummary> {
  const body = await api.get<{ data: ProgressSummary }>(`/api/learning/progress/${encodeURIComponent(userId)}`, signal ? { signal } : {});
  return body.data;
}
