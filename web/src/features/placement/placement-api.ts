import { api } from '../../api/client.ts';
import type { FigureData } from '../../components/problem-figure.tsx';
import { newSessionId } from '../learn/learn-api.ts';

/** The placement check's calls (command-api/src/learning/*-placement.ts, query-api/src/learning/get-placement.ts). */

export interface PlacementProblem {
  id: string;
  topic: string;
  grade: number;
  question: string;
  figure: FigureData | null;
  problem_type: string;
  answer_options: string[] | null;
}

export interface PlacementView {
  status: 'not_started' | 'in_progress' | 'completed';
  placement_id: string | null;
  /** The current question's number (1-based) while in progress. */
  question: number | null;
  max_questions: number;
  problem: PlacementProblem | null;
  /** The starting grade of the last finished check. */
  grade: number | null;
}

export interface PlacementAnswer {
  placementId: string;
  question: number;
  /** Absent: "I haven't learned this yet". */
  answer?: string;
  responseTimeMs: number;
}

export const placementApi = {
  async load(): Promise<PlacementView> {
    return (await api.get<{ data: PlacementView }>('/api/learning/placement')).data;
  },
  async start(): Promise<void> {
    await api.post('/api/learning/placement', { placement_id: newSessionId() });
  },
  /** The starting grade when this answer finished the check, else null. */
  async answer(input: PlacementAnswer): Promise<{ completed: boolean; grade: number | null }> {
    const body = await api.post<{ data: { completed: boolean; grade: number | null } }>('/api/learning/placement/answer', {
      placement_id: input.placementId,
      question: input.question,
      response_time_ms: Math.round(input.responseTimeMs),
      ...(input.answer === undefined ? { skipped: true } : { user_answer: input.answer }),
    });
    return body.data;
  },
};
