import { api } from '../../api/client.ts';
import type { ChildLinkedResponse, ChildrenResponse, ChildSummary, WeeklySummaryResponse } from '@mathdaily/domain/api/families';

/** The parent dashboard's calls; the answers' shapes are their response schemas (@mathdaily/domain/api/families). */
export type { ChildSummary };

export const fetchFamily = async (signal?: AbortSignal) => (await api.get<ChildrenResponse>('/api/parent/children', { signal })).data;
export const linkChild = (code: string) => api.post<ChildLinkedResponse>('/api/parent/children', { code });
export const unlinkChild = (childId: string) => api.delete(`/api/parent/children/${childId}`);
export const eraseChild = (childId: string, password: string) => api.post(`/api/parent/children/${childId}/erase`, { password });
export const setWeeklySummary = (enabled: boolean) => api.put<WeeklySummaryResponse>('/api/parent/weekly-summary', { enabled });
