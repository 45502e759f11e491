import { api } from '../../api/client.ts';
import type { AnswerPlacementResponse, PlacementResponse, PlacementView } from '@mathdaily/domain/api/learning';
import { newSessionId } from '../learn/learn-api.ts';

/**
 * The placement check's calls (command-api/src/learning/*-placement.ts, query-api/src/learning/get-placement.ts);
 * the answers' shapes are their response schemas (@mathdaily/domain/api/learning).
 */
export type { PlacementView };

export interface PlacementAnswer {
  placementId: string;
  question: number;
  /** Absent: "I haven't learned this yet". */
  answer?: string;
  responseTimeMs: number;
}

export const placementApi = {
  async load(): Promise<PlacementView> {
    return (await api.get<PlacementResponse>('/api/learning/placement')).data;
  },
  async start(): Promise<void> {
    await api.post('/api/learning/placement', { placement_id: newSessionId() });
  },
  /** The starting grade when this answer finished the check, else null. */
  async answer(input: PlacementAnswer): Promise<{ completed: boolean; grade: number | null }> {
    const body = await api.post<AnswerPlacementResponse>('/api/learning/placement/answer', {
      placement_id: input.placementId,
      question: input.question,
      response_time_ms: Math.round(input.responseTimeMs),
      ...(input.answer === undefined ? { skipped: true } : { user_answer: input.answer }),
    });
    return body.data;
  },
};
